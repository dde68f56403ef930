import GRDB
import TabulaGRDB
import Testing

@Suite("LikePattern: LIKE that matches text literally")
struct LikePatternTests {
  static let names = [
    "50% off", "5000 items", "snake_case", "snakeXcase", #"back\slash"#, "backslash", "Ada",
    "ada lovelace", "Ádám", "plain",
  ]

  /// A database of `names`, one row each.
  func database() throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    try database.write { db in
      try db.execute(sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
      for name in Self.names {
        try db.execute(sql: "INSERT INTO item (name) VALUES (?)", arguments: [name])
      }
    }
    return database
  }

  /// The names `filter` selects, in table order.
  func names(_ database: DatabaseQueue, _ filter: SQL) throws -> [String] {
    try database.read { db in
      try String.fetchAll(
        db, SQLRequest<String>("SELECT name FROM item WHERE \(filter) ORDER BY id"))
    }
  }

  /// What `pattern` should match, computed in Swift: the reference.
  func expected(_ predicate: (String) -> Bool) -> [String] {
    Self.names.filter(predicate)
  }

  @Test(
    "containing, starting, ending and matching find exactly the text, wildcards included",
    arguments: ["%", "_", #"\"#, "50%", "e_c", "0", "", "ada", "A", "ádám", "Ádám", #"k\s"#])
  func literalText(text: String) throws {
    let database = try database()
    /// SQLite's LIKE folds ASCII letters only.
    func folded(_ value: String) -> String {
      String(value.map { $0.isASCII ? Character($0.lowercased()) : $0 })
    }
    let needle = folded(text)
    #expect(
      try names(database, "name LIKE \(LikePattern.containing(text))")
        == expected { folded($0).contains(needle) || needle.isEmpty }, "\(text)")
    #expect(
      try names(database, "name LIKE \(LikePattern.starting(with: text))")
        == expected { folded($0).hasPrefix(needle) }, "\(text)")
    #expect(
      try names(database, "name LIKE \(LikePattern.ending(with: text))")
        == expected { folded($0).hasSuffix(needle) }, "\(text)")
    #expect(
      try names(database, "name LIKE \(LikePattern.matching(text))")
        == expected { folded($0) == needle }, "\(text)")
    #expect(
      try names(database, SQL(Column("name").like(.containing(text))))
        == expected { folded($0).contains(needle) || needle.isEmpty }, "\(text)")
  }

  @Test("escaped puts \\ before \\, % and _ only")
  func escaping() {
    #expect(LikePattern.escaped(#"50%_off\now"#) == #"50\%\_off\\now"#)
    #expect(LikePattern.escaped("東京 🗼 plain") == "東京 🗼 plain")
    #expect(LikePattern.containing("a_b").pattern == #"%a\_b%"#)
    #expect(LikePattern.starting(with: "%").description == #"\%%"#)
  }
}
