import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTerminal

/// The address book: contacts sectioned by first letter through a
/// `FetchedList`, filtered as you type, changed by simulated syncs; Enter on
/// a letter's header collapses or expands it (a `CollapsingSource`).
@MainActor
final class ContactsScreen {
  let list: TerminalListView
  let presenters = PresenterRegistry<TerminalCell>()
  let contacts: FetchedList<Contact, AnyItem>
  let sections: CollapsingSource<SectionInfo, AnyItem>
  let controller: ListController<CollapsibleSection<SectionInfo>, AnyItem, TerminalCell>
  private let database: DatabasePool
  private(set) var filter = ""
  var onSelect: ((Contact) -> Void)?

  init(database: DatabasePool, width: Int, height: Int) {
    self.database = database
    list = TerminalListView(width: width, height: height)
    presenters.register(ContactPresenter())
    presenters.registerPlaceholders(
      noResults: "No contacts match", retryHint: "press r to retry")
    contacts = FetchedList(
      database, request: Self.request(filter: ""),
      sectionedBy: .column("initial", order: .ascending),
      placeholderSection: SectionInfo(id: "contacts", title: "Contacts"))
    // The user reorders contacts within their letter, selects and deletes
    // them, and undoes: written back to SQLite.
    do {
      try contacts.enableEditing(rankColumn: "position") { $0.value(for: Contact.self) }
    } catch {
      preconditionFailure("the demo's contact request cannot be edited: \(error)")
    }
    sections = CollapsingSource(contacts)
    list.selectsHeaders = true
    controller = ListController(host: list, presenters: presenters)
    controller.movePolicy = .withinSection
    controller.selectionMode = .multiple
    // Undo steps named by what they change: "Move Contact".
    controller.editName = { verb, items in
      items.count == 1 ? "\(verb) Contact" : "\(verb) \(items.count) Contacts"
    }
    controller.didSelect = { [weak self] item, _ in
      if let contact = item.base(as: Contact.self) { self?.onSelect?(contact) }
    }
    controller.didSelectHeader = { [weak self] section, _ in
      // The header is on screen, so its section is in the source.
      try? self?.sections.toggleSection(section.id)
    }
    controller.connect(to: sections)
  }

  /// Shows only the contacts whose name contains `text` (all when empty).
  func setFilter(_ text: String) {
    filter = text
    contacts.setRequest(Self.request(filter: text))
  }

  /// The contacts whose name contains `text` (all when empty; `%` and `_`
  /// are characters like any other), in the user's order within each
  /// initial (by name until reordered).
  private static func request(filter text: String) -> FetchedRequest {
    FetchedRequest(
      table: "contact", filter: text.isEmpty ? nil : "name LIKE \(LikePattern.containing(text))",
      orderedBy: [.ascending("initial"), .ascending("position")])
  }

  /// Simulates a sync with a server: a contact renamed (it moves), one added,
  /// one removed. The list animates and highlights them. Syncs are
  /// numbered on from the last run ("Ada Sync 4" after "Ada Sync 3").
  func simulateSync() async throws -> String {
    try await database.write { db in
      let count = try Contact.fetchCount(db)
      guard count > 2 else { return "nothing to sync" }
      let sync = try DemoDatabase.nextNumber(of: .sync, in: db)
      let renamed = try Contact.order(Column("name").collating(.nocase)).limit(
        1, offset: (sync * 37) % count
      )
      .fetchOne(db)
      var changes: [String] = []
      if var contact = renamed {
        let old = contact.name
        contact.name = "Zoe \(contact.name.split(separator: " ").last ?? "")"
        contact.initial = "Z"
        try contact.update(db)
        changes.append("renamed \(old) to \(contact.name)")
      }
      let newID = try (Int64.fetchOne(db, sql: "SELECT MAX(id) FROM contact") ?? 0) + 1
      let last = try Int64.fetchOne(
        db, sql: "SELECT MAX(position) FROM contact WHERE initial = 'A'")
      let added = Contact(
        id: newID, name: "Ada Sync \(sync)", initial: "A", email: "sync\(sync)@example.com",
        city: "Sync City", position: (last ?? 0) + (1 << 32))
      try added.insert(db)
      changes.append("added \(added.name)")
      if let removed = try Contact.order(Column("id")).limit(1, offset: sync % count).fetchOne(db),
        removed.id != newID
      {
        try removed.delete(db)
        changes.append("removed \(removed.name)")
      }
      return changes.joined(separator: ", ")
    }
  }

  var isIdle: Bool { !controller.isUpdating }

  /// The names of the contacts of `initial` in the table's order: a fresh
  /// query, what the list must show.
  func contactNames(initial: String) async throws -> [String] {
    try await database.read { db in
      try String.fetchAll(
        db, sql: "SELECT name FROM contact WHERE initial = ? ORDER BY position, rowid",
        arguments: [initial])
    }
  }
}

/// The feed: posts, photos and ads, each with its presenter; a style switch
/// for posts; images that arrive after a delay and update only their rows;
/// loading, error (simulated) and pull-to-refresh states.
@MainActor
final class FeedScreen {
  let list: TerminalListView
  let presenters = PresenterRegistry<TerminalCell>()
  let images = ImageStore()
  let feed: PagedSource<SectionInfo, AnyItem, Int>
  /// Pull to refresh (`r`): the refresh line shows at least half a second.
  let pullToRefresh: PullToRefresh<ContinuousClock>
  /// Posts a page holds.
  nonisolated static let pageSize = 30
  let controller: ListController<SectionInfo, AnyItem, TerminalCell>
  let imageDelay: Duration
  private let failures: NetworkSwitch

  /// Whether the next load fails, as if the network were down.
  var networkDown: Bool {
    get { failures.isDown }
    set { failures.isDown = newValue }
  }

  private let database: DatabasePool

  init(database: DatabasePool, width: Int, height: Int, latency: Duration, imageDelay: Duration) {
    self.imageDelay = imageDelay
    self.database = database
    list = TerminalListView(width: width, height: height)
    let failures = NetworkSwitch()
    self.failures = failures
    presenters.register(PostPresenter())
    presenters.register(PhotoPresenter(images: images))
    presenters.register(AdPresenter())
    presenters.setStyle(.full, for: Post.self)
    presenters.registerPlaceholders(noResults: "The feed is empty", retryHint: "press r to retry")
    let section = SectionInfo(id: "feed", title: "Feed")
    // A simulated server: pages of posts, newest first, by offset (so new
    // posts at the top shift later pages, and the source drops the
    // repeats), without end: older posts are generated (DemoFeed).
    feed = PagedSource(section: section) { offset in
      try await Task.sleep(for: latency)
      if failures.isDown { throw DemoError.networkDown }
      let start = offset ?? 0
      let rows = try await database.read { db in
        try DemoFeed.page(from: start, count: FeedScreen.pageSize, in: db)
      }
      return .init(items: rows.map(FeedScreen.item), next: start + rows.count)
    }
    controller = ListController(host: list, presenters: presenters)
    controller.connect(to: feed)
    pullToRefresh = PullToRefresh(
      clock: ContinuousClock(), threshold: 3,
      minimumDisplayTime: latency == .zero ? .zero : .milliseconds(500)
    ) { [feed] in
      feed.refresh()
      await feed.waitUntilIdle()
      if case .error(let message) = feed.state { throw RefreshFailure(message: message) }
    }
  }

  /// The feed item a row of the feed table shows.
  nonisolated static func item(_ row: FeedRow) -> AnyItem {
    switch row.kind {
    case "photo":
      AnyItem(Photo(id: row.id, author: row.author, caption: row.text, image: row.image ?? ""))
    case "ad": AnyItem(Ad(id: row.id, headline: row.text))
    default: AnyItem(Post(id: row.id, author: row.author, text: row.text, likes: row.likes))
    }
  }

  /// Asks for the next page when the last row on screen comes within two
  /// screens of the end.
  func loadMoreIfNeeded() {
    guard let last = list.visibleItemPaths.last else { return }
    feed.rowsDidShow(through: last.item, screenRows: list.height)
  }

  /// New posts arrive at the top of the feed (written to the database,
  /// then put above the pages shown): what the reader is reading stays put.
  func postNewArrivals(count: Int = 3) async throws {
    let rows = try await database.write { db in
      let next = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM feed") ?? 0) + 1
      var rows: [FeedRow] = []
      for id in next..<(next + Int64(count)) {
        let row = FeedRow(
          id: id, kind: "post", author: "Newsroom",
          text: "post \(id) arrived while you were reading further down the feed.",
          likes: 0, image: nil)
        try row.insert(db)
        rows.append(row)
      }
      return rows
    }
    feed.prepend(rows.reversed().map(FeedScreen.item))
  }

  /// Switches posts between the full and the compact style.
  func toggleStyle() -> PresentationStyle {
    let style: PresentationStyle = presenters.style(for: Post.self) == .full ? .compact : .full
    presenters.setStyle(style, for: Post.self)
    return style
  }

  /// Starts the images of the photos on screen; each updates only its row.
  func requestVisibleImages() {
    for path in list.visibleItemPaths {
      guard let photo = controller.snapshot.item(at: path)?.base(as: Photo.self) else { continue }
      images.request(photo.image, delay: imageDelay) { [weak self] name in
        self?.controller.reconfigureVisibleRows(with: name, for: Photo.image, subject: name) ?? 0
      }
    }
  }

  var isIdle: Bool {
    !controller.isUpdating && !feed.state.isLoading && feed.pageState != .loading
      && !images.isLoading && pullToRefresh.state.phase == .idle
  }
}

/// A refresh that failed, with the feed's message.
struct RefreshFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Whether the simulated network is down; read by the feed's loader.
final class NetworkSwitch: @unchecked Sendable {
  private let lock = NSLock()
  private var down = false
  var isDown: Bool {
    get { lock.withLock { down } }
    set { lock.withLock { down = newValue } }
  }
}

enum DemoError: Error, CustomStringConvertible {
  case networkDown
  var description: String { "the network is unreachable (simulated)" }
}
