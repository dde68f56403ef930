import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTerminal

/// The demo application: two screens (contacts and feed), a title bar, a
/// status line and a help line, driven by keys.
@MainActor
public final class DemoApp {
  /// The screen shown.
  public enum Tab: String, Sendable, CaseIterable {
    /// The address book.
    case contacts
    /// The feed.
    case feed
  }

  /// The screen shown.
  public private(set) var tab: Tab
  /// Whether keys are typed into the contacts filter.
  public private(set) var isFiltering = false
  /// The status line's message.
  public private(set) var message = ""
  private(set) var width: Int
  private(set) var height: Int
  let contacts: ContactsScreen
  let feed: FeedScreen

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
    contacts.onSelect = { [weak self] contact in
      self?.message = "Selected \(contact.name) <\(contact.email)>, \(contact.city)"
    }
    feed.controller.didSelect = { [weak self] item, _ in
      self?.message = "Selected \(Self.describe(item))"
    }
    feed.feed.load()
  }

  private static func describe(_ item: AnyItem) -> String {
    if let post = item.base(as: Post.self) { return "post by \(post.author): \(post.text)" }
    if let photo = item.base(as: Photo.self) { return "photo \(photo.image) by \(photo.author)" }
    if let ad = item.base(as: Ad.self) { return "ad: \(ad.headline)" }
    return "\(item)"
  }

  private var list: TerminalListView { tab == .contacts ? contacts.list : feed.list }

  /// Handles a key. Returns `false` when the app should quit.
  public func handle(_ key: Key) async -> Bool {
    if isFiltering { return handleFilter(key) }
    switch key {
    case .character("q"), .interrupt, .endOfInput:
      return false
    case .tab:
      tab = tab == .contacts ? .feed : .contacts
    case .character("1"):
      tab = .contacts
    case .character("2"):
      tab = .feed
    case .character("/"):
      tab = .contacts
      isFiltering = true
    case .character("s") where tab == .feed:
      message = "Posts in the \(feed.toggleStyle()) style"
    case .character("e") where tab == .feed:
      feed.networkDown.toggle()
      message = feed.networkDown ? "Network down: the next refresh fails" : "Network back up"
    case .character("r"):
      if tab == .feed {
        feed.feed.refresh()
        message = "Refreshing the feed…"
      } else {
        contacts.contacts.refresh()
      }
    case .character("u") where tab == .contacts:
      do {
        message = "Sync: " + (try await contacts.simulateSync())
      } catch {
        message = "Sync failed: \(error)"
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
  }

  /// The screen's lines: title bar, list, status line, help line.
  public func frame() -> [ScreenLine] {
    var lines = [titleLine()]
    lines += list.render()
    if tab == .feed { feed.requestVisibleImages() }
    lines.append(statusLine())
    lines.append(helpLine())
    return Array(lines.prefix(height))
  }

  /// Returns once nothing is loading, animating or arriving.
  public func waitUntilIdle() async {
    while true {
      await contacts.contacts.waitUntilIdle()
      if contacts.isIdle && feed.isIdle { return }
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
    }
    let left = [StyledText(" Tabula ", TextStyle(bold: true, foreground: .cyan))] + tabs
    let used = left.reduce(0) { $0 + $1.text.count }
    let right = " \(state) "
    let gap = String(repeating: " ", count: max(1, width - used - right.count))
    return ScreenLine(left + [StyledText(gap), StyledText(right, TextStyle(dim: true))])
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
    var text = message
    if tab == .feed, case .error(let failure) = feed.feed.state {
      text = "Refresh failed: \(failure) · e, then r retries"
    } else if tab == .feed, feed.images.rowsUpdated > 0 {
      text += text.isEmpty ? "" : " · "
      text += "images updated \(feed.images.rowsUpdated) visible rows in place"
    }
    return ScreenLine([StyledText(" " + text)]).fitted(to: width)
  }

  private func helpLine() -> ScreenLine {
    let keys =
      tab == .contacts
      ? "↑↓ PgUp/Dn Home/End · Enter select · / filter · u sync · Tab feed · q quit"
      : "↑↓ PgUp/Dn · Enter select · s style · r refresh · e network · Tab · q quit"
    return ScreenLine([StyledText(" " + keys, TextStyle(dim: true))]).fitted(to: width)
  }
}
