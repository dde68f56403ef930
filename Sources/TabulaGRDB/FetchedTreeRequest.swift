#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// What a ``FetchedTree`` shows: the rows of a table that stores a tree as
/// an adjacency list (each row names its parent's id, NULL for a root),
/// siblings in an order.
///
/// ```swift
/// let request = FetchedTreeRequest(
///   table: "message", idColumn: "id", parentColumn: "replyTo",
///   orderedBy: [.ascending("postedAt")])
/// ```
public struct FetchedTreeRequest: Sendable, CustomStringConvertible {
  /// The table.
  public var table: String
  /// The column holding each row's id, unique in the table (see
  /// ``FetchedTree`` for what a repeated id does).
  public var idColumn: String
  /// The column holding the id of the row's parent, NULL for a root.
  public var parentColumn: String
  /// The order of siblings (then by rowid).
  public var ordering: [FetchedOrdering]

  /// A tree stored in `table`, ids in `idColumn`, parents in `parentColumn`,
  /// siblings in `ordering`.
  public init(
    table: String, idColumn: String = "id", parentColumn: String,
    orderedBy ordering: [FetchedOrdering] = []
  ) {
    self.table = table
    self.idColumn = idColumn
    self.parentColumn = parentColumn
    self.ordering = ordering
  }

  /// "FetchedTreeRequest(table: message, id: id, parent: replyTo, order: [...])".
  public var description: String {
    "FetchedTreeRequest(table: \(table), id: \(idColumn), parent: \(parentColumn), order: "
      + "[\(ordering.map(\.description).joined(separator: ", "))])"
  }

  /// The rows whose parent is NULL (`parents == nil`) or one of `parents`,
  /// each with its id, its parent and whether it has children, ordered by
  /// parent and then by the ordering.
  func childrenSQL(of parents: [DatabaseValue]?) -> SQL {
    let table = quoted(self.table)
    let id = "\(table).\(quoted(idColumn))"
    let parent = "\(table).\(quoted(parentColumn))"
    var query = SQL(
      sql: "SELECT \(table).*, \(id) AS tabula_id, \(parent) AS tabula_parent, "
        + "EXISTS (SELECT 1 FROM \(table) AS tabula_child "
        + "WHERE tabula_child.\(quoted(parentColumn)) = \(id)) AS tabula_has_children "
        + "FROM \(table) WHERE ")
    if let parents {
      let placeholders = Array(repeating: "?", count: parents.count).joined(separator: ", ")
      query.append(
        literal: SQL(
          sql: "\(parent) IN (\(placeholders))", arguments: StatementArguments(parents)))
    } else {
      query.append(sql: "\(parent) IS NULL")
    }
    let terms =
      (parents == nil ? [] : ["\(parent)"])
      + ordering.map {
        "\(table).\(quoted($0.column)) COLLATE \($0.caseInsensitive ? "NOCASE" : "BINARY")"
          + ($0.ascending ? " ASC" : " DESC")
      } + ["\(table).rowid ASC"]
    query.append(sql: " ORDER BY " + terms.joined(separator: ", "))
    return query
  }
}
