import GRDB

extension DemoDatabase {
  /// A numbered series of simulated changes: each gets the next number,
  /// saved with the change, so numbers go on from one run to the next
  /// instead of starting at 1 again.
  enum Counter: String, CaseIterable {
    /// The contacts' syncs (`u`): "Ada Sync 1", "Ada Sync 2"...
    case sync
    /// The project's edits (`u` on the files): "New1.swift", "New2.swift"...
    case edit
  }

  /// The next number of `counter` (1 at first), taken in `db`'s
  /// transaction: it is saved only if the change that uses it is.
  static func nextNumber(of counter: Counter, in db: Database) throws -> Int {
    try db.execute(
      sql: "UPDATE counter SET value = value + 1 WHERE name = ?", arguments: [counter.rawValue])
    return try Int.fetchOne(
      db, sql: "SELECT value FROM counter WHERE name = ?", arguments: [counter.rawValue]) ?? 1
  }

  /// Makes the `counter` table. A database from before it may hold
  /// numbered rows already ("Ada Sync 1", "New1.swift"): the counters go on
  /// from the largest number there.
  static func createCounters(_ db: Database) throws {
    try db.create(table: "counter") { table in
      table.primaryKey("name", .text)
      table.column("value", .integer).notNull()
    }
    let syncs = try Int.fetchOne(
      db,
      sql: """
        SELECT max(CAST(substr(name, 10) AS INTEGER)) FROM contact
        WHERE name GLOB 'Ada Sync [0-9]*'
        """)
    let edits = try Int.fetchOne(
      db,
      sql: """
        SELECT max(CAST(substr(name, 4, length(name) - 9) AS INTEGER)) FROM file
        WHERE name GLOB 'New[0-9]*.swift'
        """)
    for (counter, value) in [(Counter.sync, syncs), (.edit, edits)] {
      try db.execute(
        sql: "INSERT INTO counter (name, value) VALUES (?, ?)",
        arguments: [counter.rawValue, value ?? 0])
    }
  }
}
