import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// The values of a FetchedList's reads: what a read returned
// (FetchedRead, FetchedResult), why its content was refused
// (FetchedContentError), what it reads with (FetchedReadContext) and the
// snapshot it builds (FetchedBuild).

/// What one read of a ``FetchedList`` returned, before merging.
enum FetchedRead<Item: Sendable>: Sendable {
  /// The changed rows that match, to replace the rows `removing`. `checked`:
  /// a count confirmed that no row vanished unannounced.
  case rows(FetchedRows<Item>, removing: Set<Int64>, checked: Bool)
  /// Every row, and what the read learned about the request. `checked`: an
  /// incremental read's count disagreed, so everything was read instead.
  case everything(FetchedRows<Item>, FetchPlan, checked: Bool)
}

/// What a read produced, ready to show.
enum FetchedResult<Item: Diffable>: Sendable {
  /// Every row, made into a snapshot and an index off the main actor, and
  /// the plan the read made for the change tracker. `checked`: as in
  /// ``FetchedRead``.
  case built(
    Snapshot<SectionInfo, Item>, FetchedRowIndex<Item.ID>, FetchPlan, checked: Bool)
  /// The changed rows that match, to replace the rows `removing`: the list
  /// edits its content and index with them, in place.
  case changed(FetchedRows<Item>, removing: Set<Int64>, checked: Bool)
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
  /// when the count disagrees with `kept` (the list's rows the change
  /// leaves) plus those read, reads everything instead (in the same
  /// transaction).
  func read(_ db: Database, need: FetchSchedule.Need, kept: Int) throws -> FetchedRead<Item> {
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

/// Building and editing content, specialised for the record and item types
/// where the list is created (the generic list class is compiled once for
/// all).
@usableFromInline
struct FetchedBuild<Record: FetchableRecord & Sendable, Item: Diffable>: Sendable {
  @usableFromInline let build:
    @Sendable (FetchedRows<Item>, FetchedSectioning<Record>) throws(SnapshotError) ->
      Snapshot<SectionInfo, Item>
  @usableFromInline let index: @Sendable (FetchedRows<Item>) -> FetchedRowIndex<Item.ID>
  @usableFromInline let edit:
    @Sendable (
      inout Snapshot<SectionInfo, Item>, inout FetchedRowIndex<Item.ID>, FetchedRows<Item>,
      Set<Int64>, Set<String>, [FetchedOrdering], FetchedSectioning<Record>
    ) throws(SnapshotError) -> Void
  @inlinable
  init() {
    build = { (rows, sectioning) throws(SnapshotError) in
      try Snapshot(
        grouping: rows.items, keys: rows.sections, sectionOrder: sectioning.order.sectionOrder
      ) { SectionInfo(id: $0, title: sectioning.title($0)) }
    }
    index = { FetchedRowIndex($0) }
    edit = {
      (content, index, adding, removing, unsettled, ordering, sectioning) throws(SnapshotError) in
      try Self.edit(
        &content, &index, removing: removing, adding: adding, unsettled: unsettled,
        ordering: ordering, sectioning: sectioning)
    }
  }

  /// The content of a full read: its snapshot, in the storage its later
  /// edits keep (converted here, off the main actor), and its index.
  func built(
    _ rows: FetchedRows<Item>, plan: FetchPlan, checked: Bool,
    sectioning: FetchedSectioning<Record>
  ) throws(SnapshotError) -> FetchedResult<Item> {
    .built(
      try build(rows, sectioning).preparedForEdits(), index(rows), plan, checked: checked)
  }

  /// Edits `content` and `index` in place with a read of changed rows: the
  /// rows `removing` leave, and the rows `adding` (those of them that still
  /// match, read again) take their places in their sections, found by
  /// binary search with the order keys compared as SQLite compares them.
  /// A section that empties is deleted; a new one is inserted where the
  /// section order puts it; in first-appearance order, sections whose first
  /// row changed (by these rows, or by the user's edits in the sections
  /// `unsettled`) are put back in order. The result is the snapshot a full
  /// read would build.
  ///
  /// - Throws: `SnapshotError` when the rows contradict the content (an
  ///   item id twice, an item the index lacks): the list then reads
  ///   everything, which replaces both (they may be half edited).
  /// - Complexity: O(k log² n + s) for k changed rows (O(log n) item
  ///   lookups in each binary search) and s sections, in shared storage;
  ///   plus O(n) when, in first-appearance order, sections change places.
  @inlinable
  static func edit(
    _ content: inout Snapshot<SectionInfo, Item>, _ index: inout FetchedRowIndex<Item.ID>,
    removing: Set<Int64>, adding: FetchedRows<Item>, unsettled: Set<String> = [],
    ordering: [FetchedOrdering], sectioning: FetchedSectioning<Record>
  ) throws(SnapshotError) {
    // The rows that leave. Then no section is empty (a user's move can
    // leave one too, for the echo to remove).
    var leaving: [Item.ID] = []
    var touched = unsettled
    for rowID in removing {
      guard let id = index.remove(rowID: rowID) else { continue }
      leaving.append(id)
      if let section = content.section(ofItem: id) { touched.insert(section.id) }
    }
    try content.deleteItems(leaving)
    let emptied = content.sections.indices.filter { content.numberOfItems(inSectionAt: $0) == 0 }
    if !emptied.isEmpty { try content.deleteSections(emptied.map { content.sections[$0].id }) }
    // The rows that come, each at its place.
    for position in 0..<adding.count {
      let item = adding.items[position]
      let key = adding.sections[position]
      let row = FetchedRowIndex<Item.ID>.Row(
        rowID: adding.rowIDs[position], keys: adding.keys(at: position))
      if let section = content.sectionIndex(of: key) {
        var low = 0
        var high = content.numberOfItems(inSectionAt: section)
        while low < high {
          let middle = (low + high) / 2
          if try FetchedRowIndex.precedes(
            Self.row(at: ItemPath(section: section, item: middle), of: content, index: index),
            row, in: ordering)
          {
            low = middle + 1
          } else {
            high = middle
          }
        }
        try content.insertItems([item], at: ItemPath(section: section, item: low))
      } else {
        var low = 0
        var high = content.numberOfSections
        while low < high {
          let middle = (low + high) / 2
          let before: Bool
          switch sectioning.order {
          case .ascending: before = content.sections[middle].id < key
          case .descending: before = content.sections[middle].id > key
          case .firstAppearance:
            before = try FetchedRowIndex.precedes(
              Self.row(at: ItemPath(section: middle, item: 0), of: content, index: index),
              row, in: ordering)
          }
          if before { low = middle + 1 } else { high = middle }
        }
        try content.insertSection(
          SectionInfo(id: key, title: sectioning.title(key)), items: [item], at: low)
      }
      index.insert(row, id: item.id)
      touched.insert(key)
    }
    if case .firstAppearance = sectioning.order {
      try Self.orderByFirstRows(&content, index: index, touched: touched, ordering: ordering)
    }
  }

  /// The row of the item at `path`.
  @inlinable
  static func row(
    at path: ItemPath, of content: Snapshot<SectionInfo, Item>, index: FetchedRowIndex<Item.ID>
  ) throws(SnapshotError) -> FetchedRowIndex<Item.ID>.Row {
    let id = content[path].id
    guard let row = index.rows[id] else { throw .unknownItemIDs([String(reflecting: id)]) }
    return row
  }

  /// Puts sections in the order of their first rows again, if one of the
  /// `touched` sections (whose rows changed; the others keep their first
  /// rows, in order) is out of it.
  ///
  /// - Complexity: O(t log n) for t touched sections when in order, else
  ///   O(n + s log s) for n items in s sections.
  @inlinable
  static func orderByFirstRows(
    _ content: inout Snapshot<SectionInfo, Item>, index: FetchedRowIndex<Item.ID>,
    touched: Set<String>, ordering: [FetchedOrdering]
  ) throws(SnapshotError) {
    func first(_ section: Int) throws(SnapshotError) -> FetchedRowIndex<Item.ID>.Row {
      try row(at: ItemPath(section: section, item: 0), of: content, index: index)
    }
    var inOrder = true
    for key in touched {
      guard let section = content.sectionIndex(of: key) else { continue }
      let row = try first(section)
      if section > 0, !FetchedRowIndex.precedes(try first(section - 1), row, in: ordering) {
        inOrder = false
      }
      if section + 1 < content.numberOfSections,
        !FetchedRowIndex.precedes(row, try first(section + 1), in: ordering)
      {
        inOrder = false
      }
      if !inOrder { break }
    }
    guard !inOrder else { return }
    var firsts: [FetchedRowIndex<Item.ID>.Row] = []
    for section in 0..<content.numberOfSections { firsts.append(try first(section)) }
    let order = firsts.indices.sorted {
      FetchedRowIndex.precedes(firsts[$0], firsts[$1], in: ordering)
    }
    var rank: [String: Int] = [:]
    for (place, section) in order.enumerated() { rank[content.sections[section].id] = place }
    content.sortSections { rank[$0.id]! < rank[$1.id]! }
  }
}
