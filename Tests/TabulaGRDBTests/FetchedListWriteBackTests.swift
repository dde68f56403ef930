import Foundation
import GRDB
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@testable import TabulaGRDB

// FetchedList's write-back against the inputs a review found it mishandled
// (issue 23): requests that change after editing was enabled, ranks that
// are not integers, UNIQUE rank indexes, rows a filter hides, rows
// willApply adds, undo after other writers, and the memory undo keeps.

/// A to-do table like `todoDatabase`, with the rank column declared
/// `rankType` and, with `unique`, a UNIQUE index on (list, position).
func todoTable(
  ranks: [(list: String, position: (any DatabaseValueConvertible)?)],
  rankType: String = "INTEGER",
  unique: Bool = false
) throws -> DatabaseQueue {
  let database = try DatabaseQueue()
  try database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE todo (id INTEGER PRIMARY KEY, title TEXT NOT NULL, list TEXT NOT NULL,
          position \(rankType))
        """)
    if unique {
      try db.execute(sql: "CREATE UNIQUE INDEX todo_rank ON todo (list, position)")
    }
    for (offset, rank) in ranks.enumerated() {
      try db.execute(
        sql: "INSERT INTO todo (id, title, list, position) VALUES (?, ?, ?, ?)",
        arguments: [
          offset + 1, "todo \(offset + 1)", rank.list, rank.position?.databaseValue ?? .null,
        ])
    }
  }
  return database
}

/// The ids of list `list` in the table's order.
func ids(_ database: DatabaseQueue, list: String = "a") throws -> [Int64] {
  try database.read { db in
    try Int64.fetchAll(
      db, sql: "SELECT id FROM todo WHERE list = ? ORDER BY position, rowid", arguments: [list])
  }
}

/// Ranks two rows of one list share (none, when ranks are unique).
func sharedRanks(_ database: DatabaseQueue) throws -> [String] {
  try database.read { db in
    try String.fetchAll(
      db,
      sql: """
        SELECT list || ':' || quote(position) FROM todo GROUP BY list, position HAVING count(*) > 1
        """)
  }
}

/// A list of `database`'s to-dos shown in a simulated table, editable.
@MainActor
func editableTodos(
  _ database: DatabaseQueue, filter: SQL? = nil, editing: FetchedEditing? = nil
) async throws -> (
  SimulatedTableView, ListController<SectionInfo, Todo, SimulatedCell>, FetchedList<Todo, Todo>
) {
  let table = SimulatedTableView(viewportHeight: 80)
  table.register(SimulatedCell.self, forReuseIdentifier: "todo")
  table.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(TodoPresenter())
  let controller = ListController<SectionInfo, Todo, SimulatedCell>(
    host: table, presenters: presenters)
  let list = FetchedList<Todo, Todo>(
    database,
    request: FetchedRequest(
      table: "todo", filter: filter, orderedBy: [.ascending("list"), .ascending("position")]),
    sectionedBy: .column("list"))
  try list.enableEditing(rankColumn: "position", editing: editing)
  controller.connect(to: list)
  await settle(list, controller)
  return (table, controller, list)
}

/// A to-do read without its rank, whatever the rank holds.
struct TitledTodo: Codable, FetchableRecord, Diffable, Sendable {
  static let databaseTableName = "todo"
  var id: Int64
  var title: String
  var list: String

  func isContentEqual(to other: TitledTodo) -> Bool { title == other.title }
}

struct TitledTodoPresenter: Presenter {
  func reuseIdentifier(for todo: TitledTodo, style: PresentationStyle) -> String { "todo" }
  func configure(_ cell: SimulatedCell, with todo: TitledTodo, context: PresentationContext) {
    cell.text = todo.title
    cell.representedID = todo.id
  }
  func canMove(_ todo: TitledTodo) -> Bool { true }
}

@MainActor
@Suite("FetchedList write-back: requests, ranks, hidden rows, undone deletes")
struct FetchedListWriteBackTests {
  @Test("a new order turns editing off, naming the order; the old order turns it on again")
  func orderingChange() async throws {
    let database = try todoDatabase(count: 12)
    let (table, controller, list) = try await editableTodos(database)
    let before = try todoOrder(database)
    try list.setOrdering([.ascending("title")])
    await settle(list, controller)
    #expect(!list.canWrite)
    #expect(!controller.canMoveItem(at: ItemPath(section: 0, item: 0)))
    var result = list.snapshot
    let moving = result.items(inSectionAt: 0)[0].id
    try result.moveItem(moving, afterItem: result.items(inSectionAt: 0)[2].id)
    let refused = #expect(throws: FetchedEditingError.self) {
      try list.write(
        .move(
          to: result.placement(at: result.path(of: moving)!), base: list.snapshot, result: result))
    }
    #expect(
      refused?.description
        == "editing moves rows by their rank column position, but the request is ordered by "
        + "[title ASC]: order by the section column (if any), then position ascending")
    #expect(try todoOrder(database) == before, "the manual order is untouched")

    try list.setOrdering([.ascending("list"), .ascending("position")])
    await settle(list, controller)
    #expect(list.canWrite)
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(try todoOrder(database)[0].prefix(3) == [6, 9, 3])
  }

  @Test("after setRequest to another table, a move writes that table's rows")
  func tableChange() async throws {
    let database = try todoDatabase(count: 9)
    try await database.write { db in
      try db.execute(sql: "CREATE TABLE other AS SELECT * FROM todo")
      try db.execute(sql: "UPDATE other SET title = 'other ' || id")
    }
    let (table, controller, list) = try await editableTodos(database)
    let todoBefore = try todoOrder(database)
    list.setRequest(
      FetchedRequest(table: "other", orderedBy: [.ascending("list"), .ascending("position")]))
    await settle(list, controller)
    #expect(list.canWrite)
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(try todoOrder(database) == todoBefore, "the first table is untouched")
    let other = try await database.read { db in
      try Int64.fetchAll(
        db, sql: "SELECT id FROM other WHERE list = 'a' ORDER BY position, rowid")
    }
    #expect(other == [6, 9, 3])
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [6, 9, 3])

    // A table without the rank column: the first save says so.
    try await database.write { db in
      try db.execute(sql: "CREATE TABLE bare (id INTEGER PRIMARY KEY, title TEXT, list TEXT)")
      try db.execute(sql: "INSERT INTO bare SELECT id, title, list FROM todo")
    }
    list.setRequest(
      FetchedRequest(table: "bare", orderedBy: [.ascending("list"), .ascending("position")]))
    #expect(list.canWrite, "the order fits; the columns are checked at the first save")
    let shown = list.snapshot
    let save = try list.write(.delete(items: [shown.items[0]]))
    await #expect { try await save?.value } throws: {
      ($0 as? FetchedEditingError)?.description == "table bare has no column position"
    }
  }

  @Test("ranks that are not integers are errors naming the row and the value, never a trap")
  func rankValues() async throws {
    // A REAL column turns integer ranks into reals.
    let real = try todoTable(ranks: [("a", 1), ("a", 2)], rankType: "REAL")
    let realList = FetchedList<Todo, Todo>(
      real, request: todoRequest, sectionedBy: .column("list"))
    let declared = #expect(throws: FetchedEditingError.self) {
      try realList.enableEditing(rankColumn: "position")
    }
    #expect(
      declared?.description
        == "the rank column position is declared REAL, which does not keep integers: declare it "
        + "INTEGER")
    // A real rank in an INTEGER column.
    let fractional = try todoTable(ranks: [("a", 1), ("a", 1.25), ("a", 2)])
    let fractionalList = FetchedList<Todo, Todo>(
      fractional, request: todoRequest, sectionedBy: .column("list"))
    let value = #expect(throws: FetchedEditingError.self) {
      try fractionalList.enableEditing(rankColumn: "position")
    }
    #expect(
      value?.description
        == "the row with id 2 has the rank 1.25: moving rows needs an integer rank in every row")

    // NULL and text ranks that arrive after editing was enabled (rows the
    // list shows without reading their ranks).
    for (bad, shown) in [(DatabaseValue.null, "NULL"), ("abc".databaseValue, "'abc'")] {
      let database = try todoTable(ranks: (1...6).map { ("a", Int64($0 << 32)) })
      let table = SimulatedTableView(viewportHeight: 20)
      table.register(SimulatedCell.self, forReuseIdentifier: "todo")
      table.animationTiming = .immediate
      let presenters = PresenterRegistry<SimulatedCell>()
      presenters.register(TitledTodoPresenter())
      let controller = ListController<SectionInfo, TitledTodo, SimulatedCell>(
        host: table, presenters: presenters)
      let list = FetchedList<TitledTodo, TitledTodo>(
        database, request: todoRequest, sectionedBy: .column("list"))
      try list.enableEditing(rankColumn: "position")
      controller.connect(to: list)
      try await database.write { db in
        try db.execute(sql: "UPDATE todo SET position = ? WHERE id = 4", arguments: [bad])
      }
      await list.waitUntilIdle()
      await controller.apply(controller.latestSnapshot)
      var failures: [String] = []
      controller.didFailToWrite = { error, _ in failures.append("\(error)") }
      let before = try ids(database)
      #expect(controller.snapshot.items.map(\.id) == before)
      let row = try #require(controller.snapshot.path(of: 1))
      table.userMoveRow(from: row, to: ItemPath(section: 0, item: 5))
      await controller.waitUntilWritten()
      await list.waitUntilIdle()
      await controller.apply(controller.latestSnapshot)
      #expect(
        failures == [
          "the row with id 4 has the rank \(shown): moving rows needs an integer rank in every row"
        ])
      #expect(try ids(database) == before, "nothing written")
      #expect(controller.snapshot.items.map(\.id) == before, "back to the table's order")
      #expect(table.violations.isEmpty)
    }
  }

  @Test("a UNIQUE index on (list, position) accepts every move, relabels included")
  func uniqueRankIndex() async throws {
    // A = 1, P = 2, B = 3: B between A and P relabels all three.
    let database = try todoTable(ranks: [("a", 1), ("a", 2), ("a", 3)], unique: true)
    let (table, controller, list) = try await editableTodos(database)
    var failures: [String] = []
    controller.didFailToWrite = { error, _ in failures.append("\(error)") }
    table.userMoveRow(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 1))
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(failures == [])
    #expect(try ids(database) == [1, 3, 2])

    // Many moves in a dense list with the index: none fails.
    let dense = try todoTable(
      ranks: (0..<60).map { (["a", "b"][$0 % 2], Int64($0 / 2)) }, unique: true)
    let (denseTable, denseController, denseList) = try await editableTodos(
      dense, editing: try FetchedEditing(gap: 4, minimumSpacing: 2))
    var denseFailures: [String] = []
    denseController.didFailToWrite = { error, _ in denseFailures.append("\(error)") }
    var random = SeededRandom(seed: 23)
    for _ in 0..<150 {
      let counts = denseTable.rowCounts
      if let from = randomRow(counts, &random) {
        denseTable.userMoveRow(from: from, to: randomPlace(for: from, counts, &random))
      }
    }
    await denseController.waitUntilWritten()
    await settle(denseList, denseController)
    #expect(denseFailures == [])
    #expect(
      try todoOrder(dense)
        == denseController.snapshot.sections.indices.map {
          denseController.snapshot.items(inSectionAt: $0).map(\.id)
        })
  }

  @Test("rows a filter hides never share a rank with a moved row, between or after the neighbours")
  func hiddenRowsKeepUniqueRanks() async throws {
    let gap: Int64 = 1 << 32
    // Visible 1 and 3 (0 and 2^32); hidden 2 at the midpoint; hidden 5 one
    // gap after visible 4, the last visible row.
    let database = try todoTable(ranks: [
      ("a", 0), ("a", gap / 2), ("a", gap),
      ("a", 2 * gap), ("a", 3 * gap),
      ("a", 4 * gap),
    ])
    try await database.write { db in
      try db.execute(sql: "UPDATE todo SET title = 'hidden' WHERE id IN (2, 5)")
    }
    let (table, controller, list) = try await editableTodos(database, filter: "title <> 'hidden'")
    #expect(controller.snapshot.items.map(\.id) == [1, 3, 4, 6])
    // 6 between 1 and 3: the midpoint is 2's rank.
    table.userMoveRow(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 1))
    // 1 after 4: 4's rank plus a gap is 5's rank... once 6 left, 4 is not
    // last; move 3 to the end after 4 instead.
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(try sharedRanks(database) == [])
    #expect(controller.snapshot.items.map(\.id) == [1, 6, 3, 4])
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 3))
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(try sharedRanks(database) == [])
    #expect(controller.snapshot.items.map(\.id) == [6, 3, 4, 1])
    let visibleOrder = try ids(database).filter { ![2, 5].contains($0) }
    #expect(visibleOrder == [6, 3, 4, 1])
  }

  @Test("rows willApply adds are skipped as neighbours; a section only willApply shows is refused")
  func willApplyRows() async throws {
    let database = try todoDatabase(count: 9)
    let (table, controller, list) = try await editableTodos(database)
    list.willApply = { snapshot in
      var snapshot = snapshot
      try? snapshot.insertItems(
        [Todo(id: 100, title: "tip", list: "a", position: 0)], beforeItem: 6)
      try? snapshot.appendSections([SectionInfo(id: "x")])
      return snapshot
    }
    await settle(list, controller)
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [3, 100, 6, 9])
    var failures: [String] = []
    controller.didFailToWrite = { error, _ in failures.append("\(error)") }
    // 9 dropped just after the tip: between 3 and 6 in the table.
    table.userMoveRow(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 2))
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(failures == [])
    #expect(try ids(database) == [3, 9, 6])
    // willApply puts its row before 6 again.
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [3, 9, 100, 6])

    // Into the section willApply made: refused, and the row comes back.
    let x = try #require(controller.snapshot.sectionIndex(of: "x"))
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: x, item: 0))
    await controller.waitUntilWritten()
    for _ in 0..<5 { await Task.yield() }
    await settle(list, controller)
    #expect(
      failures == [
        "cannot drop a row into section x: no database row of the list is in it (willApply "
          + "added it?)"
      ])
    #expect(try ids(database) == [3, 9, 6])
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [3, 9, 100, 6])
    #expect(table.violations.isEmpty)
  }

  @Test("an undone delete comes back where its rank puts it, without moving on the echo")
  func undoneDeleteByRank() async throws {
    let database = try todoTable(ranks: (1...4).map { ("a", Int64($0 * 10)) })
    let (table, controller, list) = try await editableTodos(database)
    controller.userDeleteItems(withIDs: [2])
    await controller.waitUntilWritten()
    await settle(list, controller)
    // Another writer moves 3 to the top: 2 came before 3, but its rank (20)
    // puts it after 1.
    try await database.write { db in
      try db.execute(sql: "UPDATE todo SET position = 5 WHERE id = 3")
    }
    await settle(list, controller)
    #expect(controller.snapshot.items.map(\.id) == [3, 1, 4])
    let batches = table.batchLog.count
    controller.undo()
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(try ids(database) == [3, 1, 2, 4])
    #expect(controller.snapshot.items.map(\.id) == [3, 1, 2, 4])
    let undoBatches = table.batchLog[batches...]
    let moves = undoBatches.flatMap(\.moveRows)
    #expect(moves.isEmpty, "no row moved: \(moves)")
    #expect(undoBatches.map(\.insertRows.count).reduce(0, +) == 1)
  }

  @Test("the values of deleted rows are kept only while an undo step can bring them back")
  func undoDataIsBounded() async throws {
    let database = try todoDatabase(count: 150)
    let (_, controller, list) = try await editableTodos(database)
    for id in 1...120 { controller.userDeleteItems(withIDs: [Int64(id)]) }
    await controller.waitUntilWritten()
    await settle(list, controller)
    #expect(controller.history.undoSteps.count == 100)
    #expect(list.undoDataCount == 100, "the 20 oldest steps were trimmed, and their rows")
    controller.undo()
    await controller.waitUntilWritten()
    #expect(list.undoDataCount == 99, "the row undone is back in the table")
    controller.userDeleteItems(withIDs: [121])  // a new step: the redo step goes
    await controller.waitUntilWritten()
    #expect(list.undoDataCount == 100)
    controller.disconnect()
    #expect(list.undoDataCount == 0, "a forgotten history lets every row go")
  }

  @Test("spacing that cannot work is refused by name; the smallest that can relabels whole lists")
  func spacing() async throws {
    let tooSmall = #expect(throws: FetchedEditingError.self) {
      try FetchedEditing(gap: 1, minimumSpacing: 1)
    }
    #expect(
      tooSmall?.description
        == "FetchedEditing(gap: 1, minimumSpacing: 1) cannot space ranks: it needs "
        + "2 ≤ minimumSpacing ≤ gap")
    #expect(throws: FetchedEditingError.invalidSpacing(gap: 4, minimumSpacing: 8)) {
      try FetchedEditing(gap: 4, minimumSpacing: 8)
    }
    // gap 2 and an even number of rows packed tight: the whole list is
    // spread 2 apart, and the move lands.
    for count in [4, 5, 8] {
      let database = try todoTable(ranks: (0..<count).map { ("a", Int64($0)) })
      let (table, controller, list) = try await editableTodos(
        database, editing: try FetchedEditing(gap: 2, minimumSpacing: 2))
      table.userMoveRow(
        from: ItemPath(section: 0, item: count - 1), to: ItemPath(section: 0, item: 1))
      await controller.waitUntilWritten()
      await settle(list, controller)
      var expected = (1...Int64(count - 1)).map { $0 }
      expected.insert(Int64(count), at: 1)
      #expect(try ids(database) == expected, "\(count) rows")
      #expect(try sharedRanks(database) == [])
    }
  }
}

@Suite("Rank plans: write orders a UNIQUE index accepts")
struct RankPlanOrderTests {
  @Test("statements never give a rank a row still holds, for random windows", arguments: 0..<40)
  func noTransientDuplicates(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let count = random.int(in: 2...30)
    var ranks: [Int64: Int64] = [:]
    var used: Set<Int64> = []
    for rowID in 1...Int64(count) {
      var rank: Int64
      repeat { rank = Int64(random.int(in: 0...40)) } while used.contains(rank)
      used.insert(rank)
      ranks[rowID] = rank
    }
    let moved = Int64(random.int(in: 1...count))
    let window = ranks.keys.filter { $0 != moved }.sorted { ranks[$0]! < ranks[$1]! }
    // A relabel keeps the window's order: new ranks, spaced, in order, with
    // the moved row at a random slot.
    let slot = random.int(in: 0...window.count)
    var order = window
    order.insert(moved, at: slot)
    let start = Int64(random.int(in: -10...30))
    let spacing = Int64(random.int(in: 1...3))
    var plan = RankPlan(writes: [])
    for (offset, rowID) in order.enumerated() {
      plan.writes.append((rowID, start + spacing * Int64(offset)))
      if rowID != moved { plan.oldRanks[rowID] = ranks[rowID]! }
    }
    let index = plan.writes.firstIndex { $0.rowID == moved }!
    plan.writes.insert(plan.writes.remove(at: index), at: 0)
    let statements = try plan.statements(
      movedRank: ranks[moved]!, spare: { (ranks.values.max() ?? 0) + 100 })
    var current = ranks
    for statement in statements {
      let holder = current.first { $0.value == statement.rank && $0.key != statement.rowID }
      #expect(
        holder == nil, "row \(statement.rowID) takes \(statement.rank), held by \(holder!.key)")
      current[statement.rowID] = statement.rank
    }
    for write in plan.writes { #expect(current[write.rowID] == write.rank) }
  }
}

/// A rank no row of `list` has, from `around` up.
func unusedRank(_ db: Database, in list: String, around: Int64) throws -> Int64 {
  var rank = around
  while try Int.fetchOne(
    db, sql: "SELECT count(*) FROM todo WHERE list = ? AND position = ?",
    arguments: [list, rank]) != 0
  {
    rank += 1
  }
  return rank
}

/// How a randomized write-back run sets up its table and its list.
struct WriteBackSetup: Sendable, CustomTestStringConvertible {
  var unique: Bool
  var gap: Int64
  var minimumSpacing: Int64
  var seed: UInt64

  var testDescription: String {
    "\(unique ? "UNIQUE" : "plain") ranks, gap \(gap), spacing \(minimumSpacing), seed \(seed)"
  }
}

@MainActor
@Suite("FetchedList write-back against a restless writer, randomized")
struct FetchedWriteBackFuzzTests {
  @Test(
    "user moves, deletes, undos and redos, filters and orders changing, while another writer reorders, moves between lists, deletes and breaks ranks: the list equals the table, and ranks stay unique",
    arguments: [
      WriteBackSetup(unique: false, gap: 1 << 32, minimumSpacing: 1 << 10, seed: 1),
      WriteBackSetup(unique: true, gap: 1 << 32, minimumSpacing: 1 << 10, seed: 2),
      WriteBackSetup(unique: true, gap: 8, minimumSpacing: 2, seed: 3),
      WriteBackSetup(unique: false, gap: 3, minimumSpacing: 2, seed: 4),
      WriteBackSetup(unique: true, gap: 2, minimumSpacing: 2, seed: 5),
    ])
  func restlessWriter(setup: WriteBackSetup) async throws {
    let steps = Int(ProcessInfo.processInfo.environment["TABULA_WRITE_BACK_STEPS"] ?? "") ?? 300
    let lists = ["a", "b", "c"]
    let database = try todoTable(
      ranks: (0..<45).map { (lists[$0 % 3], Int64($0 / 3) * setup.gap) }, unique: setup.unique)
    let table = SimulatedTableView(viewportHeight: 120)
    table.register(SimulatedCell.self, forReuseIdentifier: "todo")
    table.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(TitledTodoPresenter())
    let controller = ListController<SectionInfo, TitledTodo, SimulatedCell>(
      host: table, presenters: presenters)
    let list = FetchedList<TitledTodo, TitledTodo>(
      database, request: todoRequest, sectionedBy: .column("list"))
    try list.enableEditing(
      rankColumn: "position",
      editing: try FetchedEditing(gap: setup.gap, minimumSpacing: setup.minimumSpacing))
    controller.connect(to: list)
    var unexpected: [String] = []
    var conflicts = 0
    controller.didFailToWrite = { error, _ in
      switch error {
      case FetchedEditingError.rowNotFound, FetchedEditingError.neighboursMoved,
        FetchedEditingError.neighbourLeftSection, FetchedEditingError.invalidRank,
        FetchedEditingError.notADatabaseRow, FetchedEditingError.noDeletedRow,
        FetchedEditingError.notOrderedByRank, SnapshotError.unknownItemIDs,
        SnapshotError.unknownSectionIDs:
        conflicts += 1
      default: unexpected.append("\(error)")
      }
    }
    var random = SeededRandom(seed: setup.seed)
    var nextID: Int64 = 1000
    var filtered = false
    var ordered = true
    for step in 0..<steps {
      let counts = table.rowCounts
      switch random.int(in: 0..<20) {
      case 0, 1: controller.undo()
      case 2: controller.redo()
      case 3, 4:
        if let row = randomRow(counts, &random) { _ = table.userDeleteRows(at: [row]) }
      case 5...10:
        if let from = randomRow(counts, &random) {
          table.userMoveRow(from: from, to: randomPlace(for: from, counts, &random))
        }
      case 11:
        // A filter hides every fifth row (rows the moves must step around).
        filtered.toggle()
        try list.setFilter(filtered ? "id % 5 <> 0" : nil)
      case 12:
        // Another order: editing is off until the rank order is back.
        guard !ordered || random.chance(0.3) else { break }
        ordered.toggle()
        try list.setOrdering(
          ordered ? [.ascending("list"), .ascending("position")] : [.ascending("title")])
      default:
        let kind = random.int(in: 0..<8)
        let id = Int64(random.int(in: 1...Int(nextID)))
        let target = lists[random.int(in: 0..<3)]
        let near = Int64(random.int(in: 0...20)) * setup.gap / 2
        let newID = nextID
        nextID += 1
        // Distinct reals (a UNIQUE index allows many NULLs, not two 0.5s).
        let broken = random.chance(0.5) ? DatabaseValue.null : (Double(newID) + 0.5).databaseValue
        try await database.write { db in
          switch kind {
          case 0:
            try db.execute(
              sql: "INSERT INTO todo (id, title, list, position) VALUES (?, ?, ?, ?)",
              arguments: [
                newID, "new \(newID)", target, try unusedRank(db, in: target, around: near),
              ])
          case 1: try db.execute(sql: "DELETE FROM todo WHERE id = ?", arguments: [id])
          case 2, 3:
            // Reorder within its list, or move to another list.
            let list =
              kind == 2
              ? try String.fetchOne(db, sql: "SELECT list FROM todo WHERE id = ?", arguments: [id])
              : target
            guard let list else { return }
            try db.execute(
              sql: "UPDATE todo SET list = ?, position = ? WHERE id = ?",
              arguments: [list, try unusedRank(db, in: list, around: near), id])
          case 4:
            // A rank that is not an integer, repaired a few steps later.
            try db.execute(
              sql: "UPDATE todo SET position = ? WHERE id = ?",
              arguments: [broken, id])
          default:
            for row in try Row.fetchAll(
              db, sql: "SELECT id, list FROM todo WHERE typeof(position) <> 'integer'")
            {
              let list: String = row["list"]
              try db.execute(
                sql: "UPDATE todo SET position = ? WHERE id = ?",
                arguments: [try unusedRank(db, in: list, around: near), row["id"] as Int64])
            }
          }
        }
      }
      #expect(table.violations.isEmpty, "step \(step): \(table.violations)")
      if step % 10 == 9 {
        await controller.waitUntilWritten()
        await list.waitUntilIdle()
        await controller.apply(controller.latestSnapshot)
        let order = ordered ? "list, position, rowid" : "title, rowid"
        let query =
          "SELECT id, list FROM todo \(filtered ? "WHERE id % 5 <> 0" : "") ORDER BY \(order)"
        let rows = try await database.read { db in
          try Row.fetchAll(db, sql: query).map { ($0["id"] as Int64, $0["list"] as String) }
        }
        // Sections by list, in the order their first rows come.
        var sections: [(String, [Int64])] = []
        for (id, list) in rows {
          if let index = sections.firstIndex(where: { $0.0 == list }) {
            sections[index].1.append(id)
          } else {
            sections.append((list, [id]))
          }
        }
        let expected = sections.flatMap(\.1)
        if case .loaded = list.state {
          #expect(controller.snapshot.items.map(\.id) == expected, "step \(step)")
        }
        let ties = try await database.read { db in
          try String.fetchAll(
            db,
            sql: """
              SELECT list || ':' || position FROM todo WHERE typeof(position) = 'integer'
              GROUP BY list, position HAVING count(*) > 1
              """)
        }
        #expect(ties == [], "step \(step): ranks two rows share")
      }
    }
    #expect(unexpected == [])
    if ProcessInfo.processInfo.environment["TABULA_WRITE_BACK_STEPS"] != nil {
      print(
        "write-back \(setup.testDescription): \(steps) steps, \(list.rowsWrittenByEdits) rows "
          + "written, \(conflicts) conflicts")
    }
    #expect(list.rowsWrittenByEdits > steps / 10, "edits went through")
    #expect(conflicts < steps / 3, "conflicts are the exception (\(conflicts))")
  }
}
