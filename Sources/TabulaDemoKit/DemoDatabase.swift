import Foundation
import GRDB

/// A contact of the demo's address book.
struct Contact: Codable, FetchableRecord, PersistableRecord, Hashable, Sendable {
  static let databaseTableName = "contact"
  var id: Int64
  var name: String
  var initial: String
  var email: String
  var city: String
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

/// The demo's embedded SQLite database: created and filled on first use, no
/// set-up. A few thousand contacts and a feed of posts, photos and ads,
/// generated from fixed seeds so every run shows the same data.
enum DemoDatabase {
  static let contactCount = 3000
  static let feedCount = 240

  /// The default location: `$XDG_CACHE_HOME/tabula-demo/demo.sqlite`, or
  /// under `~/.cache`, or the temporary folder when neither is writable.
  static func defaultPath() -> String {
    let environment = ProcessInfo.processInfo.environment
    let cache =
      environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
    let folder = cache.appendingPathComponent("tabula-demo")
    if (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true))
      != nil
    {
      return folder.appendingPathComponent("demo.sqlite").path
    }
    return FileManager.default.temporaryDirectory.appendingPathComponent("tabula-demo.sqlite").path
  }

  /// Opens the database at `path`, creating and filling it when it is new.
  static func open(at path: String) throws -> DatabasePool {
    try FileManager.default.createDirectory(
      at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
    let database = try DatabasePool(path: path)
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
    try migrator.migrate(database)
    return database
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
      try Contact(
        id: id, name: name, initial: String(name.prefix(1)),
        email: "\(first.lowercased()).\(last.lowercased())\(id)@example.com",
        city: cities[random.next(cities.count)]
      ).insert(db)
    }
    let topics = [
      "shipped a release", "is reading about diffing", "found a UIKit crash", "likes SQLite",
      "wrote a presenter", "refactored a view controller", "benchmarked a snapshot",
      "tried the terminal demo",
    ]
    for id in 1...Int64(feedCount) {
      let author = firstNames[random.next(firstNames.count)]
      let roll = random.next(10)
      let kind = roll < 6 ? "post" : roll < 9 ? "photo" : "ad"
      let text =
        kind == "ad"
        ? ["Tabula Pro: lists without tears", "SQLite, but live", "Ship your feed today"][
          random.next(3)]
        : "\(author) \(topics[random.next(topics.count)])"
      try FeedRow(
        id: id, kind: kind, author: author, text: text, likes: random.next(120),
        image: kind == "photo" ? "photo-\(id).jpg" : nil
      ).insert(db)
    }
  }
}

/// A small seeded generator, so the demo's data is the same on every machine.
struct DemoRandom {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((value ^ (value >> 31)) % UInt64(bound))
  }
}
