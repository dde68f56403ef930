import Tabula

/// A `UICollectionView` for tests on any platform: like
/// ``SimulatedTableView``, with the collection view's wording ("item") and
/// its stricter rules (moving an item out of a deleted section or into an
/// inserted one is an error, not a silent reload).
@MainActor
public final class SimulatedCollectionView: SimulatedListView {
  /// Creates an empty collection view whose viewport shows `viewportHeight`
  /// items.
  public init(viewportHeight: Int = 20) {
    super.init(kind: .collection, viewportHeight: viewportHeight)
  }

  /// `deleteItems(at:)`.
  public func deleteItems(at paths: [ItemPath]) throws(ListViewError) { try deletePaths(paths) }
  /// `insertItems(at:)`.
  public func insertItems(at paths: [ItemPath]) throws(ListViewError) { try insertPaths(paths) }
  /// `reloadItems(at:)`.
  public func reloadItems(at paths: [ItemPath]) throws(ListViewError) { try reloadPaths(paths) }
  /// `reconfigureItems(at:)`.
  public func reconfigureItems(at paths: [ItemPath]) throws(ListViewError) {
    try reconfigurePaths(paths)
  }
  /// `moveItem(at:to:)`.
  public func moveItem(at path: ItemPath, to newPath: ItemPath) throws(ListViewError) {
    try movePath(path, to: newPath)
  }
}
