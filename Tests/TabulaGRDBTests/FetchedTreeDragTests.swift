import Foundation
import GRDB
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@testable import TabulaGRDB

/// Drags of a live SQLite tree's rows into its folders: parent and rank
/// written in one transaction, the rows shown what a recursive query over
/// the table shows, one undo step.
@MainActor
@Suite("FetchedTree: rows dragged into folders, written back")
struct FetchedTreeDragTests {
  typealias Controller = ListController<SectionInfo, OutlineRow<TreeRow>, SimulatedCell>

  private func screen() async throws -> (
    DatabaseQueue, SimulatedCollectionView, Controller, FetchedTree<TreeRow, TreeRow>
  ) {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    try tree.enableEditing(rankColumn: "position")
    await tree.waitUntilIdle()
    try tree.expandSubtree(1)
    try tree.expandSubtree(2)
    await tree.waitUntilIdle()
    let view = SimulatedCollectionView(viewportHeight: 100)
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    view.animationTiming = .immediate
    let controller = Controller(host: view) { host, path, _ in
      host.dequeueCell(withReuseIdentifier: "cell", for: path)
    }
    controller.canMove = { _, _ in true }
    controller.connect(to: tree)
    view.reloadData()
    return (database, view, controller, tree)
  }

  private func table(_ database: DatabaseQueue) throws -> [String] {
    try database.read { db in
      try Row.fetchAll(db, sql: "SELECT id, parent FROM node ORDER BY parent, position, rowid")
        .map { "\($0["id"] as Int64)<\(($0["parent"] as Int64?).map(String.init) ?? "-")" }
    }
  }

  @Test(
    "two rows of two folders dragged into a third: one commit, the rows moved written, one undo")
  func intoFolder() async throws {
    let (database, view, controller, tree) = try await screen()
    let before = try table(database)
    // 1 [3 [5], 4], 2 [6]: drag 4 and 6 into 3.
    #expect(shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)))
    let rows = tree.snapshot.items.map(\.id)
    let destination = ListDropDestination.into(ItemPath(section: 0, item: rows.firstIndex(of: 3)!))
    var commits = 0
    let observer = CommitCounter { commits += 1 }
    database.add(transactionObserver: observer)
    #expect(
      controller.dropProposal(forMovingItemsWithIDs: [4, 6], to: destination).operation == .move)
    #expect(controller.userMoveItems(withIDs: [4, 6], to: destination))
    #expect(tree.outline.tree.children(of: 3).map(\.id) == [5, 4, 6], "shown at once")
    await controller.waitUntilWritten()
    await tree.waitUntilIdle()
    #expect(commits == 1)
    #expect(tree.rowsWrittenByEdits == 2)
    #expect(shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)))
    #expect(tree.outline.tree.children(of: 3).map(\.id) == [5, 4, 6])
    #expect(controller.history.undoSteps.count == 1)
    controller.undo()
    await controller.waitUntilWritten()
    await tree.waitUntilIdle()
    #expect(commits == 2, "the undo: one transaction")
    #expect(try table(database) == before)
    #expect(shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)))
    #expect(view.violations.isEmpty)
  }

  @Test("a folder dragged between rows takes its rows along; one cannot go under itself")
  func foldersMove() async throws {
    let (database, view, controller, tree) = try await screen()
    let rows = tree.snapshot.items.map(\.id)
    // 3 (with 5) to the roots' end, after 2's subtree.
    #expect(
      controller.dropProposal(
        forMovingItemsWithIDs: [3], to: .into(ItemPath(section: 0, item: rows.firstIndex(of: 5)!))
      ).operation == .forbidden)
    #expect(
      controller.userMoveItems(
        withIDs: [3], to: .insert(at: ItemPath(section: 0, item: rows.count))))
    await controller.waitUntilWritten()
    await tree.waitUntilIdle()
    #expect(tree.outline.tree.children(of: 2).map(\.id) == [6, 3], "beside 6, the row above")
    #expect(tree.outline.tree.children(of: 3).map(\.id) == [5])
    #expect(shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)))
    #expect(controller.snapshot.items.map(\.id) == tree.snapshot.items.map(\.id))
    #expect(view.violations.isEmpty)
  }

  @Test(
    "random drags between and into rows: always what a recursive query shows; undone to the start")
  func randomDrags() async throws {
    let database = try DatabaseQueue()
    var random = SeededRandom(seed: 11)
    let parents = (1...24).map { id in id > 3 ? Int64(random.next() % UInt64(id - 1)) + 1 : nil }
    try await database.write { db in
      try db.execute(
        sql: "CREATE TABLE node (id INTEGER PRIMARY KEY, parent INTEGER, title TEXT NOT NULL, "
          + "position INTEGER NOT NULL, UNIQUE (parent, position))")
      for id in 1...24 {
        try TreeRow(id: Int64(id), parent: parents[id - 1], title: "\(id)", position: id * 2)
          .insert(db)
      }
    }
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    try tree.enableEditing(rankColumn: "position")
    await tree.waitUntilIdle()
    for root in tree.outline.tree.roots { try tree.expandSubtree(root.id) }
    await tree.waitUntilIdle()
    let view = SimulatedCollectionView(viewportHeight: 100)
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    view.animationTiming = .immediate
    let controller = Controller(host: view) { host, path, _ in
      host.dequeueCell(withReuseIdentifier: "cell", for: path)
    }
    controller.canMove = { _, _ in true }
    controller.connect(to: tree)
    view.reloadData()
    let start = try table(database)
    var steps = 0
    for step in 0..<30 {
      let rows = tree.snapshot.items.map(\.id)
      let ids = (0..<Int(random.next() % 3 + 1)).map { _ in
        rows[Int(random.next() % UInt64(rows.count))]
      }
      let into = random.next() % 3 == 0
      let item = Int(random.next() % UInt64(rows.count + (into ? 0 : 1)))
      let destination: ListDropDestination =
        into
        ? .into(ItemPath(section: 0, item: item)) : .insert(at: ItemPath(section: 0, item: item))
      if controller.userMoveItems(withIDs: ids, to: destination) { steps += 1 }
      await controller.waitUntilWritten()
      await tree.waitUntilIdle()
      #expect(
        shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)),
        "step \(step): \(ids) \(destination)")
      #expect(controller.snapshot.items.map(\.id) == tree.snapshot.items.map(\.id))
    }
    #expect(steps > 15)
    for _ in 0..<steps { controller.undo() }
    await controller.waitUntilWritten()
    await tree.waitUntilIdle()
    #expect(try table(database) == start, "every drag undone")
    #expect(view.violations.isEmpty)
  }

  @Test("a drop into a folder another writer deleted fails, names it, and changes nothing")
  func parentDeleted() async throws {
    let (database, view, controller, tree) = try await screen()
    let before = try table(database)
    var failures: [String] = []
    controller.didFailToWrite = { error, _ in failures.append("\(error)") }
    let rows = tree.snapshot.items.map(\.id)
    // The tree still shows 6 while another connection deletes it.
    try await database.write { db in try db.execute(sql: "DELETE FROM node WHERE id = 6") }
    #expect(
      controller.userMoveItems(
        withIDs: [4], to: .into(ItemPath(section: 0, item: rows.firstIndex(of: 6)!))))
    await controller.waitUntilWritten()
    await tree.waitUntilIdle()
    #expect(failures == ["the table has no row with id 6 (another writer deleted it?)"])
    #expect(try table(database) == before.filter { !$0.hasPrefix("6<") }, "nothing written")
    #expect(shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)))
    #expect(controller.history.undoSteps.isEmpty, "the failed step is dropped")
    #expect(view.violations.isEmpty)
  }

  @Test("a drop next to a row another writer deleted lands by the rows still there")
  func neighbourDeleted() async throws {
    let (database, view, controller, tree) = try await screen()
    let rows = tree.snapshot.items.map(\.id)
    // 6 goes first under 1, just before 3, while another connection
    // deletes 3 (and its 5).
    try await database.write { db in try db.execute(sql: "DELETE FROM node WHERE id IN (3, 5)") }
    #expect(
      controller.userMoveItems(
        withIDs: [6], to: .insert(at: ItemPath(section: 0, item: rows.firstIndex(of: 3)!))))
    await controller.waitUntilWritten()
    await tree.waitUntilIdle()
    #expect(tree.outline.tree.children(of: 1).map(\.id) == [4, 6])
    #expect(shownRows(tree) == (try freshVisibleRows(database, expanded: tree.outline.expandedIDs)))
    #expect(view.violations.isEmpty)
  }

  @Test("a tree without editing, or a delete, is refused with an error that names it")
  func refusals() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    #expect(!tree.canWrite)
    #expect(throws: FetchedEditingError.notEnabled) { try tree.write([]) }
    try tree.enableEditing(rankColumn: "position")
    let row = tree.snapshot.items[0]
    #expect(throws: FetchedEditingError.notAMove("a delete of 1")) {
      try tree.write(.delete(items: [row]))
    }
    let unordered = FetchedTree<TreeRow, TreeRow>(
      database, request: FetchedTreeRequest(table: "node", parentColumn: "parent"))
    #expect(throws: FetchedEditingError.notOrderedByRank(rankColumn: "position", ordering: [])) {
      try unordered.enableEditing(rankColumn: "position")
    }
  }
}
