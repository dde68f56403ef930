import Tabula

/// A `UITableView` for tests on any platform: it enforces UIKit's batch-update
/// rules with its exact messages, recycles cells, and shows a viewport of
/// rows. See ``SimulatedListView`` for what it simulates.
///
/// ```swift
/// let tableView = SimulatedTableView(viewportHeight: 10)
/// tableView.register(SimulatedCell.self, forReuseIdentifier: "row")
/// let controller = ListController<SectionInfo, Contact, SimulatedCell>(host: tableView) {
///   host, path, contact in
///   let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
///   cell.text = contact.name
///   return cell
/// }
/// await controller.apply(snapshot)
/// #expect(tableView.visibleCells.map(\.text) == ["Ada", "Grace"])
/// #expect(tableView.violations.isEmpty)
/// ```
@MainActor
public final class SimulatedTableView: SimulatedListView {
  /// Creates an empty table view whose viewport shows `viewportHeight` rows.
  public init(viewportHeight: Int = 20) {
    super.init(kind: .table, viewportHeight: viewportHeight)
  }

  /// `deleteRows(at:with:)`.
  public func deleteRows(at paths: [ItemPath]) throws(ListViewError) { try deletePaths(paths) }
  /// `insertRows(at:with:)`.
  public func insertRows(at paths: [ItemPath]) throws(ListViewError) { try insertPaths(paths) }
  /// `reloadRows(at:with:)`.
  public func reloadRows(at paths: [ItemPath]) throws(ListViewError) { try reloadPaths(paths) }
  /// `reconfigureRows(at:)`.
  public func reconfigureRows(at paths: [ItemPath]) throws(ListViewError) {
    try reconfigurePaths(paths)
  }
  /// `moveRow(at:to:)`.
  public func moveRow(at path: ItemPath, to newPath: ItemPath) throws(ListViewError) {
    try movePath(path, to: newPath)
  }
}

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
