import Foundation
import GRDB
import Tabula
import TabulaTesting
import Testing

@testable import TabulaGRDB

/// A row of the `item` table, identified by its natural key (a UNIQUE
/// column, as a sync would upsert by).
struct KeyedItem: Codable, FetchableRecord, Diffable, Hashable, Sendable {
  var id: String { key }
  var rowID: Int64
  var key: String
  var position: Int

  enum CodingKeys: String, CodingKey {
    case rowID = "id"
    case key, position
  }
}

/// A row of the `item` table, identified by its rowid.
struct RowItem: Codable, FetchableRecord, Diffable, Hashable, Sendable {
  var id: Int64
  var key: String
  var grp: Int
  var position: Int
}

/// An `item` table with rows 1–5: `id` is the INTEGER PRIMARY KEY, `key`
/// is UNIQUE.
func itemDatabase() throws -> DatabaseQueue {
  let database = try DatabaseQueue()
  try database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE item (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, grp INTEGER NOT NULL,
                           position INTEGER NOT NULL);
        INSERT INTO item VALUES (1, 'k1', 1, 10), (2, 'k2', 1, 20), (3, 'k3', 2, 30),
                                (4, 'k4', 2, 40), (5, 'k5', 3, 50);
        """)
  }
  return database
}

/// The ids a fresh query returns.
func freshIDs<ID: DatabaseValueConvertible & Sendable>(
  _ database: some DatabaseReader, _ sql: String, as type: ID.Type = Int64.self
) throws -> [ID] {
  try database.read { db in try ID.fetchAll(db, sql: sql) }
}

@MainActor
@Suite("FetchedList: always equal to a fresh query")
struct FetchedListConsistencyTests {
  let byPosition = FetchedRequest(table: "item", orderedBy: [.ascending("position")])

  @Test("an UPDATE that changes the rowid: the old row goes")
  func rowIDChange() async throws {
    let database = try itemDatabase()
    let list = FetchedList<RowItem, RowItem>(database, request: byPosition, sectionedBy: .single())
    await list.waitUntilIdle()
    try await database.write { db in try db.execute(sql: "UPDATE item SET id = 100 WHERE id = 2") }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [1, 100, 3, 4, 5])
    #expect(
      list.snapshot.items.map(\.id)
        == (try freshIDs(database, "SELECT id FROM item ORDER BY position")))
    try await database.write { db in
      try db.execute(sql: "UPDATE item SET rowid = 200 WHERE id = 100")
      try db.execute(sql: "UPDATE item SET _rowid_ = 300 WHERE id = 3")
    }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [1, 200, 300, 4, 5])
    #expect(list.state == .loaded)
  }

  @Test("INSERT OR REPLACE that deletes another row through a UNIQUE column")
  func replaceDeletesAnotherRow() async throws {
    let database = try itemDatabase()
    let list = FetchedList<RowItem, RowItem>(database, request: byPosition, sectionedBy: .single())
    await list.waitUntilIdle()
    try await database.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO item VALUES (6, 'k3', 1, 35)")
    }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [1, 2, 6, 4, 5])
    #expect(list.consistencyCheckCount == 1)
    #expect(list.fullFetchCount == 2, "the count disagreed: everything was read")
    // UPDATE OR REPLACE, too.
    try await database.write { db in
      try db.execute(sql: "UPDATE OR REPLACE item SET key = 'k1' WHERE id = 5")
    }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [2, 6, 4, 5])
  }

  @Test("an upsert by natural key (the item id): loaded, in SQLite's order, also later")
  func naturalKeyUpsert() async throws {
    let database = try itemDatabase()
    let list = FetchedList<KeyedItem, KeyedItem>(
      database, request: byPosition, sectionedBy: .single())
    await list.waitUntilIdle()
    try await database.write { db in
      try db.execute(sql: "INSERT OR REPLACE INTO item (key, grp, position) VALUES ('k2', 1, 45)")
    }
    await list.waitUntilIdle()
    #expect(list.state == .loaded)
    #expect(list.snapshot.items.map(\.key) == ["k1", "k3", "k4", "k2", "k5"])
    // An unrelated write afterwards keeps it right.
    try await database.write { db in
      try db.execute(sql: "UPDATE item SET position = 5 WHERE key = 'k5'")
    }
    await list.waitUntilIdle()
    #expect(list.state == .loaded)
    #expect(
      list.snapshot.items.map(\.key)
        == (try freshIDs(database, "SELECT key FROM item ORDER BY position, rowid", as: String.self))
    )
  }

  @Test("what each kind of write costs: rows only, rows and a count, or nothing")
  func costPerWrite() async throws {
    let database = try itemDatabase()
    try await database.write { db in try db.execute(sql: "CREATE TABLE other (x)") }
    let list = FetchedList<RowItem, RowItem>(database, request: byPosition, sectionedBy: .single())
    await list.waitUntilIdle()
    func cost(_ sql: String) async throws -> (rows: Int, checks: Int, full: Int) {
      let before = (list.incrementalFetchCount, list.consistencyCheckCount, list.fullFetchCount)
      try await database.write { db in try db.execute(sql: sql) }
      await list.waitUntilIdle()
      return (
        list.incrementalFetchCount - before.0, list.consistencyCheckCount - before.1,
        list.fullFetchCount - before.2
      )
    }
    // `key` is UNIQUE: inserts and updates of it may REPLACE other rows.
    #expect(try await cost("UPDATE item SET position = 11 WHERE id = 1") == (1, 0, 0))
    #expect(try await cost("DELETE FROM item WHERE id = 5") == (1, 0, 0))
    #expect(try await cost("INSERT INTO item VALUES (6, 'k6', 1, 60)") == (1, 1, 0))
    #expect(try await cost("UPDATE item SET key = 'k66' WHERE id = 6") == (1, 1, 0))
    #expect(try await cost("UPDATE item SET id = 7 WHERE id = 6") == (0, 0, 1))
    #expect(try await cost("INSERT OR REPLACE INTO item VALUES (8, 'k1', 1, 5)") == (1, 1, 1))
    #expect(try await cost("INSERT INTO other VALUES (1)") == (0, 0, 0))
    #expect(try await cost("CREATE INDEX item_grp ON item (grp)") == (0, 0, 1))
    #expect(list.snapshot.items.map(\.id) == [8, 2, 3, 4, 7])
  }

  @Test("a filter that reads another table follows that table")
  func filterOnAnotherTable() async throws {
    let database = try itemDatabase()
    try await database.write { db in
      try db.execute(
        sql: "CREATE TABLE visible (grp INTEGER PRIMARY KEY); INSERT INTO visible VALUES (1)")
    }
    let list = FetchedList<RowItem, RowItem>(
      database,
      request: FetchedRequest(
        table: "item", filter: "grp IN (SELECT grp FROM visible)",
        orderedBy: [.ascending("position")]),
      sectionedBy: .single())
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [1, 2])
    try await database.write { db in try db.execute(sql: "INSERT INTO visible VALUES (3)") }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [1, 2, 5])
    try await database.write { db in try db.execute(sql: "DELETE FROM visible WHERE grp = 1") }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [5])
    // Writes that touch neither table read nothing.
    let reads = list.fullFetchCount + list.incrementalFetchCount
    try await database.write { db in try db.execute(sql: "CREATE TABLE other (x); ") }
    await list.waitUntilIdle()
    try await database.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
    await list.waitUntilIdle()
    #expect(list.fullFetchCount + list.incrementalFetchCount == reads + 1, "only the schema change")
  }

  @Test("a filter that reads other rows of its own table")
  func filterOnOwnTable() async throws {
    let database = try itemDatabase()
    let list = FetchedList<RowItem, RowItem>(
      database,
      request: FetchedRequest(
        table: "item", filter: "position > (SELECT avg(position) FROM item)",
        orderedBy: [.ascending("position")]),
      sectionedBy: .single())
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == [4, 5])
    try await database.write { db in
      try db.execute(sql: "INSERT INTO item VALUES (6, 'k6', 1, 1000)")
    }
    await list.waitUntilIdle()
    #expect(
      list.snapshot.items.map(\.id)
        == (try freshIDs(
          database,
          "SELECT id FROM item WHERE position > (SELECT avg(position) FROM item) ORDER BY position"
        )))
    #expect(list.snapshot.items.map(\.id) == [6])
  }

  @Test("a list that reads everything again sees an UPDATE of the rowid by any name")
  func rowIDChangeInARegion() async throws {
    let database = try itemDatabase()
    let list = FetchedList<RowItem, RowItem>(
      database,
      request: FetchedRequest(
        table: "item", filter: "position >= (SELECT min(position) FROM item)",
        orderedBy: [.ascending("position")]),
      sectionedBy: .single())
    await list.waitUntilIdle()
    for (name, id) in [("rowid", 100), ("oid", 200), ("_rowid_", 300)] {
      try await database.write { db in
        try db.execute(sql: "UPDATE item SET \(name) = ? WHERE position = 20", arguments: [id])
      }
      await list.waitUntilIdle()
      #expect(list.snapshot.items.map(\.id) == [1, Int64(id), 3, 4, 5], "\(name)")
    }
  }

  @Test("integers past 2^53 and the reals that round to them merge in SQLite's order")
  func bigIntegersAndReals() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in
      try db.execute(sql: "CREATE TABLE thing (id INTEGER PRIMARY KEY, label, weight)")
      let big = Int64(1) << 53
      let weights: [DatabaseValue] = [
        (big + 1).databaseValue, Double(big).databaseValue, big.databaseValue,
        (big - 1).databaseValue, (Double(big) + 2).databaseValue, Int64.max.databaseValue,
        9.2233720368547758e18.databaseValue, (-big - 1).databaseValue,
        Double(-big).databaseValue, 0.5.databaseValue, 0.databaseValue,
      ]
      for (index, weight) in weights.enumerated() {
        try db.execute(
          sql: "INSERT INTO thing (id, weight) VALUES (?, ?)", arguments: [index + 1, weight])
      }
    }
    for ordering in [[FetchedOrdering.ascending("weight")], [.descending("weight")]] {
      let list = FetchedList<Thing, Thing>(
        database, request: FetchedRequest(table: "thing", orderedBy: ordering),
        sectionedBy: .single())
      await list.waitUntilIdle()
      // Touch every row, one at a time, so each is merged by Tabula's comparison.
      for id in 1...11 {
        try await database.write { db in
          try db.execute(sql: "UPDATE thing SET label = 'x' WHERE id = ?", arguments: [id])
        }
        await list.waitUntilIdle()
      }
      let direction = ordering[0].ascending ? "ASC" : "DESC"
      #expect(
        list.snapshot.items.map(\.id)
          == (try freshIDs(database, "SELECT id FROM thing ORDER BY weight \(direction), rowid")),
        "\(ordering)")
      #expect(list.fullFetchCount == 1)
    }
  }

  @Test("integer-real comparison is exact, like SQLite's")
  func integerRealComparison() {
    let big = Int64(1) << 53
    #expect(compareInteger(big + 1, toReal: Double(big)) == 1)
    #expect(compareInteger(big, toReal: Double(big)) == 0)
    #expect(compareInteger(big - 1, toReal: Double(big)) == -1)
    #expect(compareInteger(Int64.max, toReal: 9_223_372_036_854_775_808.0) == -1)
    #expect(compareInteger(Int64.min, toReal: -9_223_372_036_854_775_808.0) == 0)
    #expect(compareInteger(Int64.min, toReal: -1e19) == 1)
    #expect(compareInteger(2, toReal: 2.5) == -1)
    #expect(compareInteger(3, toReal: 2.5) == 1)
    #expect(compareInteger(-2, toReal: -2.5) == 1)
    #expect(compareInteger(-3, toReal: -2.5) == -1)
    #expect(compareInteger(0, toReal: -0.0) == 0)
  }

  @Test("a column declared COLLATE NOCASE sorts as the ordering says, after merges too")
  func declaredCollation() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE thing (id INTEGER PRIMARY KEY, label TEXT COLLATE NOCASE, weight);
          INSERT INTO thing (id, label) VALUES (1, 'b'), (2, 'B'), (3, 'a'), (4, 'C'), (5, 'c');
          """)
    }
    let list = FetchedList<Thing, Thing>(
      database, request: FetchedRequest(table: "thing", orderedBy: [.ascending("label")]),
      sectionedBy: .single())
    await list.waitUntilIdle()
    let binaryOrder = "SELECT id FROM thing ORDER BY label COLLATE BINARY, rowid"
    #expect(list.snapshot.items.map(\.id) == (try freshIDs(database, binaryOrder)))
    try await database.write { db in try db.execute(sql: "UPDATE thing SET weight = 1 WHERE id = 1")
    }
    await list.waitUntilIdle()
    #expect(list.snapshot.items.map(\.id) == (try freshIDs(database, binaryOrder)))
    #expect(list.snapshot.items.map(\.id) == [2, 4, 3, 1, 5])
  }

  @Test("a failed incremental read is not forgotten: the next commit reads its rows")
  func failedIncrementalRead() async throws {
    let gate = FailureGate()
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      db.add(
        function: DatabaseFunction("tabula_gate", argumentCount: 1, pure: false) { values in
          if gate.isClosed { throw GateClosed() }
          return values[0]
        })
    }
    let (folder, path) = try temporaryDatabasePath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabasePool(path: path, configuration: configuration)
    try peopleDatabase(database, count: 6)
    let list = FetchedList<Person, Person>(
      database,
      request: FetchedRequest(
        table: "person", filter: "tabula_gate(rank) IS NOT NULL", orderedBy: [.ascending("rank")]),
      sectionedBy: .single())
    await list.waitUntilIdle()
    gate.isClosed = true
    try await database.write { db in
      try db.execute(sql: "UPDATE person SET rank = 100 WHERE id = 1")
    }
    await list.waitUntilIdle()
    guard case .error(let message) = list.state else {
      Issue.record("expected the error state, got \(list.state)")
      return
    }
    #expect(message.contains("gate closed"))
    gate.isClosed = false
    try await database.write { db in
      try db.execute(sql: "UPDATE person SET name = 'Zed' WHERE id = 6")
    }
    await list.waitUntilIdle()
    #expect(list.state == .loaded)
    #expect(list.snapshot == (try freshSnapshot(database, "ORDER BY rank, rowid", single: true)))
    #expect(list.snapshot.items.last?.id == 1, "the row whose read failed was read again")
  }

  @Test("a WITHOUT ROWID table and a view are followed by reading them again")
  func withoutRowIDAndViews() async throws {
    let database = try DatabaseQueue()
    try await database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE tag (name TEXT PRIMARY KEY, weight INTEGER) WITHOUT ROWID;
          INSERT INTO tag VALUES ('b', 1), ('a', 1), ('c', 0);
          CREATE VIEW heavy AS SELECT name, weight FROM tag WHERE weight > 0;
          """)
    }
    let tags = FetchedList<Tag, Tag>(
      database, request: FetchedRequest(table: "tag", orderedBy: [.ascending("weight")]),
      sectionedBy: .single())
    let heavy = FetchedList<Tag, Tag>(
      database, request: FetchedRequest(table: "heavy", orderedBy: [.descending("name")]),
      sectionedBy: .single())
    await tags.waitUntilIdle()
    await heavy.waitUntilIdle()
    #expect(tags.state == .loaded)
    #expect(tags.snapshot.items.map(\.name) == ["c", "a", "b"], "ties by primary key")
    #expect(heavy.snapshot.items.map(\.name) == ["b", "a"])
    try await database.write { db in
      try db.execute(
        sql: "INSERT INTO tag VALUES ('d', 2); UPDATE tag SET weight = 5 WHERE name = 'c'")
    }
    await tags.waitUntilIdle()
    await heavy.waitUntilIdle()
    #expect(tags.snapshot.items.map(\.name) == ["a", "b", "d", "c"])
    #expect(heavy.snapshot.items.map(\.name) == ["d", "c", "b", "a"])
    try await database.write { db in try db.execute(sql: "DELETE FROM tag WHERE weight < 3") }
    await tags.waitUntilIdle()
    await heavy.waitUntilIdle()
    #expect(tags.snapshot.items.map(\.name) == ["c"])
    #expect(heavy.snapshot.items.map(\.name) == ["c"])
  }

  @Test("an explicit notifyChanges reads again")
  func explicitNotification() async throws {
    let database = try itemDatabase()
    let list = FetchedList<RowItem, RowItem>(database, request: byPosition, sectionedBy: .single())
    await list.waitUntilIdle()
    let reads = list.fullFetchCount
    try await database.write { db in try db.notifyChanges(in: Table("item")) }
    await list.waitUntilIdle()
    #expect(list.fullFetchCount == reads + 1)
  }

  @Test("content the list cannot decode is the error state, naming the column")
  func undecodableContent() async throws {
    let database = try itemDatabase()
    func message<Record: FetchableRecord & Sendable & Diffable>(
      _ request: FetchedRequest, _ sectioning: FetchedSectioning<Record>, as record: Record.Type
    ) async -> String? {
      let list = FetchedList<Record, Record>(database, request: request, sectionedBy: sectioning)
      await list.waitUntilIdle()
      if case .error(let message) = list.state { return message }
      return nil
    }
    #expect(
      await message(FetchedRequest(sql: "SELECT * FROM item"), .single(), as: RowItem.self)
        == "the query selects no column named tabula_rowid: an SQL request must select a unique "
        + "integer per row as tabula_rowid")
    #expect(
      await message(
        FetchedRequest(sql: "SELECT *, NULL AS tabula_rowid FROM item"), .single(), as: RowItem.self
      )
        == "row 0 of the query has a NULL tabula_rowid: every row needs a unique integer "
        + "tabula_rowid (its rowid)")
    #expect(
      await message(
        FetchedRequest(sql: "SELECT *, 'x' AS tabula_rowid FROM item"), .single(), as: RowItem.self)
        == "row 0 of the query has a non-integer (\"x\") tabula_rowid: every row needs a unique "
        + "integer tabula_rowid (its rowid)")
    #expect(
      await message(
        FetchedRequest(sql: "SELECT *, rowid AS tabula_rowid FROM item"), .column("grp"),
        as: RowItem.self)
        == "the query selects no column named tabula_section: sections come from a column, which "
        + "an SQL request must select as tabula_section")
    let nullID = await message(
      FetchedRequest(sql: "SELECT NULL AS id, key, grp, position, rowid AS tabula_rowid FROM item"),
      .single(), as: RowItem.self)
    #expect(nullID?.contains("id") == true, "\(nullID ?? "no error")")
    let missingColumn = await message(
      FetchedRequest(table: "item"), .column("nope"), as: RowItem.self)
    #expect(missingColumn?.contains("no such column: item.nope") == true, "\(missingColumn ?? "")")
  }

  @Test("setFilter and setOrdering on an SQL request throw, and change nothing")
  func sqlRequestEdits() async throws {
    let database = try itemDatabase()
    let list = FetchedList<RowItem, RowItem>(
      database, request: FetchedRequest(sql: "SELECT *, rowid AS tabula_rowid FROM item"),
      sectionedBy: .single())
    await list.waitUntilIdle()
    let reads = list.fullFetchCount
    #expect(throws: FetchedRequestError.notATableRequest("filtered(by:)")) {
      try list.setFilter("grp = 1")
    }
    #expect(throws: FetchedRequestError.notATableRequest("ordered(by:)")) {
      try list.setOrdering([.ascending("key")])
    }
    #expect(
      FetchedRequestError.notATableRequest("filtered(by:)").description
        == "filtered(by:) needs a table request, but the request is SQL (FetchedRequest(sql:)): "
        + "its filter and order are part of its SQL; show another request with setRequest(_:)")
    await list.waitUntilIdle()
    #expect(list.fullFetchCount == reads)
  }

  @Test("an SQL request reads again only when a table it reads changes")
  func sqlRequestRegion() async throws {
    let database = try itemDatabase()
    try await database.write { db in try db.execute(sql: "CREATE TABLE other (x)") }
    let list = FetchedList<RowItem, RowItem>(
      database,
      request: FetchedRequest(
        sql: "SELECT *, rowid AS tabula_rowid FROM item WHERE grp = 1 ORDER BY position"),
      sectionedBy: .single())
    await list.waitUntilIdle()
    let reads = list.fullFetchCount
    try await database.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
    await list.waitUntilIdle()
    #expect(list.fullFetchCount == reads)
    try await database.write { db in try db.execute(sql: "UPDATE item SET grp = 1 WHERE id = 5") }
    await list.waitUntilIdle()
    #expect(list.fullFetchCount == reads + 1)
    #expect(list.snapshot.items.map(\.id) == [1, 2, 5])
  }

  @Test("the snapshots stream keeps only the newest for a slow consumer, and ends with the list")
  func snapshotStream() async throws {
    let database = try itemDatabase()
    var list: FetchedList<RowItem, RowItem>? = FetchedList(
      database, request: byPosition, sectionedBy: .single())
    await list?.waitUntilIdle()
    guard let stream = list?.snapshots else { return }
    var iterator = stream.makeAsyncIterator()
    for position in [1, 2, 3] {
      try await database.write { db in
        try db.execute(sql: "UPDATE item SET position = ? WHERE id = 5", arguments: [position])
      }
      await list?.waitUntilIdle()
    }
    let newest = await iterator.next()
    #expect(newest?.items.first?.id == 5, "the newest snapshot, not the first")
    #expect(newest?.items.first?.position == 3)
    list = nil
    let end = await iterator.next()
    #expect(end == nil, "the sequence ends when the list goes away")
  }

  @Test("the initializer does not wait for the database")
  func initializerDoesNotRead() async throws {
    let database = try itemDatabase()
    let writing = Gate()
    let released = Gate()
    // A write holds the queue until the list exists (or, if creating the
    // list waited for the queue, until the guard gives up).
    let writer = Task.detached {
      try await database.write { _ in
        writing.open()
        return released.wait(seconds: 10)
      }
    }
    writing.wait(seconds: 10)
    let list = FetchedList<RowItem, RowItem>(database, request: byPosition, sectionedBy: .single())
    released.open()
    let releasedInTime = try await writer.value
    #expect(releasedInTime, "the list was created while a write held the database")
    await list.waitUntilIdle()
    #expect(list.snapshot.numberOfItems == 5)
  }
}

/// A `WITHOUT ROWID` row.
struct Tag: Codable, FetchableRecord, Diffable, Hashable, Sendable {
  var id: String { name }
  var name: String
  var weight: Int
}

/// Whether the test's SQL function fails, as a broken read would.
final class FailureGate: @unchecked Sendable {
  private let lock = NSLock()
  private var closed = false
  var isClosed: Bool {
    get { lock.withLock { closed } }
    set { lock.withLock { closed = newValue } }
  }
}

struct GateClosed: Error, CustomStringConvertible {
  var description: String { "gate closed" }
}

/// A one-shot signal between threads.
final class Gate: @unchecked Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func open() { semaphore.signal() }
  /// Waits for `open()`; `false` if `seconds` passed first (a deadlock guard).
  @discardableResult
  func wait(seconds: Double) -> Bool {
    semaphore.wait(timeout: .now() + seconds) == .success
  }
}

/// What a fresh, full query of `person` shows, in one section when `single`.
func freshSnapshot(_ database: some DatabaseReader, _ request: String, single: Bool) throws
  -> Snapshot<SectionInfo, Person>
{
  let people = try database.read { db in
    try Person.fetchAll(db, sql: "SELECT * FROM person \(request)")
  }
  return single
    ? try Snapshot(people, in: SectionInfo(id: "all", title: "all"))
    : try Snapshot(grouping: people, by: \.initial)
}
