import Tabula

/// A simulated feed server: pages of entries, newest first, by offset,
/// after a network delay. Each first-page request after the first finds a
/// few new entries at the top (so a refresh shows something new, and later
/// pages shift: the paged source drops the entries it already shows). The
/// screen's network switch makes requests fail.
actor FeedServer {
  /// Entries per page.
  static let pageSize = 30
  /// How long a request takes.
  static let latency: Duration = .milliseconds(800)

  /// The newest entry's id; ids go down to 1, the oldest.
  private var newestID = 240
  private var servedFirstPage = false
  private var isOffline = false

  /// Makes requests fail (`true`) or succeed again.
  func setOffline(_ offline: Bool) {
    isOffline = offline
  }

  /// Up to `count` entries from `offset`, newest first.
  ///
  /// - Throws: ``FeedError/offline`` while offline.
  func entries(from offset: Int, count: Int) async throws -> [AnyItem] {
    if offset == 0 {
      if servedFirstPage { newestID += 3 }
      servedFirstPage = true
    }
    let newest = newestID
    try await Task.sleep(for: Self.latency)
    if isOffline { throw FeedError.offline }
    let first = newest - offset
    guard first >= 1 else { return [] }
    return stride(from: first, to: max(first - count, 0), by: -1).map(Self.entry)
  }

  /// The entry with `id`: the same on every request and device.
  static func entry(_ id: Int) -> AnyItem {
    var random = SeededRandom(seed: UInt64(id))
    let author = authors[random.next(authors.count)]
    switch id % 10 {
    case 4:
      return AnyItem(
        Ad(
          id: id, headline: headlines[random.next(headlines.count)],
          sponsor: sponsors[random.next(sponsors.count)]))
    case 1, 6, 8:
      return AnyItem(
        Photo(
          id: id, author: author, caption: captions[random.next(captions.count)],
          hue: Double(random.next(360)) / 360))
    default:
      let text = "\(topics[random.next(topics.count)]) \(details[random.next(details.count)])"
      return AnyItem(Post(id: id, author: author, text: text, likes: random.next(120)))
    }
  }

  static let authors = [
    "Ada", "Alan", "Barbara", "Dennis", "Edsger", "Frances", "Grace", "Hedy", "Katherine",
    "Leslie", "Margaret", "Radia", "Sophie", "Ursula",
  ]
  static let topics = [
    "Shipped a release.", "Reading about diffing.", "Found a UIKit crash.", "SQLite is great.",
    "Wrote a presenter.", "Refactored a view controller.", "Benchmarked a snapshot.",
  ]
  static let details = [
    "Short one.",
    "The table view controller lost four hundred lines and nobody misses them.",
    "Moves are minimal now, and the batch never trips UIKit's consistency checks.",
    "A million rows, and the row I was reading did not move when new posts came in.",
    "Cells size themselves; the layout asks them once and keeps the answer.",
  ]
  static let captions = [
    "Morning light over the bay.", "The office plant, thriving.", "Sunset from the train.",
    "A very good dog.", "Snow on the ridge.", "Coffee, then code.",
  ]
  static let headlines = [
    "Tabula Pro: lists without tears", "SQLite, but live", "Ship your feed today",
  ]
  static let sponsors = ["Tabula", "Acme Lists", "Rows & Co."]
}
