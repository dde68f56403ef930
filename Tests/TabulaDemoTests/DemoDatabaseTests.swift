import Foundation
import GRDB
import Testing

@testable import TabulaDemoKit

/// A temporary folder, removed at the end of the test.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabula-demo-db-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` in the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The names in the folder, sorted.
  func contents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }
}

/// The message of the `DemoDatabaseError` that `body` throws, if any.
func demoDatabaseError(_ body: () throws -> Void) -> String? {
  do {
    try body()
    return nil
  } catch let error as DemoDatabaseError {
    return error.description
  } catch {
    return "not a DemoDatabaseError: \(error)"
  }
}

@Suite("tabula-demo: its database")
struct DemoDatabaseTests {
  @Test("a new file in an existing folder: created, filled, recognised when opened again")
  func createsItsOwnFile() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("demo.sqlite")
    do {
      let database = try DemoDatabase.open(at: path)
      #expect(
        try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") }
          == DemoDatabase.contactCount)
      #expect(
        try database.read { try Int32.fetchOne($0, sql: "PRAGMA application_id") }
          == DemoDatabase.applicationID)
    }
    #expect(try folder.contents().filter { !$0.hasPrefix("demo.sqlite") } == [])
    let again = try DemoDatabase.open(at: path)
    #expect(
      try again.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") }
        == DemoDatabase.contactCount)
  }

  @Test("a file in a folder that does not exist: refused, and no folder is made")
  func missingFolder() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("missing/deeper/demo.sqlite")
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: path) }
        == "cannot open \(path): the folder \(folder.path("missing/deeper")) does not exist")
    #expect(try folder.contents() == [])
  }

  @Test("a path through a file, or to a folder: refused with what it is")
  func notAFolder() throws {
    let folder = try TemporaryFolder()
    try Data("notes".utf8).write(to: folder.url.appendingPathComponent("notes.txt"))
    let through = folder.path("notes.txt/demo.sqlite")
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: through) }
        == "cannot open \(through): \(folder.path("notes.txt")) is a file, not a folder")
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: folder.url.path) }
        == "cannot open \(folder.url.path): it is a folder, not a database file")
  }

  @Test("a file that is not SQLite, or empty: refused and left as it was")
  func notSQLite() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("notes.sqlite")
    let notes = Data("my notes, not a database\n".utf8)
    try notes.write(to: URL(fileURLWithPath: path))
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: path) }
        == "cannot open \(path): it is not an SQLite database, so not the demo's")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == notes)
    let empty = folder.path("empty.sqlite")
    #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: empty) }
        == "cannot open \(empty): it is an empty file, not the demo's database")
    #expect(try folder.contents() == ["empty.sqlite", "notes.sqlite"])
  }

  @Test("someone else's SQLite database: refused, and its tables stay as they were")
  func foreignDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("accounts.sqlite")
    do {
      let queue = try DatabaseQueue(path: path)
      try queue.write { db in
        try db.execute(sql: "CREATE TABLE invoice (id INTEGER PRIMARY KEY, total REAL)")
        try db.execute(sql: "CREATE TABLE client (id INTEGER PRIMARY KEY, name TEXT)")
        try db.execute(sql: "INSERT INTO invoice (total) VALUES (12.5)")
      }
      try queue.close()
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: path) }
        == "cannot open \(path): it is an SQLite database that tabula-demo did not create "
        + "(tables: client, invoice); pass the path of a new file")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "not a byte written")
    #expect(
      demoDatabaseError { try DemoDatabase.reset(at: path) }
        == "cannot open \(path): it is an SQLite database that tabula-demo did not create "
        + "(tables: client, invoice); pass the path of a new file")
    #expect(FileManager.default.fileExists(atPath: path), "reset deletes only the demo's file")
  }

  @Test("a table whose name only looks like SQLite's own (sqlite1...) is someone else's")
  func tablesNamedLikeSQLites() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.sqlite")
    do {
      let pool = try DatabasePool(path: path)
      try DemoDatabase.migrator.migrate(pool, upTo: "v1")
      try pool.write { db in
        try db.execute(sql: "PRAGMA application_id = 0")
        try db.execute(sql: "CREATE TABLE sqlite1notes (id INTEGER PRIMARY KEY, text TEXT)")
      }
      try pool.close()
    }
    #expect(
      demoDatabaseError { _ = try DemoDatabase.open(at: path) }
        == "cannot open \(path): it is an SQLite database that tabula-demo did not create "
        + "(tables: contact, feed, grdb_migrations, sqlite1notes); pass the path of a new file")
  }

  @Test("a database from before the counters numbers its syncs and edits on from its rows")
  func countersFromEarlierRows() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("demo.sqlite")
    do {
      let pool = try DatabasePool(path: path)
      try DemoDatabase.migrator.migrate(pool, upTo: "v3: contact positions")
      try pool.write { db in
        try db.execute(sql: "PRAGMA application_id = \(DemoDatabase.applicationID)")
        try db.execute(
          sql: """
            INSERT INTO contact (name, initial, email, city) VALUES
              ('Ada Sync 1', 'A', 'sync1@example.com', 'Sync City'),
              ('Ada Sync 1', 'A', 'sync1@example.com', 'Sync City'),
              ('Ada Sync 12', 'A', 'sync12@example.com', 'Sync City'),
              ('Ada Syncope', 'A', 'ada@example.com', 'Oslo');
            INSERT INTO file (parent, name, isFolder, size) VALUES
              (1, 'New7.swift', 0, 1200), (1, 'Newton.swift', 0, 10);
            """)
      }
      try pool.close()
    }
    let database = try DemoDatabase.open(at: path)
    #expect(try database.write { try DemoDatabase.nextNumber(of: .sync, in: $0) } == 13)
    #expect(try database.write { try DemoDatabase.nextNumber(of: .edit, in: $0) } == 8)
    #expect(try database.write { try DemoDatabase.nextNumber(of: .edit, in: $0) } == 9)
  }

  @Test("a database from an earlier demo, without the application id, is recognised")
  func earlierDemoDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.sqlite")
    do {
      let pool = try DatabasePool(path: path)
      try DemoDatabase.migrator.migrate(pool, upTo: "v1")
      try pool.write { try $0.execute(sql: "PRAGMA application_id = 0") }
      try pool.close()
    }
    let database = try DemoDatabase.open(at: path)
    #expect(
      try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") }
        == DemoDatabase.contactCount)
    #expect(
      try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM file") ?? 0 } >= 3000,
      "the files arrive with the newer migration")
  }

  @Test("reset deletes the demo's database, which then starts afresh")
  func reset() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("demo.sqlite")
    do {
      let database = try DemoDatabase.open(at: path)
      try database.write { try $0.execute(sql: "DELETE FROM contact WHERE id < 100") }
      try database.close()
    }
    try DemoDatabase.reset(at: path)
    #expect(try folder.contents() == [])
    let database = try DemoDatabase.open(at: path)
    #expect(
      try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM contact") }
        == DemoDatabase.contactCount)
    try DemoDatabase.reset(at: folder.path("never-made.sqlite"))  // nothing to delete
  }

  @Test("the default path follows XDG_CACHE_HOME, else ~/.cache")
  func defaultPath() {
    #expect(
      DemoDatabase.defaultPath(environment: ["XDG_CACHE_HOME": "/var/cache/me"], home: "/home/me")
        == "/var/cache/me/tabula-demo/demo.sqlite")
    #expect(
      DemoDatabase.defaultPath(environment: [:], home: "/home/me")
        == "/home/me/.cache/tabula-demo/demo.sqlite")
    #expect(
      DemoDatabase.defaultPath(environment: ["XDG_CACHE_HOME": "relative"], home: "/home/me")
        == "/home/me/.cache/tabula-demo/demo.sqlite", "a relative XDG_CACHE_HOME is ignored")
  }
}
