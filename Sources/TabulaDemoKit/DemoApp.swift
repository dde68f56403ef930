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
  /// The status line's message on the screen shown: each screen keeps its
  /// own.
  public var message: String { messages[tab] ?? "" }
  private var messages: [Tab: String] = [:]
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
      self?.messages[.contacts] = "Selected \(contact.name) <\(contact.email)>, \(contact.city)"
    }
    feed.controller.didSelect = { [weak self] item, _ in
      guard let self else { return }
      if item.base is PageErrorPlaceholder || item.base is ErrorPlaceholder {
        retryFeed(isPage: item.base is PageErrorPlaceholder)
      } else {
        messages[.feed] = "Selected \(Self.describe(item))"
      }
    }
    files.controller.didSelect = { [weak self] row, _ in
      let path =
        ((self?.files.files.outline.tree.ancestors(of: row.id) ?? []).reversed() + [row.item])
        .map(\.name).joined(separator: "/")
      self?.messages[.files] = "Selected \(path), \(FilePresenter.size(row.item.size))"
    }
    feedObservation = feed.feed.observe { [weak self] in self?.feedDidChange() }
    feed.feed.load()
  }

  /// Retries what failed; the status line says "Loading…" from the feed's
  /// state while it runs, and how it ended once it has.
  private func retryFeed(isPage: Bool) {
    messages[.feed] = nil
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
      messages[.feed] = "Feed refreshed: \(count) items"
    case .error(let failure):
      let retry = feed.networkDown ? "e, then r retries" : "r retries"
      messages[.feed] = "Refresh failed: \(failure) · \(retry)"
    default:
      break
    }
  }

  /// Says how a retry ended: what it brought, or why it failed again.
  private func reportRetry(_ retry: (itemsBefore: Int, isPage: Bool), state: LoadingState) {
    let again = feed.networkDown ? "e, then Enter retries" : "Enter on its row retries"
    if retry.isPage, case .failed(let failure) = feed.feed.pageState {
      messages[.feed] = "The page failed again: \(failure) · \(again)"
    } else if !retry.isPage, case .error(let failure) = state {
      messages[.feed] = "The feed failed again: \(failure) · \(again)"
    } else {
      let added = feed.feed.itemCount - retry.itemsBefore
      messages[.feed] = "Loaded \(added) more post\(added == 1 ? "" : "s")"
    }
  }

  private static func describe(_ item: AnyItem) -> String {
    if let post = item.base(as: Post.self) { return "post by \(post.author): \(post.text)" }
    if let photo = item.base(as: Photo.self) { return "photo \(photo.image) by \(photo.author)" }
    if let ad = item.base(as: Ad.self) { return "ad: \(ad.headline)" }
    return "\(item)"
  }

  private var list: TerminalListView {
    switch tab {
    case .contacts: contacts.list
    case .feed: feed.list
    case .files: files.list
    }
  }

  /// Handles a key. Returns `false` when the app should quit.
  public func handle(_ key: Key) async -> Bool {
    if key == .interrupt { wasInterrupted = true }
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
      messages[.feed] = "Posts in the \(feed.toggleStyle()) style"
    case .character("n") where tab == .feed:
      do {
        try await feed.postNewArrivals(count: 3)
        messages[.feed] = "3 new posts arrived above; your place stays"
      } catch {
        messages[.feed] = "New posts failed: \(error)"
      }
    case .character("e") where tab == .feed:
      feed.networkDown.toggle()
      messages[.feed] =
        feed.networkDown
        ? "Network down (simulated): refreshes fail until you press e again"
        : "Network back up: r refreshes the feed"
    case .character("r"):
      if tab == .feed {
        messages[.feed] = nil  // the status line follows the refresh
        feed.pullToRefresh.beginRefreshing()
      } else {
        contacts.contacts.refresh()
      }
    case .character("u") where tab == .files:
      do {
        messages[.files] = "Edit: " + (try await files.simulateEdit())
      } catch {
        messages[.files] = "Edit failed: \(error)"
      }
    case let key where tab == .files && files.handleOutlineKey(key):
      break
    case .character("u") where tab == .contacts:
      do {
        messages[.contacts] = "Sync: " + (try await contacts.simulateSync())
      } catch {
        messages[.contacts] = "Sync failed: \(error)"
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

  private func titleLine() -> ScreenLine {
    let tabs = Tab.allCases.enumerated().map { index, candidate in
      StyledText(
        " \(index + 1) \(candidate.rawValue.capitalized) ",
        candidate == tab ? TextStyle(bold: true, inverse: true) : TextStyle(dim: true))
    }
    let state: String
    switch tab {
    case .contacts:
      let count = contacts.contacts.content?.numberOfItems ?? 0
      state = contacts.filter.isEmpty ? "\(count) contacts" : "\(count) match “\(contacts.filter)”"
    case .feed:
      state = "\(feed.feed.state)"
    case .files:
      state = "\(files.controller.snapshot.numberOfItems) shown"
    }
    let left = ScreenLine([StyledText(" Tabula ", TextStyle(bold: true, foreground: .cyan))] + tabs)
    let right = " \(state) "
    let gap = String(
      repeating: " ", count: max(1, width - left.width - TerminalText.width(of: right)))
    return ScreenLine(left.runs + [StyledText(gap), StyledText(right, TextStyle(dim: true))])
      .fitted(to: width)
  }

  private func statusLine() -> ScreenLine {
    if isFiltering {
      return ScreenLine([
        StyledText("/", TextStyle(bold: true)), StyledText(contacts.filter),
        StyledText("▏", TextStyle(bold: true)),
        StyledText("  (Enter keeps it, Esc clears it)", TextStyle(dim: true)),
      ]).fitted(to: width)
    }
    if let prompt = list.prompt {
      return ScreenLine([StyledText(" " + prompt, TextStyle(bold: true))]).fitted(to: width)
    }
    var parts: [String] = []
    if tab == .feed {
      switch feed.feed.state {
      case .loading: parts.append("Loading the feed…")
      case .refreshing: parts.append("Refreshing the feed…")
      default:
        if feed.pullToRefresh.showsIndicator { parts.append("Refreshing the feed…") }
      }
      switch feed.feed.pageState {
      case .loading: parts.append("Loading more…")
      case .failed: parts.append("A page failed: Enter on its row retries")
      default: break
      }
    }
    if !message.isEmpty { parts.append(message) }
    if tab == .contacts, contacts.controller.selectedIDs.count > 1 {
      parts.append("\(contacts.controller.selectedIDs.count) selected: d deletes them")
    }
    if tab == .contacts, let undo = contacts.controller.history.undoName {
      parts.append("z undoes “\(undo)”")
    }
    if tab == .feed, feed.images.rowsUpdated > 0 {
      parts.append("images updated \(feed.images.rowsUpdated) visible rows in place")
    }
    return ScreenLine([StyledText(" " + parts.joined(separator: " · "))]).fitted(to: width)
  }

  /// One key of the help line, and how much it matters: the line drops the
  /// least important items first when the screen is narrow.
  struct HelpItem {
    /// What the line shows, as "key action".
    var text: String
    /// 0 for the most important; larger numbers are dropped first.
    var rank: Int
  }

  /// The help line's items for `tab`, in the order shown.
  static func helpItems(for tab: Tab) -> [HelpItem] {
    switch tab {
    case .contacts:
      [
        HelpItem(text: "↑↓ PgUp/Dn Home/End", rank: 5),
        HelpItem(text: "Enter select/fold", rank: 4),
        HelpItem(text: "/ filter", rank: 2), HelpItem(text: "u sync", rank: 3),
        HelpItem(text: "m move", rank: 2), HelpItem(text: "space select", rank: 3),
        HelpItem(text: "d delete", rank: 3), HelpItem(text: "z/Z undo/redo", rank: 2),
        HelpItem(text: "Tab feed", rank: 1), HelpItem(text: "q quit", rank: 0),
      ]
    case .files:
      [
        HelpItem(text: "↑↓", rank: 6), HelpItem(text: "→← open/close", rank: 2),
        HelpItem(text: "Enter toggle", rank: 4), HelpItem(text: "* open all", rank: 5),
        HelpItem(text: "u edit", rank: 3), HelpItem(text: "Tab contacts", rank: 1),
        HelpItem(text: "q quit", rank: 0),
      ]
    case .feed:
      [
        HelpItem(text: "↑↓ PgUp/Dn", rank: 6), HelpItem(text: "Enter select", rank: 5),
        HelpItem(text: "s style", rank: 4), HelpItem(text: "r refresh", rank: 2),
        HelpItem(text: "n new", rank: 3), HelpItem(text: "e network", rank: 3),
        HelpItem(text: "Tab files", rank: 1),
        HelpItem(text: "q quit", rank: 0),
      ]
    }
  }

  /// The help line: as many whole items as fit the width, dropping the
  /// least important first, so it never ends in the middle of a word.
  private func helpLine() -> ScreenLine {
    var items = Self.helpItems(for: tab)
    func text() -> String { " " + items.map(\.text).joined(separator: " · ") }
    while TerminalText.width(of: text()) > width,
      let least = items.indices.max(by: { items[$0].rank < items[$1].rank })
    {
      items.remove(at: least)
    }
    return ScreenLine([StyledText(items.isEmpty ? "" : text(), TextStyle(dim: true))])
      .fitted(to: width)
  }
}
