import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTerminal

/// The demo application: three screens (contacts, feed and files), a title
/// bar, a status line and a help line, driven by keys.
@MainActor
public final class DemoApp {
  /// The screen shown.
  public enum Tab: String, Sendable, CaseIterable {
    /// The address book.
    case contacts
    /// The feed.
    case feed
    /// The project tree.
    case files
  }

  /// The screen shown.
  public private(set) var tab: Tab
  /// Whether keys are typed into the contacts filter.
  public private(set) var isFiltering = false
  /// Whether Ctrl-C ended the app (then the demo exits with status 130).
  public private(set) var wasInterrupted = false
  /// What the status lines say, each screen its own.
  var messages = StatusMessages()
  /// How many rows arriving images had updated when the last key came:
  /// the status line counts those since, so the count leaves with the key
  /// that brought it.
  private(set) var imageRowsBeforeKey = 0
  private(set) var width: Int
  private(set) var height: Int
  let contacts: ContactsScreen
  let feed: FeedScreen
  let files: FilesScreen
  /// The feed's state when it last changed, to tell when a load ends.
  private var feedState = LoadingState.initial
  /// A retry asked for with Enter on an error row, reported when its load
  /// ends: how many items the feed had, and whether it retries a page (or
  /// the first load).
  private var feedRetry: (itemsBefore: Int, isPage: Bool)?
  private var feedObservation: ObservationToken?

  /// The app over `database`, in a `width` × `height` screen.
  init(
    database: DatabasePool, width: Int, height: Int, tab: Tab, latency: Duration,
    imageDelay: Duration
  ) {
    self.width = width
    self.height = height
    self.tab = tab
    let listHeight = max(1, height - 3)
    contacts = ContactsScreen(database: database, width: width, height: listHeight)
    feed = FeedScreen(
      database: database, width: width, height: listHeight, latency: latency,
      imageDelay: imageDelay)
    files = FilesScreen(database: database, width: width, height: listHeight)
    contacts.onSelect = { [weak self] contact in
      self?.messages.open(AnyItem(contact).id, on: .contacts)
    }
    feed.controller.didSelect = { [weak self] item, _ in
      guard let self else { return }
      if item.base is PageErrorPlaceholder || item.base is ErrorPlaceholder {
        retryFeed(isPage: item.base is PageErrorPlaceholder)
      } else {
        messages.open(item.id, on: .feed)
      }
    }
    files.controller.didSelect = { [weak self] row, _ in
      self?.messages.open(row.id, on: .files)
    }
    feedObservation = feed.feed.observe { [weak self] in self?.feedDidChange() }
    feed.feed.load()
  }

  /// Retries what failed; the status line says "Loading…" from the feed's
  /// state while it runs, and how it ended once it has.
  private func retryFeed(isPage: Bool) {
    messages.say(nil, on: .feed)
    feedRetry = (feed.feed.itemCount, isPage)
    feed.feed.retry()
    if !feed.feed.state.isLoading && feed.feed.pageState != .loading {
      feedRetry = nil  // nothing to retry (a refresh runs): nothing to report
    }
  }

  /// Reports how a retry or a refresh ended, once the feed's load ends.
  /// While it runs, the status line says so from the feed's state itself.
  private func feedDidChange() {
    let state = feed.feed.state
    defer { feedState = state }
    if let retry = feedRetry, !state.isLoading, feed.feed.pageState != .loading {
      feedRetry = nil
      reportRetry(retry, state: state)
      return
    }
    guard feedState == .refreshing, !state.isLoading else { return }
    switch state {
    case .loaded, .noContent:
      let count = feed.feed.itemCount
      messages.say("Feed refreshed: \(count) items", on: .feed)
    case .error(let failure):
      let retry = feed.networkDown ? "e, then r retries" : "r retries"
      messages.say("Refresh failed: \(failure) · \(retry)", on: .feed)
    default:
      break
    }
  }

  /// Says how a retry ended: what it brought, or why it failed again.
  private func reportRetry(_ retry: (itemsBefore: Int, isPage: Bool), state: LoadingState) {
    let again = feed.networkDown ? "e, then Enter retries" : "Enter on its row retries"
    if retry.isPage, case .failed(let failure) = feed.feed.pageState {
      messages.say("The page failed again: \(failure) · \(again)", on: .feed)
    } else if !retry.isPage, case .error(let failure) = state {
      messages.say("The feed failed again: \(failure) · \(again)", on: .feed)
    } else {
      let added = feed.feed.itemCount - retry.itemsBefore
      messages.say("Loaded \(added) more post\(added == 1 ? "" : "s")", on: .feed)
    }
  }

  /// The words for the row `id` opened on `tab`, from the row as its list
  /// shows it now; `nil` when the list no longer shows it.
  func describeOpenedRow(_ id: AnyHashable, on tab: Tab) -> String? {
    switch tab {
    case .contacts:
      let rows = contacts.controller.snapshot
      guard let id = id.base as? AnyItem.ID, let path = rows.path(of: id),
        let contact = rows[path].base(as: Contact.self)
      else { return nil }
      return "Opened \(contact.name) <\(contact.email)>, \(contact.city)"
    case .feed:
      let rows = feed.controller.snapshot
      guard let id = id.base as? AnyItem.ID, let path = rows.path(of: id) else { return nil }
      let item = rows[path]
      if let post = item.base(as: Post.self) {
        return "Opened post by \(post.author): \(post.text)"
      }
      if let photo = item.base(as: Photo.self) {
        return "Opened photo \(photo.image) by \(photo.author)"
      }
      if let ad = item.base(as: Ad.self) { return "Opened ad: \(ad.headline)" }
      return nil
    case .files:
      let tree = files.files.outline.tree
      guard let id = id.base as? DemoFile.ID, let file = tree.item(withID: id) else { return nil }
      let path = (tree.ancestors(of: id).reversed() + [file]).map(\.name).joined(separator: "/")
      return "Opened \(path), \(FilePresenter.size(file.size))"
    }
  }

  var list: TerminalListView {
    switch tab {
    case .contacts: contacts.list
    case .feed: feed.list
    case .files: files.list
    }
  }

  /// Handles a key. Returns `false` when the app should quit.
  public func handle(_ key: Key) async -> Bool {
    if key == .interrupt { wasInterrupted = true }
    imageRowsBeforeKey = feed.images.rowsUpdated
    // An announcement is said until the next key, on any screen: news
    // from a screen the user was not on is stale when they come to it.
    for screen in [contacts.list, feed.list, files.list] { screen.announcement = nil }
    if key == .interrupt || key == .endOfInput { return false }
    // A question the list asks (a delete to confirm, a row carried) takes
    // the next key before the screen's own keys, a screen switch included:
    // it never waits on a screen the user left.
    if list.prompt != nil {
      list.handle(key)
      return true
    }
    if isFiltering { return handleFilter(key) }
    switch key {
    case .character("q"), .interrupt, .endOfInput:
      return false
    case .tab:
      tab = Tab.allCases[(Tab.allCases.firstIndex(of: tab)! + 1) % Tab.allCases.count]
    case .character("1"):
      tab = .contacts
    case .character("2"):
      tab = .feed
    case .character("3"):
      tab = .files
    case .character("/"):
      tab = .contacts
      isFiltering = true
    case .character("s") where tab == .feed:
      messages.say("Posts in the \(feed.toggleStyle()) style", on: .feed)
    case .character("n") where tab == .feed:
      do {
        try await feed.postNewArrivals(count: 3)
        messages.say("3 new posts arrived above; your place stays", on: .feed)
      } catch {
        messages.say("New posts failed: \(error)", on: .feed)
      }
    case .character("e") where tab == .feed:
      feed.networkDown.toggle()
      messages.say(
        feed.networkDown
          ? "Network down (simulated): refreshes fail until you press e again"
          : "Network back up: r refreshes the feed", on: .feed)
    case .character("r"):
      if tab == .feed {
        messages.say(nil, on: .feed)  // the status line follows the refresh
        feed.pullToRefresh.beginRefreshing()
      } else {
        contacts.contacts.refresh()
      }
    case .character("u") where tab == .files:
      do {
        messages.say("Edit: " + (try await files.simulateEdit()), on: .files)
      } catch {
        messages.say("Edit failed: \(error)", on: .files)
      }
    case let key where tab == .files && files.handleOutlineKey(key):
      break
    case .character("u") where tab == .contacts:
      do {
        messages.say("Sync: " + (try await contacts.simulateSync()), on: .contacts)
      } catch {
        messages.say("Sync failed: \(error)", on: .contacts)
      }
    default:
      list.handle(key)
    }
    return true
  }

  private func handleFilter(_ key: Key) -> Bool {
    switch key {
    case .enter:
      isFiltering = false
    case .escape:
      isFiltering = false
      contacts.setFilter("")
    case .backspace:
      contacts.setFilter(String(contacts.filter.dropLast()))
    case .character(let character):
      contacts.setFilter(contacts.filter + String(character))
    case .interrupt, .endOfInput:
      return false
    default:
      contacts.list.handle(key)
    }
    return true
  }

  /// Resizes the screen.
  public func resize(width: Int, height: Int) {
    self.width = width
    self.height = height
    contacts.list.resize(width: width, height: max(1, height - 3))
    feed.list.resize(width: width, height: max(1, height - 3))
    files.list.resize(width: width, height: max(1, height - 3))
  }

  /// The screen's lines: title bar, list, status line, help line.
  public func frame() -> [ScreenLine] {
    var lines = [titleLine()]
    feed.list.refreshLine = feed.pullToRefresh.showsIndicator ? "↻ Refreshing the feed…" : nil
    lines += list.render()
    if tab == .feed {
      feed.requestVisibleImages()
      feed.loadMoreIfNeeded()
    }
    lines.append(statusLine())
    lines.append(helpLine())
    return Array(lines.prefix(height))
  }

  /// Returns once nothing is loading, animating or arriving.
  public func waitUntilIdle() async {
    while true {
      await contacts.contacts.waitUntilIdle()
      await files.files.waitUntilIdle()
      if contacts.isIdle && feed.isIdle && files.isIdle { return }
      try? await Task.sleep(for: .milliseconds(1))
    }
  }
}
