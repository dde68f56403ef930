import Foundation
import GRDB
import Tabula

/// A contact: a row of the `contact` table, and an item of the contacts list.
struct Contact: Codable, FetchableRecord, PersistableRecord, Diffable, Hashable, Sendable {
  static let databaseTableName = "contact"

  var id: Int64
  var name: String
  /// The first letter of the name: the list's section.
  var initial: String
  var email: String
  var city: String
  /// The contact's place among those of its initial, which the user changes
  /// by dragging rows. Ranks start 2³² apart (by name), so that a move
  /// writes one row: the moved one, between its new neighbours.
  var position: Int64
}

/// The contacts' SQLite database: created and filled with a few hundred
/// generated contacts on first launch, in Application Support, so that the
/// user's reorders and deletes are still there at the next launch.
enum ContactsDatabase {
  /// How many contacts a new database gets.
  static let contactCount = 400

  /// The app's database; an in-memory one if the file cannot be opened
  /// (the screen works the same, its changes are only lost at quit).
  @MainActor
  static func openForApp() -> DatabaseQueue {
    do {
      let folder = try FileManager.default.url(
        for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
      return try prepared(
        DatabaseQueue(path: folder.appendingPathComponent("contacts.sqlite").path))
    } catch {
      TabulaLog.report("the contacts database file cannot be opened (\(error)): using memory")
    }
    do {
      return try prepared(DatabaseQueue())
    } catch {
      // No SQLite at all: nothing in the app could work.
      fatalError("cannot create an in-memory SQLite database: \(error)")
    }
  }

  /// `database`, migrated (and filled, the first time).
  static func prepared(_ database: DatabaseQueue) throws -> DatabaseQueue {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("contacts") { db in
      try db.create(table: "contact") { table in
        table.primaryKey("id", .integer)
        table.column("name", .text).notNull()
        table.column("initial", .text).notNull()
        table.column("email", .text).notNull()
        table.column("city", .text).notNull()
        table.column("position", .integer).notNull()
      }
      // The list's order: by initial, then by the user's order.
      try db.create(index: "contact_order", on: "contact", columns: ["initial", "position"])
      for contact in generatedContacts() { try contact.insert(db) }
    }
    try migrator.migrate(database)
    return database
  }

  /// Contacts from fixed seeds (the same on every device), ranked by name
  /// within their initial.
  static func generatedContacts() -> [Contact] {
    var random = SeededRandom(seed: 2024)
    let names = (0..<contactCount).map { _ in
      "\(firstNames[random.next(firstNames.count)]) \(lastNames[random.next(lastNames.count)])"
    }
    let sorted = names.enumerated().sorted {
      ($0.element, $0.offset) < ($1.element, $1.offset)
    }
    var rankInInitial: [String: Int64] = [:]
    return sorted.map { offset, name in
      let initial = String(name.prefix(1))
      rankInInitial[initial, default: 0] += 1
      let id = Int64(offset + 1)
      let handle = name.lowercased().replacingOccurrences(of: " ", with: ".")
      return Contact(
        id: id, name: name, initial: initial, email: "\(handle)\(id)@example.com",
        city: cities[Int(id) % cities.count], position: rankInInitial[initial]! << 32)
    }
  }

  /// Simulates a sync with a server, as another writer of the database: a
  /// contact renamed (it moves to another letter), one added, one removed.
  /// The list follows the table and animates each change.
  ///
  /// - Returns: What changed, in a sentence.
  static func simulateSync(_ database: DatabaseQueue, round: Int) async throws -> String {
    try await database.write { db in
      let count = try Contact.fetchCount(db)
      guard count > 2 else { return "Nothing to sync." }
      var changes: [String] = []
      if var renamed = try Contact.order(Column("id")).limit(1, offset: (round * 37) % count)
        .fetchOne(db)
      {
        let old = renamed.name
        renamed.name = "Zoe \(renamed.name.split(separator: " ").last ?? "")"
        renamed.initial = "Z"
        renamed.position = try nextRank(in: "Z", db)
        try renamed.update(db)
        changes.append("renamed \(old) to \(renamed.name)")
      }
      let id = (try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM contact") ?? 0) + 1
      let added = Contact(
        id: id, name: "Ada Synced \(round)", initial: "A", email: "synced\(round)@example.com",
        city: "Sync City", position: try nextRank(in: "A", db))
      try added.insert(db)
      changes.append("added \(added.name)")
      if let removed = try Contact.order(Column("id")).limit(1, offset: round).fetchOne(db),
        removed.id != id
      {
        try removed.delete(db)
        changes.append("removed \(removed.name)")
      }
      return "Synced: " + changes.joined(separator: ", ") + "."
    }
  }

  /// The rank after the last contact of `initial`.
  private static func nextRank(in initial: String, _ db: Database) throws -> Int64 {
    let last = try Int64.fetchOne(
      db, sql: "SELECT MAX(position) FROM contact WHERE initial = ?", arguments: [initial])
    return (last ?? 0) + (1 << 32)
  }

  static let firstNames = [
    "Ada", "Alan", "Barbara", "Bjarne", "Brian", "Chris", "Claude", "Dennis", "Donald", "Edsger",
    "Frances", "Grace", "Guido", "Hedy", "Ivan", "James", "Jean", "John", "Ken", "Katherine",
    "Leslie", "Linus", "Margaret", "Niklaus", "Olga", "Radia", "Richard", "Sophie", "Tim",
    "Ursula", "Vint", "Whitfield", "Xiaoyun", "Yukihiro", "Zhores",
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
}

/// A small seeded generator (SplitMix64), so that generated data is the same
/// on every device and every launch.
struct SeededRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// A number in `0..<bound`.
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((value ^ (value >> 31)) % UInt64(bound))
  }
}
