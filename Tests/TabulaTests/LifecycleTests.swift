import Tabula
import TabulaTesting
import Testing

@testable import TabulaTerminal

/// Records what the lifecycle tells a presenter, per cell.
@MainActor
final class LifecycleLog {
  /// The model id each cell on screen appeared with.
  var onScreen: [ObjectIdentifier: Int] = [:]
  var appearances = 0
  var ends = 0
  var problems: [String] = []
  var prefetched: Set<Int> = []
  var prefetches = 0
  var cancels = 0

  func willDisplay(_ cell: AnyObject, _ id: Int) {
    let key = ObjectIdentifier(cell)
    if let shown = onScreen[key] { problems.append("cell of \(shown) appeared again as \(id)") }
    onScreen[key] = id
    appearances += 1
    prefetched.remove(id)  // a prefetched row that shows is done prefetching
  }

  func didEnd(_ cell: AnyObject, _ id: Int) {
    guard let shown = onScreen.removeValue(forKey: ObjectIdentifier(cell)) else {
      problems.append("a cell ended that did not appear (\(id))")
      return
    }
    if shown != id { problems.append("cell of \(shown) ended as \(id)") }
    ends += 1
  }
}

struct LoggedRow: Diffable, Hashable {
  let id: Int
  var text: String
}

struct LoggingPresenter<Cell: AnyObject>: Presenter {
  let log: LifecycleLog
  let configureCell: (Cell, LoggedRow) -> Void

  func reuseIdentifier(for row: LoggedRow, style: PresentationStyle) -> String { "row" }
  func configure(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    configureCell(cell, row)
  }
  func willDisplay(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    log.willDisplay(cell, row.id)
  }
  func didEndDisplaying(_ cell: Cell, with row: LoggedRow) { log.didEnd(cell, row.id) }
  func prefetch(_ row: LoggedRow) {
    log.prefetches += 1
    log.prefetched.insert(row.id)
  }
  func cancelPrefetching(_ row: LoggedRow) {
    log.cancels += 1
    log.prefetched.remove(row.id)
  }
}

/// A random change of `rows`: inserts, deletes, moves, content changes.
func randomChange(_ rows: inout [LoggedRow], _ random: inout SeededRandom, nextID: inout Int) {
  for _ in 0..<random.int(in: 1...10) {
    let position = random.int(in: 0...rows.count)
    switch random.int(in: 0..<4) {
    case 0:
      rows.insert(LoggedRow(id: nextID, text: "new"), at: position)
      nextID += 1
    case 1 where position < rows.count && rows.count > 5:
      rows.remove(at: position)
    case 2 where position < rows.count:
      let moved = rows.remove(at: position)
      rows.insert(moved, at: random.int(in: 0...rows.count))
    default:
      if !rows.isEmpty { rows[random.int(in: 0..<rows.count)].text += "!" }
    }
  }
}

@MainActor
@Suite("The cell lifecycle: one end per appearance, on every host")
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

  @Test("terminal: random batches and scrolling pair every appearance with one end")
  func terminalPairs() async {
    let log = LifecycleLog()
    let list = TerminalListView(width: 30, height: 8)
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(LoggingPresenter<TerminalCell>(log: log) { $0.text = $1.text })
    var rows = (0..<60).map { LoggedRow(id: $0, text: "row \($0)") }
    let section = SectionInfo(id: "rows")
    let controller = ListController(
      host: list, snapshot: try! Snapshot(rows, in: section), presenters: presenters)
    var random = SeededRandom(seed: 22)
    var nextID = 1000
    _ = list.render()
    for step in 0..<120 {
      if step % 3 == 0 {
        list.select(ItemPath(section: 0, item: random.int(in: 0..<rows.count)))
      } else {
        randomChange(&rows, &random, nextID: &nextID)
        await controller.apply(try! Snapshot(rows, in: section))
      }
      _ = list.render()
      #expect(log.problems.isEmpty, "\(log.problems)")
      let visible = Set(
        list.visibleItemPaths.compactMap { list.visibleCell(at: $0) }.map {
          ObjectIdentifier($0)
        })
      #expect(Set(log.onScreen.keys) == visible, "exactly the cells on screen appeared")
    }
    #expect(log.problems.isEmpty)
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

/// Forwards a row's lifecycle to its child controllers.
struct ControllerPresenter<Child: AnyObject, Cell: AnyObject>: Presenter {
  let controllers: RowControllers<Int, Child, Cell>
  let configureCell: (Cell, LoggedRow) -> Void

  func reuseIdentifier(for row: LoggedRow, style: PresentationStyle) -> String { "row" }
  func configure(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    configureCell(cell, row)
  }
  func willDisplay(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    controllers.willDisplay(row.id, in: cell)
  }
  func didEndDisplaying(_ cell: Cell, with row: LoggedRow) {
    controllers.didEndDisplaying(row.id, in: cell)
  }
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

@MainActor
@Test("terminal: the rows past the screen are prefetched; those passed by unseen are cancelled")
func terminalPrefetching() {
  let log = LifecycleLog()
  let list = TerminalListView(width: 30, height: 8)
  list.prefetchRowCount = 4
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(LoggingPresenter<TerminalCell>(log: log) { $0.text = $1.text })
  let rows = (0..<100).map { LoggedRow(id: $0, text: "row \($0)") }
  let controller = ListController(
    host: list, snapshot: try! Snapshot(rows, in: SectionInfo(id: "rows")),
    presenters: presenters)
  _ = list.render()
  #expect(log.prefetched == Set(8..<12))
  list.select(ItemPath(section: 0, item: 9))  // two rows down: 8 and 9 show
  _ = list.render()
  #expect(log.prefetched == Set(10..<14))
  #expect(log.cancels == 0)
  list.select(ItemPath(section: 0, item: 60))
  _ = list.render()
  #expect(log.prefetched == Set(61..<65))
  #expect(log.cancels == 4, "10...13 were passed by unseen")
  list.select(ItemPath(section: 0, item: 40))  // up: the window is above
  _ = list.render()
  #expect(log.prefetched == Set(36..<40))
  withExtendedLifetime(controller) {}
}

@MainActor
@Test("terminal: a reloaded row on screen keeps its child controller, moved to the new cell")
func terminalReloadKeepsController() async {
  final class Child {
    var cell: TerminalCell?
  }
  let controllers = RowControllers<Int, Child, TerminalCell>(
    make: { _ in Child() }, attach: { $0.cell = $1 }, detach: { child, _ in child.cell = nil })
  let list = TerminalListView(width: 30, height: 8)
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(ControllerPresenter(controllers: controllers) { $0.text = $1.text })
  let rows = (0..<20).map { LoggedRow(id: $0, text: "row \($0)") }
  let section = SectionInfo(id: "rows")
  let controller = ListController(
    host: list, snapshot: try! Snapshot(rows, in: section), presenters: presenters)
  _ = list.render()
  let child = controllers.controller(for: 2)
  #expect(child != nil)
  var next = try! Snapshot(rows, in: section)
  try! next.reloadItems([2])
  await controller.apply(next)
  _ = list.render()
  #expect(controllers.controller(for: 2) === child, "the same controller")
  #expect(child?.cell === list.visibleCell(at: ItemPath(section: 0, item: 2)), "in the new cell")
  #expect(controllers.madeCount == 8)
}
