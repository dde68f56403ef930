import TabulaTestSupport
import Testing

@testable import Tabula

// The edit layer on its own: UserEdits driven through its boundary
// (UserEditList) by a list made of a snapshot and a source, no host and no
// controller. Each result is checked against the data written (the
// source's snapshot) or a naive model of the rows.

/// A list for the edit layer: shows what it is given at once, and records
/// what the edit layer asked of it.
@MainActor
final class EditedList: UserEditList {
  typealias SectionModel = SectionInfo
  typealias Item = TestItem

  var shown: TestSnapshot
  /// What the list will show once an update on its way lands (`nil`: none
  /// on its way).
  var onItsWay: TestSnapshot?
  var latest: TestSnapshot { onItsWay ?? shown }
  var isUpdating: Bool { onItsWay != nil }
  var connection: SourceConnection<SectionInfo, TestItem>?
  var selectedItemPaths: [ItemPath] = []
  /// What the presenters let move and go.
  var presenterLets: (TestItem) -> Bool = { _ in true }
  var swipeActions: [SwipeAction] = []
  var strings = ListStrings()
  var isAnnouncing = false

  /// Snapshots applied, moves adopted, host moves ended, announcements.
  var applied: [TestSnapshot] = []
  var adopted: [TestSnapshot] = []
  var hostMovesEnded = 0
  var announced: [ListAnnouncement] = []

  lazy var edits = UserEdits(list: self)

  init(_ snapshot: TestSnapshot) { shown = snapshot }

  /// Follows `source`, showing each snapshot it publishes (with the rows
  /// the edit layer hides or adds).
  func follow(_ source: some SnapshotSource<SectionInfo, TestItem>) {
    let observation = source.observe { [weak self] in
      guard let self else { return }
      self.shown = self.edits.state.visible(source.snapshot)
    }
    connection = SourceConnection(source, observation: observation)
    shown = source.snapshot
  }

  func apply(edited snapshot: TestSnapshot) {
    applied.append(snapshot)
    shown = snapshot
    onItsWay = nil
  }

  func adoptShown(_ snapshot: TestSnapshot) {
    adopted.append(snapshot)
    shown = snapshot
  }

  func hostMoveEnded() { hostMovesEnded += 1 }

  func presenterAllows(_ edit: PresenterEdit, of item: TestItem) -> Bool { presenterLets(item) }

  func presenterSwipeActions(of item: TestItem, edge: SwipeEdge) -> [SwipeAction] {
    edge == .trailing ? swipeActions : []
  }

  func announce(_ announcement: ListAnnouncement) { announced.append(announcement) }

  /// The ids of each section shown.
  var ids: [[Int]] { (0..<shown.numberOfSections).map { shown.items(inSectionAt: $0).map(\.id) } }
}

@MainActor
@Suite("UserEdits: the user's edits behind one boundary, without a host")
struct UserEditsTests {

  @Test("a drag of two rows is one edit and one step, undone and redone as a naive model says")
  func dragOfTwo() throws {
    let list = EditedList(try twoSections())  // A: 1 2 3 4, B: 5 6 8
    var naive = list.ids
    #expect(
      list.edits.userMoveItems(
        withIDs: [3, 1], to: .insert(at: ItemPath(section: 1, item: 1))))
    // The rows land in list order, between 5 and 6.
    naive[0].removeAll { [1, 3].contains($0) }
    naive[1].insert(contentsOf: [1, 3], at: 1)
    #expect(list.ids == naive)
    #expect(list.applied.count == 1 && list.adopted.isEmpty, "one animated change")
    #expect(list.edits.state.history.undoName == "Move 2 Items")

    list.edits.undo()
    #expect(list.ids == [[1, 2, 3, 4], [5, 6, 8]])
    #expect(list.edits.state.history.redoName == "Move 2 Items")
    list.edits.redo()
    #expect(list.ids == naive)
  }

  @Test("a row the host moved is adopted without an apply and written to the source")
  func hostMove() throws {
    let list = EditedList(try twoSections())
    let source = StaticSource(try twoSections())
    list.follow(source)
    var heard: [String] = []
    list.edits.state.hooks.willUserMoveItem = { item, from, to in
      heard.append("will \(item) \(from) \(to)")
    }
    list.edits.state.hooks.didUserMoveItem = { item, from, to in
      heard.append("did \(item) \(from) \(to)")
    }

    list.edits.userMovedItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
    #expect(list.adopted.count == 1, "the host shows the move already")
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [5, 1, 6, 8], "written back")
    #expect(list.ids == [[2, 3, 4], [5, 1, 6, 8]])
    #expect(list.hostMovesEnded == 1, "what waited for the host's callback may start")
    #expect(heard == ["will 1 [0, 0] [1, 1]", "did 1 [0, 0] [1, 1]"])
    #expect(list.edits.state.history.undoName == "Move Item")

    list.edits.undo()
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 3, 4], "back where it was")
    #expect(list.ids == [[1, 2, 3, 4], [5, 6, 8]])
  }

  @Test("a move the presenter refuses shows, then goes back on the next turn, with a note")
  func refusedMove() async throws {
    let list = EditedList(try twoSections())
    list.presenterLets = { $0.id != 2 }
    #expect(!list.edits.canMoveItem(at: ItemPath(section: 0, item: 1)))
    let log = await recordingLog {
      list.edits.userMovedItem(
        from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 3))
      #expect(list.ids == [[1, 3, 4, 2], [5, 6, 8]], "adopted: the host shows it")
      await yieldUntil { list.ids == [[1, 2, 3, 4], [5, 6, 8]] }
    }
    #expect(
      list.ids == [[1, 2, 3, 4], [5, 6, 8]], "the view does not keep what the data refuses")
    #expect(
      log.notes.contains { $0.contains("which the list refuses") && $0.contains("moves back") })
    #expect(!list.edits.state.history.canUndo)
  }

  @Test("deletes are written and undone in place; a failed write is reported and shows the data")
  func deletes() throws {
    let list = EditedList(try twoSections())
    let source = StaticSource(try twoSections())
    list.follow(source)
    list.edits.userDeleteItems(withIDs: [2, 5, 99])
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [1, 3, 4])
    #expect(list.ids == [[1, 3, 4], [6, 8]])
    #expect(list.edits.state.history.undoName == "Delete 2 Items")
    list.edits.undo()
    #expect(list.ids == [[1, 2, 3, 4], [5, 6, 8]])
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [5, 6, 8])

    let failing = EditedList(try twoSections())
    failing.follow(FailingSource(try twoSections()))
    var failures: [String] = []
    failing.edits.state.hooks.didFailToWrite = { error, edit in
      failures.append("\(error): \(edit.items.map(\.id))")
    }
    failing.edits.userDeleteItems(withIDs: [1])
    #expect(failures == ["the disk is full: [1]"])
    #expect(failing.ids == [[1, 2, 3, 4], [5, 6, 8]], "the source's rows")
    #expect(!failing.edits.state.history.canUndo, "no step for an edit not written")
  }

  @Test("a read-only source lets no row move or go, and says so once")
  func readOnly() throws {
    let list = EditedList(try twoSections())
    list.follow(ReadOnlySource(try twoSections()))
    let reports = recordingReports {
      #expect(!list.edits.canMoveItem(at: ItemPath(section: 0, item: 0)))
      #expect(!list.edits.canDeleteItem(at: ItemPath(section: 1, item: 0)))
    }
    #expect(reports.count == 1)
    #expect(reports.first?.contains("ReadOnlySource cannot write them back") == true)
  }

  @Test(
    "a swipe action that removes its row hides it while it runs, and brings it back if it throws")
  func swipeAction() async throws {
    struct Offline: Error {}
    let list = EditedList(try twoSections())
    var failed: [String] = []
    list.edits.state.hooks.didFailSwipeAction = { _, title in failed.append(title) }
    var shownWhileRunning: [[Int]] = []
    let succeeded = await list.edits.runAction(
      {
        shownWhileRunning = list.ids
        throw Offline()
      }, removing: TestItem(id: 3), title: "Archive")
    #expect(!succeeded)
    #expect(shownWhileRunning == [[1, 2, 4], [5, 6, 8]])
    #expect(list.ids == [[1, 2, 3, 4], [5, 6, 8]], "back where it was")
    #expect(failed == ["Archive"])
    #expect(list.edits.state.hidesNothing)
  }

  @Test("a trailing delete is added to a deletable row's swipe actions, and none to others")
  func swipeDelete() throws {
    let list = EditedList(try twoSections())
    list.presenterLets = { $0.id != 4 }
    list.swipeActions = [SwipeAction(title: "Flag") {}]
    let titles = { (path: ItemPath) in
      list.edits.swipeActions(forItemAt: path, edge: .trailing).map(\.title)
    }
    #expect(titles(ItemPath(section: 0, item: 0)) == ["Flag", "Delete"])
    #expect(titles(ItemPath(section: 0, item: 3)) == ["Flag"])
  }

  @Test("a drop from outside shows placeholders, then the loaded items there, as one step")
  func externalDrop() async throws {
    let list = EditedList(try twoSections())
    list.edits.state.hooks.dropPlaceholder = { TestItem(id: -1 - $0) }
    let loaded = list.edits.insertDroppedItems(count: 2, at: ItemPath(section: 1, item: 1)) {
      items([40, 41])
    }
    #expect(list.ids == [[1, 2, 3, 4], [5, -1, -2, 6, 8]], "placeholders at once")
    #expect(await loaded.value)
    #expect(list.ids == [[1, 2, 3, 4], [5, 40, 41, 6, 8]])
    #expect(list.edits.state.history.undoName == "Add 2 Items")
    list.edits.undo()
    #expect(list.ids == [[1, 2, 3, 4], [5, 6, 8]])
  }

  @Test("a drop whose load fails takes its placeholders away, reported and announced")
  func failedDrop() async throws {
    struct Unreadable: Error, CustomStringConvertible {
      var description: String { "unreadable" }
    }
    let list = EditedList(try twoSections())
    list.isAnnouncing = true
    list.edits.state.hooks.dropPlaceholder = { TestItem(id: -1 - $0) }
    var failures: [Int] = []
    list.edits.state.hooks.didFailToLoadDrop = { _, count in failures.append(count) }
    let loaded = list.edits.insertDroppedItems(count: 2, at: ItemPath(section: 0, item: 0)) {
      throw Unreadable()
    }
    #expect(!(await loaded.value))
    #expect(list.ids == [[1, 2, 3, 4], [5, 6, 8]])
    #expect(failures == [2])
    #expect(list.announced == [.dropFailed(count: 2, message: "unreadable")])
  }

  @Test("a move made while an update is on its way lands on the newer data, between its neighbours")
  func moveOntoNewer() throws {
    let list = EditedList(try twoSections())
    var newer = try twoSections()
    try newer.deleteItems([3])
    list.onItsWay = newer
    list.edits.userMovedItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 2))
    // On screen 5 went between 2 and 3; the newer data has no 3: 5 goes
    // before 4. Owning its data, the list applies the move after the update.
    #expect(list.applied.last.map { $0.items(inSectionAt: 0).map(\.id) } == [1, 2, 5, 4])
  }
}

@MainActor
@Suite("UserEdit: a move carries the lists it was made on, or says it has none")
struct UserEditMoveSnapshotsTests {
  @Test("moveSnapshots is nil for a move by placement alone, a stripped move and other edits")
  func explicitNone() throws {
    let shown = try twoSections()
    var moved = shown
    try moved.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
    let placement = moved.placement(at: ItemPath(section: 0, item: 3))
    let seen = UserEdit.move(to: placement, base: shown, result: moved)
    let snapshots = try #require(seen.moveSnapshots)
    #expect(snapshots.base.isIdentical(to: shown) && snapshots.result.isIdentical(to: moved))
    #expect(seen.stripped.moveSnapshots == nil)
    #expect(UserEdit<SectionInfo, TestItem>.move(to: placement).moveSnapshots == nil)
    #expect(UserEdit<SectionInfo, TestItem>.delete(items: [TestItem(id: 1)]).moveSnapshots == nil)

    // A source takes the result of a move made on its own snapshot, and
    // places a move by placement alone by its neighbours.
    let source = StaticSource(shown)
    try source.write(seen)
    #expect(source.snapshot.isIdentical(to: moved))
    let back = StaticSource(shown)
    try back.write(.move(to: placement))
    #expect(back.snapshot.items(inSectionAt: 0).map(\.id) == [2, 3, 4, 1])
  }
}
