import Foundation
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// Presents `TestItem`s; rows whose id is a multiple of 7 cannot move.
struct MovableItemPresenter: Presenter {
  func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "cell" }
  func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
    cell.text = item.description
    cell.representedID = item.id
  }
  func canMove(_ item: TestItem) -> Bool { !item.id.isMultiple(of: 7) }
  func canDelete(_ item: TestItem) -> Bool { !item.id.isMultiple(of: 7) }
}

/// A source that cannot write: every write throws.
@MainActor
final class FailingSource: WritableSource {
  struct Refused: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
  }
  let base: StaticSource<SectionInfo, TestItem>
  init(_ snapshot: TestSnapshot) { base = StaticSource(snapshot) }
  var snapshot: TestSnapshot { base.snapshot }
  var state: LoadingState { base.state }
  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    base.observe(observer)
  }
  func write(_ edit: UserEdit<SectionInfo, TestItem>) throws -> Task<Void, any Error>? {
    throw Refused()
  }
}

/// A read-only source.
@MainActor
final class ReadOnlySource: SnapshotSource {
  let snapshot: TestSnapshot
  init(_ snapshot: TestSnapshot) { self.snapshot = snapshot }
  var state: LoadingState { .loaded }
  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    ObserverList().add(observer)
  }
}

@MainActor
func movableList(
  _ kind: ListViewKind = .table, viewportHeight: Int = 30
) -> (SimulatedListView, ListController<SectionInfo, TestItem, SimulatedCell>) {
  let view: SimulatedListView =
    kind == .table
    ? SimulatedTableView(viewportHeight: viewportHeight)
    : SimulatedCollectionView(viewportHeight: viewportHeight)
  view.animationTiming = .immediate
  view.register(SimulatedCell.self, forReuseIdentifier: "cell")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(MovableItemPresenter())
  return (view, ListController(host: view, presenters: presenters))
}

@MainActor
@Suite("User edits: moves the user made, adopted and written back")
struct UserMoveTests {
  @Test("a user move is adopted without a batch, written to the source, and its echo moves nothing")
  func adoptedOnce() async throws {
    let (view, controller) = movableList()
    let source = StaticSource(try twoSections())
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    let batches = view.batchCount
    let cell = try #require(view.visibleCell(at: ItemPath(section: 0, item: 0)))

    let landed = view.userMoveRow(
      from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
    #expect(landed == ItemPath(section: 1, item: 1))
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [5, 1, 6, 8], "written back")
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [2, 3, 4])
    await controller.apply(controller.latestSnapshot)  // let the echo run
    #expect(view.batchCount == batches, "no batch for the move, none for its echo")
    #expect(view.visibleCell(at: ItemPath(section: 1, item: 1)) === cell, "the cell moved along")
    expectShows(view, source.snapshot)
    #expect(controller.snapshot.items.map(\.id) == source.snapshot.items.map(\.id))
  }

  @Test("rows whose presenter refuses do not move; movePolicy and moveTarget redirect drops")
  func refusalsAndTargets() async throws {
    let (view, controller) = movableList()
    var snapshot = try twoSections()
    try snapshot.appendItems([TestItem(id: 7)], toSection: "A")
    await controller.apply(snapshot)
    #expect(
      view.userMoveRow(from: ItemPath(section: 0, item: 4), to: ItemPath(section: 0, item: 0))
        == nil, "7 cannot move")
    controller.movePolicy = .withinSection
    #expect(
      view.userMoveRow(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))
        == ItemPath(section: 0, item: 4), "a drop below its section lands at the section's end")
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [1, 3, 4, 7, 2])
    controller.moveTarget = { _, from, _ in from }
    #expect(
      view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
        == ItemPath(section: 0, item: 0), "a target that keeps it in place")
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [1, 3, 4, 7, 2])
    expectShows(view, controller.snapshot)
  }

  @Test("a move the source cannot write is reported and undone, animated")
  func failedWrite() async throws {
    let (view, controller) = movableList()
    let source = FailingSource(try twoSections())
    var failures: [String] = []
    controller.didFailToWrite = { error, edit in
      guard case .move(let placement, _, _) = edit else { return }
      failures.append(
        "\(placement.item.id) to \(placement.section) before "
          + "\(placement.before.map(String.init) ?? "end"): \(error)")
    }
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    let batches = view.batchCount
    view.userMoveRow(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 3))
    // The list goes back on the next turn, not inside the host's callback.
    await yieldUntil { view.batchCount != batches }
    await controller.apply(controller.latestSnapshot)
    #expect(failures == ["4 to B before end: the disk is full"])
    #expect(view.batchCount == batches + 1, "one animated batch moves it back")
    expectShows(view, source.snapshot)
  }

  @Test("a list following a read-only source does not let rows move, and says why once")
  func readOnlySource() async throws {
    let (view, controller) = movableList()
    controller.connect(to: ReadOnlySource(try twoSections()))
    await controller.apply(controller.latestSnapshot)
    let reports = recordingReports {
      #expect(
        view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
          == nil)
      _ = controller.canMoveItem(at: ItemPath(section: 0, item: 1))
    }
    #expect(
      reports == [
        "rows cannot move or be deleted: the list's source ReadOnlySource cannot write them "
          + "back (it is not a WritableSource)"
      ])
  }

  @Test("a move the host made although the list refuses it is reported and undone, animated")
  func refusedByHost() async throws {
    let (view, controller) = movableList()
    var snapshot = try twoSections()
    try snapshot.appendItems([TestItem(id: 7)], toSection: "A")
    await controller.apply(snapshot)
    let reports = recordingReports {
      controller.host.hostDataSource!.userMovedItem(
        from: ItemPath(section: 0, item: 4), to: ItemPath(section: 0, item: 0))
    }
    #expect(
      reports == [
        "the host moved the item 7 from [0, 4] to [0, 0], which the list refuses (its "
          + "presenter, movePolicy or moveTarget): it moves back"
      ])
    // It moves back on the next turn, not inside the host's callback.
    await yieldUntil { controller.snapshot.items(inSectionAt: 0).first?.id != 7 }
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 3, 4, 7])
    #expect(!controller.history.canUndo)
    _ = view
  }

  @Test("a host whose data source ignores a user move breaks UIKit's rules at the next batch")
  func ignoredMoveIsCaught() throws {
    final class MovableCounts: ListHostDataSource {
      var counts = [2, 1]
      var numberOfSections: Int { counts.count }
      func numberOfItems(inSectionAt section: Int) -> Int { counts[section] }
      func cell(for host: any ListHost<SimulatedCell>, at path: ItemPath) -> SimulatedCell {
        host.dequeueCell(withReuseIdentifier: "cell", for: path)
      }
      func headerTitle(forSectionAt section: Int) -> String? { nil }
      func footerTitle(forSectionAt section: Int) -> String? { nil }
      func height(forItemAt path: ItemPath, width: Double) -> Double? { nil }
      func didSelectItem(at path: ItemPath) {}
      func canMoveItem(at path: ItemPath) -> Bool { true }
    }
    let view = SimulatedTableView()
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let source = MovableCounts()
    view.hostDataSource = source
    view.reloadData()
    view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
    #expect(view.numberOfRows(inSectionAt: 1) == 2, "the view moved the row itself")
    let error = #expect(throws: ListViewError.self) { try view.performBatchUpdates {} }
    #expect(
      error?.message
        == "Invalid update: invalid number of rows in section 0.  The number of rows contained in "
        + "an existing section after the update (2) must be equal to the number of rows contained "
        + "in that section before the update (1), plus or minus the number of rows inserted or "
        + "deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows "
        + "moved into or out of that section (0 moved in, 0 moved out).")
  }

  @Test(
    "random user moves during animations and source changes: the view ends equal to the source",
    arguments: [ListViewKind.table, .collection])
  func randomized(kind: ListViewKind) async throws {
    let (view, controller) = movableList(kind, viewportHeight: 12)
    view.animationTiming = .manual
    var random = SeededRandom(seed: kind == .table ? 31 : 32)
    var ids = FreshIDs()
    var start = randomSnapshot(&random, maxItems: 40, ids: &ids)
    if start.numberOfSections == 0 { start = oneSection(&ids) }
    let source = StaticSource(start)
    controller.connect(to: source)
    // A row the other writer deleted meanwhile cannot be written: reported,
    // and the list converges.
    var conflicts = 0
    controller.didFailToWrite = { error, _ in
      switch error {
      case SnapshotError.unknownItemIDs, SnapshotError.unknownSectionIDs: conflicts += 1
      default:
        Issue.record("unexpected write error \(error)")
      }
    }
    var moves = 0
    for step in 0..<300 {
      switch random.int(in: 0..<10) {
      case 0..<5:
        // The user drags a row somewhere (only rows the view shows settled).
        let counts = view.rowCounts
        guard !controller.isUpdating || random.chance(0.5),
          let source = randomRow(counts, &random)
        else { break }
        if view.userMoveRow(from: source, to: randomPlace(for: source, counts, &random)) != nil {
          moves += 1
        }
      case 5..<8:
        // Another writer changes the data.
        var next = randomChange(of: source.snapshot, &random, ids: &ids, maxInserts: 3)
        if next.numberOfSections == 0 { next = oneSection(&ids) }
        source.setSnapshot(next.withoutMarks)
      default:
        view.finishAnimations()
      }
      #expect(view.violations.isEmpty, "step \(step): \(view.violations)")
    }
    while controller.isUpdating {
      view.finishAnimations()
      await Task.yield()
    }
    #expect(moves > 50)
    expectShows(view, source.snapshot, "settled")
    #expect(controller.snapshot.items.map(\.id) == source.snapshot.items.map(\.id))
  }
}

@MainActor
@Suite("User edits: deletes, undo and redo")
struct UserDeleteAndUndoTests {
  @Test("a delete animates once, is written back, and undo puts the rows back where they were")
  func deleteAndUndo() async throws {
    let (view, controller) = movableList()
    let start = try twoSections()
    let source = StaticSource(start)
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    let batches = view.batchCount
    let reported = view.userDeleteRows(
      at: [
        ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 2),
      ])
    #expect(reported.count == 3)
    await controller.apply(controller.latestSnapshot)
    #expect(view.batchCount == batches + 1, "one animated batch; the echo adds none")
    #expect(source.snapshot.items.map(\.id) == [1, 4, 5, 6])
    #expect(controller.history.undoName == "Delete 3 Items")
    expectShows(view, source.snapshot)

    controller.undo()
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items.map(\.id) == start.items.map(\.id))
    #expect(
      controller.snapshot.sections.indices.map {
        controller.snapshot.items(inSectionAt: $0).map(\.id)
      }
        == [[1, 2, 3, 4], [5, 6, 8]], "exactly the rows and positions before")
    #expect(controller.history.redoName == "Delete 3 Items" && !controller.history.canUndo)
    controller.redo()
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items.map(\.id) == [1, 4, 5, 6])
    expectShows(view, source.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("undo takes a move back, redo makes it again; undo with nothing to undo does nothing")
  func undoMove() async throws {
    let (view, controller) = movableList()
    let source = StaticSource(try twoSections())
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    controller.undo()  // nothing to undo: no trap, no change
    #expect(source.snapshot.items.map(\.id) == [1, 2, 3, 4, 5, 6, 8])
    view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 3))
    #expect(controller.history.undoName == "Move Item")
    controller.undo()
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items.map(\.id) == [1, 2, 3, 4, 5, 6, 8])
    expectShows(view, source.snapshot)
    controller.redo()
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [5, 6, 8, 1])
    expectShows(view, source.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("undoing every edit of a random session restores the start exactly; redoing them, the end")
  func roundTrip() async throws {
    let (view, controller) = movableList(viewportHeight: 40)
    var random = SeededRandom(seed: 77)
    var ids = FreshIDs()
    var start = randomSnapshot(&random, maxItems: 30, ids: &ids)
    if start.numberOfItems < 5 { start = oneSection(&ids) }
    let source = StaticSource(start)
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    var edits = 0
    for _ in 0..<40 {
      let counts = view.rowCounts
      guard let path = randomRow(counts, &random) else { break }
      if random.chance(0.7) {
        let landed = view.userMoveRow(from: path, to: randomPlace(for: path, counts, &random))
        if let landed, landed != path { edits += 1 }
      } else if !view.userDeleteRows(at: [path]).isEmpty {
        edits += 1
      }
      await controller.apply(controller.latestSnapshot)
    }
    let end = source.snapshot
    #expect(controller.history.undoSteps.count == edits)
    while controller.history.canUndo {
      controller.undo()
      await controller.apply(controller.latestSnapshot)
    }
    #expect(source.snapshot.sections.map(\.id) == start.sections.map(\.id))
    #expect(
      source.snapshot.sections.indices.map { source.snapshot.items(inSectionAt: $0).map(\.id) }
        == start.sections.indices.map { start.items(inSectionAt: $0).map(\.id) })
    while controller.history.canRedo {
      controller.redo()
      await controller.apply(controller.latestSnapshot)
    }
    #expect(
      source.snapshot.sections.indices.map { source.snapshot.items(inSectionAt: $0).map(\.id) }
        == end.sections.indices.map { end.items(inSectionAt: $0).map(\.id) })
    expectShows(view, source.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("a delete the source cannot write brings the rows back and records no step")
  func failedDelete() async throws {
    let (view, controller) = movableList()
    let source = FailingSource(try twoSections())
    var failures = 0
    controller.didFailToWrite = { _, _ in failures += 1 }
    controller.connect(to: source)
    await controller.apply(controller.latestSnapshot)
    view.userDeleteRows(at: [ItemPath(section: 0, item: 0)])
    await controller.apply(controller.latestSnapshot)
    #expect(failures == 1)
    #expect(!controller.history.canUndo)
    expectShows(view, source.snapshot)
  }

  @Test("rows whose presenter refuses are not deleted")
  func refusedDelete() async throws {
    let (view, controller) = movableList()
    var snapshot = try twoSections()
    try snapshot.appendItems([TestItem(id: 7)], toSection: "A")
    await controller.apply(snapshot)
    #expect(view.userDeleteRows(at: [ItemPath(section: 0, item: 4)]).isEmpty, "7 stays")
    #expect(controller.snapshot.numberOfItems == 8)
  }

  @Test(
    "random moves, deletes, undos and redos with another writer: the view ends equal to the source",
    arguments: [ListViewKind.table, .collection])
  func randomized(kind: ListViewKind) async throws {
    let (view, controller) = movableList(kind, viewportHeight: 12)
    view.animationTiming = .manual
    var random = SeededRandom(seed: kind == .table ? 41 : 42)
    var ids = FreshIDs()
    var start = randomSnapshot(&random, maxItems: 40, ids: &ids)
    if start.numberOfSections == 0 { start = oneSection(&ids) }
    let source = StaticSource(start)
    controller.connect(to: source)
    controller.didFailToWrite = { error, _ in
      switch error {
      case SnapshotError.unknownItemIDs, SnapshotError.unknownSectionIDs,
        SnapshotError.duplicateItemIDs:
        break
      default: Issue.record("unexpected write error \(error)")
      }
    }
    // Failed undo steps (their rows gone) are reported to TabulaLog.
    let reports = await recordingReportsAsync {
      for step in 0..<300 {
        let counts = view.rowCounts
        switch random.int(in: 0..<12) {
        case 0..<3:
          guard let from = randomRow(counts, &random) else { break }
          view.userMoveRow(from: from, to: randomPlace(for: from, counts, &random))
        case 3..<5 where !controller.isUpdating:
          guard let row = randomRow(counts, &random) else { break }
          view.userDeleteRows(at: [row])
        case 5: controller.undo()
        case 6: controller.redo()
        case 7..<9:
          var next = randomChange(of: source.snapshot, &random, ids: &ids, maxInserts: 3)
          if next.numberOfSections == 0 { next = oneSection(&ids) }
          source.setSnapshot(next.withoutMarks)
        default:
          view.finishAnimations()
        }
        #expect(view.violations.isEmpty, "step \(step): \(view.violations)")
      }
      while controller.isUpdating {
        view.finishAnimations()
        await Task.yield()
      }
    }
    _ = reports
    expectShows(view, source.snapshot, "settled")
    #expect(controller.snapshot.items.map(\.id) == source.snapshot.items.map(\.id))
  }
}

@MainActor
@Suite("User edits: the selection through updates")
struct UserEditSelectionTests {
  @Test("the selection survives updates: moved rows stay selected, reloaded ones too")
  func selectionSurvives() async throws {
    let (view, controller) = movableList()
    controller.selectionMode = .multiple
    controller.isEditing = true
    var snapshot = try twoSections()
    await controller.apply(snapshot)
    view.selectItem(at: ItemPath(section: 0, item: 1))
    view.selectItem(at: ItemPath(section: 1, item: 0))
    #expect(controller.selectedIDs == [2, 5])
    try snapshot.moveItem(2, beforeItem: 6)
    try snapshot.reloadItems([5])
    try snapshot.deleteItems([1])
    await controller.apply(snapshot)
    #expect(controller.selectedIDs == [2, 5])
    #expect(
      controller.selectedItemPaths == [
        ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1),
      ])
    try snapshot.deleteItems([5])
    await controller.apply(snapshot)
    #expect(controller.selectedIDs == [2])
    view.selectItem(at: ItemPath(section: 1, item: 0))
    #expect(controller.selectedIDs == [], "a tap in editing mode toggles")
    controller.selectAll()
    #expect(controller.selectedIDs.count == snapshot.numberOfItems)
  }
}

/// A presenter whose rows offer Delete and Archive (which removes the row
/// while `archive` runs).
struct SwipingPresenter: Presenter {
  let archive: @MainActor (TestItem) async throws -> Void

  func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "cell" }
  func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
    cell.text = item.description
    cell.representedID = item.id
  }
  func canDelete(_ item: TestItem) -> Bool { true }
  func trailingSwipeActions(for item: TestItem) -> [SwipeAction] {
    [
      .delete(),
      SwipeAction(title: "Archive", removesRow: true) { try await archive(item) },
    ]
  }
}

@MainActor
@Suite("User edits: swipe actions")
struct SwipeActionTests {
  struct Offline: Error {}

  func list(archive: @escaping @MainActor (TestItem) async throws -> Void) throws -> (
    SimulatedTableView, ListController<SectionInfo, TestItem, SimulatedCell>,
    StaticSource<SectionInfo, TestItem>
  ) {
    let view = SimulatedTableView(viewportHeight: 20)
    view.animationTiming = .immediate
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(SwipingPresenter(archive: archive))
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: view, presenters: presenters)
    let source = StaticSource(try twoSections())
    controller.connect(to: source)
    return (view, controller, source)
  }

  @Test("Delete is a user edit: written back and undoable")
  func deleteAction() async throws {
    let (view, controller, source) = try list { _ in }
    await controller.apply(controller.latestSnapshot)
    #expect(
      view.swipeActionTitles(forRowAt: ItemPath(section: 0, item: 0)) == ["Delete", "Archive"])
    view.userSwipe(rowAt: ItemPath(section: 0, item: 0), choosing: "Delete")
    await controller.apply(controller.latestSnapshot)
    #expect(source.snapshot.items.map(\.id) == [2, 3, 4, 5, 6, 8])
    #expect(controller.history.undoName == "Delete Item")
  }

  @Test("a row an action removes leaves at once, and comes back in its place if the action fails")
  func failingAction() async throws {
    var release: CheckedContinuation<Void, Never>?
    var failures: [String] = []
    let (view, controller, source) = try list { _ in
      await withCheckedContinuation { release = $0 }
      throw Offline()
    }
    controller.didFailSwipeAction = { _, title in failures.append(title) }
    await controller.apply(controller.latestSnapshot)
    view.userSwipe(rowAt: ItemPath(section: 0, item: 1), choosing: "Archive")
    await yieldUntil { release != nil }
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [1, 3, 4], "gone at once")
    // Another writer changes the data meanwhile: the row stays hidden.
    var next = source.snapshot
    try next.appendItems([TestItem(id: 9)], toSection: "B")
    source.setSnapshot(next)
    await controller.apply(controller.latestSnapshot)
    #expect(!controller.snapshot.contains(itemWithID: 2))
    release?.resume()
    await yieldUntil { !failures.isEmpty }
    await controller.apply(controller.latestSnapshot)
    #expect(failures == ["Archive"])
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 3, 4], "back in place")
    expectShows(view, source.snapshot)
    #expect(view.violations.isEmpty)
  }

  @Test("an action that removes its row from the data: the row does not come back")
  func succeedingAction() async throws {
    final class Box {
      var source: StaticSource<SectionInfo, TestItem>?
      var done = false
    }
    let box = Box()
    let (view, controller, staticSource) = try list { item in
      var next = box.source!.snapshot
      try next.deleteItems([item.id])
      box.source!.setSnapshot(next)
      box.done = true
    }
    box.source = staticSource
    await controller.apply(controller.latestSnapshot)
    let batches = view.batchCount
    view.userSwipe(rowAt: ItemPath(section: 1, item: 0), choosing: "Archive")
    await yieldUntil { box.done }
    await controller.apply(controller.latestSnapshot)
    #expect(staticSource.snapshot.items(inSectionAt: 1).map(\.id) == [6, 8])
    #expect(controller.snapshot.items(inSectionAt: 1).map(\.id) == [6, 8])
    #expect(view.batchCount == batches + 1, "one batch: the row left once")
    expectShows(view, staticSource.snapshot)
  }
}

@MainActor
@Suite("User edits: moves while a transaction runs")
struct UserEditRaceTests {
  @Test("a controller that owns its data keeps a move made during an animation")
  func moveDuringAnimation() async throws {
    let (view, controller) = movableList()
    view.animationTiming = .manual
    var snapshot = try twoSections()
    controller.apply(snapshot, completion: nil)
    view.finishAnimations()
    try snapshot.appendItems([TestItem(id: 9)], toSection: "B")
    controller.apply(snapshot, completion: nil)  // its batch waits for its animation
    #expect(controller.isUpdating)
    view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
    while controller.isUpdating {
      view.finishAnimations()
      await Task.yield()
    }
    #expect(controller.snapshot.items.map(\.id) == [2, 3, 4, 1, 5, 6, 8, 9])
    expectShows(view, controller.snapshot)
    #expect(controller.history.undoName == "Move Item")
  }
}
