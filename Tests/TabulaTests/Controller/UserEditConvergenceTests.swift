import Foundation
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

// User edits against data that moves under them (issue 23): a refused move
// converges to the data as it is then, an undo whose neighbour is gone puts
// the row by its nearest surviving neighbour, an undo into a collapsed
// section goes through, and gestures made while transactions are on their
// way to the view are written and undone exactly.

/// Lets rows move when the view asks (as the drag starts) and refuses
/// when the controller is told of the drop: the row's model changed during
/// the drag.
@MainActor
func refuseDuringTheDrag(_ controller: ListController<SectionInfo, TestItem, SimulatedCell>) {
  var asked = 0
  controller.canMove = { _, _ in
    asked += 1
    return asked == 1
  }
}

@MainActor
@Suite("User edits against data that changes under them")
struct UserEditConvergenceTests {
  @Test("a refused move goes back to the source's snapshot as it is then, not as it was")
  func refusedMoveConvergesToTheSource() async throws {
    let (view, controller) = movableList()
    var start = try twoSections()
    try start.appendItems([TestItem(id: 7)], toSection: "A")
    let source = StaticSource(start)
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    refuseDuringTheDrag(controller)
    _ = recordingReports {
      view.userMoveRow(from: ItemPath(section: 0, item: 4), to: ItemPath(section: 0, item: 0))
    }
    // Another writer deletes 2 before the list takes the move back.
    var next = source.snapshot
    try next.deleteItems([2])
    source.setSnapshot(next)
    for _ in 0..<5 { await Task.yield() }
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [1, 3, 4, 7])
    #expect(controller.snapshot == source.snapshot)
    expectShows(view, controller.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("a refused move of a list that owns its data goes back, keeping what was applied since")
  func refusedMoveOwningTheData() async throws {
    let (view, controller) = movableList()
    var start = try twoSections()
    try start.appendItems([TestItem(id: 7)], toSection: "A")
    await controller.apply(start)
    refuseDuringTheDrag(controller)
    _ = recordingReports {
      view.userMoveRow(from: ItemPath(section: 0, item: 4), to: ItemPath(section: 1, item: 0))
    }
    // The app applies a newer snapshot before the list takes the move back.
    var next = start
    try next.appendItems([TestItem(id: 30)], toSection: "B")
    controller.apply(next, completion: nil)
    for _ in 0..<5 { await Task.yield() }
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot == next)
    expectShows(view, controller.snapshot)
  }

  @Test("undo of a delete whose neighbour another writer removed: back after the row before it")
  func undoByTheSurvivingNeighbour() async throws {
    let (view, controller) = movableList()
    let source = StaticSource(try twoSections())
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    var failures: [String] = []
    controller.didFailToWrite = { error, _ in failures.append("\(error)") }
    controller.userDeleteItems(withIDs: [2])
    var next = source.snapshot
    try next.deleteItems([3])  // 2 came before 3
    source.setSnapshot(next)
    controller.undo()
    await controller.apply(controller.latestSnapshot)
    #expect(failures == [])
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 4])
    #expect(controller.snapshot == source.snapshot)
    #expect(controller.history.canRedo && !controller.history.canUndo)

    // Both neighbours gone: back at its index.
    controller.userDeleteItems(withIDs: [6])  // B: 5, 6, 8
    next = source.snapshot
    try next.deleteItems([5, 8])
    try next.appendItems([TestItem(id: 20), TestItem(id: 21), TestItem(id: 22)], toSection: "B")
    source.setSnapshot(next)
    controller.undo()
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [20, 6, 21, 22])
    #expect(controller.snapshot == source.snapshot)
    expectShows(view, controller.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("undo of a move whose old neighbours are gone puts the row back by the nearest one left")
  func undoMoveByTheSurvivingNeighbour() async throws {
    let (view, controller) = movableList()
    let source = StaticSource(try twoSections())
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    // 2 (between 1 and 3) moves to B; another writer deletes 3.
    view.userMoveRow(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
    var next = source.snapshot
    try next.deleteItems([3])
    source.setSnapshot(next)
    await controller.apply(controller.latestSnapshot)
    controller.undo()
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 4])
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [5, 6, 8])
    #expect(controller.snapshot == source.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("undo of a move out of a section the user then collapsed puts the row back into it")
  func undoIntoACollapsedSection() async throws {
    let view = SimulatedTableView(viewportHeight: 30)
    view.animationTiming = .immediate
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(MovableItemPresenter())
    let base = StaticSource(try twoSections())
    let folders = CollapsingSource(base)
    let collapsing = ListController<CollapsibleSection<SectionInfo>, TestItem, SimulatedCell>(
      host: view, presenters: presenters)
    collapsing.connect(to: folders)
    await collapsing.apply(collapsing.latestSnapshot)
    var failures: [String] = []
    collapsing.didFailToWrite = { error, _ in failures.append("\(error)") }
    view.userMoveRow(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
    #expect(base.snapshot.items(inSectionAt: 1).map(\.id) == [2, 5, 6, 8])
    try folders.collapseSection("A")
    await collapsing.apply(collapsing.latestSnapshot)
    collapsing.undo()
    await collapsing.apply(collapsing.latestSnapshot)
    #expect(failures == [])
    #expect(base.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 3, 4])
    #expect(base.snapshot.items(inSectionAt: 1).map(\.id) == [5, 6, 8])
    #expect(collapsing.snapshot.items.map(\.id) == folders.snapshot.items.map(\.id))
    #expect(collapsing.snapshot.sections.map(\.id) == ["A", "B"])
    #expect(collapsing.snapshot.sections[0].itemCount == 4)
    #expect(view.violations.isEmpty)
  }

  @Test(
    "gestures while transactions are on their way: every move and delete is written as seen, and undoing every step returns to the start",
    arguments: [1, 2, 3, 4, 5, 6])
  func undoRoundTripsWhateverTheTiming(seed: UInt64) async throws {
    let (view, controller) = movableList(viewportHeight: 60)
    view.animationTiming = .manual
    let start = try TestSnapshot(sections: [
      SnapshotSection(section("A"), items: items(Array(1...6))),
      SnapshotSection(section("B"), items: items(Array(8...13))),
      SnapshotSection(section("C"), items: items(Array(15...20))),
    ])
    let source = StaticSource(start)
    controller.connect(to: source)
    view.finishAnimations()
    var failures: [String] = []
    controller.didFailToWrite = { error, _ in failures.append("\(error)") }
    var random = SeededRandom(seed: seed)
    let steps = Int(ProcessInfo.processInfo.environment["TABULA_ROUND_TRIP_STEPS"] ?? "") ?? 120
    // Rounds of 120 gestures (fewer steps than the history keeps), each
    // undone whole back to where it started.
    var roundStart = start
    for round in 0..<max(1, steps / 120) {
      for step in 0..<120 {
        let counts = view.rowCounts
        switch random.int(in: 0..<10) {
        case 0, 1: controller.undo()
        case 2: controller.redo()
        case 3:
          if let row = randomRow(counts, &random), controller.canDeleteItem(at: row) {
            _ = view.userDeleteRows(at: [row])
          }
        case 4, 5: view.finishAnimations()
        default:
          if let from = randomRow(counts, &random) {
            view.userMoveRow(from: from, to: randomPlace(for: from, counts, &random))
          }
        }
        if random.chance(0.3) { await Task.yield() }
        #expect(view.violations.isEmpty, "round \(round), step \(step): \(view.violations)")
      }
      while controller.isUpdating || controller.latestSnapshot != controller.snapshot {
        view.finishAnimations()
        await Task.yield()
      }
      #expect(controller.snapshot == source.snapshot, "the view shows what the data holds")
      while controller.history.canUndo {
        controller.undo()
        view.finishAnimations()
        await Task.yield()
      }
      while controller.isUpdating {
        view.finishAnimations()
        await Task.yield()
      }
      #expect(source.snapshot == roundStart, "round \(round): every step undone")
      #expect(controller.snapshot == roundStart)
      // The next round starts from there, with its own history.
      controller.connect(to: source)
      view.finishAnimations()
      roundStart = source.snapshot
    }
    #expect(failures == [])
    expectShows(view, controller.snapshot)
    #expect(view.violations.isEmpty)
  }
}
