import Foundation
import GRDB

/// What a ``FetchedList`` shows: the rows of one table that match a filter, in
/// an order; or, as a fallback, any SQL query.
///
/// ```swift
/// let request = FetchedRequest(
///   table: "contact",
///   filter: "name LIKE \("%\(text)%")",
///   orderedBy: [.ascending("lastName", caseInsensitive: true), .ascending("firstName")])
/// ```
///
/// A table request is what makes a fetched list incremental: the list knows
/// the table to watch, how to fetch single rows with the same filter, and how
/// to place them in the order without asking the database for everything
/// again. Rows tied in the order are ordered by `rowid`, in the database and
/// in the list alike.
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

  /// Any query: a join, a view, a union. The list re-reads it after every
  /// commit, since it cannot tell which rows a change touched.
  ///
  /// The query must select a `rowid` column named `tabula_rowid`, unique per
  /// row, when sections are made from a column, `tabula_section` too.
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
  /// - Precondition: A table request.
  public func filtered(by filter: SQL?) -> FetchedRequest {
    guard case .table(let name, _, let ordering) = source else {
      preconditionFailure("filtered(by:) needs a table request; \(self) is SQL")
    }
    return FetchedRequest(table: name, filter: filter, orderedBy: ordering)
  }

  /// The same request in another order.
  ///
  /// - Precondition: A table request.
  public func ordered(by ordering: [FetchedOrdering]) -> FetchedRequest {
    guard case .table(let name, let filter, _) = source else {
      preconditionFailure("ordered(by:) needs a table request; \(self) is SQL")
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

  /// The query for all rows, or (for a table request) only those in `rowIDs`.
  func sql(sectionColumn: String?, rowIDs: [Int64]?) -> SQL {
    switch source {
    case .sql(let sql):
      return sql
    case .table(let name, let filter, let ordering):
      let table = quoted(name)
      var query = SQL(sql: "SELECT \(table).*, \(table).rowid AS tabula_rowid")
      for (index, order) in ordering.enumerated() {
        query.append(sql: ", \(table).\(quoted(order.column)) AS tabula_key\(index)")
      }
      if let sectionColumn {
        query.append(sql: ", \(table).\(quoted(sectionColumn)) AS tabula_section")
      }
      query.append(sql: " FROM \(table)")
      var conditions: [SQL] = []
      if let filter { conditions.append("(" + filter + ")") }
      if let rowIDs {
        let placeholders = Array(repeating: "?", count: rowIDs.count).joined(separator: ", ")
        conditions.append(
          SQL(
            sql: "\(table).rowid IN (\(placeholders))",
            arguments: StatementArguments(rowIDs)))
      }
      for (index, condition) in conditions.enumerated() {
        query.append(sql: index == 0 ? " WHERE " : " AND ")
        query.append(literal: condition)
      }
      let terms =
        ordering.map {
          "\(table).\(quoted($0.column))\($0.caseInsensitive ? " COLLATE NOCASE" : "")"
            + ($0.ascending ? " ASC" : " DESC")
        } + ["\(table).rowid ASC"]
      query.append(sql: " ORDER BY " + terms.joined(separator: ", "))
      return query
    }
  }
}

/// One term of a ``FetchedRequest``'s order: a column, ascending or
/// descending, compared as SQLite compares (NULLs first, numbers, text,
/// blobs), with `BINARY` or `NOCASE` collation.
public struct FetchedOrdering: Sendable, Hashable, CustomStringConvertible {
  /// The column.
  public var column: String
  /// Whether smaller values come first.
  public var ascending: Bool
  /// Whether text compares with SQLite's `NOCASE` collation (ASCII letters
  /// folded) rather than `BINARY`.
  public var caseInsensitive: Bool

  /// The column in ascending order.
  public static func ascending(_ column: String, caseInsensitive: Bool = false) -> FetchedOrdering {
    FetchedOrdering(column: column, ascending: true, caseInsensitive: caseInsensitive)
  }

  /// The column in descending order.
  public static func descending(_ column: String, caseInsensitive: Bool = false) -> FetchedOrdering
  {
    FetchedOrdering(column: column, ascending: false, caseInsensitive: caseInsensitive)
  }

  /// "name ASC NOCASE".
  public var description: String {
    "\(column) \(ascending ? "ASC" : "DESC")\(caseInsensitive ? " NOCASE" : "")"
  }
}

/// `name` as an SQL identifier.
func quoted(_ name: String) -> String {
  "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

/// Compares two values as SQLite's `ORDER BY` does: NULL, then numbers
/// (integers and reals compared numerically), then text (BINARY: bytewise
/// UTF-8; NOCASE: ASCII letters folded first), then blobs (bytewise).
@usableFromInline
func compareSQLite(_ left: DatabaseValue, _ right: DatabaseValue, caseInsensitive: Bool) -> Int {
  func rank(_ value: DatabaseValue) -> Int {
    switch value.storage {
    case .null: 0
    case .int64, .double: 1
    case .string: 2
    case .blob: 3
    }
  }
  let leftRank = rank(left)
  let rightRank = rank(right)
  if leftRank != rightRank { return leftRank < rightRank ? -1 : 1 }
  switch (left.storage, right.storage) {
  case (.int64(let a), .int64(let b)): return a == b ? 0 : (a < b ? -1 : 1)
  case (.int64(let a), .double(let b)): return compareNumbers(Double(a), b)
  case (.double(let a), .int64(let b)): return compareNumbers(a, Double(b))
  case (.double(let a), .double(let b)): return compareNumbers(a, b)
  case (.string(let a), .string(let b)):
    return compareBytes(Array(a.utf8), Array(b.utf8), foldingASCII: caseInsensitive)
  case (.blob(let a), .blob(let b)): return compareBytes(Array(a), Array(b), foldingASCII: false)
  default: return 0
  }
}

private func compareNumbers(_ a: Double, _ b: Double) -> Int {
  a == b ? 0 : (a < b ? -1 : 1)
}

private func compareBytes(_ a: [UInt8], _ b: [UInt8], foldingASCII: Bool) -> Int {
  for (x, y) in zip(a, b) {
    let left = foldingASCII && x >= 65 && x <= 90 ? x + 32 : x
    let right = foldingASCII && y >= 65 && y <= 90 ? y + 32 : y
    if left != right { return left < right ? -1 : 1 }
  }
  return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
