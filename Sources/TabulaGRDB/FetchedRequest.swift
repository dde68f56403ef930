import Foundation

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// What a ``FetchedList`` shows: the rows of one table that match a filter, in
/// an order; or, as a fallback, any SQL query.
///
/// ```swift
/// let request = FetchedRequest(
///   table: "contact",
///   filter: "name LIKE \(LikePattern.containing(text))",
///   orderedBy: [.ascending("lastName", caseInsensitive: true), .ascending("firstName")])
/// ```
///
/// A table request is what makes a fetched list incremental: the list knows
/// the table to watch, how to fetch single rows with the same filter, and how
/// to place them in the order without asking the database for everything
/// again. Rows tied in the order are ordered by `rowid` (by the primary key
/// in a `WITHOUT ROWID` table), in the database and in the list alike.
///
/// The list reads everything again after each change, instead of only the
/// changed rows, when it cannot follow the table row by row: a `WITHOUT
/// ROWID` table or a view (SQLite does not report their rows' changes), or
/// a filter with a subquery (`grp IN (SELECT grp FROM visible)`), whose
/// result can change when other rows or tables do. Writes to other tables
/// the request reads are noticed (GRDB reports which tables each statement
/// writes).
public struct FetchedRequest: Sendable, CustomStringConvertible {
  enum Source: Sendable {
    case table(name: String, filter: SQL?, ordering: [FetchedOrdering])
    case sql(SQL)
  }

  let source: Source

  /// The rows of `table` for which `filter` (an SQL expression, with
  /// arguments interpolated safely) is true, in `ordering`.
  public init(table: String, filter: SQL? = nil, orderedBy ordering: [FetchedOrdering] = []) {
    source = .table(name: table, filter: filter, ordering: ordering)
  }

  /// Any query: a join, a view, a union. The list reads it again after
  /// every commit that writes a table it reads, since it cannot tell which
  /// rows a change touched.
  ///
  /// The query must select a column named `tabula_rowid` holding a unique
  /// integer per row (a rowid), and, when sections are made from a column,
  /// a column named `tabula_section`. A missing or NULL `tabula_rowid`, or a
  /// missing `tabula_section`, is the list's error state naming the column.
  public init(sql: SQL) {
    source = .sql(sql)
  }

  /// The table, for a table request.
  public var table: String? {
    if case .table(let name, _, _) = source { return name }
    return nil
  }

  /// The ordering, for a table request.
  public var ordering: [FetchedOrdering] {
    if case .table(_, _, let ordering) = source { return ordering }
    return []
  }

  /// The same request with another filter.
  ///
  /// - Throws: ``FetchedRequestError/notATableRequest(_:)`` for an SQL
  ///   request, whose filter is part of its SQL.
  public func filtered(by filter: SQL?) throws(FetchedRequestError) -> FetchedRequest {
    guard case .table(let name, _, let ordering) = source else {
      throw .notATableRequest("filtered(by:)")
    }
    return FetchedRequest(table: name, filter: filter, orderedBy: ordering)
  }

  /// The same request in another order.
  ///
  /// - Throws: ``FetchedRequestError/notATableRequest(_:)`` for an SQL
  ///   request, whose order is part of its SQL.
  public func ordered(by ordering: [FetchedOrdering]) throws(FetchedRequestError)
    -> FetchedRequest
  {
    guard case .table(let name, let filter, _) = source else {
      throw .notATableRequest("ordered(by:)")
    }
    return FetchedRequest(table: name, filter: filter, orderedBy: ordering)
  }

  /// The table, filter and ordering, or the SQL.
  public var description: String {
    switch source {
    case .table(let name, let filter, let ordering):
      let order = ordering.map(\.description).joined(separator: ", ")
      return "FetchedRequest(table: \(name), filter: \(filter == nil ? "none" : "SQL"), "
        + "order: [\(order)])"
    case .sql: return "FetchedRequest(sql:)"
    }
  }
}

/// How a table stores its rows, which decides how a ``FetchedList`` can
/// follow it.
enum TableShape: Sendable, Equatable {
  /// An ordinary table: rows have rowids, and SQLite reports their changes.
  case rowID
  /// A `WITHOUT ROWID` table (ties ordered by these primary key columns),
  /// or a view (no columns: ties in SQLite's order). No rowids, no row
  /// changes reported.
  case withoutRowID(primaryKey: [String])

  /// The shape of `table`.
  static func of(_ table: String, in db: Database) throws -> TableShape {
    // A view (or no such table: the query will say so).
    guard try db.tableExists(table) else { return .withoutRowID(primaryKey: []) }
    // Only a table with rowids can select them; a WITHOUT ROWID table fails
    // to compile this.
    if (try? db.makeStatement(sql: "SELECT rowid FROM \(quoted(table)) LIMIT 0")) != nil {
      return .rowID
    }
    return .withoutRowID(primaryKey: try db.primaryKey(table).columns)
  }
}

extension FetchedRequest {
  /// The query for all rows, or (for a table request on a rowid table)
  /// only those in `rowIDs`. A table request selects `tabula_rowid` (rowid
  /// tables only), `tabula_key0`... (the order keys) and `tabula_section`.
  func sql(sectionColumn: String?, shape: TableShape, rowIDs: [Int64]?) -> SQL {
    switch source {
    case .sql(let sql):
      return sql
    case .table(let name, let filter, let ordering):
      let table = quoted(name)
      var query = SQL(sql: "SELECT \(table).*")
      if shape == .rowID { query.append(sql: ", \(table).rowid AS tabula_rowid") }
      for (index, order) in ordering.enumerated() {
        query.append(sql: ", \(table).\(quoted(order.column)) AS tabula_key\(index)")
      }
      if let sectionColumn {
        query.append(sql: ", \(table).\(quoted(sectionColumn)) AS tabula_section")
      }
      query.append(sql: " FROM \(table)")
      query.append(literal: whereClause(filter: filter, table: table, rowIDs: rowIDs))
      // The collation is explicit: a column declared COLLATE NOCASE would
      // otherwise sort unlike the merge's BINARY comparison.
      var terms = ordering.map {
        "\(table).\(quoted($0.column)) COLLATE \($0.caseInsensitive ? "NOCASE" : "BINARY")"
          + ($0.ascending ? " ASC" : " DESC")
      }
      switch shape {
      case .rowID: terms.append("\(table).rowid ASC")
      case .withoutRowID(let primaryKey):
        terms += primaryKey.map { "\(table).\(quoted($0)) ASC" }
      }
      if !terms.isEmpty { query.append(sql: " ORDER BY " + terms.joined(separator: ", ")) }
      return query
    }
  }

  /// `SELECT count(*)` of the rows a table request shows: the consistency
  /// check after an incremental read.
  func countSQL() -> SQL? {
    guard case .table(let name, let filter, _) = source else { return nil }
    let table = quoted(name)
    return SQL(sql: "SELECT count(*) FROM \(table)")
      + whereClause(filter: filter, table: table, rowIDs: nil)
  }

  /// Whether the filter may read other rows than the one it tests (a
  /// subquery): then a change to one row can change whether others match.
  func filterReadsOtherRows(_ db: Database) throws -> Bool {
    guard case .table(_, let filter?, _) = source else { return false }
    let (sql, _) = try filter.build(db)
    return containsKeyword("select", in: sql)
  }

  private func whereClause(filter: SQL?, table: String, rowIDs: [Int64]?) -> SQL {
    var conditions: [SQL] = []
    if let filter { conditions.append("(" + filter + ")") }
    if let rowIDs {
      let placeholders = Array(repeating: "?", count: rowIDs.count).joined(separator: ", ")
      conditions.append(
        SQL(sql: "\(table).rowid IN (\(placeholders))", arguments: StatementArguments(rowIDs)))
    }
    var clause = SQL(sql: "")
    for (index, condition) in conditions.enumerated() {
      clause.append(sql: index == 0 ? " WHERE " : " AND ")
      clause.append(literal: condition)
    }
    return clause
  }
}

/// Whether `sql` contains `keyword` (lowercase) as a word, outside string
/// literals, quoted identifiers and comments.
func containsKeyword(_ keyword: String, in sql: String) -> Bool {
  let bytes = Array(sql.utf8)
  let target = Array(keyword.utf8)
  func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
      || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
  }
  var index = 0
  while index < bytes.count {
    let byte = bytes[index]
    switch byte {
    case 0x27, 0x22, 0x60:  // ' " `: skip to the closing quote (doubled quotes included)
      index += 1
      while index < bytes.count, bytes[index] != byte { index += 1 }
      index += 1
    case 0x5B:  // [identifier]
      while index < bytes.count, bytes[index] != 0x5D { index += 1 }
      index += 1
    case 0x2D where index + 1 < bytes.count && bytes[index + 1] == 0x2D:  // -- comment
      while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    case 0x2F where index + 1 < bytes.count && bytes[index + 1] == 0x2A:  // /* comment */
      index += 2
      while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) {
        index += 1
      }
      index += 2
    default:
      guard isWordByte(byte) else {
        index += 1
        continue
      }
      let start = index
      while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
      let word = bytes[start..<index].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
      if word == target { return true }
    }
  }
  return false
}

/// `name` as an SQL identifier.
func quoted(_ name: String) -> String {
  "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
