import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

// A ListController driving TabulaTesting's SimulatedAppKitTable, which takes
// its batches as AppKit's NSTableView does (SequentialRowUpdate, each
// operation read in the rows the ones before it left, every index checked):
// after every batch of random applies, the table's rows are the
// controller's snapshot, group rows and all.

/// The rows `snapshot` shows in a table: with group rows, "§" and each
/// section's title first; then each item's id and content.
private func tableRows(_ snapshot: TestSnapshot, groupRows: Bool) -> [String] {
  var rows: [String] = []
  for section in 0..<snapshot.numberOfSections {
    if groupRows { rows.append("§" + (snapshot.sections[section].title ?? "")) }
    rows += snapshot.items(inSectionAt: section).map(\.description)
  }
  return rows
}

@MainActor
private func appKitList(groupRows: Bool) -> (
  SimulatedAppKitTable, ListController<SectionInfo, TestItem, SimulatedCell>
) {
  let table = SimulatedAppKitTable(showsSectionsAsGroupRows: groupRows)
  table.registerCell(SimulatedCell.self, forReuseIdentifier: "row")
  let controller = ListController<SectionInfo, TestItem, SimulatedCell>(host: table) {
    host, path, item in
    let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
    cell.text = item.description
    cell.representedID = item.id
    return cell
  }
  controller.transactionTiming = .immediate
  return (table, controller)
}

@MainActor
@Suite("SimulatedAppKitTable: a ListController on a table that applies updates as AppKit does")
struct SequentialHostTests {
  @Test(
    "random applies: after every batch the rows are the snapshot's, with and without group rows",
    arguments: 0..<4)
  func randomApplies(seed: UInt64) {
    for groupRows in [true, false] {
      var random = SeededRandom(seed: seed + 4200)
      var ids = FreshIDs()
      let (table, controller) = appKitList(groupRows: groupRows)
      var snapshot = randomSnapshot(&random, maxItems: 40, ids: &ids)
      controller.apply(snapshot)
      for _ in 0..<60 {
        snapshot = randomChange(of: snapshot, &random, ids: &ids, maxInserts: 8)
        controller.apply(snapshot)
        #expect(table.violations.isEmpty)
        #expect(table.rowTexts == tableRows(controller.snapshot, groupRows: groupRows))
      }
      #expect(table.updateCounts.reloadCount == 1, "every change a batch")
    }
  }

  @Test("an index outside the rows is AppKit's exception, recorded, and the table reloads")
  func outOfRange() throws {
    let (table, controller) = appKitList(groupRows: true)
    controller.apply(try twoSections())  // §A 1 2 3 4 §B 5 6 8
    var wrong = SequentialRowUpdate()
    wrong.removals = [12]
    table.perform(wrong, layout: ListRowLayout(itemCounts: [4, 3], groupRows: true))
    #expect(
      table.violations.map(\.message) == [
        "NSTableView error inserting/removing/moving row 12 (numberOfRows: 9)."
      ])
    #expect(table.rowTexts == ["§A", "1", "2", "3", "4", "§B", "5", "6", "8"], "reloaded")
  }

  @Test("a click selects an item's row, never a group row, and the selection follows its row")
  func selection() throws {
    let (table, controller) = appKitList(groupRows: true)
    controller.selectionMode = .single
    controller.apply(try twoSections())  // §A 1 2 3 4 §B 5 6 8
    table.clickRow(0)
    #expect(table.selectedRows.isEmpty && controller.selectedItemPaths.isEmpty)
    table.clickRow(6)
    #expect(controller.selectedItemPaths == [ItemPath(section: 1, item: 0)])
    var next = controller.snapshot
    try next.deleteItems([1, 2])
    controller.apply(next)  // §A 3 4 §B 5 6 8
    #expect(table.selectedRows == [4], "item 5 is now at row 4")
  }
}
