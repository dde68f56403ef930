import Foundation
import GRDB
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@testable import TabulaGRDB

/// Drags of many rows of a live SQLite list, through the simulated table as
/// TabulaUIKit's drop delegate drives them: one transaction, the rows moved
/// and no more written, the table's order (a fresh query) the list's, one
/// undo step, and no batch for the echo.
@MainActor
@Suite("FetchedList: drags of many rows written back in one transaction")
struct FetchedDragTests {
  @Test("selected rows of two sections dragged into a third: one commit, k rows written, one undo")
  func acrossSections() async throws {
    let database = try todoDatabase(count: 60)
    let (table, controller, list) = try await todoList(database)
    controller.selectionMode = .multiple
    var commits = 0
    let observer = CommitCounter { commits += 1 }
    database.add(transactionObserver: observer)
    // "a" holds 3, 6, 9...; "b" 1, 4, 7...; "c" 2, 5, 8...
    _ = controller.setSelection([6, 9, 4])
    let drag = try #require(table.beginDrag(at: ItemPath(section: 0, item: 1)))
    let destination = ListDropDestination.insert(at: ItemPath(section: 2, item: 1))
    #expect(table.dropProposal(for: drag, at: destination).operation == .move)
    let batches = table.batchCount
    #expect(table.drop(drag, at: destination))
    // Shown at once, in the list's order: 6, 9 (from "a"), then 4 (from "b").
    #expect(list.snapshot.items(inSectionAt: 2).prefix(5).map(\.id) == [2, 6, 9, 4, 5])
    await controller.waitUntilWritten()
    #expect(commits == 1, "one transaction")
    #expect(list.rowsWrittenByEdits == 3, "the rows moved, no more")
    await settle(list, controller)
    #expect(table.batchCount == batches + 1, "the drop's batch; none for the echo")
    let order = try todoOrder(database)
    #expect(order[2].prefix(5) == [2, 6, 9, 4, 5])
    #expect(!order[0].contains(6) && !order[1].contains(4))
    #expect(controller.snapshot.items.map(\.id) == order.flatMap { $0 })
    #expect(controller.history.undoSteps.count == 1)
    controller.undo()
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(commits == 2, "the undo: one transaction")
    #expect(try todoOrder(database) == (try todoOrder(todoDatabase(count: 60))))
    #expect(controller.snapshot.items.map(\.id) == (try todoOrder(database)).flatMap { $0 })
    #expect(table.violations.isEmpty)
  }

  @Test("rows dropped where no gap is wide enough relabel a window; the order is still the table's")
  func denseRanks() async throws {
    let database = try todoDatabase(count: 90, dense: true)
    let (table, controller, list) = try await todoList(database)
    // "a": 3, 6, ..., 90 ranked 3 apart; ten rows between 3 and 6.
    let moving: [Int64] = [12, 15, 18, 21, 24, 27, 30, 33, 36, 39]
    #expect(
      controller.userMoveItems(withIDs: moving, to: .insert(at: ItemPath(section: 0, item: 1))))
    await controller.waitUntilWritten()
    await settle(list, controller)
    let order = try todoOrder(database)
    #expect(Array(order[0].prefix(12)) == [3] + moving + [6])
    #expect(controller.snapshot.items.map(\.id) == order.flatMap { $0 })
    #expect(list.rowsWrittenByEdits >= moving.count)
    #expect(table.violations.isEmpty)
  }
}

@MainActor
@Suite("FetchedList: random drags of many rows against a UNIQUE index, randomized")
struct FetchedRandomDragTests {
  @Test("each drag and each undo: the list is a fresh query's order; no write breaks the index")
  func randomDrags() async throws {
    for dense in [false, true] {
      let database = try todoDatabase(count: 45, dense: dense)
      try await database.write { db in
        try db.create(
          index: "todo_unique", on: "todo", columns: ["list", "position"], unique: true)
      }
      let (table, controller, list) = try await todoList(database)
      var random = SeededRandom(seed: dense ? 7 : 3)
      var steps = 0
      for step in 0..<25 {
        let shown = controller.snapshot
        let all = shown.items.map(\.id)
        let ids = (0..<Int(random.next() % 5 + 1)).map { _ in
          all[Int(random.next() % UInt64(all.count))]
        }
        let section = Int(random.next() % UInt64(shown.numberOfSections))
        let item = Int(random.next() % UInt64(shown.numberOfItems(inSectionAt: section) + 1))
        if controller.userMoveItems(
          withIDs: ids, to: .insert(at: ItemPath(section: section, item: item)))
        {
          steps += 1
        }
        await controller.waitUntilWritten()
        await settle(list, controller)
        #expect(
          controller.snapshot.items.map(\.id) == (try todoOrder(database)).flatMap { $0 },
          "dense \(dense), step \(step)")
      }
      for _ in 0..<steps { controller.undo() }
      await controller.waitUntilWritten()
      await settle(list, controller)
      #expect(
        try todoOrder(database) == (try todoOrder(todoDatabase(count: 45, dense: dense))),
        "every drag undone (dense \(dense))")
      #expect(controller.snapshot.items.map(\.id) == (try todoOrder(database)).flatMap { $0 })
      #expect(table.violations.isEmpty)
    }
  }
}

/// Counts the commits of a database.
final class CommitCounter: TransactionObserver, @unchecked Sendable {
  private let didCommit: @MainActor () -> Void

  init(_ didCommit: @escaping @MainActor () -> Void) { self.didCommit = didCommit }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
  func databaseDidChange(with event: DatabaseEvent) {}
  func databaseDidCommit(_ db: Database) {
    let didCommit = didCommit
    Task { @MainActor in didCommit() }
  }
  func databaseDidRollback(_ db: Database) {}
}
