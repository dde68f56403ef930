import TabulaTerminal

// The lines around the list: the title bar (the screens and what the one
// shown holds), the status line (what is happening, the last message) and
// the help line (the keys).

extension DemoApp {
  func titleLine() -> ScreenLine {
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

  func statusLine() -> ScreenLine {
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
    let message = messages.text(on: tab) { describeOpenedRow($0, on: tab) }
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
        HelpItem(text: "Enter open/fold", rank: 4),
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
        HelpItem(text: "↑↓ PgUp/Dn", rank: 6), HelpItem(text: "Enter open", rank: 5),
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
