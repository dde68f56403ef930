import Tabula
import TabulaTesting
import Testing

// The sample of "User edits: moves, deletes, undo" (UserEdits.md), run
// against a simulated table view. The article shows it on UIKit
// (UserEdits+UIKit.swift); TabulaTesting's guide (TestingAScreen.md) shows
// the simulated drag.

struct Chore: Diffable, Hashable {
  let id: Int
  var title: String
  var isPinned = false
}

struct ChoreRowPresenter: Presenter {
  func reuseIdentifier(for chore: Chore, style: PresentationStyle) -> String { "chore" }
  func configure(_ cell: SimulatedCell, with chore: Chore, context: PresentationContext) {
    cell.text = chore.title
  }
  func canMove(_ chore: Chore) -> Bool { !chore.isPinned }
}

@MainActor
@Test func userMovedChores() async throws {
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "chore")
  tableView.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(ChoreRowPresenter())
  let controller = ListController<SectionInfo, Chore, SimulatedCell>(
    host: tableView, presenters: presenters)
  let week = [
    Chore(id: 1, title: "Dishes"), Chore(id: 2, title: "Laundry"), Chore(id: 3, title: "Bins"),
  ]

  let chores = StaticSource(try Snapshot(week, in: SectionInfo(id: "week")))
  controller.connect(to: chores)
  controller.movePolicy = .withinSection

  await controller.apply(controller.latestSnapshot)
  let batches = tableView.batchCount

  // The user drags the first chore below the third: the view moved it already.
  tableView.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))

  await controller.apply(controller.latestSnapshot)
  #expect(chores.snapshot.items.map(\.title) == ["Laundry", "Bins", "Dishes"])
  #expect(tableView.visibleCells.map(\.text) == ["Laundry", "Bins", "Dishes"])
  #expect(tableView.batchCount == batches, "no batch for the move or its echo")

  controller.undo()
  await controller.apply(controller.latestSnapshot)
  #expect(chores.snapshot.items.map(\.title) == ["Dishes", "Laundry", "Bins"])
  #expect(controller.history.redoName == "Move Item")
}
