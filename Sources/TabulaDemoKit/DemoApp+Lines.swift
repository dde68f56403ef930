import TabulaTerminal

// The lines around the list: the title bar (the screens and what the one
// shown holds), the status line (what is happening, the last message) and
// the help line (the keys).

extension DemoApp {
  /// The title bar: the name, the screens (the one shown highlighted) and,
  /// at the right, what the screen shown holds. A narrow screen drops the
  /// name first, then the other screens' names (their numbers stay), then
  /// the other screens, so that the screen shown and its count stay whole.
  func titleLine() -> ScreenLine {
    let state = StyledText(" \(titleState) ", TextStyle(dim: true))
    let brand = StyledText(" Tabula ", TextStyle(bold: true, foreground: .cyan))
    func tabs(othersNamed: Bool, othersShown: Bool = true) -> [StyledText] {
      Tab.allCases.enumerated().compactMap { index, candidate in
        if candidate == tab {
          return StyledText(
            " \(index + 1) \(candidate.rawValue.capitalized) ", TextStyle(bold: true, inverse: true)
          )
        }
        guard othersShown else { return nil }
        let name =
          othersNamed ? " \(index + 1) \(candidate.rawValue.capitalized) " : " \(index + 1) "
        return StyledText(name, TextStyle(dim: true))
      }
    }
    let current = Tab.allCases.firstIndex(of: tab)! + 1
    let layouts: [[StyledText]] = [
      [brand] + tabs(othersNamed: true), tabs(othersNamed: true),
      [brand] + tabs(othersNamed: false), tabs(othersNamed: false),
      tabs(othersNamed: false, othersShown: false),
      [StyledText(" \(current) ", TextStyle(bold: true, inverse: true))],
    ]
    let stateWidth = TerminalText.width(of: state.text)
    guard
      let left = layouts.lazy.map(ScreenLine.init).first(where: {
        $0.width + 1 + stateWidth <= width
      })
    else {
      // Not even the number and the state: the state, cut.
      return ScreenLine([state]).truncated(to: width)
    }
    let gap = StyledText(String(repeating: " ", count: width - left.width - stateWidth))
    return ScreenLine(left.runs + [gap, state])
  }

  /// What the screen shown holds, for the title bar: "3000 contacts",
  /// "12 match “Ada”", "90 posts", "6 shown".
  var titleState: String {
    switch tab {
    case .contacts:
      let count = contacts.contacts.content?.numberOfItems ?? 0
      return contacts.filter.isEmpty ? "\(count) contacts" : "\(count) match “\(contacts.filter)”"
    case .feed:
      let posts = "\(feed.feed.itemCount) posts"
      switch feed.feed.state {
      case .initial, .loading: return "loading…"
      case .refreshing: return posts + ", refreshing"
      case .error: return feed.feed.itemCount > 0 ? posts + ", last load failed" : "failed"
      default: return posts
      }
    case .files:
      return "\(files.controller.snapshot.numberOfItems) shown"
    }
  }

  func statusLine() -> ScreenLine {
    if isFiltering {
      return ScreenLine([
        StyledText("/", TextStyle(bold: true)), StyledText(contacts.filter),
        StyledText("▏", TextStyle(bold: true)),
        StyledText("  (Enter keeps it, Esc clears it)", TextStyle(dim: true)),
      ]).truncated(to: width)
    }
    if let prompt = list.prompt {
      return ScreenLine([StyledText(" " + prompt, TextStyle(bold: true))]).truncated(to: width)
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
    let message = messages.text(on: tab) { describeOpenedRow($0, on: tab) }
    if !message.isEmpty { parts.append(message) }
    if let announcement = list.announcement { parts.append(announcement) }
    if tab == .contacts, contacts.controller.selectedIDs.count > 1 {
      parts.append("\(contacts.controller.selectedIDs.count) selected: d deletes them")
    }
    if tab == .contacts, let undo = contacts.controller.history.undoName {
      parts.append("z undoes “\(undo)”")
    }
    let imageRows = feed.images.rowsUpdated - imageRowsBeforeKey
    if tab == .feed, imageRows > 0 {
      parts.append("images updated \(imageRows) visible row\(imageRows == 1 ? "" : "s") in place")
    }
    return ScreenLine([StyledText(" " + parts.joined(separator: " · "))]).truncated(to: width)
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
        HelpItem(text: "↑↓ PgUp/Dn Home/End", rank: 7),
        HelpItem(text: "Enter open/fold", rank: 1),
        HelpItem(text: "/ filter", rank: 2), HelpItem(text: "u sync", rank: 1),
        HelpItem(text: "m move", rank: 3), HelpItem(text: "space select", rank: 5),
        HelpItem(text: "d delete", rank: 3), HelpItem(text: "z/Z undo/redo", rank: 4),
        HelpItem(text: "Tab feed", rank: 2), HelpItem(text: "q quit", rank: 0),
      ]
    case .files:
      [
        HelpItem(text: "↑↓", rank: 6), HelpItem(text: "→← open/close", rank: 2),
        HelpItem(text: "Enter toggle", rank: 3), HelpItem(text: "* open all", rank: 4),
        HelpItem(text: "u edit", rank: 2), HelpItem(text: "Tab contacts", rank: 1),
        HelpItem(text: "q quit", rank: 0),
      ]
    case .feed:
      [
        HelpItem(text: "↑↓ PgUp/Dn", rank: 6), HelpItem(text: "Enter open", rank: 2),
        HelpItem(text: "s style", rank: 4), HelpItem(text: "r refresh", rank: 2),
        HelpItem(text: "n new", rank: 3), HelpItem(text: "e network", rank: 3),
        HelpItem(text: "Tab files", rank: 1),
        HelpItem(text: "q quit", rank: 0),
      ]
    }
  }

  /// The help line: as many whole items as fit the width, dropping the
  /// least important first, so it never ends in the middle of a word.
  func helpLine() -> ScreenLine {
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
