import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@MainActor
@Suite("Simulated views: cells, reuse and the viewport")
struct SimulatedCellTests {
  @Test("dequeuing an unregistered identifier is UIKit's error")
  func unregistered() {
    let view = SimulatedTableView()
    let error = #expect(throws: ListViewError.self) {
      _ = try view.dequeueReusableCell(
        withReuseIdentifier: "ghost", for: ItemPath(section: 0, item: 0))
    }
    #expect(
      error?.message
        == "unable to dequeue a cell with identifier ghost - must register a nib or a class for "
        + "the identifier or connect a prototype cell in a storyboard")
    _ = view.dequeueCell(withReuseIdentifier: "ghost", for: ItemPath(section: 0, item: 0))
    #expect(view.violations.map(\.message) == [error?.message])
  }

  @Test("registered subclasses are made, recycled through the pool and prepared for reuse")
  func reusePool() throws {
    let view = SimulatedTableView(viewportHeight: 3)
    view.register(BadgeCell.self, forReuseIdentifier: "cell")
    view.animationTiming = .immediate
    let source = CountsDataSource([10])
    view.hostDataSource = source
    view.reloadData()
    #expect(source.cellsMade == 3, "cells only for the viewport")
    let first = try #require(view.visibleCell(at: ItemPath(section: 0, item: 0)) as? BadgeCell)
    first.badge = 7
    view.scrollOffset = 3
    #expect(view.visibleItemPaths.map(\.item) == [3, 4, 5])
    #expect(view.reusePoolCount == 0, "the three cells scrolled off were reused for rows 3-5")
    let reused = view.visibleCells.compactMap { $0 as? BadgeCell }
    #expect(reused.contains { $0 === first })
    #expect(
      first.badge == 0 && first.reuseCount == 1 && first.text == "0-4" || first.text == "0-3"
        || first.text == "0-5")
    view.scrollOffset = 8
    #expect(view.visibleItemPaths.map(\.item) == [8, 9], "the viewport stops at the end")
    #expect(view.reusePoolCount == 1)
  }

  @Test("a reload gives a new cell; a reconfigure keeps the same one")
  func reloadAndReconfigure() throws {
    let (view, source) = loadedView(.collection, counts: [3])
    let collection = view as! SimulatedCollectionView
    let before = try #require(collection.visibleCell(at: ItemPath(section: 0, item: 1)))
    try collection.reloadItems(at: [ItemPath(section: 0, item: 1)])
    let reloaded = try #require(collection.visibleCell(at: ItemPath(section: 0, item: 1)))
    #expect(reloaded !== before, "a reload replaces the cell")
    let made = source.cellsMade
    try collection.reconfigureItems(at: [ItemPath(section: 0, item: 1)])
    #expect(collection.visibleCell(at: ItemPath(section: 0, item: 1)) === reloaded)
    #expect(source.cellsMade == made + 1, "the data source configured it again")
    #expect(reloaded.reuseCount == 0, "no prepareForReuse on reconfigure")
    #expect(collection.violations.isEmpty)
  }

  @Test("reconfiguring with a different identifier is UIKit's error")
  func reconfigureOtherIdentifier() throws {
    let (view, source) = loadedView(.table, counts: [2])
    view.register(SimulatedCell.self, forReuseIdentifier: "other")
    let table = view as! SimulatedTableView
    let switching = SwitchingDataSource(source.counts)
    table.hostDataSource = switching
    switching.identifier = "other"
    try table.reconfigureRows(at: [ItemPath(section: 0, item: 0)])
    #expect(
      table.violations.map(\.message) == [
        "Attempted to dequeue a cell for a different registration or reuse identifier than the "
          + "existing cell when reconfiguring an item",
        "the data source returned a different cell when reconfiguring the item at [0, 0] (strict)",
      ])
  }

  @Test("visible paths run across sections")
  func viewportAcrossSections() {
    let (view, source) = loadedView(.table, counts: [2, 0, 3], viewportHeight: 3)
    view.scrollOffset = 1
    #expect(
      view.visibleItemPaths == [
        ItemPath(section: 0, item: 1), ItemPath(section: 2, item: 0), ItemPath(section: 2, item: 1),
      ])
    #expect(view.visibleCells.map(\.text) == ["0-1", "2-0", "2-1"])
    withExtendedLifetime(source) {}
  }

  @Test("a path outside the view has no visible cell, whatever its sign")
  func visibleCellOutside() {
    let (view, source) = loadedView(.collection, counts: [2, 1])
    for path in [
      ItemPath(section: -1, item: 0), ItemPath(section: 0, item: -1),
      ItemPath(section: 2, item: 0), ItemPath(section: 1, item: 1),
    ] {
      #expect(view.visibleCell(at: path) == nil, "\(path)")
    }
    #expect(view.visibleCell(at: ItemPath(section: 1, item: 0))?.text == "1-0")
    withExtendedLifetime(source) {}
  }
}

/// Counts, and cells dequeued under a changeable identifier.
@MainActor
final class SwitchingDataSource: ListHostDataSource {
  var counts: [Int]
  var identifier = "cell"
  init(_ counts: [Int]) { self.counts = counts }
  var numberOfSections: Int { counts.count }
  func numberOfItems(inSectionAt section: Int) -> Int { counts[section] }
  func cell(for host: any ListHost<SimulatedCell>, at path: ItemPath) -> SimulatedCell {
    host.dequeueCell(withReuseIdentifier: identifier, for: path)
  }
  func headerTitle(forSectionAt section: Int) -> String? { "Section \(section)" }
  func footerTitle(forSectionAt section: Int) -> String? { nil }
  func height(forItemAt path: ItemPath, width: Double) -> Double? { nil }
  func didSelectItem(at path: ItemPath) {}
}
