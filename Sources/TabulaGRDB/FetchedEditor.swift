#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// The SQL of user edits: the checks of an editable table, the rows a move
// reads and writes (FetchedEditor), and the rows around a drop point that a
// relabelling window reads (SQLNeighbourhood, for the planner in
// FetchedRanks.swift). Every rank read is checked: editing needs integer
// ranks, and a NULL, real, text or blob rank is an error naming its row.

/// The settings of an editable list and the SQL of its writes.
struct FetchedEditor<ID>: Sendable {
  let settings: FetchedEditing
  let table: String
  let id: @Sendable (ID) -> (any DatabaseValueConvertible)?
  /// The section id of a value of the section column, as the list makes it.
  let sectionKey: @Sendable (DatabaseValue) -> String

  /// Checks that the table can be edited: its columns exist, the rank
  /// column stores integers (INTEGER, NUMERIC or no declared type: a REAL
  /// or TEXT column would turn the ranks written into reals or text), and
  /// every rank in it is an integer.
  func validate(_ db: Database) throws {
    let columns = try db.columns(in: table)
    let names = Set(columns.map { $0.name.lowercased() })
    let missing =
      ([settings.idColumn, settings.rankColumn] + (settings.sectionColumn.map { [$0] } ?? []))
      .filter { !names.contains($0.lowercased()) }
    guard missing.isEmpty else {
      throw FetchedEditingError.missingColumns(table: table, missing)
    }
    if let rank = columns.first(where: { $0.name.lowercased() == settings.rankColumn.lowercased() }
    ),
      !Self.storesIntegers(declaredType: rank.type)
    {
      throw FetchedEditingError.rankColumnType(column: settings.rankColumn, declaredType: rank.type)
    }
    if let row = try Row.fetchOne(
      db,
      sql: "SELECT \(quoted(settings.idColumn)), \(quoted(settings.rankColumn)) FROM "
        + "\(quoted(table)) WHERE typeof(\(quoted(settings.rankColumn))) <> 'integer' LIMIT 1")
    {
      throw FetchedEditingError.invalidRank(
        row: RankValues.text(row[0]), value: RankValues.text(row[1]))
    }
  }

  /// Whether a column declared `type` keeps integers as integers (SQLite's
  /// type affinity rules: INTEGER, NUMERIC, or none).
  static func storesIntegers(declaredType type: String) -> Bool {
    let type = type.uppercased()
    if type.contains("INT") { return true }
    if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return false }
    if type.isEmpty || type.contains("BLOB") { return true }
    return !(type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB"))
  }

  /// Writes one move of `item` to just after `previous` (or, without it,
  /// just before `next`; without either, the section's end) in `section`:
  /// `previous` and `next` are the rows of the list around the drop, and
  /// rows the list does not show may sit between them. A row the table has
  /// in another section takes `section`'s value in the section column. Returns the
  /// rows written with their new ranks, the moved row first.
  func writeMove(
    _ db: Database, item: ID, previous: ID?, next: ID?, section: String
  ) throws -> [(rowID: Int64, rank: Int64)] {
    let moved = try ranked(db, item)
    let before = try previous.map { try ranked(db, $0) }
    let after = try next.map { try ranked(db, $0) }
    if let before, let after, !(before.row < after.row) {
      // The neighbours are not in that order in the table (another writer
      // moved them): the list is behind; the echo brings it up to date.
      throw FetchedEditingError.neighboursMoved(previous: "\(previous!)", next: "\(next!)")
    }
    // The section's value as the table holds it (NULL included), read from
    // a neighbour, which must still be in it; a section with no rows yet
    // takes its id ("" for NULL).
    var sectionValue: DatabaseValue = section.isEmpty ? .null : section.databaseValue
    if settings.sectionColumn != nil {
      for (neighbour, id) in [(before, previous), (after, next)] {
        guard let neighbour, let id else { continue }
        guard sectionKey(neighbour.section) == section else {
          throw FetchedEditingError.neighbourLeftSection(row: "\(id)", section: section)
        }
        sectionValue = neighbour.section
      }
    }
    let neighbourhood = SQLNeighbourhood(
      db: db, table: table, rank: settings.rankColumn, idColumn: settings.idColumn,
      section: settings.sectionColumn.map { ($0, sectionValue) })
    try neighbourhood.checkNoNullRank()
    // The rows adjacent in the table around the drop point: just after the
    // row dropped after (or before the row dropped before), so that no
    // hidden row sits between them and the new rank is no other row's.
    let (low, high): (RankedRow?, RankedRow?)
    if let before {
      low = before.row
      high = try neighbourhood.rows(after: before.row, limit: 1, excluding: moved.row.rowID).first
    } else if let after {
      low = try neighbourhood.rows(before: after.row, limit: 1, excluding: moved.row.rowID).first
      high = after.row
    } else {
      low = try neighbourhood.last(excluding: moved.row.rowID)
      high = nil
    }
    return try place(
      db, moved.row, between: low, and: high, in: neighbourhood,
      // The row changes section if the table has it in another (the list's
      // idea of where it was may be behind another writer's move).
      sectionChange: sectionKey(moved.section) == section ? nil : sectionValue)
  }

  /// Ranks `moved` between `low` and `high`, rows adjacent in rank order
  /// (the section's ends when `nil`), writing what the plan writes in an
  /// order no UNIQUE index objects to; with `sectionChange`, the row takes
  /// that value in the section column. Returns the writes, the moved row
  /// first.
  private func place(
    _ db: Database, _ moved: RankedRow, between low: RankedRow?, and high: RankedRow?,
    in neighbourhood: SQLNeighbourhood, sectionChange: DatabaseValue?
  ) throws -> [(rowID: Int64, rank: Int64)] {
    let plan = try RankPlanner.plan(
      moving: moved.rowID, between: low, and: high, editing: settings,
      neighbourhood: neighbourhood)
    let sameSection = sectionChange == nil || settings.sectionColumn == nil
    let statements = try plan.statements(
      movedRank: sameSection ? moved.rank : nil,
      spare: { try neighbourhood.spareRank(avoiding: plan.writes.map(\.rank)) })
    let quotedTable = quoted(table)
    let rank = quoted(settings.rankColumn)
    for (offset, write) in statements.enumerated() {
      if offset == statements.count - 1, let sectionChange, let column = settings.sectionColumn {
        try db.execute(
          sql: "UPDATE \(quotedTable) SET \(rank) = ?, \(quoted(column)) = ? WHERE rowid = ?",
          arguments: [write.rank, sectionChange, write.rowID])
      } else {
        try db.execute(
          sql: "UPDATE \(quotedTable) SET \(rank) = ? WHERE rowid = ?",
          arguments: [write.rank, write.rowID])
      }
    }
    return plan.writes
  }

  /// Inserts a deleted row again, with its values, rowid included. If
  /// another row took its rank meanwhile, it goes just before that row
  /// instead (ranks stay unique). Returns the rows written.
  func restore(_ db: Database, _ row: SavedRow) throws -> Int {
    var values = row.values
    let rankIndex = row.columns.firstIndex { $0.lowercased() == settings.rankColumn.lowercased() }
    let sectionValue = settings.sectionColumn.flatMap { column in
      row.columns.firstIndex { $0.lowercased() == column.lowercased() }.map { values[$0] }
    }
    let neighbourhood = SQLNeighbourhood(
      db: db, table: table, rank: settings.rankColumn, idColumn: settings.idColumn,
      section: settings.sectionColumn.map { ($0, sectionValue ?? .null) })
    var occupant: RankedRow?
    if let rankIndex, case .int64(let rank) = values[rankIndex].storage {
      occupant = try neighbourhood.holder(of: rank)
      if occupant != nil {
        values[rankIndex] = try neighbourhood.spareRank(avoiding: []).databaseValue
      }
    }
    try db.execute(
      sql: "INSERT INTO \(quoted(table)) "
        + "(\(row.columns.map { quoted($0) }.joined(separator: ", "))) VALUES "
        + "(\(Array(repeating: "?", count: row.columns.count).joined(separator: ", ")))",
      arguments: StatementArguments(values))
    guard let occupant, let rankIndex, case .int64(let spare) = values[rankIndex].storage else {
      return 1
    }
    let restored = RankedRow(rowID: db.lastInsertedRowID, rank: spare)
    let low = try neighbourhood.rows(before: occupant, limit: 1, excluding: restored.rowID).first
    let writes = try place(
      db, restored, between: low, and: occupant, in: neighbourhood, sectionChange: nil)
    return 1 + writes.count
  }

  /// Every column of the row of `item`, after its rowid (as
  /// `tabula_rowid`).
  func row(_ db: Database, _ item: ID) throws -> Row? {
    try Row.fetchOne(
      db,
      sql: "SELECT rowid AS tabula_rowid, * FROM \(quoted(table)) WHERE "
        + "\(quoted(settings.idColumn)) = ?",
      arguments: [id(item)?.databaseValue ?? .null])
  }

  /// The rowid, rank and section value of the row of `item`.
  private func ranked(_ db: Database, _ item: ID) throws -> (
    row: RankedRow, section: DatabaseValue
  ) {
    let section = settings.sectionColumn.map { quoted($0) } ?? "NULL"
    guard
      let row = try Row.fetchOne(
        db,
        sql: "SELECT rowid, \(quoted(settings.rankColumn)), \(section) FROM \(quoted(table)) "
          + "WHERE \(quoted(settings.idColumn)) = ?",
        arguments: [id(item)?.databaseValue ?? .null])
    else { throw FetchedEditingError.rowNotFound("\(item)") }
    return (RankedRow(rowID: row[0], rank: try RankValues.rank(row[1], of: "\(item)")), row[2])
  }
}

/// Rank values as editing reads them.
enum RankValues {
  /// `value` as a rank, or an error naming the row and the value.
  static func rank(_ value: DatabaseValue, of row: String) throws(FetchedEditingError) -> Int64 {
    guard case .int64(let rank) = value.storage else {
      throw .invalidRank(row: row, value: text(value))
    }
    return rank
  }

  /// A value as an error message shows it.
  static func text(_ value: DatabaseValue) -> String {
    switch value.storage {
    case .null: "NULL"
    case .int64(let integer): "\(integer)"
    case .double(let double): "\(double)"
    case .string(let string): "'\(string)'"
    case .blob(let data): "a blob of \(data.count) bytes"
    }
  }
}

/// The rows around a drop point, read in rank order (within a section when
/// the list is sectioned by a column), hidden ones included.
struct SQLNeighbourhood: RankNeighbourhood {
  let db: Database
  let table: String
  let rank: String
  let idColumn: String
  let section: (column: String, value: DatabaseValue)?

  func rows(before row: RankedRow, limit: Int, excluding excluded: Int64) throws -> [RankedRow] {
    try fetch(before: true, row: row, limit: limit, excluding: excluded)
  }

  func rows(after row: RankedRow, limit: Int, excluding excluded: Int64) throws -> [RankedRow] {
    try fetch(before: false, row: row, limit: limit, excluding: excluded)
  }

  /// The section's last row in rank order, but `excluded`.
  func last(excluding excluded: Int64) throws -> RankedRow? {
    try select(
      "rowid <> ?", [excluded], order: "\(quoted(rank)) DESC, rowid DESC", limit: 1
    ).first
  }

  /// The row of the section ranked `rank`, if any.
  func holder(of rank: Int64) throws -> RankedRow? {
    try select("\(quoted(self.rank)) = ?", [rank], order: "rowid", limit: 1).first
  }

  /// A rank no row of the section has, nor takes in `planned`: one past the
  /// largest of both (or before the smallest).
  func spareRank(avoiding planned: [Int64]) throws -> Int64 {
    let row = try Row.fetchOne(
      db,
      sql: "SELECT max(\(quoted(rank))), min(\(quoted(rank))) FROM \(quoted(table))"
        + sectionCondition(prefix: " WHERE"),
      arguments: sectionArguments)
    let largest = [row?[0] as Int64?].compactMap { $0 } + planned
    let smallest = [row?[1] as Int64?].compactMap { $0 } + planned
    guard let top = largest.max(), let bottom = smallest.min() else { return 0 }
    if top < .max { return top + 1 }
    if bottom > .min { return bottom - 1 }
    throw FetchedEditingError.noRoom(rows: 0)
  }

  /// Throws, naming the row, if a row of the section has a NULL rank (which
  /// SQL's comparisons skip, so no window would see it).
  func checkNoNullRank() throws {
    if let row = try Row.fetchOne(
      db,
      sql: "SELECT \(quoted(idColumn)) FROM \(quoted(table)) WHERE \(quoted(rank)) IS NULL"
        + sectionCondition(prefix: " AND") + " LIMIT 1",
      arguments: sectionArguments)
    {
      throw FetchedEditingError.invalidRank(row: RankValues.text(row[0]), value: "NULL")
    }
  }

  private func fetch(before: Bool, row: RankedRow, limit: Int, excluding excluded: Int64) throws
    -> [RankedRow]
  {
    let column = quoted(rank)
    let (comparison, order) = before ? ("<", "DESC") : (">", "ASC")
    return try select(
      "(\(column) \(comparison) ? OR (\(column) = ? AND rowid \(comparison) ?)) AND rowid <> ?",
      [row.rank, row.rank, row.rowID, excluded], order: "\(column) \(order), rowid \(order)",
      limit: limit)
  }

  /// The rows of the section matching `condition`, in `order`, each rank
  /// checked.
  private func select(
    _ condition: String, _ arguments: StatementArguments, order: String, limit: Int
  ) throws -> [RankedRow] {
    let sql =
      "SELECT rowid, \(quoted(rank)), \(quoted(idColumn)) FROM \(quoted(table)) WHERE "
      + condition + sectionCondition(prefix: " AND") + " ORDER BY \(order) LIMIT ?"
    return try Row.fetchAll(db, sql: sql, arguments: arguments + sectionArguments + [limit]).map {
      RankedRow(
        rowID: $0[0], rank: try RankValues.rank($0[1], of: RankValues.text($0[2])))
    }
  }

  private func sectionCondition(prefix: String) -> String {
    section.map { "\(prefix) \(quoted($0.column)) IS ?" } ?? ""
  }

  private var sectionArguments: StatementArguments {
    section.map { [$0.value] } ?? []
  }
}
