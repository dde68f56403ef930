import Foundation

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// One term of a ``FetchedRequest``'s order: a column, ascending or
/// descending, compared as SQLite compares (NULLs first, numbers, text,
/// blobs), with `BINARY` or `NOCASE` collation, whatever collation the
/// column declares.
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
