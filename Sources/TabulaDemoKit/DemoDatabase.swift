import Foundation
import GRDB
import Tabula
import TabulaGRDB

/// A contact of the demo's address book.
struct Contact: Codable, FetchableRecord, PersistableRecord, Hashable, Sendable {
  static let databaseTableName = "contact"
  var id: Int64
  var name: String
  var initial: String
  var email: String
  var city: String
  /// The contact's place among those of its initial, which the user
  /// reorders (ranks 2³² apart at first: by name).
  var position: Int64 = 0
}

/// A row of the demo's feed table: a post, a photo or an ad.
struct FeedRow: Codable, FetchableRecord, PersistableRecord, Hashable, Sendable {
  static let databaseTableName = "feed"
  var id: Int64
  var kind: String
  var author: String
  var text: String
  var likes: Int
  var image: String?
}

/// Why the demo cannot use a database file: a sentence naming the file.
struct DemoDatabaseError: Error, CustomStringConvertible {
  /// The file.
  var path: String
  /// What is wrong with it.
  var reason: String

  var description: String { "cannot open \(path): \(reason)" }
}

/// The demo's embedded SQLite database: created and filled on first use, no
/// set-up. A few thousand contacts, a feed of posts, photos and ads, and a
/// project tree of a few thousand files,
/// generated from fixed seeds so every run shows the same data. Simulated
/// syncs (`u`) change it for good; ``reset(at:)`` deletes it.
///
/// **Only its own file.** The demo never creates folders for a path it is
/// given, and never writes into a file it did not create. It recognises its
/// database by the SQLite header's application id, ``applicationID``, which
/// it writes into a new file before anything else (so a file cut short by a
/// crash is still recognised, and completed, next time). A database from an
/// earlier demo, made before the id, is recognised by its exact set of
/// tables and migrations and gets the id. Anything else is refused with a
/// sentence that names the file: a missing folder, a folder, a file that is
/// not SQLite, an SQLite database of someone else's.
enum DemoDatabase {
  static let contactCount = 3000
  /// The posts stored at first; older ones are generated (``DemoFeed``).
  static let feedCount = 240

  /// The demo's mark in the SQLite header (`PRAGMA application_id`): "TbDm".
  static let applicationID: Int32 = 0x5462_446D

  /// The default location: `$XDG_CACHE_HOME/tabula-demo/demo.sqlite`, or
  /// `~/.cache/tabula-demo/demo.sqlite` when `XDG_CACHE_HOME` is not set
  /// (or not an absolute path, which the XDG specification says to ignore).
  static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    home: String = FileManager.default.homeDirectoryForCurrentUser.path
  ) -> String {
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? URL(fileURLWithPath: home).appendingPathComponent(".cache").path
    return URL(fileURLWithPath: cache).appendingPathComponent("tabula-demo")
      .appendingPathComponent("demo.sqlite").path
  }

  /// The default path, after creating its folder (the demo's own, in the
  /// cache folder) if needed; in the temporary folder when that fails.
  static func preparedDefaultPath() -> String {
    let path = defaultPath()
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
      != nil
    {
      return path
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("tabula-demo.sqlite").path
  }

  /// Opens the demo's database at `path`, creating and filling it when no
  /// file is there. The folder must exist; an existing file must be the
  /// demo's database.
  ///
  /// - Throws: ``DemoDatabaseError`` naming the file and the problem.
  static func open(at path: String) throws(DemoDatabaseError) -> DatabasePool {
    let refuse = { (reason: String) in DemoDatabaseError(path: path, reason: reason) }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
      if isFolder.boolValue { throw refuse("it is a folder, not a database file") }
      try checkIsDemoDatabase(at: path)
    } else {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
        throw refuse("the folder \(folder) does not exist")
      }
      guard isFolder.boolValue else { throw refuse("\(folder) is a file, not a folder") }
      try sqlite(path) {
        // The mark goes in first, in rollback-journal mode, so that it is in
        // the file itself (in WAL mode it would wait in the -wal file).
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction {
          try $0.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        try queue.close()
      }
    }
    return try sqlite(path) {
      let database = try DatabasePool(path: path)
      try migrator.migrate(database)
      try database.write { db in
        // A database from an earlier demo gets the mark.
        if try Int32.fetchOne(db, sql: "PRAGMA application_id") != applicationID {
          try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
      }
      return database
    }
  }

  /// Deletes the demo's database at `path` (with its -wal and -shm files),
  /// so the next ``open(at:)`` makes it anew. Nothing to do when no file is
  /// there.
  ///
  /// - Throws: ``DemoDatabaseError`` when the file is not the demo's
  ///   database, which stays as it was, or cannot be deleted.
  static func reset(at path: String) throws(DemoDatabaseError) {
    guard FileManager.default.fileExists(atPath: path) else { return }
    try checkIsDemoDatabase(at: path)
    for file in [path, path + "-wal", path + "-shm"]
    where FileManager.default.fileExists(atPath: file) {
      do {
        try FileManager.default.removeItem(atPath: file)
      } catch {
        throw DemoDatabaseError(
          path: path, reason: "cannot delete \(file): \(error.localizedDescription)")
      }
    }
  }

  /// The migrations that make the demo's tables and fill them.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.create(table: "contact") { table in
        table.primaryKey("id", .integer)
        table.column("name", .text).notNull()
        table.column("initial", .text).notNull()
        table.column("email", .text).notNull()
        table.column("city", .text).notNull()
      }
      try db.create(index: "contact_name", on: "contact", columns: ["name"])
      try db.create(table: "feed") { table in
        table.primaryKey("id", .integer)
        table.column("kind", .text).notNull()
        table.column("author", .text).notNull()
        table.column("text", .text).notNull()
        table.column("likes", .integer).notNull()
        table.column("image", .text)
      }
      try fill(db)
    }
    migrator.registerMigration("v2: files") { db in try createFiles(db) }
    migrator.registerMigration("v3: contact positions") { db in
      // The user's order within a letter; by name at first, ranks far apart.
      try db.alter(table: "contact") { table in
        table.add(column: "position", .integer).notNull().defaults(to: 0)
      }
      let ids = try Int64.fetchAll(
        db, sql: "SELECT id FROM contact ORDER BY initial, name COLLATE NOCASE, id")
      let update = try db.makeStatement(sql: "UPDATE contact SET position = ? WHERE id = ?")
      for (index, id) in ids.enumerated() {
        try update.execute(arguments: [Int64(index + 1) << 32, id])
      }
      try db.create(index: "contact_order", on: "contact", columns: ["initial", "position"])
    }
    migrator.registerMigration("v4: counters") { db in try createCounters(db) }
    return migrator
  }

  /// The tables of a database from an earlier demo, made before the
  /// application id.
  private static let earlierTables: Set<String> = ["contact", "feed", "grdb_migrations"]

  /// Throws unless the existing file at `path` is the demo's database:
  /// first its header, read as bytes, then (when the header has no mark)
  /// its schema through a read-only connection. Writes nothing.
  private static func checkIsDemoDatabase(at path: String) throws(DemoDatabaseError) {
    let refuse = { (reason: String) in DemoDatabaseError(path: path, reason: reason) }
    let header: [UInt8]
    do {
      let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? file.close() }
      header = [UInt8](try file.read(upToCount: 100) ?? Data())
    } catch {
      throw refuse("it cannot be read (\(error.localizedDescription))")
    }
    if header.isEmpty { throw refuse("it is an empty file, not the demo's database") }
    guard header.count == 100, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
      throw refuse("it is not an SQLite database, so not the demo's")
    }
    // The application id: four bytes, big-endian, at offset 68.
    let mark = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    if Int32(bitPattern: mark) == applicationID { return }
    let (tables, migrations) = try sqlite(path) {
      var configuration = Configuration()
      configuration.readonly = true
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      defer { try? queue.close() }
      return try queue.read { db in
        // SQLite's own tables start with "sqlite_" (the _ is literal).
        let ownTables = LikePattern.starting(with: "sqlite_")
        let query: SQL =
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE \(ownTables)"
        let tables = try String.fetchAll(db, SQLRequest<String>(literal: query))
        let migrations =
          Set(tables).contains("grdb_migrations")
          ? try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") : []
        return (Set(tables), migrations)
      }
    }
    if tables == earlierTables && migrations == ["v1"] { return }
    let names = tables.isEmpty ? "no tables" : "tables: " + tables.sorted().joined(separator: ", ")
    throw refuse(
      "it is an SQLite database that tabula-demo did not create (\(names)); "
        + "pass the path of a new file")
  }

  /// Runs `body`, turning SQLite's errors into a sentence about `path`.
  private static func sqlite<Result>(_ path: String, _ body: () throws -> Result)
    throws(DemoDatabaseError) -> Result
  {
    do {
      return try body()
    } catch let error as DatabaseError {
      throw DemoDatabaseError(path: path, reason: error.message ?? "\(error.resultCode)")
    } catch {
      throw DemoDatabaseError(path: path, reason: "\(error)")
    }
  }

  static let firstNames = [
    "Ada", "Alan", "Barbara", "Bjarne", "Brian", "Chris", "Claude", "Dennis", "Donald", "Edsger",
    "Frances", "Grace", "Guido", "Hedy", "Ivan", "James", "Jean", "John", "Ken", "Katherine",
    "Leslie", "Linus", "Margaret", "Niklaus", "Olga", "Radia", "Richard", "Sophie", "Tim", "Ursula",
    "Vint", "Whitfield", "Xiaoyun", "Yukihiro", "Zhores",
  ]
  static let lastNames = [
    "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton", "Hoare",
    "Hopper", "Johnson", "Kay", "Knuth", "Lamport", "Liskov", "Lovelace", "McCarthy", "Naur",
    "Perlman", "Ritchie", "Shannon", "Stallman", "Sutherland", "Thompson", "Turing", "Wirth",
  ]
  static let cities = [
    "Amsterdam", "Berlin", "Boston", "Cambridge", "Helsinki", "Kyoto", "Lisbon", "London",
    "Montreal", "Oslo", "Paris", "Prague", "Seoul", "Zurich",
  ]

  /// Fills a new database.
  static func fill(_ db: Database) throws {
    var random = DemoRandom(seed: 2024)
    for id in 1...Int64(contactCount) {
      let first = firstNames[random.next(firstNames.count)]
      let last = lastNames[random.next(lastNames.count)]
      let name = "\(first) \(last)"
      // The columns of v1 (positions come with v3).
      try db.execute(
        sql: "INSERT INTO contact (id, name, initial, email, city) VALUES (?, ?, ?, ?, ?)",
        arguments: [
          id, name, String(name.prefix(1)),
          "\(first.lowercased()).\(last.lowercased())\(id)@example.com",
          cities[random.next(cities.count)],
        ])
    }
    for id in 1...Int64(feedCount) {
      try DemoFeed.row(id: id, random: &random).insert(db)
    }
  }
}

/// A small seeded generator, so the demo's data is the same on every machine.
struct DemoRandom {
  private var generator: SeededRandom
  init(seed: UInt64) { generator = SeededRandom(seed: seed) }
  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
}
