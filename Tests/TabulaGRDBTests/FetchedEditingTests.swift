import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTestSupport
import TabulaTesting
import Testing

@testable import TabulaGRDB

/// A to-do whose content is its title: its rank and list columns place it,
/// so a move changes no content and its database echo shows nothing.
struct Todo: Codable, FetchableRecord, PersistableRecord, Diffable, Sendable {
  static let databaseTableName = "todo"
  var id: Int64
  var title: String
  var list: String
  var position: Int64

  func isContentEqual(to other: Todo) -> Bool { title == other.title }
}

struct TodoPresenter: Presenter {
  func reuseIdentifier(for todo: Todo, style: PresentationStyle) -> String { "todo" }
  func configure(_ cell: SimulatedCell, with todo: Todo, context: PresentationContext) {
    cell.text = todo.title
    cell.representedID = todo.id
  }
  func canMove(_ todo: Todo) -> Bool { true }
  func canDelete(_ todo: Todo) -> Bool { true }
}

/// `count` to-dos in lists "a", "b", "c" (round robin), ranks `gap` apart
/// (or 1 apart when `dense`).
func todoDatabase(count: Int, dense: Bool = false) throws -> DatabaseQueue {
  let database = try DatabaseQueue()
  try database.write { db in
    try db.create(table: "todo") { table in
      table.primaryKey("id", .integer)
      table.column("title", .text).notNull()
      table.column("list", .text).notNull()
      table.column("position", .integer).notNull()
    }
    try db.create(index: "todo_order", on: "todo", columns: ["list", "position"])
    for id in 1...Int64(count) {
      let position = dense ? id : id << 32
      try Todo(id: id, title: "todo \(id)", list: ["a", "b", "c"][Int(id) % 3], position: position)
        .insert(db)
    }
  }
  return database
}

/// The ids of the table in the list's order, grouped by list: what a fresh
/// query says the list must show.
func todoOrder(_ database: DatabaseQueue) throws -> [[Int64]] {
  let todos = try database.read { db in
    try Todo.fetchAll(db, sql: "SELECT * FROM todo ORDER BY list, position, rowid")
  }
  var lists: [(String, [Int64])] = []
  for todo in todos {
    if lists.last?.0 == todo.list {
      lists[lists.count - 1].1.append(todo.id)
    } else {
      lists.append((todo.list, [todo.id]))
    }
  }
  return lists.map(\.1)
}

let todoRequest = FetchedRequest(
  table: "todo", orderedBy: [.ascending("list"), .ascending("position")])

@MainActor
func todoList(_ database: DatabaseQueue, viewportHeight: Int = 40) async throws -> (
  SimulatedTableView, ListController<SectionInfo, Todo, SimulatedCell>, FetchedList<Todo, Todo>
) {
  let table = SimulatedTableView(viewportHeight: viewportHeight)
  table.register(SimulatedCell.self, forReuseIdentifier: "todo")
  table.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(TodoPresenter())
  let controller = ListController<SectionInfo, Todo, SimulatedCell>(
    host: table, presenters: presenters)
  let list = FetchedList<Todo, Todo>(
    database, request: todoRequest, sectionedBy: .column("list"))
  try list.enableEditing(rankColumn: "position")
  controller.connect(to: list)
  await list.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  return (table, controller, list)
}

@MainActor
func settle(
  _ list: FetchedList<Todo, Todo>, _ controller: ListController<SectionInfo, Todo, SimulatedCell>
)
  async
{
  await list.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
}

@MainActor
@Suite("FetchedList: user moves written back to SQLite")
struct FetchedEditingTests {
  @Test("a move writes one row, the table's order is the list's, and the echo moves nothing")
  func oneMove() async throws {
    let database = try todoDatabase(count: 30)
    let (table, controller, list) = try await todoList(database)
    let batches = table.batchCount
    // "a" holds 3, 6, 9, ...: move 3 below 9.
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    // Shown at once, saved off the main actor.
    #expect(list.snapshot.items(inSectionAt: 0).prefix(4).map(\.id) == [6, 9, 3, 12])
    await controller.waitUntilWritten()
    #expect(list.rowsWrittenByEdits == 1)
    await settle(list, controller)
    #expect(table.batchCount == batches, "no batch for the move, none for its echo")
    #expect(try todoOrder(database)[0].prefix(4) == [6, 9, 3, 12])
    #expect(
      try todoOrder(database)
        == controller.snapshot.sections.indices.map {
          controller.snapshot.items(inSectionAt: $0).map(\.id)
        })
    #expect(table.violations.isEmpty)
  }

  @Test("many moves before the echo: the echo, in however many fetches, moves nothing")
  func echoOfManyMoves() async throws {
    let database = try todoDatabase(count: 300)
    let (table, controller, list) = try await todoList(database)
    let batches = table.batchCount
    var random = SeededRandom(seed: 9)
    for _ in 0..<40 {
      let counts = table.rowCounts
      let from = randomRow(counts, &random)!
      table.userMoveRow(from: from, to: randomPlace(for: from, counts, &random))
    }
    await settle(list, controller)
    #expect(table.batchCount == batches, "the echoes agree with what the user sees")
    #expect(
      try todoOrder(database)
        == controller.snapshot.sections.indices.map {
          controller.snapshot.items(inSectionAt: $0).map(\.id)
        })
  }

  @Test("a delete deletes the rows; undo inserts the very same rows again; redo deletes them")
  func deleteUndoRedo() async throws {
    let database = try todoDatabase(count: 12)
    let (table, controller, list) = try await todoList(database)
    func allRows() throws -> [[String]] {
      try database.read { db in
        try Row.fetchAll(db, sql: "SELECT rowid, * FROM todo ORDER BY rowid").map { row in
          row.databaseValues.map(\.description)
        }
      }
    }
    let before = try allRows()
    let order = try todoOrder(database)
    table.userDeleteRows(at: [ItemPath(section: 0, item: 1), ItemPath(section: 2, item: 0)])
    await settle(list, controller)
    #expect(try allRows().count == 10)
    #expect(controller.history.undoName == "Delete 2 Items")
    controller.undo()
    await settle(list, controller)
    #expect(try allRows() == before, "the same rows: ids, titles, lists, ranks, rowids")
    #expect(try todoOrder(database) == order)
    #expect(
      try todoOrder(database)
        == controller.snapshot.sections.indices.map {
          controller.snapshot.items(inSectionAt: $0).map(\.id)
        })
    controller.redo()
    await settle(list, controller)
    #expect(try allRows().count == 10)
    expectShowsTodos(table, controller.snapshot)
    #expect(table.violations.isEmpty)
  }

  @Test("a move to another list writes its list column")
  func crossSection() async throws {
    let database = try todoDatabase(count: 9)
    let (table, controller, list) = try await todoList(database)
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 1))
    await settle(list, controller)
    let moved = try await database.read { db in try Todo.fetchOne(db, key: 3) }
    #expect(moved?.list == "b")
    #expect(try todoOrder(database) == [[6, 9], [1, 3, 4, 7], [2, 5, 8]])
    #expect(table.violations.isEmpty)
  }

  @Test("densely packed ranks are relabelled in a small window, in order")
  func denseRanks() async throws {
    let database = try todoDatabase(count: 300, dense: true)
    let (table, controller, list) = try await todoList(database)
    // Ranks in "a" are 3, 6, 9...: room between them at first, none once
    // a few rows went to the same place.
    var expected = controller.snapshot.items(inSectionAt: 0).map(\.id)  // a naive model
    let batches = table.batchCount
    for _ in 0..<6 {
      table.userMoveRow(from: ItemPath(section: 0, item: 50), to: ItemPath(section: 0, item: 10))
      expected.insert(expected.remove(at: 50), at: 10)
    }
    await settle(list, controller)
    #expect(list.rowsWrittenByEdits > 6, "some moves relabelled a window")
    #expect(list.rowsWrittenByEdits < 60, "only a window, never the whole list")
    #expect(try todoOrder(database)[0] == expected, "the table's order is the moves'")
    #expect(table.batchCount == batches, "the echo agrees with what the user sees")
  }

  @Test("enabling editing on a request it cannot write names what is wrong")
  func badRequests() throws {
    let database = try todoDatabase(count: 3)
    let sqlList = FetchedList<Todo, Todo>(
      database, request: FetchedRequest(sql: "SELECT *, rowid AS tabula_rowid FROM todo"),
      sectionedBy: .single())
    #expect(throws: FetchedEditingError.notATableRequest) {
      try sqlList.enableEditing(rankColumn: "position")
    }
    #expect(!sqlList.canWrite)
    let byTitle = FetchedList<Todo, Todo>(
      database, request: FetchedRequest(table: "todo", orderedBy: [.ascending("title")]),
      sectionedBy: .single())
    let error = #expect(throws: FetchedEditingError.self) {
      try byTitle.enableEditing(rankColumn: "position")
    }
    #expect(
      error?.description
        == "editing moves rows by their rank column position, but the request is ordered by "
        + "[title ASC]: order by the section column (if any), then position ascending")
    let noColumn = FetchedList<Todo, Todo>(
      database, request: FetchedRequest(table: "todo", orderedBy: [.ascending("sort")]),
      sectionedBy: .single())
    #expect(throws: FetchedEditingError.missingColumns(table: "todo", ["sort"])) {
      try noColumn.enableEditing(rankColumn: "sort")
    }
    #expect(
      FetchedEditingError.notATableRequest.description
        == "FetchedList cannot write user edits to an SQL request: editing needs a "
        + "FetchedRequest(table:filter:orderedBy:)")
  }

  @Test(
    "random user moves, deletes, undos and redos while another writer inserts, deletes and edits: the table's order is the list's"
  )
  func randomized() async throws {
    let database = try todoDatabase(count: 60)
    let (table, controller, list) = try await todoList(database, viewportHeight: 80)
    var conflicts = 0
    controller.didFailToWrite = { error, _ in
      switch error {
      case FetchedEditingError.rowNotFound, FetchedEditingError.neighboursMoved,
        SnapshotError.unknownItemIDs, SnapshotError.unknownSectionIDs:
        conflicts += 1
      default: Issue.record("unexpected write error \(error)")
      }
    }
    var random = SeededRandom(seed: 5)
    var nextID: Int64 = 1000
    for step in 0..<200 {
      let counts = table.rowCounts
      let dice = random.int(in: 0..<10)
      if dice == 0 {
        controller.undo()
      } else if dice == 1 {
        controller.redo()
      } else if dice == 2, let row = randomRow(counts, &random) {
        table.userDeleteRows(at: [row])
      } else if dice < 7, let from = randomRow(counts, &random) {
        table.userMoveRow(from: from, to: randomPlace(for: from, counts, &random))
      } else {
        let id = Int64(random.int(in: 1...Int(nextID)))
        let kind = random.int(in: 0..<3)
        let newID = nextID
        let list = ["a", "b", "c"][random.int(in: 0..<3)]
        try await database.write { db in
          switch kind {
          case 0:
            let top = try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM todo") ?? 0
            try Todo(id: newID, title: "new \(newID)", list: list, position: top + (1 << 32))
              .insert(db)
          case 1: try db.execute(sql: "DELETE FROM todo WHERE id = ?", arguments: [id])
          default:
            try db.execute(
              sql: "UPDATE todo SET title = title || '!' WHERE id = ?", arguments: [id])
          }
        }
        nextID += 1
      }
      if step % 5 == 4 {
        await settle(list, controller)
        let shown = controller.snapshot.sections.indices.map {
          controller.snapshot.items(inSectionAt: $0).map(\.id)
        }
        #expect(try todoOrder(database) == shown, "step \(step)")
        expectShowsTodos(table, controller.snapshot)
      }
      #expect(table.violations.isEmpty, "step \(step): \(table.violations)")
    }
    #expect(list.rowsWrittenByEdits > 50)
    #expect(conflicts < 40, "conflicts are the exception (\(conflicts))")
  }
}

@MainActor
func expectShowsTodos(
  _ view: SimulatedListView, _ snapshot: Snapshot<SectionInfo, Todo>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for path in view.visibleItemPaths {
    let cell = view.visibleCell(at: path)
    #expect(
      cell?.representedID == snapshot.item(at: path).map { AnyHashable($0.id) }
        && cell?.text == snapshot.item(at: path)?.title,
      "cell at \(path)", sourceLocation: sourceLocation)
  }
}

/// Rows in rank order in memory, for the planner's unit tests.
struct ArrayNeighbourhood: RankNeighbourhood {
  var rows: [RankedRow]

  func rows(before row: RankedRow, limit: Int, excluding excluded: Set<Int64>) throws
    -> [RankedRow]
  {
    Array(rows.filter { $0 < row && !excluded.contains($0.rowID) }.reversed().prefix(limit))
  }

  func rows(after row: RankedRow, limit: Int, excluding excluded: Set<Int64>) throws
    -> [RankedRow]
  {
    Array(rows.filter { $0 > row && !excluded.contains($0.rowID) }.prefix(limit))
  }

  /// Applies `plan` and returns the row ids in rank order.
  func applying(_ plan: RankPlan) -> [Int64] {
    var ranks = Dictionary(uniqueKeysWithValues: rows.map { ($0.rowID, $0.rank) })
    for write in plan.writes { ranks[write.rowID] = write.rank }
    return ranks.map { RankedRow(rowID: $0.key, rank: $0.value) }.sorted().map(\.rowID)
  }
}

@Suite("Rank planning: midpoints, windows, ends")
struct RankPlannerTests {
  let editing = FetchedEditing.standard

  @Test("a gap takes the midpoint; adjacent ranks relabel a window, never more than needed")
  func windows() throws {
    // 100 rows ranked 0, 1, 2...: move row 100 (rank 99) between rows 10 and 11.
    let rows = (0..<100).map { RankedRow(rowID: Int64($0 + 1), rank: Int64($0)) }
    let neighbourhood = ArrayNeighbourhood(rows: rows)
    let plan = try RankPlanner.plan(
      moving: 100, between: rows[9], and: rows[10], editing: editing,
      neighbourhood: neighbourhood)
    #expect(plan.writes.first?.rowID == 100)
    #expect(plan.writes.count < 100, "a window, not the whole list")
    var expected = (1...99).map(Int64.init)
    expected.insert(100, at: 10)
    #expect(neighbourhood.applying(plan) == expected)

    let spaced = (0..<10).map { RankedRow(rowID: Int64($0 + 1), rank: Int64($0) << 32) }
    let midpoint = try RankPlanner.plan(
      moving: 10, between: spaced[2], and: spaced[3], editing: editing,
      neighbourhood: ArrayNeighbourhood(rows: spaced))
    #expect(midpoint.writes.count == 1 && midpoint.writes[0].rank == (2 << 32) + (1 << 31))
  }

  @Test("ranks at the ends of Int64 relabel instead of overflowing")
  func ends() throws {
    let rows = [
      RankedRow(rowID: 1, rank: .min), RankedRow(rowID: 2, rank: .min + 1),
      RankedRow(rowID: 3, rank: .max - 1), RankedRow(rowID: 4, rank: .max),
    ]
    let neighbourhood = ArrayNeighbourhood(rows: rows)
    let last = try RankPlanner.plan(
      moving: 1, between: rows[3], and: nil, editing: editing, neighbourhood: neighbourhood)
    #expect(neighbourhood.applying(last) == [2, 3, 4, 1])
    let first = try RankPlanner.plan(
      moving: 4, between: nil, and: rows[0], editing: editing, neighbourhood: neighbourhood)
    #expect(neighbourhood.applying(first) == [4, 1, 2, 3])
    let tied = [
      RankedRow(rowID: 1, rank: 5), RankedRow(rowID: 2, rank: 5), RankedRow(rowID: 3, rank: 5),
    ]
    let between = try RankPlanner.plan(
      moving: 3, between: tied[0], and: tied[1], editing: editing,
      neighbourhood: ArrayNeighbourhood(rows: tied))
    #expect(ArrayNeighbourhood(rows: tied).applying(between) == [1, 3, 2])
  }
}

/// A to-do whose list may be NULL.
struct LooseTodo: Codable, FetchableRecord, PersistableRecord, Diffable, Sendable {
  static let databaseTableName = "todo"
  var id: Int64
  var title: String
  var list: String?
  var position: Int64

  func isContentEqual(to other: LooseTodo) -> Bool { title == other.title }
}

struct LooseTodoPresenter: Presenter {
  func reuseIdentifier(for todo: LooseTodo, style: PresentationStyle) -> String { "todo" }
  func configure(_ cell: SimulatedCell, with todo: LooseTodo, context: PresentationContext) {
    cell.text = todo.title
  }
  func canMove(_ todo: LooseTodo) -> Bool { true }
  func canDelete(_ todo: LooseTodo) -> Bool { true }
}

@MainActor
@Suite("FetchedList write-back: NULL sections, rows the filter hides")
struct FetchedEditingEdgeTests {
  func setUp(filter: SQL? = nil) async throws -> (
    DatabaseQueue, SimulatedTableView, ListController<SectionInfo, LooseTodo, SimulatedCell>,
    FetchedList<LooseTodo, LooseTodo>
  ) {
    let database = try DatabaseQueue()
    try await database.write { db in
      try db.create(table: "todo") { table in
        table.primaryKey("id", .integer)
        table.column("title", .text).notNull()
        table.column("list", .text)
        table.column("position", .integer).notNull()
      }
      // Dense ranks: 12 rows without a list (NULL), 4 in "x"; titles of
      // even rows in the NULL list start with "hide".
      for id in 1...16 {
        let list: String? = id > 12 ? "x" : nil
        let title = id <= 12 && id.isMultiple(of: 2) ? "hide \(id)" : "todo \(id)"
        try LooseTodo(id: Int64(id), title: title, list: list, position: Int64(id)).insert(db)
      }
    }
    let table = SimulatedTableView(viewportHeight: 40)
    table.register(SimulatedCell.self, forReuseIdentifier: "todo")
    table.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(LooseTodoPresenter())
    let controller = ListController<SectionInfo, LooseTodo, SimulatedCell>(
      host: table, presenters: presenters)
    let list = FetchedList<LooseTodo, LooseTodo>(
      database,
      request: FetchedRequest(
        table: "todo", filter: filter, orderedBy: [.ascending("list"), .ascending("position")]),
      sectionedBy: .column("list"))
    try list.enableEditing(rankColumn: "position")
    controller.connect(to: list)
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    return (database, table, controller, list)
  }

  func order(_ database: DatabaseQueue, where condition: String = "1") throws -> [[Int64]] {
    try database.read { db in
      let rows = try Row.fetchAll(
        db, sql: "SELECT id, list FROM todo WHERE \(condition) ORDER BY list, position, rowid")
      var lists: [(String?, [Int64])] = []
      for row in rows {
        let list: String? = row["list"]
        if let last = lists.last, last.0 == list {
          lists[lists.count - 1].1.append(row["id"])
        } else {
          lists.append((list, [row["id"]]))
        }
      }
      return lists.map(\.1)
    }
  }

  @Test("moves in a section whose column is NULL relabel rows of that section only, in order")
  func nullSection() async throws {
    let (database, table, controller, list) = try await setUp()
    // The NULL section is the first (NULL sorts first); its ranks are dense.
    var expected = Array(Int64(1)...12)  // a naive model of the moves
    for _ in 0..<5 {
      table.userMoveRow(from: ItemPath(section: 0, item: 11), to: ItemPath(section: 0, item: 2))
      expected.insert(expected.removeLast(), at: 2)
      await list.waitUntilIdle()
      await controller.apply(controller.latestSnapshot)
    }
    #expect(list.rowsWrittenByEdits > 5, "dense ranks relabelled")
    #expect(
      try order(database) == [expected, [13, 14, 15, 16]], "the table's order is the moves'")
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == expected)
    let lists = try await database.read { db in
      try Row.fetchAll(db, sql: "SELECT id FROM todo WHERE list IS NULL ORDER BY id").count
    }
    #expect(lists == 12, "the NULL section's rows kept NULL")
  }

  @Test("undo brings back a section whose last rows were deleted, and a row moved out of it")
  func undoIntoAGoneSection() async throws {
    let (database, table, controller, list) = try await setUp()
    let before = try order(database)
    // "x" (13...16) is the second section: delete all its rows.
    table.userDeleteRows(at: (0..<4).map { ItemPath(section: 1, item: $0) })
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot.numberOfSections == 1, "the section went with its rows")
    controller.undo()
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    #expect(try order(database) == before)
    #expect(controller.snapshot.items(inSectionAt: 1).map(\.id) == [13, 14, 15, 16])
    // Moving the only row of a section out, then undoing it.
    table.userDeleteRows(at: (1..<4).map { ItemPath(section: 1, item: $0) })
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    table.userMoveRow(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 0))
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot.numberOfSections == 1)
    controller.undo()
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    #expect(controller.snapshot.numberOfSections == 2)
    #expect(controller.snapshot.items(inSectionAt: 1).map(\.id) == [13])
    let list13 = try await database.read { db in
      try String.fetchOne(db, sql: "SELECT list FROM todo WHERE id = 13")
    }
    #expect(list13 == "x")
    #expect(table.violations.isEmpty)
  }

  @Test("rows a filter hides between the drop's neighbours stay between them through a relabel")
  func hiddenRows() async throws {
    let (database, table, controller, list) = try await setUp(filter: "title NOT LIKE 'hide%'")
    // Shown in the NULL section: 1, 3, 5, 7, 9, 11 (ranks 1...11, the even
    // ones hidden between them). Move 11 between 1 and 3 (around hidden 2)
    // until a relabel comes.
    for _ in 0..<4 {
      let count = controller.snapshot.numberOfItems(inSectionAt: 0)
      table.userMoveRow(
        from: ItemPath(section: 0, item: count - 1), to: ItemPath(section: 0, item: 1))
      await list.waitUntilIdle()
      await controller.apply(controller.latestSnapshot)
    }
    let shown = controller.snapshot.items(inSectionAt: 0).map(\.id)
    let all = try order(database)[0]
    #expect(all.filter { !$0.isMultiple(of: 2) } == shown, "the shown order is the table's")
    // The rows nobody moved, hidden ones included, keep their order: a
    // relabel never carries a hidden row across a shown one.
    let moved: Set<Int64> = [5, 7, 9, 11]
    #expect(all.filter { !moved.contains($0) } == [1, 2, 3, 4, 6, 8, 10, 12])
    #expect(list.rowsWrittenByEdits > 4, "a relabel happened")
  }
}

@MainActor
@Suite("FetchedList write-back: errors name what is wrong")
struct FetchedEditingErrorTests {
  @Test("writes that cannot be made throw an error naming the row or section")
  func messages() async throws {
    let database = try todoDatabase(count: 12)
    let list = FetchedList<Todo, Todo>(
      database, request: todoRequest, sectionedBy: .column("list"))
    #expect(throws: FetchedEditingError.notEnabled) {
      try list.write(.delete(items: []))
    }
    try list.enableEditing(rankColumn: "position")
    await list.waitUntilIdle()
    let ghost = Todo(id: 99, title: "ghost", list: "a", position: 0)
    let foreign = #expect(throws: FetchedEditingError.self) {
      try list.write(.delete(items: [ghost]))
    }
    #expect(
      foreign?.description
        == "the row with id 99 is not one of the list's database rows (willApply added it?): "
        + "it cannot be written")
    let notDeleted = #expect(throws: FetchedEditingError.self) {
      try list.write(.insert(items: [.init(item: ghost, section: "a", before: nil)]))
    }
    #expect(
      notDeleted?.description
        == "cannot insert the row with id 99 again: this list did not delete it (or no undo "
        + "step holds it any more), so its values are unknown")

    // A row another writer deleted, found when the delete is saved.
    let first = list.snapshot.items(inSectionAt: 0)[0]
    try await database.write {
      try $0.execute(sql: "DELETE FROM todo WHERE id = ?", arguments: [first.id])
    }
    let gone = try #require(try list.write(.delete(items: [first])))
    await #expect { try await gone.value } throws: {
      ($0 as? FetchedEditingError)?.description
        == "the table has no row with id \(first.id) (another writer deleted it?)"
    }
    await list.waitUntilIdle()

    // Neighbours another writer swapped before the move was saved: the
    // list (not read again yet) drops the row between them.
    let section = list.snapshot.items(inSectionAt: 1).map(\.id)
    let (previous, next, moving) = (section[0], section[1], section.last!)
    try await database.write { db in
      try db.execute(
        sql: "UPDATE todo SET position = position + (1 << 40) WHERE id = ?", arguments: [previous])
    }
    var result = list.snapshot
    try result.moveItem(moving, beforeItem: next)
    let saving = try #require(
      try list.write(
        .move(
          to: result.placement(at: result.path(of: moving)!), base: list.snapshot, result: result)))
    await #expect { try await saving.value } throws: {
      ($0 as? FetchedEditingError)?.description
        == "the rows \(previous) and \(next) the row was dropped between are no longer in that "
        + "order in the table (another writer moved them)"
    }
    await list.waitUntilIdle()

    // Sectioned by a closure: no column to write a new section to.
    let byClosure = FetchedList<Todo, Todo>(
      database, request: FetchedRequest(table: "todo", orderedBy: [.ascending("position")]),
      sectionedBy: .by { $0.list })
    try byClosure.enableEditing(rankColumn: "position")
    await byClosure.waitUntilIdle()
    let snapshot = byClosure.snapshot
    let item = snapshot.items(inSectionAt: 0)[0]
    let other = snapshot.sections.first { $0.id != snapshot.sections[0].id }!.id
    var moved = snapshot
    try moved.moveItem(item.id, toSection: other, before: nil)
    let crossing = #expect(throws: FetchedEditingError.self) {
      try byClosure.write(
        .move(
          to: moved.placement(at: moved.path(of: item.id)!), base: snapshot, result: moved))
    }
    #expect(
      crossing?.description
        == "cannot move a row from section \(snapshot.sections[0].id) to \(other): the list is "
        + "sectioned by a closure, with no column to write the section to")
  }

  @Test("a delete a read-only source cannot keep is reported, and the list stays the source's")
  func readOnlySource() async throws {
    let table = SimulatedTableView(viewportHeight: 20)
    table.register(SimulatedCell.self, forReuseIdentifier: "todo")
    table.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(TodoPresenter())
    let controller = ListController<SectionInfo, Todo, SimulatedCell>(
      host: table, presenters: presenters)
    let todos = (1...3).map { Todo(id: $0, title: "todo \($0)", list: "a", position: $0) }
    let source = StaticReadOnly(try Snapshot(todos, in: SectionInfo(id: "a")))
    controller.connect(to: source)
    var failures: [String] = []
    controller.didFailToWrite = { error, _ in failures.append("\(error)") }
    controller.userDeleteItems(withIDs: [2])
    await controller.apply(controller.latestSnapshot)
    #expect(failures == ["the source StaticReadOnly<SectionInfo, Todo> cannot write user edits"])
    #expect(controller.snapshot.items.map(\.id) == [1, 2, 3])
    #expect(!controller.history.canUndo)
  }
}

/// A source that only shows a snapshot.
@MainActor
final class StaticReadOnly<SectionModel: Diffable, Item: Diffable>: SnapshotSource {
  let snapshot: Snapshot<SectionModel, Item>
  init(_ snapshot: Snapshot<SectionModel, Item>) { self.snapshot = snapshot }
  var state: LoadingState { .loaded }
  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    ObservationToken(onCancel: {})
  }
}
