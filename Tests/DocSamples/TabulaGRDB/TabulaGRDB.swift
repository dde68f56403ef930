import GRDB
import Tabula
import TabulaGRDB
import TabulaTesting
import Testing

// The sample of TabulaGRDB's overview (TabulaGRDB.md), run against an
// in-memory database and a simulated table view.

extension Contact: FetchableRecord {
  init(row: Row) {
    self.init(id: row["id"], name: row["name"])
  }
}

@MainActor
@Test func liveContactList() async throws {
  let database = try DatabaseQueue()
  try await database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE contact (
          id INTEGER PRIMARY KEY, name TEXT NOT NULL,
          initial TEXT GENERATED ALWAYS AS (upper(substr(name, 1, 1))));
        INSERT INTO contact (id, name) VALUES
          (1, 'Grace Hopper'), (2, 'Ada Lovelace'), (3, 'Alan Turing');
        """)
  }
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "contact")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.registerPlaceholders(in: tableView)
  presenters.register(ContactCellPresenter())
  let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(
    host: tableView, presenters: presenters)

  let contacts = FetchedList<Contact, AnyItem>(
    database,
    request: FetchedRequest(
      table: "contact", orderedBy: [.ascending("name", caseInsensitive: true)]),
    sectionedBy: .column("initial"),
    placeholderSection: SectionInfo(id: "contacts"))
  contacts.willApply = { snapshot in snapshot }  // mix in rows, show "no results"...
  controller.connect(to: contacts)

  // The search field's action: the filtered list animates in.
  func search(for text: String) throws(FetchedRequestError) {
    try contacts.setFilter(text.isEmpty ? nil : "name LIKE \(LikePattern.containing(text))")
  }

  await contacts.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])

  try search(for: "Gr")
  await contacts.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Grace Hopper"])
  #expect(tableView.violations.isEmpty)
}

// The sample of "Searching text" (TabulaGRDB.md).

func searchFilter(for text: String) -> SQL? {
  text.isEmpty ? nil : "name LIKE \(LikePattern.containing(text))"
}

@MainActor
@Test func searchingText() async throws {
  let database = try DatabaseQueue()
  try await database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL, initial TEXT NOT NULL);
        INSERT INTO contact (id, name, initial) VALUES
          (1, 'Grace Hopper', 'G'), (2, 'ada_lovelace', 'A'), (3, '50% Turing', '5');
        """)
  }
  let contacts = FetchedList<Contact, Contact>(
    database, request: FetchedRequest(table: "contact", orderedBy: [.ascending("id")]),
    sectionedBy: .column("initial"))
  for (text, found) in [
    ("_", ["ada_lovelace"]), ("50%", ["50% Turing"]),
    (
      "",
      [
        "Grace Hopper", "ada_lovelace", "50% Turing",
      ]
    ), ("ADA", ["ada_lovelace"]),
  ] {
    try contacts.setFilter(searchFilter(for: text))
    await contacts.waitUntilIdle()
    #expect(contacts.snapshot.items.map(\.name).sorted() == found.sorted(), "\(text)")
  }
  let viaQueryInterface = try await database.read { db in
    try String.fetchAll(
      db, Table("contact").select(Column("name")).filter(Column("name").like(.containing("_"))))
  }
  #expect(viaQueryInterface == ["ada_lovelace"])
}

/// Shows a contact's name in a simulated cell.
struct ContactCellPresenter: Presenter {
  func reuseIdentifier(for contact: Contact, style: PresentationStyle) -> String { "contact" }

  func configure(_ cell: SimulatedCell, with contact: Contact, context: PresentationContext) {
    cell.text = contact.name
  }
}

// The sample of "Live trees" (TabulaGRDB.md).

struct Message: Codable, FetchableRecord, Diffable, Hashable {
  var id: Int64
  var replyTo: Int64?
  var text: String
  var postedAt: Int
}

/// Shows a message, indented by its depth in the thread.
struct MessagePresenter: Presenter {
  func reuseIdentifier(for message: Message, style: PresentationStyle) -> String { "message" }

  func configure(_ cell: SimulatedCell, with message: Message, context: PresentationContext) {
    cell.text = String(repeating: "  ", count: context.outline?.depth ?? 0) + message.text
  }
}

@MainActor
@Test func liveThread() async throws {
  let database = try DatabaseQueue()
  try await database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE message (
          id INTEGER PRIMARY KEY, replyTo INTEGER REFERENCES message ON DELETE CASCADE,
          text TEXT NOT NULL, postedAt INTEGER NOT NULL);
        INSERT INTO message VALUES
          (1, NULL, 'Lunch?', 1), (2, 1, 'Yes!', 2), (3, 2, 'Where?', 3), (4, NULL, 'Build is red', 4);
        """)
  }
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "message")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(MessagePresenter())
  let controller = ListController<SectionInfo, OutlineRow<Message>, SimulatedCell>(
    host: tableView, presenters: presenters)

  let thread = FetchedTree<Message, Message>(
    database,
    request: FetchedTreeRequest(
      table: "message", parentColumn: "replyTo", orderedBy: [.ascending("postedAt")]))
  controller.connect(to: thread)  // the roots; replies are read as they are expanded
  await thread.waitUntilIdle()
  try thread.expandSubtree(1)  // reads the replies to 1, level by level; they animate in

  await thread.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Lunch?", "  Yes!", "    Where?", "Build is red"])

  try await database.write { db in
    try db.execute(sql: "INSERT INTO message VALUES (5, 1, 'Noon', 5)")
    try db.execute(sql: "DELETE FROM message WHERE id = 3")
  }
  await thread.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Lunch?", "  Yes!", "  Noon", "Build is red"])
  #expect(tableView.violations.isEmpty)
}

/// The to-do of "Rows the user reorders".
struct Todo: Codable, FetchableRecord, Diffable, Hashable {
  var id: Int64
  var title: String
  var list: String
  var position: Int64
}

struct DocTodoPresenter: Presenter {
  func reuseIdentifier(for todo: Todo, style: PresentationStyle) -> String { "todo" }
  func configure(_ cell: SimulatedCell, with todo: Todo, context: PresentationContext) {
    cell.text = todo.title
  }
  func canMove(_ todo: Todo) -> Bool { true }
}

@MainActor
@Test func reorderedTodos() async throws {
  let database = try DatabaseQueue()
  try await database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE todo (
          id INTEGER PRIMARY KEY, title TEXT NOT NULL, list TEXT NOT NULL,
          position INTEGER NOT NULL);
        INSERT INTO todo VALUES
          (1, 'Milk', 'shop', 4294967296), (2, 'Eggs', 'shop', 8589934592),
          (3, 'Taxes', 'home', 4294967296);
        """)
  }
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "todo")
  tableView.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(DocTodoPresenter())
  let controller = ListController<SectionInfo, Todo, SimulatedCell>(
    host: tableView, presenters: presenters)

  let todos = FetchedList<Todo, Todo>(
    database,
    request: FetchedRequest(
      table: "todo", orderedBy: [.ascending("list"), .ascending("position")]),
    sectionedBy: .column("list"))
  try todos.enableEditing(rankColumn: "position")  // ids in the "id" column
  controller.connect(to: todos)

  await todos.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  // Sections: home [Taxes], shop [Milk, Eggs]. The user drags Eggs above Milk.
  tableView.userMoveRow(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 1, item: 0))
  await todos.waitUntilIdle()
  let order = try await database.read { db in
    try String.fetchAll(db, sql: "SELECT title FROM todo WHERE list = 'shop' ORDER BY position")
  }
  #expect(order == ["Eggs", "Milk"])
  #expect(todos.rowsWrittenByEdits == 1)
}

/// A board of a tree the user rearranges.
struct Board: Codable, FetchableRecord, Diffable, Hashable {
  var id: Int64
  var parent: Int64?
  var name: String
  var rank: Int64
}

/// Shows a board by name.
struct BoardPresenter: Presenter {
  func reuseIdentifier(for board: Board, style: PresentationStyle) -> String { "board" }
  func configure(_ cell: SimulatedCell, with board: Board, context: PresentationContext) {
    cell.text = board.name
  }
  func canMove(_ board: Board) -> Bool { true }
}

@MainActor
@Test func draggedBoards() async throws {
  let database = try DatabaseQueue()
  try await database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE board (
          id INTEGER PRIMARY KEY, parent INTEGER, name TEXT NOT NULL, rank INTEGER NOT NULL);
        INSERT INTO board VALUES (1, NULL, 'Work', 1), (2, NULL, 'Taxes', 2), (3, NULL, 'Trips', 3);
        """)
  }
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "board")
  tableView.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(BoardPresenter())
  let controller = ListController<SectionInfo, OutlineRow<Board>, SimulatedCell>(
    host: tableView, presenters: presenters)

  let boards = FetchedTree<Board, Board>(
    database,
    request: FetchedTreeRequest(
      table: "board", parentColumn: "parent", orderedBy: [.ascending("rank")]))
  try boards.enableEditing(rankColumn: "rank")  // ids in the "id" column
  controller.connect(to: boards)
  await boards.waitUntilIdle()
  // Boards 2 and 3 dragged onto the first row: both go under it, last.
  controller.userMoveItems(withIDs: [2, 3], to: .into(ItemPath(section: 0, item: 0)))

  await controller.waitUntilWritten()
  await boards.waitUntilIdle()
  let parents = try await database.read { db in
    try Int64?.fetchAll(db, sql: "SELECT parent FROM board ORDER BY id")
  }
  #expect(parents == [nil, 1, 1])
  try boards.expand(1)
  await boards.waitUntilIdle()
  #expect(boards.snapshot.items.map(\.item.name) == ["Work", "Taxes", "Trips"])
  controller.undo()
  await controller.waitUntilWritten()
  await boards.waitUntilIdle()
  #expect(
    try await database.read { db in try Int64?.fetchAll(db, sql: "SELECT parent FROM board") }
      == [nil, nil, nil])
}
