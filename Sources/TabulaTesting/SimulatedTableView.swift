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
