import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

// A controller keeps a read cursor on the snapshot it shows (rows read in
// order find their items in the leaf read last): it forgets it whenever the
// snapshot changes, so rows read after an edit are the edit's.

@MainActor
@Suite("A controller reading the rows it shows through a cursor")
struct ControllerReadCursorTests {
  /// A table of 8 rows on screen showing 5,000 items in shared storage
  /// through a cell provider.
  func list() throws -> (
    SimulatedTableView, ListController<SectionInfo, TestItem, SimulatedCell>
  ) {
    let view = SimulatedTableView(viewportHeight: 8)
    view.animationTiming = .immediate
    view.register(SimulatedCell.self, forReuseIdentifier: "row")
    let (shared, _) = try sharedSnapshot(count: 5000, sections: 2)
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: view, snapshot: shared
    ) { host, path, item in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = item.description
      return cell
    }
    return (view, controller)
  }

  @Test("rows read in order, then an edit of the rows on screen: the new items show")
  func editAfterReads() async throws {
    let (view, controller) = try list()
    #expect(controller.snapshot._store.isShared)
    #expect(view.visibleCells.map(\.text) == (0..<8).map { "\($0)" })
    // Rows 2 and 3 replaced by new ids, in the leaf the cursor last read.
    var next = controller.snapshot
    try next.insertItems([TestItem(id: 90_001), TestItem(id: 90_002)], beforeItem: 2)
    try next.deleteItems([2, 3])
    await controller.apply(next)
    #expect(
      view.visibleCells.map(\.text) == ["0", "1", "90001", "90002", "4", "5", "6", "7"])
    #expect(view.violations.isEmpty)
  }

  @Test("an update of a row on screen, in place: the updated item shows")
  func updateAfterReads() async throws {
    let (view, controller) = try list()
    var next = controller.snapshot
    try next.updateItems([TestItem(id: 3, content: 7)])
    await controller.apply(next)
    #expect(controller.snapshot._store.isShared)
    #expect(view.visibleCells.map(\.text) == ["0", "1", "2", "3/7", "4", "5", "6", "7"])
    #expect(view.violations.isEmpty)
  }
}
