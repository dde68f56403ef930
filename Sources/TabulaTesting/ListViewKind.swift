import Tabula

/// The kind of list view whose rules and wording apply.
public enum ListViewKind: Sendable, Hashable {
  /// `UITableView`: "rows", "table view".
  case table
  /// `UICollectionView`: "items", "collection view".
  case collection

  /// "row" or "item".
  public var rowNoun: String { self == .table ? "row" : "item" }
  /// "table view" or "collection view".
  public var viewName: String { self == .table ? "table view" : "collection view" }
  /// The data source method UIKit calls once the user moved a row.
  public var moveCallbackName: String {
    self == .table ? "tableView(_:moveRowAt:to:)" : "collectionView(_:moveItemAt:to:)"
  }
}
