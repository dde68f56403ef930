import GRDB

/// The demo's simulated feed server: pages of posts, photos and ads, newest
/// first, by offset. The feed table's posts come first (the ones `n` adds
/// on top); below its oldest, older posts are generated from their ids, the
/// same on every run, so the feed never ends however far one scrolls. They
/// are generated rather than stored: the database stays the same size.
enum DemoFeed {
  /// The id of the newest generated post; older ones count down (0, -1,
  /// -2...), below the stored posts, whose ids start at 1.
  static let newestArchivedID: Int64 = 0

  /// The `count` rows from `offset` (0: the newest): stored rows, then
  /// generated ones.
  ///
  /// - Complexity: One indexed query of at most `count` rows, and a count
  ///   of the table when the page reaches past the stored rows.
  static func page(from offset: Int, count: Int, in db: Database) throws -> [FeedRow] {
    let stored = try FeedRow.order(Column("id").desc).limit(count, offset: offset).fetchAll(db)
    guard stored.count < count else { return stored }
    let storedCount = try FeedRow.fetchCount(db)
    let first = max(0, offset - storedCount)  // the first generated row's place among them
    let archived = (first..<(first + count - stored.count)).map {
      archivedRow(id: newestArchivedID - Int64($0))
    }
    return stored + archived
  }

  /// The generated row with `id` (at most ``newestArchivedID``): the same
  /// on every run.
  static func archivedRow(id: Int64) -> FeedRow {
    var random = DemoRandom(seed: 0xF00D_0000 &+ UInt64(bitPattern: newestArchivedID - id))
    return row(id: id, random: &random)
  }

  /// A post, a photo (six in ten are posts, three photos) or an ad, drawn
  /// from `random`.
  static func row(id: Int64, random: inout DemoRandom) -> FeedRow {
    let author = DemoDatabase.firstNames[random.next(DemoDatabase.firstNames.count)]
    let roll = random.next(10)
    let kind = roll < 6 ? "post" : roll < 9 ? "photo" : "ad"
    let text =
      kind == "ad"
      ? headlines[random.next(headlines.count)]
      : "\(author) \(topics[random.next(topics.count)]). \(details[random.next(details.count)])"
    return FeedRow(
      id: id, kind: kind, author: author, text: text, likes: random.next(120),
      image: kind == "photo" ? imageName(id: id) : nil)
  }

  /// The image of the photo `id`: `photo-12.jpg`, `archive-3.jpg` for the
  /// third generated row.
  static func imageName(id: Int64) -> String {
    id > newestArchivedID ? "photo-\(id).jpg" : "archive-\(newestArchivedID - id + 1).jpg"
  }

  static let headlines = [
    "Tabula Pro: lists without tears", "SQLite, but live", "Ship your feed today",
  ]
  static let topics = [
    "shipped a release", "is reading about diffing", "found a UIKit crash", "likes SQLite",
    "wrote a presenter", "refactored a view controller", "benchmarked a snapshot",
    "tried the terminal demo",
  ]
  static let details = [
    "Short one.",
    "The table view controller lost four hundred lines and nobody misses them.",
    "Moves are minimal now, and the batch never trips UIKit's consistency checks.",
    "A million rows, and the row I was reading did not move when new posts came in.",
    "Tried it on a train with a terminal eighty columns wide; the posts wrap.",
  ]
}
