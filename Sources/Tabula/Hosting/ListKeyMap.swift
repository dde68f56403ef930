/// A key the user pressed in a list, with the modifier keys held: what a
/// host hears from a hardware keyboard (UIKit's key commands) or a
/// terminal.
public struct ListKey: Hashable, Sendable, CustomStringConvertible {
  /// The key itself.
  public enum Base: Hashable, Sendable {
    /// An arrow.
    case up, down, left, right
    /// Page up, page down, home, end.
    case pageUp, pageDown, home, end
    /// Return or Enter.
    case enter
    /// The space bar.
    case space
    /// Delete (backspace) or forward delete.
    case delete
    /// Escape.
    case escape
    /// A printable character other than space.
    case character(Character)
  }

  /// Modifier keys.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8

    /// Modifiers from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// ⌘.
    public static let command = Modifiers(rawValue: 1 << 0)
    /// ⇧.
    public static let shift = Modifiers(rawValue: 1 << 1)
    /// ⌥.
    public static let option = Modifiers(rawValue: 1 << 2)
    /// ⌃.
    public static let control = Modifiers(rawValue: 1 << 3)
  }

  /// The key.
  public var base: Base
  /// The modifiers held.
  public var modifiers: Modifiers

  /// `base` with `modifiers` held.
  public init(_ base: Base, modifiers: Modifiers = []) {
    self.base = base
    self.modifiers = modifiers
  }

  /// The key as a menu shows it: `⇧⌘Z`, `→`, `Return`.
  public var description: String {
    var text = ""
    if modifiers.contains(.control) { text += "⌃" }
    if modifiers.contains(.option) { text += "⌥" }
    if modifiers.contains(.shift) { text += "⇧" }
    if modifiers.contains(.command) { text += "⌘" }
    switch base {
    case .up: text += "↑"
    case .down: text += "↓"
    case .left: text += "←"
    case .right: text += "→"
    case .pageUp: text += "Page Up"
    case .pageDown: text += "Page Down"
    case .home: text += "Home"
    case .end: text += "End"
    case .enter: text += "Return"
    case .space: text += "Space"
    case .delete: text += "Delete"
    case .escape: text += "Esc"
    case .character(let character): text += String(character)
    }
    return text
  }
}

/// What a key does to a list (see ``ListKeyMap``).
public enum ListKeyAction: Hashable, Sendable, CaseIterable {
  /// Focus the row above, or below.
  case focusPrevious, focusNext
  /// Focus the row a screen above, or below.
  case focusPageUp, focusPageDown
  /// Focus the first row, or the last.
  case focusFirst, focusLast
  /// Open the focused row: what a tap on it does.
  case open
  /// Select the focused row, or deselect it.
  case toggleSelection
  /// Delete the selected rows that may be deleted, else the focused row, as
  /// one user edit with undo.
  case delete
  /// Take back the last user edit, or do again the last one taken back.
  case undo, redo
  /// Outlines: open the focused folder (on an open one, focus its first
  /// child), or close it (on a closed one or a leaf, focus its parent).
  case expand, collapse
  /// Outlines: open the focused folder and every folder under it.
  case expandAll

  /// Whether the action moves the focus (and changes nothing else): what a
  /// host with a focus system of its own (UIKit's) may leave to it.
  public var movesFocus: Bool {
    switch self {
    case .focusPrevious, .focusNext, .focusPageUp, .focusPageDown, .focusFirst, .focusLast: true
    default: false
    }
  }
}

/// Which key does what in a list: one map for every host, so that a list
/// answers the same keys on an iPad's keyboard, on a Mac and in a
/// terminal. ``ListController`` performs the actions
/// (``ListController/handleKey(_:focusedAt:pageSize:)``).
public struct ListKeyMap: Hashable, Sendable {
  /// The action of each key.
  public var bindings: [ListKey: ListKeyAction]

  /// A map of `bindings`.
  public init(_ bindings: [ListKey: ListKeyAction]) {
    self.bindings = bindings
  }

  /// The action `key` is bound to, if any.
  public func action(for key: ListKey) -> ListKeyAction? {
    bindings[key]
  }

  /// The keys bound to `action`, in a stable order.
  public func keys(for action: ListKeyAction) -> [ListKey] {
    bindings.filter { $0.value == action }.map(\.key).sorted { $0.description < $1.description }
  }

  /// The keys of iPad and Mac lists: ↑ and ↓ move the focus, ⌘↑ and ⌘↓
  /// (and Home and End) to the first and last row, Page Up and Page Down
  /// by a screen; Return opens the row, Space selects it, Delete (or
  /// ⌘Delete) deletes; ⌘Z undoes and ⇧⌘Z redoes; → and ← open and close an
  /// outline's folder, ⌥→ opens everything under it.
  public static let standard = ListKeyMap([
    ListKey(.up): .focusPrevious,
    ListKey(.down): .focusNext,
    ListKey(.pageUp): .focusPageUp,
    ListKey(.pageDown): .focusPageDown,
    ListKey(.up, modifiers: .command): .focusFirst,
    ListKey(.down, modifiers: .command): .focusLast,
    ListKey(.home): .focusFirst,
    ListKey(.end): .focusLast,
    ListKey(.enter): .open,
    ListKey(.space): .toggleSelection,
    ListKey(.delete): .delete,
    ListKey(.delete, modifiers: .command): .delete,
    ListKey(.character("z"), modifiers: .command): .undo,
    ListKey(.character("z"), modifiers: [.command, .shift]): .redo,
    ListKey(.right): .expand,
    ListKey(.left): .collapse,
    ListKey(.right, modifiers: .option): .expandAll,
  ])

  /// ``standard``, with the letters a terminal uses where it has no ⌘:
  /// `z` undoes, `Z` redoes, `d` deletes, `*` opens everything under a
  /// folder.
  public static let terminal: ListKeyMap = {
    var map = standard
    map.bindings[ListKey(.character("z"))] = .undo
    map.bindings[ListKey(.character("Z"))] = .redo
    map.bindings[ListKey(.character("d"))] = .delete
    map.bindings[ListKey(.character("*"))] = .expandAll
    return map
  }()
}

/// What a host does after a list handled a key
/// (``ListKeySource/handleKey(_:focusedAt:pageSize:)``).
public enum ListKeyResult: Hashable, Sendable {
  /// The key is not the list's: the host passes it on.
  case ignored
  /// The list did what the key asks (or nothing was there to do).
  case handled
  /// The host moves its focus to this row (a focus key, or an outline key
  /// that goes to a parent or a child).
  case focus(ItemPath)
}
