/// A keyboard shortcut a list offers: what a host lists where the user
/// looks for shortcuts (UIKit's key commands, in the iPad's hold-⌘ overlay
/// and the Mac's menu bar), titled in the list's words.
public struct ListKeyCommand: Hashable, Sendable, CustomStringConvertible {
  /// The key and its modifiers.
  public var key: ListKey
  /// What it does.
  public var action: ListKeyAction
  /// Its title (``ListStrings/keyCommandTitle``).
  public var title: String

  /// A command.
  public init(key: ListKey, action: ListKeyAction, title: String) {
    self.key = key
    self.action = action
    self.title = title
  }

  /// "⌘↓ Last Row".
  public var description: String { "\(key) \(title)" }
}

extension ListKeyMap {
  /// The map's bindings as key commands titled by `strings`, in the order
  /// of `ListKeyAction.allCases` (a binding's keys in a stable order).
  /// Left out: the arrow keys alone that move the focus (↑ and ↓, which a
  /// focus system of its own moves through rows: UIKit's), and undo and
  /// redo, which an app's undo manager offers in the Edit menu
  /// (`bindUndoManager(_:)` in TabulaUIKit), so that no shortcut is
  /// claimed twice.
  public func commands(titledBy strings: ListStrings) -> [ListKeyCommand] {
    ListKeyAction.allCases.flatMap { action -> [ListKeyCommand] in
      keys(for: action).compactMap { key in
        let arrowAlone = key.modifiers.isEmpty && (key.base == .up || key.base == .down)
        guard !arrowAlone, action != .undo, action != .redo else { return nil }
        return ListKeyCommand(key: key, action: action, title: strings.keyCommandTitle(action))
      }
    }
  }
}
