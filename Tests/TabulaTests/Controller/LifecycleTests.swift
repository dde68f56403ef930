import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@MainActor
@Suite("The cell lifecycle: one end per appearance, on the simulators")
struct LifecycleTests {
  @Test("simulated table: random batches and scrolling pair every appearance with one end")
  func simulatedPairs() async {
    let log = LifecycleLog()
    let table = SimulatedTableView(viewportHeight: 12)
    table.animationTiming = .immediate
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(LoggingPresenter<SimulatedCell>(log: log) { $0.text = $1.text })
    var rows = (0..<60).map { LoggedRow(id: $0, text: "row \($0)") }
    let section = SectionInfo(id: "rows")
    let controller = ListController(
      host: table, snapshot: try! Snapshot(rows, in: section), presenters: presenters)
    var random = SeededRandom(seed: 21)
    var nextID = 1000
    for step in 0..<120 {
      if step % 3 == 0 {
        table.scrollOffset = random.int(in: 0...max(0, rows.count - 5))
      } else {
        randomChange(&rows, &random, nextID: &nextID)
        // Reloads as well as reconfigures.
        if step % 5 == 0, let reloaded = rows.randomElement(using: &random) {
          var next = try! Snapshot(rows, in: section)
          try! next.reloadItems([reloaded.id])
          await controller.apply(next)
        } else {
          await controller.apply(try! Snapshot(rows, in: section))
        }
      }
      #expect(log.problems.isEmpty, "\(log.problems)")
      let visible = Set(table.visibleCells.map { ObjectIdentifier($0) })
      #expect(Set(log.onScreen.keys) == visible, "exactly the cells on screen appeared")
      #expect(controller.displayedCellCount == visible.count)
    }
    #expect(table.violations.isEmpty)
    table.reloadData()
    #expect(log.onScreen.count == table.visibleCells.count)
    #expect(log.appearances - log.ends == table.visibleCells.count)
    #expect(log.problems.isEmpty)
  }

  @Test("simulated table: rows ahead of the scroll are prefetched; those passed by are cancelled")
  func prefetching() async {
    let log = LifecycleLog()
    let table = SimulatedTableView(viewportHeight: 10)
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    table.prefetchRowCount = 5
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(LoggingPresenter<SimulatedCell>(log: log) { $0.text = $1.text })
    let rows = (0..<100).map { LoggedRow(id: $0, text: "row \($0)") }
    let controller = ListController(
      host: table, snapshot: try! Snapshot(rows, in: SectionInfo(id: "rows")),
      presenters: presenters)
    #expect(log.prefetched == Set(10..<15), "the five rows below the screen")
    table.scrollOffset = 3
    #expect(log.prefetched == Set(13..<18))
    table.scrollOffset = 50
    #expect(log.prefetched == Set(60..<65))
    #expect(log.cancels == 5, "rows 13...17 were passed by unseen; 10...12 showed")
    table.scrollOffset = 40  // scrolling up: the window is above
    #expect(log.prefetched == Set(35..<40))
    #expect(log.cancels == 10, "and 60...64 are behind now")
    withExtendedLifetime(controller) {}
  }
}

/// A child controller that knows which cell holds it.
@MainActor
final class ChildController {
  let rowID: Int
  var cell: SimulatedCell?
  var problems: [String] = []
  init(rowID: Int) { self.rowID = rowID }
}

@MainActor
@Test(
  "child controllers: one per visible row, kept through moves and reconfigures, moved on reload")
func rowControllers() async {
  var problems: [String] = []
  let controllers = RowControllers<Int, ChildController, SimulatedCell>(
    make: { ChildController(rowID: $0) },
    attach: { controller, cell in
      if controller.cell != nil { problems.append("\(controller.rowID) attached twice") }
      controller.cell = cell
    },
    detach: { controller, cell in
      if controller.cell !== cell { problems.append("\(controller.rowID) detached elsewhere") }
      controller.cell = nil
    })
  let table = SimulatedTableView(viewportHeight: 12)
  table.animationTiming = .immediate
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(ControllerPresenter(controllers: controllers) { $0.text = $1.text })
  var rows = (0..<60).map { LoggedRow(id: $0, text: "row \($0)") }
  let section = SectionInfo(id: "rows")
  let list = ListController(
    host: table, snapshot: try! Snapshot(rows, in: section), presenters: presenters)
  var random = SeededRandom(seed: 23)
  var nextID = 1000
  for step in 0..<100 {
    let before = Dictionary(
      uniqueKeysWithValues: controllers.activeIDs.map { ($0, controllers.controller(for: $0)!) })
    var reloaded: Set<Int> = []
    if step % 3 == 0 {
      table.scrollOffset = random.int(in: 0...max(0, rows.count - 5))
    } else {
      randomChange(&rows, &random, nextID: &nextID)
      var next = try! Snapshot(rows, in: section)
      if step % 4 == 0, let row = rows.randomElement(using: &random) {
        try! next.reloadItems([row.id])
        reloaded.insert(row.id)
      }
      await list.apply(next)
    }
    let visible = Dictionary(
      uniqueKeysWithValues: table.visibleItemPaths.map {
        (list.snapshot[$0].id, table.visibleCell(at: $0)!)
      })
    #expect(controllers.activeIDs == Set(visible.keys), "a controller per visible row")
    for (id, cell) in visible {
      #expect(controllers.controller(for: id)?.cell === cell, "in the row's cell")
      if let old = before[id] {
        #expect(controllers.controller(for: id) === old, "kept while the row stayed on screen")
      }
    }
    #expect(problems.isEmpty, "\(problems)")
  }
  #expect(controllers.attachCount - controllers.detachCount == controllers.activeIDs.count)
  #expect(table.violations.isEmpty)
}
