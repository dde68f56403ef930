/// What the status line says on each screen, each keeping its own: a
/// sentence, or the row the user opened with Enter.
///
/// An opened row is described from the row as its list shows it when the
/// line is drawn, never from a copy: the words follow the row (a rename, a
/// move to another folder) and go, for good, when the list no longer shows
/// it (deleted, filtered away), so a message never names a row that is not
/// there.
struct StatusMessages {
  private enum Message {
    case text(String)
    case opened(AnyHashable)
  }

  private var messages: [DemoApp.Tab: Message] = [:]

  /// Says `text` on `tab` instead of what it said (nothing for `nil`).
  mutating func say(_ text: String?, on tab: DemoApp.Tab) {
    messages[tab] = text.map(Message.text)
  }

  /// Shows the row `id`, which the user opened on `tab`, instead of what
  /// it said.
  mutating func open(_ id: AnyHashable, on tab: DemoApp.Tab) {
    messages[tab] = .opened(id)
  }

  /// The words for `tab` (empty for none); an opened row's come from
  /// `describe`, and when it answers `nil` (the row is gone), the message
  /// goes.
  mutating func text(on tab: DemoApp.Tab, describing describe: (AnyHashable) -> String?)
    -> String
  {
    switch messages[tab] {
    case .text(let text):
      return text
    case .opened(let id):
      if let words = describe(id) { return words }
      messages[tab] = nil
      return ""
    case nil:
      return ""
    }
  }
}
