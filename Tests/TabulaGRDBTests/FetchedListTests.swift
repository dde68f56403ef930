import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTestSupport
import TabulaTesting
import Testing

/// A contact row.
struct Person: Codable, FetchableRecord, PersistableRecord, Diffable, Hashable, Sendable {
  static let databaseTableName = "person"
  var id: Int64
  var name: String
  var initial: String
  var rank: Int
}

/// A database with a `person` table of `count` people, ranks ascending.
func peopleDatabase(_ database: some DatabaseWriter, count: Int) throws {
  try database.write { db in
    try db.create(table: "person") { table in
      table.primaryKey("id", .integer)
      table.column("name", .text).notNull()
      table.column("initial", .text).notNull()
      table.column("rank", .integer).notNull()
    }
    try db.create(index: "person_rank", on: "person", columns: ["initial", "rank"])
    let names = ["Ada", "Alan", "Barbara", "Brian", "Chris", "Dennis", "Edsger", "Grace"]
    for id in 1...Int64(count) {
      let name = "\(names[Int(id) % names.count]) \(id)"
      try Person(id: id, name: name, initial: String(name.prefix(1)), rank: Int(id)).insert(db)
    }
  }
}

/// A temporary database file, removed with its folder by the caller.
func temporaryDatabasePath() throws -> (URL, String) {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "tabula-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return (folder, folder.appendingPathComponent("db.sqlite").path)
}

let byInitialThenRank = FetchedRequest(
  table: "person", orderedBy: [.ascending("initial"), .ascending("rank")])

@MainActor
func personTable() -> (SimulatedTableView, ListController<SectionInfo, Person, SimulatedCell>) {
  let table = SimulatedTableView(viewportHeight: 1000)
  table.register(SimulatedCell.self, forReuseIdentifier: "person")
  table.animationTiming = .immediate
  let controller = ListController<SectionInfo, Person, SimulatedCell>(host: table) {
    host, path, person in
    let cell = host.dequeueCell(withReuseIdentifier: "person", for: path)
    cell.text = "\(person.name) #\(person.rank)"
    cell.representedID = person.id
    return cell
  }
  return (table, controller)
}

/// What a fresh, full query shows, for comparison.
func freshSnapshot(
  _ database: some DatabaseReader, _ request: String = "ORDER BY initial, rank, rowid"
)
  throws -> Snapshot<SectionInfo, Person>
{
  let people = try database.read { db in
    try Person.fetchAll(db, sql: "SELECT * FROM person \(request)")
  }
  return try Snapshot(grouping: people, by: \.initial)
}

@MainActor
@Suite("FetchedList: live lists over SQLite")
struct FetchedListTests {
  @Test("sections by column; inserts, updates, deletes and moves arrive as animated changes")
  func liveChanges() async throws {
    let database = try DatabaseQueue()
    try peopleDatabase(database, count: 20)
    let (table, controller) = personTable()
    let list = FetchedList<Person, Person>(
      database, request: byInitialThenRank, sectionedBy: .column("initial"))
    controller.connect(to: list)
    await list.waitUntilIdle()
    #expect(list.snapshot.sections.map(\.id) == ["A", "B", "C", "D", "E", "G"])
    #expect(list.snapshot == (try freshSnapshot(database)))
    #expect(table.headerTitle(forSectionAt: 0) == "A")
    let reloads = table.reloadCount
    func lastBatch() -> BatchOperations { table.batchLog.last ?? BatchOperations() }

    // An insert.
    try await database.write { db in
      try Person(id: 100, name: "Ada 100", initial: "A", rank: 0).insert(db)
    }
    await list.waitUntilIdle()
    #expect(lastBatch().insertRows == [ItemPath(section: 0, item: 0)])
    // An update in place.
    try await database.write { db in
      try db.execute(sql: "UPDATE person SET name = 'Ada Lovelace' WHERE id = 100")
    }
    await list.waitUntilIdle()
    #expect(lastBatch().reconfigureRows == [ItemPath(section: 0, item: 0)])
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 0))?.text == "Ada Lovelace #0")
    // A move: the sort key changes.
    try await database.write { db in
      try db.execute(sql: "UPDATE person SET rank = 1000 WHERE id = 100")
    }
    await list.waitUntilIdle()
    let moves = lastBatch().moveRows + table.batchLog.suffix(2).flatMap(\.moveRows)
    #expect(moves.contains { $0.from == ItemPath(section: 0, item: 0) })
    // A delete.
    try await database.write { db in try db.execute(sql: "DELETE FROM person WHERE id = 8") }
    await list.waitUntilIdle()
    #expect(lastBatch().deleteRows.count == 1)
    // A new section.
    try await database.write { db in
      try Person(id: 200, name: "Zed", initial: "Z", rank: 1).insert(db)
    }
    await list.waitUntilIdle()
    #expect(lastBatch().insertSections == [6])

    #expect(list.snapshot == (try freshSnapshot(database)))
    expectShowsPeople(table, list.snapshot)
    #expect(table.reloadCount == reloads, "every change animated")
    #expect(list.fullFetchCount == 1, "after the first fetch, only changed rows were read")
    #expect(list.incrementalFetchCount == 5)
  }

  @Test("a change to one row reads only that row")
  func incrementalReads() async throws {
    let log = StatementLog()
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      db.trace { event in
        if case .statement(let statement) = event, statement.sql.contains("tabula_rowid") {
          log.append(statement.sql)
        }
      }
    }
    let database = try DatabaseQueue(configuration: configuration)
    try peopleDatabase(database, count: 1000)
    let list = FetchedList<Person, Person>(
      database, request: byInitialThenRank, sectionedBy: .column("initial"))
    await list.waitUntilIdle()
    log.clear()
    try await database.write { db in
      try db.execute(sql: "UPDATE person SET rank = -5 WHERE id = 500")
    }
    await list.waitUntilIdle()
    let read = log.statements
    #expect(read.count == 1)
    #expect(read.first?.contains("rowid IN (?)") == true)
    #expect(list.snapshot == (try freshSnapshot(database)))
  }

  @Test("filter and sort changes animate")
  func filterAndSort() async throws {
    let database = try DatabaseQueue()
    try peopleDatabase(database, count: 16)
    let (table, controller) = personTable()
    let list = FetchedList<Person, Person>(
      database, request: byInitialThenRank, sectionedBy: .column("initial"))
    controller.connect(to: list)
    await list.waitUntilIdle()
    let reloads = table.reloadCount
    try list.setFilter("name LIKE \("A%")")
    await list.waitUntilIdle()
    #expect(list.snapshot.sections.map(\.id) == ["A"])
    #expect(
      list.snapshot
        == (try freshSnapshot(database, "WHERE name LIKE 'A%' ORDER BY initial, rank, rowid")))
    let filteredBatch = table.batchLog.last
    #expect(filteredBatch?.deleteSections.count == 5)

    try list.setOrdering([.ascending("initial"), .descending("rank")])
    await list.waitUntilIdle()
    #expect(
      list.snapshot
        == (try freshSnapshot(database, "WHERE name LIKE 'A%' ORDER BY initial, rank DESC, rowid")))
    #expect(table.batchLog.last.map { !$0.moveRows.isEmpty } == true)

    // Changes keep arriving in the new order and filter.
    try await database.write { db in
      try Person(id: 99, name: "Anna", initial: "A", rank: 50).insert(db)
      try Person(id: 98, name: "Bob", initial: "B", rank: 50).insert(db)
    }
    await list.waitUntilIdle()
    #expect(
      list.snapshot
        == (try freshSnapshot(database, "WHERE name LIKE 'A%' ORDER BY initial, rank DESC, rowid")))
    #expect(list.snapshot.items.first?.name == "Anna")
    #expect(table.reloadCount == reloads)
    expectShowsPeople(table, list.snapshot)
  }

  @Test("the willApply hook: a no-results row, and rows that are not in the database")
  func willApply() async throws {
    let database = try DatabaseQueue()
    try peopleDatabase(database, count: 3)
    let list = FetchedList<Person, AnyItem>(
      database, request: byInitialThenRank, sectionedBy: .column("initial"),
      placeholderSection: SectionInfo(id: "people"))
    list.willApply = { snapshot in
      var edited = snapshot
      try? edited.insertSection(
        SectionInfo(id: "me", title: "Me"), items: [AnyItem(User(id: 0, name: "Me"))], at: 0)
      return edited
    }
    await list.waitUntilIdle()
    #expect(list.snapshot.sections.map(\.id) == ["me", "A", "B"])
    #expect(list.snapshot[ItemPath(section: 0, item: 0)].base(as: User.self)?.name == "Me")
    try list.setFilter("name = \("nobody")")
    await list.waitUntilIdle()
    #expect(list.state == .noContent)
    #expect(list.snapshot.sections.map(\.id) == ["me", "people"])
    #expect(list.snapshot[ItemPath(section: 1, item: 0)].base is NoResultsPlaceholder)
  }

  @Test("writes from several tasks while observed: the list ends equal to a fresh query")
  func concurrentWrites() async throws {
    let (folder, path) = try temporaryDatabasePath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabasePool(path: path)
    try peopleDatabase(database, count: 200)
    let (table, controller) = personTable()
    let list = FetchedList<Person, Person>(
      database, request: byInitialThenRank, sectionedBy: .column("initial"))
    controller.connect(to: list)
    await list.waitUntilIdle()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          var random = SeededRandom(seed: UInt64(writer))
          for step in 0..<40 {
            let id = Int64(random.int(in: 1...300))
            let rank = random.int(in: 0...400)
            let kind = random.int(in: 0..<3)
            try await database.write { db in
              switch kind {
              case 0:
                try db.execute(sql: "DELETE FROM person WHERE id = ?", arguments: [id])
              case 1:
                try db.execute(
                  sql: "UPDATE person SET rank = ?, name = ? WHERE id = ?",
                  arguments: [rank, "moved \(writer)-\(step)", id])
              default:
                try db.execute(
                  sql:
                    "INSERT OR REPLACE INTO person (id, name, initial, rank) VALUES (?, ?, ?, ?)",
                  arguments: [id + 1000, "new \(writer)-\(step)", ["A", "N", "Q"][step % 3], rank])
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    await list.waitUntilIdle()
    await yieldUntil { !controller.isUpdating }
    #expect(list.snapshot == (try freshSnapshot(database)))
    expectShowsPeople(table, list.snapshot)
  }

  @Test("bad SQL is the error state, with SQLite's message")
  func badSQL() async throws {
    let database = try DatabaseQueue()
    let list = FetchedList<Person, AnyItem>(
      database, request: FetchedRequest(sql: "SELEC * FROM person"),
      sectionedBy: .single(), placeholderSection: SectionInfo(id: "people"))
    await list.waitUntilIdle()
    guard case .error(let message) = list.state else {
      Issue.record("expected an error, got \(list.state)")
      return
    }
    #expect(message.contains("syntax error"))
    let placeholder = list.snapshot.items.first?.base(as: ErrorPlaceholder.self)
    #expect(placeholder?.message == message)
  }

  @Test("a dropped table is the error state, and the last content stays")
  func droppedTable() async throws {
    let (folder, path) = try temporaryDatabasePath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabaseQueue(path: path)
    try peopleDatabase(database, count: 5)
    let (table, controller) = personTable()
    let list = FetchedList<Person, Person>(
      database, request: byInitialThenRank, sectionedBy: .column("initial"))
    controller.connect(to: list)
    await list.waitUntilIdle()
    let shown = list.snapshot
    try await database.write { db in try db.drop(table: "person") }
    await list.waitUntilIdle()
    guard case .error(let message) = list.state else {
      Issue.record("expected an error, got \(list.state)")
      return
    }
    #expect(message.contains("no such table: person"))
    #expect(list.snapshot == shown, "the last good content is not lost")
    expectShowsPeople(table, shown)

    // The table comes back: a refresh recovers.
    try peopleDatabase(database, count: 2)
    await list.waitUntilIdle()
    #expect(list.state == .loaded)
    #expect(list.snapshot == (try freshSnapshot(database)))
  }

  @Test("snapshots as an AsyncSequence")
  func asyncSequence() async throws {
    let database = try DatabaseQueue()
    try peopleDatabase(database, count: 2)
    let list = FetchedList<Person, Person>(
      database, request: byInitialThenRank, sectionedBy: .single())
    await list.waitUntilIdle()
    var iterator = list.snapshots.makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.numberOfItems == 2)
    try await database.write { db in
      try Person(id: 3, name: "Chris", initial: "C", rank: 3).insert(db)
    }
    let second = await iterator.next()
    #expect(second?.numberOfItems == 3)
  }

  @Test("merging orders like SQLite: NULLs, numbers, text, case folding, rowid ties")
  func sqliteOrdering() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in
      try db.execute(sql: "CREATE TABLE thing (id INTEGER PRIMARY KEY, label, weight)")
      let labels: [DatabaseValue] = [
        .null, 3.databaseValue, 2.5.databaseValue, "b".databaseValue, "B".databaseValue,
        "a".databaseValue, "é".databaseValue, "Z".databaseValue, Data([1]).databaseValue,
      ]
      for (index, label) in labels.enumerated() {
        try db.execute(
          sql: "INSERT INTO thing (id, label, weight) VALUES (?, ?, ?)",
          arguments: [index + 1, label, index % 2])
      }
    }
    for ordering in [
      [FetchedOrdering.ascending("label")], [.descending("label")],
      [.ascending("label", caseInsensitive: true)],
      [.ascending("weight"), .descending("label", caseInsensitive: true)],
    ] {
      let list = FetchedList<Thing, Thing>(
        database, request: FetchedRequest(table: "thing", orderedBy: ordering),
        sectionedBy: .single())
      await list.waitUntilIdle()
      // Touch every row, so each is merged back in by Tabula's comparison.
      try await database.write { db in try db.execute(sql: "UPDATE thing SET label = label") }
      await list.waitUntilIdle()
      let sqlOrder = ordering.map {
        "\($0.column)\($0.caseInsensitive ? " COLLATE NOCASE" : "") \($0.ascending ? "ASC" : "DESC")"
      }
      let expected = try await database.read { db in
        try Int64.fetchAll(
          db, sql: "SELECT id FROM thing ORDER BY \(sqlOrder.joined(separator: ", ")), rowid")
      }
      #expect(list.snapshot.items.map(\.id) == expected, "\(ordering)")
      #expect(list.incrementalFetchCount == 1)
    }
  }
}

struct Thing: FetchableRecord, Diffable, Hashable, Sendable {
  var id: Int64
  init(row: Row) throws { id = row["id"] }
}

/// Expects the table to show the people of `snapshot`.
@MainActor
func expectShowsPeople(
  _ table: SimulatedListView, _ snapshot: Snapshot<SectionInfo, Person>,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(table.violations.isEmpty, sourceLocation: sourceLocation)
  #expect(table.numberOfSections == snapshot.numberOfSections, sourceLocation: sourceLocation)
  for path in table.visibleItemPaths {
    let person = snapshot.item(at: path)
    #expect(
      table.visibleCell(at: path)?.text == person.map { "\($0.name) #\($0.rank)" },
      "row \(path)", sourceLocation: sourceLocation)
  }
}

/// The SQL statements a database ran, collected from its trace.
final class StatementLog: @unchecked Sendable {
  private let lock = NSLock()
  private var collected: [String] = []
  func append(_ sql: String) { lock.withLock { collected.append(sql) } }
  func clear() { lock.withLock { collected = [] } }
  var statements: [String] { lock.withLock { collected } }
}
