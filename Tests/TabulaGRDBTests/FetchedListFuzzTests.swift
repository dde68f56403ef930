import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTestSupport
import TabulaTesting
import Testing

/// An `item` row, identified by its natural key (a UNIQUE column), so that
/// rows deleted unannounced would show up as duplicate ids.
struct FuzzItem: FetchableRecord, Diffable, Hashable, Sendable {
  var id: String { key }
  var rowID: Int64
  var key: String
  var grp: Int64?
  var name: String?
  var weight: DatabaseValue

  init(row: Row) throws {
    rowID = row["id"]
    key = row["key"]
    grp = row["grp"]
    name = row["name"]
    weight = row["weight"]
  }
}

/// A `note` row: its item follows the item's rowid through cascades.
struct FuzzNote: FetchableRecord, Diffable, Hashable, Sendable {
  var id: Int64
  var item: Int64?
  var text: String

  init(row: Row) throws {
    id = row["id"]
    item = row["item"]
    text = row["text"]
  }
}

/// A `tag` row, in a WITHOUT ROWID table.
struct FuzzTag: FetchableRecord, Diffable, Hashable, Sendable {
  var id: String { name }
  var name: String
  var grp: Int64?

  init(row: Row) throws {
    name = row["name"]
    grp = row["grp"]
  }
}

/// One live list and the fresh query that must always agree with it.
struct FuzzedList<Record: FetchableRecord & Diffable & Sendable>: Sendable {
  let name: String
  let list: FetchedList<Record, Record>
  /// The SQL SQLite answers the request with, written by hand.
  let fresh: String
  /// The section key of a fresh row (`nil`: one section, "all").
  let section: (@Sendable (Row) -> String)?

  nonisolated func expected(_ db: Database) throws -> Snapshot<SectionInfo, Record> {
    let rows = try Row.fetchAll(db, sql: fresh)
    let records = try rows.map { try Record(row: $0) }
    let keys = section.map(rows.map) ?? rows.map { _ in "all" }
    return try Snapshot(grouping: records, keys: keys, sectionOrder: .firstAppearance) {
      SectionInfo(id: $0, title: $0)
    }
  }
}

@MainActor
@Suite("FetchedList: random SQL writes against fresh queries")
struct FetchedListFuzzTests {
  /// Steps in `swift test`; `TABULA_SQL_FUZZ_STEPS` asks for a deep run.
  static let steps =
    ProcessInfo.processInfo.environment["TABULA_SQL_FUZZ_STEPS"].flatMap(Int.init)
    ?? 250

  @Test("every kind of write, several lists: each equals a fresh query after every step")
  func randomWrites() async throws {
    let (folder, path) = try temporaryDatabasePath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabasePool(path: path)
    try await database.write { db in
      try db.execute(
        sql: """
          CREATE TABLE item (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, grp INTEGER,
                             name TEXT COLLATE NOCASE, weight);
          CREATE INDEX item_weight ON item (weight);
          CREATE TABLE visible (grp INTEGER PRIMARY KEY);
          CREATE TABLE tag (name TEXT PRIMARY KEY, grp INTEGER) WITHOUT ROWID;
          CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL,
                             item INTEGER REFERENCES item (id) ON DELETE CASCADE ON UPDATE CASCADE);
          CREATE TRIGGER tag_item AFTER INSERT ON tag BEGIN
            INSERT OR REPLACE INTO item (key, grp, name, weight)
            VALUES ('tag-' || NEW.name, NEW.grp, NEW.name, 0);
          END;
          INSERT INTO visible VALUES (1), (3);
          """)
    }
    var random = SeededRandom(seed: 11)
    for _ in 0..<40 {
      let statement = Self.randomStatement(&random)
      try await database.write { db in try Self.run(statement, db) }
    }

    let section: @Sendable (Row) -> String = { row in
      let value: DatabaseValue = row["grp"]
      return value.isNull ? "" : (String.fromDatabaseValue(value) ?? "\(value)")
    }
    let all = FuzzedList(
      name: "all",
      list: FetchedList<FuzzItem, FuzzItem>(
        database,
        request: FetchedRequest(
          table: "item",
          orderedBy: [.ascending("weight"), .ascending("name", caseInsensitive: true)]),
        sectionedBy: .column("grp")),
      fresh: "SELECT * FROM item ORDER BY weight COLLATE BINARY, name COLLATE NOCASE, rowid",
      section: section)
    let visible = FuzzedList(
      name: "visible",
      list: FetchedList<FuzzItem, FuzzItem>(
        database,
        request: FetchedRequest(
          table: "item", filter: "grp IN (SELECT grp FROM visible)",
          orderedBy: [.descending("name")]),
        sectionedBy: .single()),
      fresh: "SELECT * FROM item WHERE grp IN (SELECT grp FROM visible) "
        + "ORDER BY name COLLATE BINARY DESC, rowid",
      section: nil)
    let aboveAverage = FuzzedList(
      name: "aboveAverage",
      list: FetchedList<FuzzItem, FuzzItem>(
        database,
        request: FetchedRequest(
          table: "item", filter: "weight > (SELECT avg(weight) FROM item)",
          orderedBy: [.descending("weight")]),
        sectionedBy: .single()),
      fresh: "SELECT * FROM item WHERE weight > (SELECT avg(weight) FROM item) "
        + "ORDER BY weight COLLATE BINARY DESC, rowid",
      section: nil)
    let joined = FuzzedList(
      name: "joined",
      list: FetchedList<FuzzItem, FuzzItem>(
        database,
        request: FetchedRequest(
          sql: "SELECT item.*, item.rowid AS tabula_rowid, item.grp AS tabula_section "
            + "FROM item JOIN visible USING (grp) ORDER BY key"),
        sectionedBy: .column("grp")),
      fresh: "SELECT item.* FROM item JOIN visible USING (grp) ORDER BY key", section: section)
    let tags = FuzzedList(
      name: "tags",
      list: FetchedList<FuzzTag, FuzzTag>(
        database, request: FetchedRequest(table: "tag", orderedBy: [.ascending("grp")]),
        sectionedBy: .single()),
      fresh: "SELECT * FROM tag ORDER BY grp COLLATE BINARY, name", section: nil)
    let notes = FuzzedList(
      name: "notes",
      list: FetchedList<FuzzNote, FuzzNote>(
        database, request: FetchedRequest(table: "note", orderedBy: [.ascending("item")]),
        sectionedBy: .single()),
      fresh: "SELECT * FROM note ORDER BY item COLLATE BINARY, rowid", section: nil)

    let table = SimulatedTableView(viewportHeight: 40)
    table.register(SimulatedCell.self, forReuseIdentifier: "item")
    table.animationTiming = .immediate
    let controller = ListController<SectionInfo, FuzzItem, SimulatedCell>(host: table) {
      host, path, item in
      let cell = host.dequeueCell(withReuseIdentifier: "item", for: path)
      cell.text = item.key
      return cell
    }
    controller.connect(to: all.list)

    var transactions = 0
    for step in 0..<Self.steps {
      for _ in 0...random.int(in: 0...2) {
        let statements = (0...random.int(in: 0...2)).map { _ in Self.randomStatement(&random) }
        try await database.write { db in
          for statement in statements { try Self.run(statement, db) }
        }
        transactions += 1
      }
      if random.int(in: 0..<25) == 0 { visible.list.refresh() }
      await all.list.waitUntilIdle()
      await visible.list.waitUntilIdle()
      await aboveAverage.list.waitUntilIdle()
      await joined.list.waitUntilIdle()
      await tags.list.waitUntilIdle()
      await notes.list.waitUntilIdle()
      await yieldUntil { !controller.isUpdating }
      let fresh = try await database.read { db in
        (
          try all.expected(db), try visible.expected(db), try aboveAverage.expected(db),
          try joined.expected(db), try tags.expected(db), try notes.expected(db)
        )
      }
      let agree = [
        all.list.snapshot == fresh.0, visible.list.snapshot == fresh.1,
        aboveAverage.list.snapshot == fresh.2, joined.list.snapshot == fresh.3,
        tags.list.snapshot == fresh.4, notes.list.snapshot == fresh.5,
      ]
      let names = ["all", "visible", "aboveAverage", "joined", "tags", "notes"]
      for (name, agrees) in zip(names, agree) where !agrees {
        Issue.record("step \(step): \(name) differs from a fresh query")
      }
      #expect(table.violations.isEmpty)
      #expect(table.numberOfSections == all.list.snapshot.numberOfSections)
      for path in table.visibleItemPaths {
        #expect(table.visibleCell(at: path)?.text == all.list.snapshot.item(at: path)?.key)
      }
      if agree.contains(false) || !table.violations.isEmpty { return }
    }
    if ProcessInfo.processInfo.environment["TABULA_SQL_FUZZ_STEPS"] != nil {
      print(
        "FetchedList fuzz: \(Self.steps) steps, \(transactions) transactions; list 'all': "
          + "\(all.list.incrementalFetchCount) incremental reads "
          + "(\(all.list.consistencyCheckCount) checked by a count), "
          + "\(all.list.fullFetchCount) full reads")
    }
  }

  /// Runs `statement`; a constraint it breaks fails that statement only
  /// (SQLite's ABORT), and the transaction goes on.
  nonisolated static func run(_ statement: (Database) throws -> Void, _ db: Database) throws {
    do {
      try statement(db)
    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {}
  }

  /// One random statement of any kind, some failing (and caught) on purpose,
  /// with its random values drawn now.
  static func randomStatement(_ random: inout SeededRandom) -> @Sendable (Database) throws -> Void {
    let keys = (0..<24).map { "k\($0)" }
    let names: [DatabaseValue] = ["a", "A", "b", "B", "é", "Z"].map(\.databaseValue) + [.null]
    let big = Int64(1) << 53
    let weights: [DatabaseValue] = [
      .null, 1.databaseValue, 2.databaseValue, big.databaseValue, (big + 1).databaseValue,
      Double(big).databaseValue, 0.5.databaseValue, (-1).databaseValue, "text".databaseValue,
      "Text".databaseValue, Data([1, 2]).databaseValue,
    ]
    func pick<T>(_ values: [T]) -> T { values[random.int(in: 0..<values.count)] }
    func id() -> Int64 { Int64(random.int(in: 1...40)) }
    func grp() -> DatabaseValue {
      random.int(in: 0..<8) == 0 ? .null : Int64(random.int(in: 0...4)).databaseValue
    }

    let (key, name, weight, rowID, otherRowID) = (
      pick(keys), pick(names), pick(weights), id(), id()
    )
    let (group, otherGroup, tagName, choice) = (
      grp(), grp(), pick(["x", "y", "z"]), random.int(in: 0..<4)
    )
    let rowIDName = pick(["id", "rowid", "_rowid_"])
    let text = "note \(random.int(in: 0..<100))"
    switch random.int(in: 0..<20) {
    case 0, 1:
      return { db in
        try db.execute(
          sql: "INSERT OR IGNORE INTO item (key, grp, name, weight) VALUES (?, ?, ?, ?)",
          arguments: [key, group, name, weight])
      }
    case 2:  // an upsert by natural key: REPLACE deletes the old row unannounced
      return { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO item (key, grp, name, weight) VALUES (?, ?, ?, ?)",
          arguments: [key, group, name, weight])
      }
    case 3:  // REPLACE by rowid and by key at once
      return { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO item (id, key, grp, name, weight) VALUES (?, ?, ?, ?, ?)",
          arguments: [rowID, key, group, name, weight])
      }
    case 4:
      return { db in
        try db.execute(
          sql: """
            INSERT INTO item (key, grp, name, weight) VALUES (?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET weight = excluded.weight, grp = excluded.grp
            """, arguments: [key, group, name, weight])
      }
    case 5:  // a new rowid
      return { db in
        try db.execute(
          sql: "UPDATE OR IGNORE item SET id = ? WHERE id = ?", arguments: [rowID + 40, otherRowID])
      }
    case 6:  // a new rowid that replaces another row
      return { db in
        try db.execute(
          sql: "UPDATE OR REPLACE item SET \(rowIDName) = ? WHERE id = ?",
          arguments: [rowID, otherRowID])
      }
    case 7:
      return { db in
        try db.execute(
          sql: "UPDATE OR REPLACE item SET key = ? WHERE id = ?", arguments: [key, rowID])
      }
    case 8, 9:
      return { db in
        try db.execute(
          sql: "UPDATE item SET weight = ?, name = ? WHERE id = ?",
          arguments: [weight, name, rowID])
      }
    case 10:
      return { db in
        try db.execute(
          sql: "UPDATE item SET grp = ? WHERE grp = ?", arguments: [group, otherGroup])
      }
    case 11:
      return { db in
        try db.execute(sql: "DELETE FROM item WHERE id = ? OR grp = ?", arguments: [rowID, group])
      }
    case 12:
      return { db in
        if choice == 0 {
          try db.execute(sql: "DELETE FROM visible")
        } else {
          try db.execute(sql: "INSERT OR IGNORE INTO visible VALUES (?)", arguments: [group])
          try db.execute(sql: "DELETE FROM visible WHERE grp = ?", arguments: [otherGroup])
        }
      }
    case 13:  // a WITHOUT ROWID table, and a trigger that REPLACEs into item
      return { db in
        try db.execute(
          sql: "INSERT OR REPLACE INTO tag VALUES (?, ?)", arguments: [tagName, group])
      }
    case 14:
      return { db in
        try db.execute(sql: "UPDATE tag SET grp = ? WHERE name = ?", arguments: [group, tagName])
        try db.execute(sql: "DELETE FROM tag WHERE grp = ?", arguments: [otherGroup])
      }
    case 15:  // cascades follow rowid changes and deletes of items
      return { db in
        try db.execute(
          sql: "INSERT INTO note (text, item) SELECT ?, id FROM item WHERE id = ?",
          arguments: [text, rowID])
      }
    case 16:  // a savepoint rolled back: nothing happened
      return { db in
        try db.execute(sql: "SAVEPOINT fuzz")
        try db.execute(sql: "DELETE FROM item WHERE grp = ?", arguments: [group])
        try db.execute(
          sql: "INSERT OR REPLACE INTO item (key, grp, weight) VALUES (?, 2, 1)", arguments: [key])
        try db.execute(sql: "ROLLBACK TO fuzz")
        try db.execute(sql: "RELEASE fuzz")
      }
    case 17:  // a statement that fails, caught: the transaction goes on
      return { db in
        do {
          try db.execute(
            sql: "INSERT INTO item (key, grp) VALUES ((SELECT key FROM item LIMIT 1), 1)")
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {}
      }
    case 18:  // the schema: UNIQUE indexes come and go, and REPLACE with them
      return { db in
        if choice < 2 {
          do {
            try db.execute(sql: "SAVEPOINT index_creation")
            try db.execute(sql: "CREATE UNIQUE INDEX IF NOT EXISTS item_name ON item (grp, name)")
            try db.execute(sql: "RELEASE index_creation")
          } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            try db.execute(sql: "ROLLBACK TO index_creation")
            try db.execute(sql: "RELEASE index_creation")
          }
        } else {
          try db.execute(sql: "DROP INDEX IF EXISTS item_name")
        }
      }
    default:
      return { db in
        if choice == 0 {
          try db.execute(sql: "DELETE FROM item WHERE weight IS NULL OR grp IS NULL")
        } else {
          try db.notifyChanges(in: Table("tag"))
        }
      }
    }
  }
}
