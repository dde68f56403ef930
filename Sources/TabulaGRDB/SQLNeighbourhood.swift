import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// The rows around a drop point that a relabelling window reads, for the
// planner in FetchedRanks.swift, in SQL. Every rank read is checked
// (`RankValues.rank(_:of:)`): a NULL, real, text or blob rank is an error
// naming its row.

/// The rows around a drop point, read in rank order (within a section when
/// the list is sectioned by a column), hidden ones included.
struct SQLNeighbourhood: RankNeighbourhood {
  let db: Database
  let table: String
  let rank: String
  let idColumn: String
  let section: (column: String, value: DatabaseValue)?

  func rows(before row: RankedRow, limit: Int, excluding excluded: Set<Int64>) throws
    -> [RankedRow]
  {
    try fetch(before: true, row: row, limit: limit, excluding: excluded)
  }

  func rows(after row: RankedRow, limit: Int, excluding excluded: Set<Int64>) throws
    -> [RankedRow]
  {
    try fetch(before: false, row: row, limit: limit, excluding: excluded)
  }

  /// The section's last row in rank order, but `excluded`.
  func last(excluding excluded: Set<Int64>) throws -> RankedRow? {
    let (condition, arguments) = Self.notIn(excluded)
    return try select(
      condition, arguments, order: "\(quoted(rank)) DESC, rowid DESC", limit: 1
    ).first
  }

  /// The condition that leaves the rows `excluded` out.
  private static func notIn(_ excluded: Set<Int64>) -> (String, StatementArguments) {
    guard !excluded.isEmpty else { return ("1", []) }
    let marks = Array(repeating: "?", count: excluded.count).joined(separator: ", ")
    return ("rowid NOT IN (\(marks))", StatementArguments(excluded.sorted()))
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

  private func fetch(
    before: Bool, row: RankedRow, limit: Int, excluding excluded: Set<Int64>
  ) throws -> [RankedRow] {
    let column = quoted(rank)
    let (comparison, order) = before ? ("<", "DESC") : (">", "ASC")
    let (condition, arguments) = Self.notIn(excluded)
    return try select(
      "(\(column) \(comparison) ? OR (\(column) = ? AND rowid \(comparison) ?)) AND "
        + condition,
      [row.rank, row.rank, row.rowID] + arguments,
      order: "\(column) \(order), rowid \(order)", limit: limit)
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
