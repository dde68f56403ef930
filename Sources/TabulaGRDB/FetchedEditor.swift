#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// The SQL of user edits: the rows a move reads and writes (FetchedEditor),
// and the rows around a drop point that a relabelling window reads
// (SQLNeighbourhood, for the planner in FetchedRanks.swift).

/// The settings of an editable list and the SQL of its writes.
struct FetchedEditor<ID>: Sendable {
  let settings: FetchedEditing
  let table: String
  let id: @Sendable (ID) -> (any DatabaseValueConvertible)?

  /// Writes one move; returns the rows written with their new ranks, the
  /// moved row first.
  func writeMove(
    _ db: Database, item: ID, previous: ID?, next: ID?, section: String?, sectionFilter: String
  ) throws -> [(rowID: Int64, rank: Int64)] {
    let moved = try ranked(db, item).rowID
    let before = try previous.map { try ranked(db, $0) }
    let after = try next.map { try ranked(db, $0) }
    if let before, let after, !(before < after) {
      // The neighbours are not in that order in the table (another writer
      // moved them): the list is behind; the echo brings it up to date.
      throw FetchedEditingError.neighboursMoved(previous: "\(previous!)", next: "\(next!)")
    }
    // The section's value as the table holds it (NULL included), read from
    // a neighbour; a section with no rows yet takes its id ("" for NULL).
    var sectionValue: DatabaseValue = sectionFilter.isEmpty ? .null : sectionFilter.databaseValue
    if let column = settings.sectionColumn, let neighbour = before ?? after {
      sectionValue =
        try DatabaseValue.fetchOne(
          db,
          sql: "SELECT \(column.quotedDatabaseIdentifier) FROM "
            + "\(table.quotedDatabaseIdentifier) WHERE rowid = ?",
          arguments: [neighbour.rowID]) ?? .null
    }
    let plan = try RankPlanner.plan(
      moving: moved, between: before, and: after, editing: settings,
      neighbourhood: SQLNeighbourhood(
        db: db, table: table, rank: settings.rankColumn,
        section: settings.sectionColumn.map { ($0, sectionValue) }))
    let quotedTable = table.quotedDatabaseIdentifier
    let rank = settings.rankColumn.quotedDatabaseIdentifier
    for (offset, write) in plan.writes.enumerated() {
      if offset == 0, section != nil, let column = settings.sectionColumn {
        try db.execute(
          sql: "UPDATE \(quotedTable) SET \(rank) = ?, \(column.quotedDatabaseIdentifier) = ? "
            + "WHERE rowid = ?",
          arguments: [write.rank, sectionValue, write.rowID])
      } else {
        try db.execute(
          sql: "UPDATE \(quotedTable) SET \(rank) = ? WHERE rowid = ?",
          arguments: [write.rank, write.rowID])
      }
    }
    return plan.writes
  }

  /// Every column of the row of `item`, after its rowid (as
  /// `tabula_rowid`).
  func row(_ db: Database, _ item: ID) throws -> Row? {
    try Row.fetchOne(
      db,
      sql: "SELECT rowid AS tabula_rowid, * FROM \(table.quotedDatabaseIdentifier) WHERE "
        + "\(settings.idColumn.quotedDatabaseIdentifier) = ?",
      arguments: [id(item)?.databaseValue ?? .null])
  }

  /// The rowid and rank of the row of `item`.
  private func ranked(_ db: Database, _ item: ID) throws -> RankedRow {
    let value = id(item)?.databaseValue ?? .null
    guard
      let row = try Row.fetchOne(
        db,
        sql: "SELECT rowid, \(settings.rankColumn.quotedDatabaseIdentifier) FROM "
          + "\(table.quotedDatabaseIdentifier) WHERE "
          + "\(settings.idColumn.quotedDatabaseIdentifier) = ?",
        arguments: [value])
    else { throw FetchedEditingError.rowNotFound("\(item)") }
    return RankedRow(rowID: row[0], rank: row[1] ?? 0)
  }
}

/// The rows around a drop point, read in rank order (within a section when
/// the list is sectioned by a column).
struct SQLNeighbourhood: RankNeighbourhood {
  let db: Database
  let table: String
  let rank: String
  let section: (column: String, value: DatabaseValue)?

  func rows(before row: RankedRow, limit: Int, excluding excluded: Int64) throws -> [RankedRow] {
    try fetch(before: true, row: row, limit: limit, excluding: excluded)
  }

  func rows(after row: RankedRow, limit: Int, excluding excluded: Int64) throws -> [RankedRow] {
    try fetch(before: false, row: row, limit: limit, excluding: excluded)
  }

  func rows(between low: RankedRow, and high: RankedRow, excluding excluded: Int64) throws
    -> [RankedRow]
  {
    let quoted = rank.quotedDatabaseIdentifier
    var sql =
      "SELECT rowid, \(quoted) FROM \(table.quotedDatabaseIdentifier) WHERE (\(quoted) > ? OR "
      + "(\(quoted) = ? AND rowid > ?)) AND (\(quoted) < ? OR (\(quoted) = ? AND rowid < ?)) "
      + "AND rowid <> ?"
    var arguments: StatementArguments = [
      low.rank, low.rank, low.rowID, high.rank, high.rank, high.rowID, excluded,
    ]
    if let section {
      sql += " AND \(section.column.quotedDatabaseIdentifier) IS ?"
      arguments += [section.value]
    }
    sql += " ORDER BY \(quoted), rowid"
    return try Row.fetchAll(db, sql: sql, arguments: arguments).map {
      RankedRow(rowID: $0[0], rank: $0[1] ?? 0)
    }
  }

  private func fetch(before: Bool, row: RankedRow, limit: Int, excluding excluded: Int64) throws
    -> [RankedRow]
  {
    let quoted = rank.quotedDatabaseIdentifier
    let (comparison, order) = before ? ("<", "DESC") : (">", "ASC")
    var sql =
      "SELECT rowid, \(quoted) FROM \(table.quotedDatabaseIdentifier) WHERE (\(quoted) "
      + "\(comparison) ? OR (\(quoted) = ? AND rowid \(comparison) ?)) AND rowid <> ?"
    var arguments: StatementArguments = [row.rank, row.rank, row.rowID, excluded]
    if let section {
      sql += " AND \(section.column.quotedDatabaseIdentifier) IS ?"
      arguments += [section.value]
    }
    sql += " ORDER BY \(quoted) \(order), rowid \(order) LIMIT ?"
    arguments += [limit]
    return try Row.fetchAll(db, sql: sql, arguments: arguments).map {
      RankedRow(rowID: $0[0], rank: $0[1] ?? 0)
    }
  }
}
