import Foundation
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// A row whose height comes from its id and content.
struct Tall: Diffable, Hashable {
  let id: Int
  var grown = 0
  var height: Double { Double(10 + id % 5 * 7 + grown) }
}

@MainActor
@Suite("Sizing on the simulators: content offset, content height, anchoring")
struct SimulatedSizingTests {
  func table(_ items: [Tall]) -> (
    SimulatedTableView, ListController<SectionInfo, Tall, SimulatedCell>
  ) {
    let table = SimulatedTableView(viewportHeight: 100)
    table.animationTiming = .immediate
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    table.rowHeight = 24  // the estimate before any row is measured
    table.asksHeights = true
    let controller = ListController<SectionInfo, Tall, SimulatedCell>(
      host: table, snapshot: try! Snapshot(items, in: SectionInfo(id: "rows"))
    ) { host, path, item in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = "\(item.id)"
      return cell
    }
    controller.heightProvider = { item, _, _ in item.height }
    return (table, controller)
  }

  @Test("rows in the viewport are measured exactly; the content height follows")
  func measuring() {
    let items = (0..<200).map { Tall(id: $0) }
    let (table, controller) = table(items)
    table.contentOffset = 1000
    for path in table.visibleItemPaths {
      #expect(table.heightIndex.height(ofItemAt: path) == controller.snapshot[path].height)
    }
    let first = table.visibleItemPaths[0]
    let start = table.heightIndex.offset(ofItemAt: first)
    #expect(start <= table.contentOffset)
    #expect(start + table.heightIndex.height(ofItemAt: first) > table.contentOffset)
    // Estimated rows take the average of the measured ones: the content
    // height is about right before every row was seen.
    let exact = items.map(\.height).reduce(0, +)
    #expect(abs(table.contentHeight - exact) < exact * 0.2)
  }

  @Test(
    "inserts, deletes and moves above, inside and below the viewport keep the first row put",
    arguments: [1, 2, 3, 4, 5])
  func anchoring(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    var items = (0..<300).map { Tall(id: $0) }
    let (table, controller) = table(items)
    var nextID = 1000
    for _ in 0..<25 {
      table.contentOffset = Double(random.int(in: 800...2000)) + 0.5
      let anchorPath = table.visibleItemPaths[0]
      let anchorID = controller.snapshot[anchorPath].id
      let distance = table.contentOffset - table.heightIndex.offset(ofItemAt: anchorPath)
      let anchorIndex = items.firstIndex { $0.id == anchorID }!
      let before = items
      let deletesAnchor = random.int(in: 0..<6) == 0
      // Changes above, inside and below the viewport.
      for _ in 0..<random.int(in: 1...12) {
        let position = random.int(in: 0...items.count)
        switch random.int(in: 0..<4) {
        case 0:
          items.insert(Tall(id: nextID), at: position)
          nextID += 1
        case 1 where position < items.count && items[position].id != anchorID:
          items.remove(at: position)
        case 2 where position < items.count && items[position].id != anchorID:
          let moved = items.remove(at: position)
          items.insert(moved, at: random.int(in: 0...items.count))
        default:
          let grown = random.int(in: 0..<items.count)
          if items[grown].id != anchorID { items[grown].grown += random.int(in: 1...30) }
        }
      }
      if deletesAnchor { items.removeAll { $0.id == anchorID } }
      await controller.apply(try! Snapshot(items, in: SectionInfo(id: "rows")))
      #expect(table.violations.isEmpty)
      if deletesAnchor {
        // The first row after the anchor that the batch (its last stage:
        // a first one only refreshes contents) neither deleted, reloaded
        // nor moved away, else the nearest such row above it, starts at the
        // top of the viewport.
        let batch = table.batchLog.last!
        let leaving = Set(
          (batch.deleteRows + batch.reloadRows + batch.moveRows.map(\.from)).map(\.item))
        let stays = { (index: Int) in !leaving.contains(index) }
        let expected =
          (anchorIndex + 1..<before.count).first(where: stays)
          ?? (0..<anchorIndex).reversed().first(where: stays)
        let top = table.visibleItemPaths[0]
        #expect(table.heightIndex.offset(ofItemAt: top) == table.contentOffset)
        #expect(controller.snapshot[top].id == before[expected!].id)
      } else {
        let path = controller.snapshot.path(of: anchorID)!
        #expect(
          table.contentOffset - table.heightIndex.offset(ofItemAt: path) == distance,
          "the row being read kept its place")
      }
      for path in table.visibleItemPaths {
        #expect(
          table.heightIndex.height(ofItemAt: path) == controller.snapshot[path].height,
          "a row in the viewport is measured")
      }
    }
  }

  @Test("at rest at its top, the list shows rows inserted at the top (after a refresh)")
  func noAnchorAtTop() async {
    let (table, controller) = table((0..<50).map { Tall(id: $0) })
    #expect(table.contentOffset == 0)
    let refreshed = (100..<103).map { Tall(id: $0) } + (0..<50).map { Tall(id: $0) }
    await controller.apply(try! Snapshot(refreshed, in: SectionInfo(id: "rows")))
    #expect(table.contentOffset == 0, "the new rows come into view")
    #expect(table.visibleCells.first?.text == "100")
    // Scrolled down, the row being read keeps its place.
    table.contentOffset = 300
    let read = controller.snapshot[table.visibleItemPaths[0]].id
    let distance =
      table.contentOffset - table.heightIndex.offset(ofItemAt: table.visibleItemPaths[0])
    await controller.apply(
      try! Snapshot([Tall(id: 200)] + refreshed, in: SectionInfo(id: "rows")))
    let path = controller.snapshot.path(of: read)!
    #expect(table.contentOffset - table.heightIndex.offset(ofItemAt: path) == distance)
    // Without anchoring, the content offset stays.
    controller.scrollAnchoring = .none
    let offset = table.contentOffset
    await controller.apply(
      try! Snapshot([Tall(id: 201), Tall(id: 200)] + refreshed, in: SectionInfo(id: "rows")))
    #expect(table.contentOffset == offset)
  }

  @Test("a row above the viewport growing moves nothing; a narrower list re-measures")
  func growthAndWidth() async {
    var items = (0..<100).map { Tall(id: $0) }
    let (table, controller) = table(items)
    table.contentOffset = 600
    let first = table.visibleItemPaths[0]
    let screenTop = table.heightIndex.offset(ofItemAt: first) - table.contentOffset
    items[2].grown = 50
    await controller.apply(try! Snapshot(items, in: SectionInfo(id: "rows")))
    #expect(table.heightIndex.offset(ofItemAt: first) - table.contentOffset == screenTop)
    table.width = 200
    #expect(table.heightIndex.offset(ofItemAt: first) - table.contentOffset == screenTop)
  }
}

@MainActor
@Test("a height provider set after rows were measured replaces their cached heights")
func heightProviderReplacesCache() {
  let table = SimulatedTableView(viewportHeight: 10)
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  table.asksHeights = true
  let controller = ListController<SectionInfo, Tall, SimulatedCell>(
    host: table, snapshot: try! Snapshot((0..<5).map { Tall(id: $0) }, in: SectionInfo(id: "r"))
  ) { host, path, _ in host.dequeueCell(withReuseIdentifier: "row", for: path) }
  #expect(controller.height(forItemAt: ItemPath(section: 0, item: 1), width: 320) == nil)
  controller.heightProvider = { item, _, _ in item.height }
  #expect(controller.height(forItemAt: ItemPath(section: 0, item: 1), width: 320) == 17)
}

/// Dynamic Type: a text size change drops every height, the rows on screen
/// are measured again at once, and the first of them keeps its place.
@MainActor
@Test("a text size change re-measures the rows on screen and keeps the first in its place")
func textSizeChangeRemeasures() {
  let table = SimulatedTableView(viewportHeight: 100)
  table.animationTiming = .immediate
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  table.rowHeight = 24
  table.asksHeights = true
  let controller = ListController<SectionInfo, Tall, SimulatedCell>(
    host: table, snapshot: try! Snapshot((0..<200).map { Tall(id: $0) }, in: SectionInfo(id: "r"))
  ) { host, path, _ in host.dequeueCell(withReuseIdentifier: "row", for: path) }
  final class Measuring {
    var scale = 1.0
    var asked = 0
  }
  let measuring = Measuring()
  controller.heightProvider = { item, _, _ in
    measuring.asked += 1
    return item.height * measuring.scale
  }
  table.contentOffset = 1000
  let first = table.visibleItemPaths[0]
  let screenTop = table.heightIndex.offset(ofItemAt: first) - table.contentOffset
  measuring.scale = 1.5
  table.contentOffset = table.contentOffset  // a layout alone asks nothing new: heights are cached
  #expect(table.heightIndex.height(ofItemAt: first) == controller.snapshot[first].height)
  let before = measuring.asked
  table.changeTextSize()
  #expect(measuring.asked > before, "asked again")
  for path in table.visibleItemPaths {
    #expect(table.heightIndex.height(ofItemAt: path) == controller.snapshot[path].height * 1.5)
  }
  #expect(table.visibleItemPaths[0] == first)
  #expect(table.heightIndex.offset(ofItemAt: first) - table.contentOffset == screenTop)
}
