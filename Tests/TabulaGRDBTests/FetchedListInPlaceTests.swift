import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTestSupport
import TabulaTesting
import Testing

/// A row of the `ranked` table: ordered by rank, sectioned by group.
struct GroupedRow: FetchableRecord, Diffable, Equatable, Sendable {
  var id: Int64
  var grp: String
  var rank: Int64
  var title: String

  init(row: Row) throws {
    id = row["id"]
    grp = row["grp"]
    rank = row["rank"]
    title = row["title"]
  }
}

@MainActor
@Suite("FetchedList: changed rows edit the content in place")
struct FetchedListInPlaceTests {
  /// A `ranked` table of `count` rows in groups "a" to "g", ranks random.
  func database(count: Int, random: inout SeededRandom) throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    let ranks = (0..<count).map { _ in Int64(random.int(in: 0..<(count * 4))) }
    try database.write { db in
      try db.execute(
        sql: "CREATE TABLE ranked (id INTEGER PRIMARY KEY, grp TEXT NOT NULL, "
          + "rank INTEGER NOT NULL, title TEXT NOT NULL)")
      let insert = try db.makeStatement(
        sql: "INSERT INTO ranked (id, grp, rank, title) VALUES (?, ?, ?, ?)")
      for id in 0..<count {
        let group = String(UnicodeScalar(UInt8(97 + id % 7)))
        try insert.execute(arguments: [id, group, ranks[id], "row \(id)"])
      }
    }
    return database
  }

  /// The snapshot a fresh query builds: what the list must show.
  func fresh(_ database: DatabaseQueue, order: FetchedSectionOrder) throws -> [(
    String, [GroupedRow]
  )] {
    let rows = try database.read { db in
      try GroupedRow.fetchAll(db, sql: "SELECT * FROM ranked ORDER BY rank, rowid")
    }
    let sectionOrder: SectionOrder<String> =
      switch order {
      case .firstAppearance: .firstAppearance
      case .ascending: .ascending
      case .descending: .descending
      }
    let snapshot = try Snapshot(grouping: rows, by: \.grp, sectionOrder: sectionOrder) {
      SectionInfo(id: $0)
    }
    return snapshot.sectionsWithItems.map { ($0.model.id, $0.items) }
  }

  func shown(_ list: FetchedList<GroupedRow, GroupedRow>) -> [(String, [GroupedRow])] {
    (list.content ?? Snapshot()).sectionsWithItems.map { ($0.model.id, $0.items) }
  }

  @Test(
    "random writes to a large list: after each, the content a fresh query builds, read row by row",
    arguments: [FetchedSectionOrder.firstAppearance, .ascending, .descending])
  func randomWrites(order: FetchedSectionOrder) async throws {
    let count = 5_000
    var random = SeededRandom(seed: 27)
    let database = try database(count: count, random: &random)
    let list = FetchedList<GroupedRow, GroupedRow>(
      database, request: FetchedRequest(table: "ranked", orderedBy: [.ascending("rank")]),
      sectionedBy: .column("grp", order: order))
    await list.waitUntilIdle()
    var nextID = count
    var writes = 0  // statements that changed rows
    for step in 0..<120 {
      let id = random.int(in: 0..<nextID)
      let rank = random.int(in: -10...(count * 4))
      let statement: (sql: String, arguments: StatementArguments)
      switch random.int(in: 0..<8) {
      case 0:  // a row to another group, maybe a new one (a section appears)
        let group =
          random.chance(0.3) ? "new\(step % 5)" : String(UnicodeScalar(UInt8(97 + step % 7)))
        statement = ("UPDATE ranked SET grp = ?, rank = ? WHERE id = ?", [group, rank, id])
      case 1:  // a row in
        statement = (
          "INSERT INTO ranked (id, grp, rank, title) VALUES (?, ?, ?, 'new')",
          [nextID, random.chance(0.2) ? "h" : "b", rank]
        )
        nextID += 1
      case 2:  // a row out
        statement = ("DELETE FROM ranked WHERE id = ?", [id])
      case 3:  // every row of a small group out (its section goes)
        statement = ("DELETE FROM ranked WHERE grp LIKE 'new%' OR grp = 'h'", [])
      case 4:  // several rows at once
        statement = (
          "UPDATE ranked SET rank = rank + ? WHERE id BETWEEN ? AND ?", [rank, id, id + 8]
        )
      case 5:  // the content only: the row stays where it is
        statement = ("UPDATE ranked SET title = 'step \(step)' WHERE id = ?", [id])
      default:  // one rank: the row moves within its section
        statement = ("UPDATE ranked SET rank = ? WHERE id = ?", [rank, id])
      }
      let changed = try await database.write { db in
        try db.execute(sql: statement.sql, arguments: statement.arguments)
        return db.changesCount > 0
      }
      if changed { writes += 1 }
      await list.waitUntilIdle()
      let expected = try fresh(database, order: order)
      let actual = shown(list)
      #expect(actual.map(\.0) == expected.map(\.0), "step \(step): \(statement.sql)")
      #expect(actual.map(\.1) == expected.map(\.1), "step \(step): \(statement.sql)")
      if actual.map(\.1) != expected.map(\.1) { return }
    }
    #expect(list.fullFetchCount == 1, "every change was read row by row")
    #expect(list.incrementalFetchCount == writes)
    #expect(writes > 100)
    #expect(list.state == .loaded)
  }

  @Test("a one-row change edits the last content: the new version shares its storage")
  func sharesStorage() async throws {
    var random = SeededRandom(seed: 5)
    let database = try database(count: 20_000, random: &random)
    let list = FetchedList<GroupedRow, GroupedRow>(
      database, request: FetchedRequest(table: "ranked", orderedBy: [.ascending("rank")]),
      sectionedBy: .column("grp"))
    await list.waitUntilIdle()
    let before = try #require(list.content)
    #expect(before.usesSharedStorage, "a full read prepares a large content for edits")
    // A row in the middle of its section takes another rank there.
    let path = ItemPath(section: 3, item: before.numberOfItems(inSectionAt: 3) / 2)
    let row = before[path]
    let neighbour = before[ItemPath(section: 3, item: path.item + 10)]
    try await database.write { db in
      try db.execute(
        sql: "UPDATE ranked SET rank = ?, title = 'moved' WHERE id = ?",
        arguments: [neighbour.rank, row.id])
    }
    await list.waitUntilIdle()
    let after = try #require(list.content)
    #expect(after.path(of: row.id)?.section == 3)
    #expect(after.item(withID: row.id)?.title == "moved")
    #expect(shown(list).map(\.1) == (try fresh(database, order: .firstAppearance)).map(\.1))
    let added = after.storageBytes(notSharedWith: before)
    let whole = after.storageBytes(notSharedWith: Snapshot())
    #expect(added * 50 < whole, "a version adds \(added) bytes of \(whole)")
    #expect(list.fullFetchCount == 1)
    // The version before is intact.
    #expect(before[path] == row)
  }

  @Test("a change to more rows than the list edits row by row reads everything")
  func manyRowsReadEverything() async throws {
    var random = SeededRandom(seed: 9)
    let database = try database(count: 3_000, random: &random)
    let list = FetchedList<GroupedRow, GroupedRow>(
      database, request: FetchedRequest(table: "ranked", orderedBy: [.ascending("rank")]),
      sectionedBy: .column("grp", order: .ascending))
    await list.waitUntilIdle()
    try await database.write { db in
      try db.execute(sql: "UPDATE ranked SET rank = 12000 - rank WHERE id < 2000")
    }
    await list.waitUntilIdle()
    #expect(list.fullFetchCount == 2, "2,000 changed rows are more than the list edits in")
    #expect(list.incrementalFetchCount == 0)
    #expect(shown(list).map(\.1) == (try fresh(database, order: .ascending)).map(\.1))
  }

  @Test(
    "user deletes and moves that change a section's first row leave the sections in a fresh query's order"
  )
  func firstRowsAfterUserEdits() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in
      try db.create(table: "todo") { table in
        table.primaryKey("id", .integer)
        table.column("title", .text).notNull()
        table.column("list", .text).notNull()
        table.column("position", .integer).notNull()
      }
      for (id, list) in [(1, "a"), (2, "b"), (3, "a"), (4, "b"), (5, "a")] {
        try Todo(id: Int64(id), title: "todo \(id)", list: list, position: Int64(id) * 10)
          .insert(db)
      }
    }
    let table = SimulatedTableView(viewportHeight: 40)
    table.register(SimulatedCell.self, forReuseIdentifier: "todo")
    table.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(TodoPresenter())
    let controller = ListController<SectionInfo, Todo, SimulatedCell>(
      host: table, presenters: presenters)
    // Sections by a key of the record, in the order of their first rows.
    let list = FetchedList<Todo, Todo>(
      database, request: FetchedRequest(table: "todo", orderedBy: [.ascending("position")]),
      sectionedBy: .by(\.list))
    try list.enableEditing(rankColumn: "position")
    controller.connect(to: list)
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    func fresh() throws -> [[Int64]] {
      let rows = try database.read { db in
        try Todo.fetchAll(db, sql: "SELECT * FROM todo ORDER BY position, rowid")
      }
      return try Snapshot(grouping: rows, by: \.list) { SectionInfo(id: $0) }
        .sectionsWithItems.map { $0.items.map(\.id) }
    }
    func shown() -> [[Int64]] {
      (list.content ?? Snapshot()).sectionsWithItems.map { $0.items.map(\.id) }
    }
    #expect(shown() == [[1, 3, 5], [2, 4]])
    // 1 goes: b's first row (2) now comes before a's (3).
    table.userDeleteRows(at: [ItemPath(section: 0, item: 0)])
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    #expect(shown() == (try fresh()))
    #expect(shown() == [[2, 4], [3, 5]])
    #expect(controller.snapshot.sections.map(\.id) == ["b", "a"])
    // 2 goes after 4: a's first row (3) comes first again.
    table.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))
    await list.waitUntilIdle()
    await controller.apply(controller.latestSnapshot)
    #expect(shown() == (try fresh()))
    #expect(shown() == [[3, 5], [4, 2]])
    #expect(table.violations.isEmpty)
  }
}
