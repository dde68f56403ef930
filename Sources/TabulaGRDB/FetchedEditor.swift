import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// The SQL of user edits: the checks of an editable table and the rows a
// move reads and writes (the rows around a drop point are
// SQLNeighbourhood.swift's). Every rank read is checked: editing needs
// integer ranks, and a NULL, real, text or blob rank is an error naming its
// row.

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
    try writeMoves(db, items: [item], previous: previous, next: next, section: section)
  }

  /// Writes the move of `items`, in order, as a block to just after
  /// `previous` (or just before `next`; without either, the section's
  /// end) in `section` (see ``writeMove(_:item:previous:next:section:)``):
  /// k rows take k ranks in the gap when it is wide enough, else a window
  /// around it is relabelled. Returns the rows written with their new
  /// ranks, the moved rows first, in order.
  func writeMoves(
    _ db: Database, items: [ID], previous: ID?, next: ID?, section: String
  ) throws -> [(rowID: Int64, rank: Int64)] {
    // The section's value as the table holds it (NULL included), read from
    // a neighbour, which must still be in it; a section with no rows yet
    // takes its id ("" for NULL).
    var sectionValue: DatabaseValue = section.isEmpty ? .null : section.databaseValue
    let before = try previous.map { try ranked(db, $0) }
    let after = try next.map { try ranked(db, $0) }
    if settings.sectionColumn != nil {
      for (neighbour, id) in [(before, previous), (after, next)] {
        guard let neighbour, let id else { continue }
        guard sectionKey(neighbour.section) == section else {
          throw FetchedEditingError.neighbourLeftSection(row: "\(id)", section: section)
        }
        sectionValue = neighbour.section
      }
    }
    return try writeMoves(
      db, items: items, previous: before.map { ($0.row, "\(previous!)") },
      next: after.map { ($0.row, "\(next!)") }, sectionValue: sectionValue
    ) { sectionKey($0) == section }
  }

  /// Writes the move of `items` as a block between the rows `previous`
  /// and `next` (read already) of the group of rows whose section column
  /// holds `sectionValue` (the parent column of a tree); `isTarget` says
  /// whether a row's value of that column is the group's.
  func writeMoves(
    _ db: Database, items: [ID], previous: (row: RankedRow, id: String)?,
    next: (row: RankedRow, id: String)?, sectionValue: DatabaseValue,
    isTarget: (DatabaseValue) -> Bool
  ) throws -> [(rowID: Int64, rank: Int64)] {
    let moved = try items.map { try ranked(db, $0) }
    if let previous, let next, !(previous.row < next.row) {
      // The neighbours are not in that order in the table (another writer
      // moved them): the list is behind; the echo brings it up to date.
      throw FetchedEditingError.neighboursMoved(previous: previous.id, next: next.id)
    }
    let neighbourhood = SQLNeighbourhood(
      db: db, table: table, rank: settings.rankColumn, idColumn: settings.idColumn,
      section: settings.sectionColumn.map { ($0, sectionValue) })
    try neighbourhood.checkNoNullRank()
    let excluded = Set(moved.map(\.row.rowID))
    // The rows adjacent in the table around the drop point: just after the
    // row dropped after (or before the row dropped before), so that no
    // hidden row sits between them and the new ranks are no other row's.
    let (low, high): (RankedRow?, RankedRow?)
    if let previous {
      low = previous.row
      high = try neighbourhood.rows(after: previous.row, limit: 1, excluding: excluded).first
    } else if let next {
      low = try neighbourhood.rows(before: next.row, limit: 1, excluding: excluded).first
      high = next.row
    } else {
      low = try neighbourhood.last(excluding: excluded)
      high = nil
    }
    // Rows the table has in another section change section (the list's
    // idea of where they were may be behind another writer's move).
    var movedRanks: [Int64: Int64] = [:]
    var changing: Set<Int64> = []
    for row in moved {
      if isTarget(row.section) || settings.sectionColumn == nil {
        movedRanks[row.row.rowID] = row.row.rank
      } else {
        changing.insert(row.row.rowID)
      }
    }
    let plan = try RankPlanner.plan(
      moving: moved.map(\.row.rowID), between: low, and: high, editing: settings,
      neighbourhood: neighbourhood)
    let statements = try plan.statements(
      movedRanks: movedRanks,
      spare: { try neighbourhood.spareRank(avoiding: plan.writes.map(\.rank)) })
    try execute(statements, changing: changing, to: sectionValue, in: db)
    return plan.writes
  }

  /// Runs rank writes; rows in `changing` take `sectionValue` in the
  /// section column with their (last) rank write.
  private func execute(
    _ statements: [(rowID: Int64, rank: Int64)], changing: Set<Int64>,
    to sectionValue: DatabaseValue, in db: Database
  ) throws {
    let quotedTable = quoted(table)
    let rank = quoted(settings.rankColumn)
    var lastWrite: [Int64: Int] = [:]
    for (offset, write) in statements.enumerated() { lastWrite[write.rowID] = offset }
    for (offset, write) in statements.enumerated() {
      if changing.contains(write.rowID), lastWrite[write.rowID] == offset,
        let column = settings.sectionColumn
      {
        try db.execute(
          sql: "UPDATE \(quotedTable) SET \(rank) = ?, \(quoted(column)) = ? WHERE rowid = ?",
          arguments: [write.rank, sectionValue, write.rowID])
      } else {
        try db.execute(
          sql: "UPDATE \(quotedTable) SET \(rank) = ? WHERE rowid = ?",
          arguments: [write.rank, write.rowID])
      }
    }
  }

  /// Ranks `moved` between `low` and `high`, rows adjacent in rank order
  /// (the section's ends when `nil`), in a section it is in already.
  /// Returns the writes, the moved row first.
  private func place(
    _ db: Database, _ moved: RankedRow, between low: RankedRow?, and high: RankedRow?,
    in neighbourhood: SQLNeighbourhood
  ) throws -> [(rowID: Int64, rank: Int64)] {
    let plan = try RankPlanner.plan(
      moving: moved.rowID, between: low, and: high, editing: settings,
      neighbourhood: neighbourhood)
    let statements = try plan.statements(
      movedRank: moved.rank,
      spare: { try neighbourhood.spareRank(avoiding: plan.writes.map(\.rank)) })
    try execute(statements, changing: [], to: .null, in: db)
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
    let low = try neighbourhood.rows(before: occupant, limit: 1, excluding: [restored.rowID])
      .first
    let writes = try place(db, restored, between: low, and: occupant, in: neighbourhood)
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
  func ranked(_ db: Database, _ item: ID) throws -> (
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

extension UserEdit.Placement {
  /// `placements` in runs that follow one another (the same section and
  /// parent, the same row after them, each after the one before): rows
  /// moved together, which a list or tree writes as one block of ranks.
  static func blocks(_ placements: [Self]) -> [[Self]] {
    var blocks: [[Self]] = []
    for placement in placements {
      if let last = blocks.last?.last, last.section == placement.section,
        last.parent == placement.parent, last.before == placement.before,
        placement.after == last.item.id
      {
        blocks[blocks.count - 1].append(placement)
      } else {
        blocks.append([placement])
      }
    }
    return blocks
  }
}
