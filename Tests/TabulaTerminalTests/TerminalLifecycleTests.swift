import Tabula
import TabulaTestSupport
import Testing

@testable import TabulaTerminal

@MainActor
@Suite("The cell lifecycle on the terminal: one end per appearance")
struct TerminalLifecycleTests {
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
@Test("terminal: a frame drawn again without scrolling keeps the prefetched rows above")
func terminalPrefetchingHoldsStill() {
  let log = LifecycleLog()
  let list = TerminalListView(width: 30, height: 8)
  list.prefetchRowCount = 4
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(LoggingPresenter<TerminalCell>(log: log) { $0.text = $1.text })
  let rows = (0..<100).map { LoggedRow(id: $0, text: "row \($0)") }
  let controller = ListController(
    host: list, snapshot: try! Snapshot(rows, in: SectionInfo(id: "rows")),
    presenters: presenters)
  list.select(ItemPath(section: 0, item: 60))
  _ = list.render()
  list.select(ItemPath(section: 0, item: 40))  // up: the window is above
  _ = list.render()
  let cancels = log.cancels
  _ = list.render()
  #expect(log.prefetched == Set(36..<40), "the next frame keeps the window above")
  #expect(log.cancels == cancels)
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
