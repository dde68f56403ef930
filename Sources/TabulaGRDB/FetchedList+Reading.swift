import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// What one read of a ``FetchedList`` returned, before merging.
enum FetchedRead<Item: Sendable>: Sendable {
  /// The changed rows that match, to replace the rows `removing`. `checked`:
  /// a count confirmed that no row vanished unannounced.
  case rows(FetchedRows<Item>, removing: Set<Int64>, checked: Bool)
  /// Every row, and what the read learned about the request. `checked`: an
  /// incremental read's count disagreed, so everything was read instead.
  case everything(FetchedRows<Item>, FetchPlan, checked: Bool)
}

/// What a read and its merge produced, ready to show.
struct FetchedResult<Item: Diffable>: Sendable {
  let rows: FetchedRows<Item>
  let snapshot: Snapshot<SectionInfo, Item>
  /// The plan a full read made, for the change tracker.
  let plan: FetchPlan?
  /// Whether a count checked the read.
  let checked: Bool
  /// Whether everything was read.
  var readEverything: Bool { plan != nil }
}

/// Content the list cannot make rows of: its error state names the column.
enum FetchedContentError: Error, CustomStringConvertible {
  /// The query selects no column with this name.
  case missingColumn(String, why: String)
  /// A row's `tabula_rowid` is NULL or not an integer.
  case badRowID(DatabaseValue, row: Int)

  var description: String {
    switch self {
    case .missingColumn(let column, let why):
      "the query selects no column named \(column): \(why)"
    case .badRowID(let value, let row):
      "row \(row) of the query has \(value.isNull ? "a NULL" : "a non-integer (\(value))") "
        + "tabula_rowid: every row needs a unique integer tabula_rowid (its rowid)"
    }
  }
}

/// Everything a read needs, captured on the main actor and used on GRDB's
/// reader.
struct FetchedReadContext<Record: FetchableRecord & Sendable, Item: Sendable>: Sendable {
  let request: FetchedRequest
  let sectioning: FetchedSectioning<Record>
  let makeItem: @Sendable (Record) -> Item
  let generation: Int

  /// Reads what `need` asks for, in one read transaction. An incremental
  /// read that must be verified counts the request's rows afterwards and,
  /// when the count disagrees with `current` minus the changed rows plus
  /// those read, reads everything instead (in the same transaction).
  func read(_ db: Database, need: FetchSchedule.Need, current: FetchedRows<Item>) throws
    -> FetchedRead<Item>
  {
    guard case .rows(let changed, let verify) = need else {
      return try readEverything(db, checked: false)
    }
    var fetched = FetchedRows<Item>(keyCount: request.ordering.count)
    let ids = Array(changed)
    // In chunks, within SQLite's limit on arguments.
    for start in stride(from: 0, to: ids.count, by: 500) {
      let chunk = Array(ids[start..<min(start + 500, ids.count)])
      let (sql, arguments) = try request.sql(
        sectionColumn: sectioning.column, shape: .rowID, rowIDs: chunk
      ).build(db)
      try fetchRows(
        db.makeStatement(sql: sql), arguments: arguments, into: &fetched, withRowIDs: true)
    }
    guard verify, let countSQL = request.countSQL() else {
      return .rows(fetched, removing: changed, checked: false)
    }
    var kept = 0
    for rowID in current.rowIDs where !changed.contains(rowID) { kept += 1 }
    let count = try SQLRequest<Int>(literal: countSQL).fetchOne(db) ?? 0
    guard count == kept + fetched.count else { return try readEverything(db, checked: true) }
    return .rows(fetched, removing: changed, checked: true)
  }

  /// Reads every row of the request, and describes the request for the
  /// change tracker.
  private func readEverything(_ db: Database, checked: Bool) throws -> FetchedRead<Item> {
    let schemaVersion = try db.schemaVersion()
    let shape = try request.table.map { try TableShape.of($0, in: db) } ?? .rowID
    let (sql, arguments) = try request.sql(
      sectionColumn: sectioning.column, shape: shape, rowIDs: nil
    ).build(db)
    let statement = try db.makeStatement(sql: sql)
    var rows = FetchedRows<Item>(keyCount: request.ordering.count)
    try fetchRows(statement, arguments: arguments, into: &rows, withRowIDs: shape == .rowID)
    let plan: FetchPlan
    if let table = request.table, shape == .rowID {
      plan = FetchPlan(
        generation: generation, schemaVersion: schemaVersion, region: statement.databaseRegion,
        incremental: try !request.filterReadsOtherRows(db),
        rowIDColumns: try rowIDColumns(of: table, db),
        uniqueColumns: try uniqueColumns(of: table, db))
    } else {
      plan = FetchPlan(
        generation: generation, schemaVersion: schemaVersion, region: statement.databaseRegion,
        incremental: false, rowIDColumns: [], uniqueColumns: [])
    }
    return .everything(rows, plan, checked: checked)
  }

  /// Appends the rows `statement` returns. Rows are identified by their
  /// `tabula_rowid`, or by their position when `withRowIDs` is false (a
  /// table without rowids, which is never merged).
  private func fetchRows(
    _ statement: Statement, arguments: StatementArguments, into rows: inout FetchedRows<Item>,
    withRowIDs: Bool
  ) throws {
    let columns = statement.columnNames
    let rowIDIndex = columns.firstIndex(of: "tabula_rowid")
    if withRowIDs, rowIDIndex == nil {
      throw FetchedContentError.missingColumn(
        "tabula_rowid", why: "an SQL request must select a unique integer per row as tabula_rowid")
    }
    let keyIndices = (0..<request.ordering.count).compactMap {
      columns.firstIndex(of: "tabula_key\($0)")
    }
    var sectionIndex: Int?
    if sectioning.column != nil {
      sectionIndex = columns.firstIndex(of: "tabula_section")
      if sectionIndex == nil {
        throw FetchedContentError.missingColumn(
          "tabula_section",
          why: "sections come from a column, which an SQL request must select as tabula_section")
      }
    }
    let cursor = try Row.fetchCursor(statement, arguments: arguments)
    var position = Int64(rows.count)
    while let row = try cursor.next() {
      var rowID = position
      if withRowIDs, let rowIDIndex {
        let value: DatabaseValue = row[rowIDIndex]
        guard case .int64(let id) = value.storage else {
          throw FetchedContentError.badRowID(value, row: Int(position))
        }
        rowID = id
      }
      let record = try Record(row: row)
      rows.append(
        rowID: rowID, item: makeItem(record),
        section: sectioning.key(record, sectionIndex.map { row[$0] } ?? .null),
        keys: keyIndices.map { row[$0] as DatabaseValue })
      position += 1
    }
  }

  /// The names an UPDATE can change `table`'s rowid by, lowercased.
  private func rowIDColumns(of table: String, _ db: Database) throws -> Set<String> {
    var names: Set<String> = ["rowid", "oid", "_rowid_"]
    if let alias = try db.primaryKey(table).rowIDColumn { names.insert(alias.lowercased()) }
    return names
  }

  /// The columns of `table`'s UNIQUE indexes, lowercased; `nil` when one
  /// indexes an expression.
  private func uniqueColumns(of table: String, _ db: Database) throws -> Set<String>? {
    var columns: Set<String> = []
    for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(quoted(table)))") {
      guard index["unique"] as Int? == 1, let name = index["name"] as String? else { continue }
      for column in try Row.fetchAll(db, sql: "PRAGMA index_info(\(quoted(name)))") {
        // The name is NULL for an expression.
        guard let name = column["name"] as String? else { return nil }
        columns.insert(name.lowercased())
      }
    }
    return columns
  }
}

/// Merging and building, specialised for the record and item types where
/// the list is created (the generic list class is compiled once for all).
@usableFromInline
struct FetchedBuild<Record: FetchableRecord & Sendable, Item: Diffable>: Sendable {
  @usableFromInline let merge:
    @Sendable (FetchedRows<Item>, Set<Int64>, FetchedRows<Item>, [FetchedOrdering]) ->
      FetchedRows<Item>
  @usableFromInline let build:
    @Sendable (FetchedRows<Item>, FetchedSectioning<Record>) throws(SnapshotError) ->
      Snapshot<SectionInfo, Item>

  @inlinable
  init() {
    merge = { current, removing, adding, ordering in
      FetchedRows.merge(current, removing: removing, adding: adding, ordering: ordering)
    }
    build = { (rows, sectioning) throws(SnapshotError) in
      try Snapshot(
        grouping: rows.items, keys: rows.sections, sectionOrder: sectioning.order.sectionOrder
      ) { SectionInfo(id: $0, title: sectioning.title($0)) }
    }
  }

  /// Merges `read` into `current` (or takes it, for a full read) and builds
  /// the snapshot.
  func result(
    of read: FetchedRead<Item>, current: FetchedRows<Item>,
    context: FetchedReadContext<Record, Item>
  ) throws -> FetchedResult<Item> {
    switch read {
    case .rows(let fetched, let removing, let checked):
      let merged = merge(current, removing, fetched, context.request.ordering)
      return FetchedResult(
        rows: merged, snapshot: try build(merged, context.sectioning), plan: nil,
        checked: checked)
    case .everything(let fetched, let plan, let checked):
      return FetchedResult(
        rows: fetched, snapshot: try build(fetched, context.sectioning), plan: plan,
        checked: checked)
    }
  }
}
