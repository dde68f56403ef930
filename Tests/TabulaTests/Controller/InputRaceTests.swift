import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// Input that arrives after the list changed under it: swipe actions left
/// open while rows come and go, a drop from outside whose placeholders the
/// app reordered while it loaded. The right row is acted on, or none; no
/// trap.
/// Two sections in a `StaticSource`, shown by a controller (set up by
/// `configure` before it connects) in a table that loaded them.
@MainActor
private func connectedTable(
  _ configure: (ListController<SectionInfo, TestItem, SimulatedCell>) -> Void
) throws -> (
  StaticSource<SectionInfo, TestItem>, SimulatedTableView,
  ListController<SectionInfo, TestItem, SimulatedCell>
) {
  let source = StaticSource(try twoSections())
  let table = testTable()
  let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
    host: table, cellProvider: testCell)
  configure(controller)
  controller.connect(to: source)
  table.reloadData()
  return (source, table, controller)
}

@MainActor
@Suite("Input after the list changed: the right row, or none, never a trap")
struct InputRaceTests {
  @Test("swipe actions left open while rows arrive above act on their own row")
  func openSwipe() throws {
    let (source, table, controller) = try connectedTable { $0.canDelete = { _, _ in true } }
    // The user swipes 3 open; new rows arrive at the top meanwhile.
    let swipe = try #require(table.userSwipeOpen(rowAt: ItemPath(section: 0, item: 2)))
    #expect(swipe.titles == ["Delete"])
    var next = source.snapshot
    try next.insertItems(items([20, 21]), at: ItemPath(section: 0, item: 0))
    source.setSnapshot(next)
    #expect(table.userChoose("Delete", in: swipe))
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [20, 21, 1, 2, 4], "3 went")
    // The row an open swipe shows goes: choosing does nothing.
    let gone = try #require(table.userSwipeOpen(rowAt: ItemPath(section: 1, item: 0)))
    next = source.snapshot
    try next.deleteItems([5])
    source.setSnapshot(next)
    #expect(!table.userChoose("Delete", in: gone))
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [6, 8])
    expectShows(table, controller.snapshot)
  }

  @Test("a drop whose placeholders the app reordered while it loaded lands where they are")
  func reorderedPlaceholders() async throws {
    let table = testTable()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    var release: CheckedContinuation<Void, Never>?
    let drop = controller.insertDroppedItems(count: 2, at: ItemPath(section: 1, item: 3)) {
      await withCheckedContinuation { release = $0 }
      return items([30, 31])
    }
    #expect(controller.latestSnapshot.items(inSectionAt: 1).map(\.id) == [5, 6, 8, -1, -2])
    // The app sorts the section meanwhile: the second placeholder goes up,
    // the first stays last.
    var sorted = controller.latestSnapshot
    try sorted.moveItem(from: ItemPath(section: 1, item: 4), to: ItemPath(section: 1, item: 0))
    controller.apply(sorted, completion: nil)
    await yieldUntil { release != nil }
    release?.resume()
    #expect(await drop.value)
    await yieldUntil { !controller.isUpdating }
    #expect(controller.snapshot.items(inSectionAt: 1).map(\.id) == [30, 31, 5, 6, 8])
    expectShows(table, controller.snapshot)
  }
}

/// What the list recovers from that is no mistake of the app's is noted,
/// never reported: it does not stop a debug build.
@MainActor
@Suite("Notes: runtime conditions do not stop a debug build")
struct NoteTests {
  @Test("a failed drop load and an undo whose rows are gone, with no hook set, are notes")
  func notes() async throws {
    let (source, table, controller) = try connectedTable { $0.canMove = { _, _ in true } }
    let log = try await recordingLog {
      controller.dropPlaceholder = { TestItem(id: -1 - $0) }
      struct Offline: Error {}
      let drop = controller.insertDroppedItems(count: 1, at: ItemPath(section: 0, item: 0)) {
        throw Offline()
      }
      #expect(await drop.value == false)
      // A move, then another writer removes the row: its undo cannot be done.
      table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
      var next = source.snapshot
      try next.deleteItems([1])
      source.setSnapshot(next)
      controller.undo()
    }
    #expect(log.reports.isEmpty)
    #expect(
      log.notes == [
        "a drop of 1 items failed to load: Offline()",
        "a user edit of 1 could not be written back: unknown item ID 1: not in the snapshot",
      ])
  }
}

/// A redirect outside the list is the app's mistake: reported, and the row
/// goes where the user dropped it, never into UIKit's move callback.
@MainActor
@Suite("moveTarget outside the list")
struct MoveTargetRangeTests {
  @Test("a moveTarget that sends a row outside the list is reported; the proposal stands")
  func outside() throws {
    let table = testTable()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    controller.canMove = { _, _ in true }
    controller.moveTarget = { _, _, _ in ItemPath(section: 0, item: 9) }
    let reports = recordingReports {
      #expect(
        table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
          == ItemPath(section: 1, item: 1))
    }
    #expect(
      reports == [
        "moveTarget sent the row at [0, 0] to [0, 9], which is no place in the list (a section "
          + "below 2, an item up to its count, less the row itself in its own section): the row "
          + "goes to [1, 1]"
      ])
    #expect(table.violations.isEmpty)
  }
}

/// Tests run side by side on the main actor: each one's recorder hears its
/// own reports and notes, even across suspensions.
@MainActor
@Suite("Recorders of tests running side by side")
struct RecorderIsolationTests {
  @Test("two recorders interleaved at every suspension each hear only their own task")
  func interleaved() async {
    func sends(_ name: String) async -> RecordedReports {
      await recordingLog {
        for step in 0..<3 {
          TabulaLog.report("\(name) report \(step)")
          await Task.yield()
          let task = Task { TabulaLog.note("\(name) note \(step)") }
          await task.value
        }
      }
    }
    async let first = sends("a")
    async let second = sends("b")
    let (a, b) = await (first, second)
    #expect(a.reports == ["a report 0", "a report 1", "a report 2"])
    #expect(a.notes == ["a note 0", "a note 1", "a note 2"])
    #expect(b.reports == ["b report 0", "b report 1", "b report 2"])
    #expect(b.notes == ["b note 0", "b note 1", "b note 2"])
  }
}
