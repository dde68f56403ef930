import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// Edit mode shows handles where the user may act: a collection view's list
/// cells get a reorder handle for rows the app lets move and a delete
/// control for rows it lets delete, as a table shows them by itself; the
/// drop-in data source leaves them to the app, as Apple's does.
@MainActor
@Suite("Editing controls: reorder handles and delete controls in edit mode")
struct ListEditingControlsTests {
  private func rows() throws -> TestSnapshot {
    try TestSnapshot((0..<4).map { TestItem(id: $0) }, in: section("rows"))
  }

  @Test("a collection view's cells show the controls canMove and canDelete allow")
  func collectionCellsShowControls() throws {
    let view = SimulatedCollectionView()
    let controller = ListController(host: view, snapshot: try rows(), cellProvider: testCell)
    controller.canMove = { item, _ in item.id != 0 }
    controller.canDelete = { item, _ in item.id.isMultiple(of: 2) }
    view.reloadData()
    let controls = (0..<4).map {
      view.visibleCell(at: ItemPath(section: 0, item: $0))?.editingControls
    }
    #expect(controls == [[.delete], [.reorder], [.reorder, .delete], [.reorder]])
    #expect(
      controller.editingControls(forItemAt: ItemPath(section: 0, item: 2)) == [.reorder, .delete])

    controller.showsEditingControls = false
    view.reloadData()
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 2))?.editingControls == [])
    withExtendedLifetime(controller) {}
  }

  @Test("a table's rows show their own controls; no accessories are added")
  func tableRowsShowTheirOwn() throws {
    let view = SimulatedTableView()
    let controller = ListController(host: view, snapshot: try rows(), cellProvider: testCell)
    controller.canMove = { _, _ in true }
    view.reloadData()
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1))?.editingControls == [])
    #expect(controller.editingControls(forItemAt: ItemPath(section: 0, item: 1)) == [.reorder])
    withExtendedLifetime(controller) {}
  }

  @Test("the drop-in data source adds none, like Apple's")
  func dropInAddsNone() throws {
    let view = SimulatedCollectionView()
    view.register(SimulatedCell.self, forReuseIdentifier: "row")
    let dataSource = DiffableDataSource<SimulatedListView, String, Int>(host: view) {
      host, path, _ in
      host.dequeueCell(withReuseIdentifier: "row", for: path)
    }
    dataSource.canMoveItem = { _ in true }
    dataSource.canDeleteItem = { _ in true }
    var snapshot = DiffableSnapshot<String, Int>()
    snapshot.appendSections(["rows"])
    snapshot.appendItems([1, 2])
    dataSource.applySnapshotUsingReloadData(snapshot)
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 0))?.editingControls == [])
  }
}
