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

/// Apple-style code on the simulated AppKit table: an app keeps its own
/// model of sections and items, edits a snapshot the way Apple's
/// documentation shows (`snapshot()`, then appends, inserts, deletes, moves
/// and reloads), applies it, animated, and expects the table to show its
/// model. The drop-in `TableViewDataSource` of TabulaAppKit is this data
/// source on a real table.
@MainActor
@Suite("DiffableDataSource on a table that updates as AppKit does")
struct AppKitDiffableTests {
  @Test(
    "random edits of the app's model through snapshot(): the table shows the model",
    arguments: 0..<4)
  func appModel(seed: UInt64) {
    var random = SeededRandom(seed: seed + 7700)
    let table = SimulatedAppKitTable(showsSectionsAsGroupRows: true)
    let dataSource = DiffableDataSource<SimulatedAppKitTable, String, Int>(host: table) {
      host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = "\(id)"
      return cell
    }
    dataSource.sectionTitle = { [weak dataSource] kind, index in
      kind == .header ? dataSource?.sectionIdentifier(for: index) : nil
    }
    var model: [(section: String, items: [Int])] = []
    var nextSection = 0
    var nextItem = 0
    for _ in 0..<80 {
      var snapshot = dataSource.snapshot()
      switch random.int(in: 0...5) {
      case 0:
        let name = "S\(nextSection)"
        nextSection += 1
        let at = random.int(in: 0...model.count)
        if at == model.count {
          snapshot.appendSections([name])
        } else {
          snapshot.insertSections([name], beforeSection: model[at].section)
        }
        model.insert((name, []), at: at)
      case 1 where !model.isEmpty:
        let section = random.int(in: 0..<model.count)
        let ids = (0..<random.int(in: 1...4)).map { _ in
          nextItem += 1
          return nextItem
        }
        snapshot.appendItems(ids, toSection: model[section].section)
        model[section].items += ids
      case 2:
        let all = model.flatMap(\.items)
        guard !all.isEmpty else { continue }
        let doomed = Set(
          (0..<random.int(in: 1...3)).map { _ in all[random.int(in: 0..<all.count)] })
        snapshot.deleteItems(Array(doomed))
        for index in model.indices { model[index].items.removeAll { doomed.contains($0) } }
      case 3:
        let all = model.flatMap(\.items)
        guard all.count > 1 else { continue }
        let moving = all[random.int(in: 0..<all.count)]
        let before = all[random.int(in: 0..<all.count)]
        guard moving != before else { continue }
        snapshot.moveItem(moving, beforeItem: before)
        for index in model.indices { model[index].items.removeAll { $0 == moving } }
        let section = model.firstIndex { $0.items.contains(before) }!
        model[section].items.insert(moving, at: model[section].items.firstIndex(of: before)!)
      case 4 where model.count > 1:
        let from = random.int(in: 0..<model.count)
        let to = random.int(in: 0..<model.count)
        guard from != to else { continue }
        let target = model[to].section
        snapshot.moveSection(model[from].section, beforeSection: target)
        let moved = model.remove(at: from)
        model.insert(moved, at: model.firstIndex { $0.section == target }!)
      case 5 where model.count > 1:
        let doomed = model.remove(at: random.int(in: 0..<model.count))
        snapshot.deleteSections([doomed.section])
      default:
        continue
      }
      dataSource.apply(snapshot, animatingDifferences: random.chance(0.8))
      let expected = model.flatMap { ["§" + $0.section] + $0.items.map { "\($0)" } }
      #expect(table.rowTexts == expected)
      #expect(table.violations.isEmpty)
    }
    #expect(table.updateCounts.batchCount >= 30, "\(table.updateCounts)")
    #expect(table.rowOperationCount > 50)
  }
}
