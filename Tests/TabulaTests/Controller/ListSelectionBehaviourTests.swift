import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// Selection as SwiftUI's `List` and UIKit keep it, on the simulated views:
/// a selection set while the rows it names are being added is kept, several
/// selected rows show as several (the view's multiple-selection flags), and
/// a selection made in code reaches the view without waiting for a batch.
@MainActor
@Suite("Selection: rows being added, several rows, the view's own selection")
struct ListSelectionBehaviourTests {
  private func rows(_ ids: Range<Int>) throws -> TestSnapshot {
    try TestSnapshot(ids.map { TestItem(id: $0) }, in: section("rows"))
  }

  @Test("a selection set while an animation adds its row is kept, and shows once the row lands")
  func selectionOfRowsBeingAdded() async throws {
    let table = SimulatedTableView()
    table.animationTiming = .manual
    let controller = ListController(host: table, snapshot: try rows(0..<3), cellProvider: testCell)
    controller.selectionMode = .multiple
    controller.apply(try rows(0..<4), completion: {})  // row 3 animates in: the animation is held
    #expect(controller.isUpdating)
    #expect(controller.setSelection([3]), "the row the running update adds")
    #expect(controller.selectedIDs == [3], "what a binding reads back")
    table.finishAnimations()
    await yieldUntil { !controller.isUpdating }
    #expect(controller.selectedIDs == [3], "the end of the transaction keeps it")
    #expect(table.selectedItemPaths == [ItemPath(section: 0, item: 3)])

    // A row that a waiting update adds, behind a running one.
    controller.apply(try rows(0..<5), completion: {})
    controller.apply(try rows(0..<6), completion: {})
    controller.select(5)
    #expect(Set(controller.selectedIDs) == [3, 5])
    table.finishAnimations()
    for _ in 0..<20 where controller.isUpdating {
      await Task.yield()
      table.finishAnimations()
    }
    #expect(!controller.isUpdating)
    #expect(Set(controller.selectedIDs) == [3, 5], "the first transaction's end does not drop 5")
    #expect(table.selectedItemPaths.map(\.item) == [3, 5])
  }

  @Test(
    "over the background-diff threshold, a selection of a new row set at once is kept",
    .timeLimit(.minutes(10)))
  func selectionDuringBackgroundDiff() async throws {
    let table = SimulatedTableView()
    table.animationTiming = .immediate
    let controller = ListController(
      host: table, snapshot: try rows(0..<15_000), cellProvider: testCell)
    controller.selectionMode = .multiple
    // 30,001 items together: diffed off the main actor.
    controller.apply(try rows(0..<15_001), completion: {})
    #expect(controller.isUpdating)
    #expect(controller.setSelection([15_000]))
    await yieldUntil { !controller.isUpdating }
    #expect(controller.selectedIDs == [15_000])
    #expect(controller.selectedItemPaths == [ItemPath(section: 0, item: 15_000)])
    #expect(table.selectedItemPaths == [ItemPath(section: 0, item: 15_000)])
  }

  @Test("two selected ids show two selected rows: the mode sets the view's flags")
  func severalRowsShow() throws {
    let table = SimulatedTableView()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    controller.selectionMode = .multiple
    #expect(table.allowsMultipleSelection && table.allowsMultipleSelectionDuringEditing)
    controller.setSelection([1, 3])
    #expect(Set(controller.selectedIDs) == [1, 3])
    #expect(table.selectedItemPaths == controller.selectedItemPaths)
    #expect(table.selectedItemPaths.count == 2, "UIKit keeps one of two without the flags")
    controller.selectAll()
    #expect(table.selectedItemPaths == controller.selectedItemPaths)

    controller.selectionMode = .single
    #expect(!table.allowsMultipleSelection && !table.allowsMultipleSelectionDuringEditing)
    #expect(table.selectedItemPaths.isEmpty, "fewer rows allowed than selected: all deselected")
    controller.select(2)
    #expect(table.selectedItemPaths == controller.selectedItemPaths)
  }

  @Test("a selection made in code reaches the view at once, without a batch")
  func selectionInCodeShows() throws {
    let table = SimulatedTableView()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    controller.selectionMode = .single
    let batches = table.batchCount
    controller.select(2)
    #expect(table.selectedItemPaths == controller.selectedItemPaths)
    controller.deselectAll()
    #expect(table.selectedItemPaths.isEmpty)
    #expect(table.batchCount == batches)
  }

  @Test("taps in multiple selection: a toggle while editing; outside it a tap opens the row")
  func tapsInMultipleSelection() throws {
    let table = SimulatedTableView()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    controller.selectionMode = .multiple
    var opened: [Int] = []
    controller.didSelect = { item, _ in opened.append(item.id) }
    let first = ItemPath(section: 0, item: 0)
    let second = ItemPath(section: 0, item: 1)

    table.selectItem(at: first)
    #expect(controller.selectedIDs.isEmpty, "outside editing a tap opens, selects nothing")
    #expect(table.selectedItemPaths.isEmpty, "and the view shows no selection it does not keep")
    #expect(opened == [1])

    controller.setSelection([2])
    table.selectItem(at: second)  // UIKit deselects a selected row here
    #expect(controller.selectedIDs == [2], "the deselect is a tap that opens: 2 stays")
    #expect(table.selectedItemPaths == [second])
    #expect(opened == [1, 2])

    controller.isEditing = true
    table.isEditing = true
    table.selectItem(at: first)
    #expect(Set(controller.selectedIDs) == [1, 2])
    table.selectItem(at: second)
    #expect(controller.selectedIDs == [1])
    #expect(table.selectedItemPaths == [first])
  }
}

/// A snapshot made again with the same content, as a SwiftUI body makes one
/// on every update: one comparison on the main actor, nothing applied.
@MainActor
@Suite("update(to:) with equal content built anew")
struct EqualSnapshotUpdateTests {
  @Test("an equal snapshot built anew applies nothing, even over the background threshold")
  func equalContentIsSkipped() throws {
    let table = SimulatedTableView()
    table.animationTiming = .immediate
    let ids = 0..<30_000
    let first = try TestSnapshot(ids.map { TestItem(id: $0) }, in: section("rows"))
    let controller = ListController(host: table, snapshot: first, cellProvider: testCell)
    let batches = table.batchCount
    let rebuilt = try TestSnapshot(ids.map { TestItem(id: $0) }, in: section("rows"))
    #expect(!rebuilt.isIdentical(to: first))
    let applied = controller.update(to: rebuilt)
    #expect(!applied, "the same content: nothing to apply")
    #expect(!controller.isUpdating, "no background diff started")
    #expect(table.batchCount == batches)

    var changed = ids.map { TestItem(id: $0) }
    changed[17].content = 1
    #expect(controller.update(to: try TestSnapshot(changed, in: section("rows"))))
    var reordered = ids.map { TestItem(id: $0) }
    reordered.swapAt(0, 1)
    #expect(!first.hasSameContent(as: try TestSnapshot(reordered, in: section("rows"))))
    #expect(
      !first.hasSameContent(
        as: try TestSnapshot(ids.map { TestItem(id: $0) }, in: section("other"))))
  }
}
