import Tabula

/// A key the user pressed.
@nonexhaustive
public enum Key: Hashable, Sendable, CustomStringConvertible {
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// Home.
  case home
  /// End.
  case end
  /// Return or Enter.
  case enter
  /// Escape.
  case escape
  /// Backspace or Delete.
  case backspace
  /// Tab.
  case tab
  /// Ctrl-C.
  case interrupt
  /// Ctrl-D, or the end of the input.
  case endOfInput
  /// A printable character.
  case character(Character)

  /// The key in the script notation: the character itself, or `<name>`.
  public var description: String {
    switch self {
    case .character(let character): String(character)
    case .up: "<up>"
    case .down: "<down>"
    case .left: "<left>"
    case .right: "<right>"
    case .pageUp: "<pgup>"
    case .pageDown: "<pgdn>"
    case .home: "<home>"
    case .end: "<end>"
    case .enter: "<enter>"
    case .escape: "<esc>"
    case .backspace: "<bs>"
    case .tab: "<tab>"
    case .interrupt: "<ctrl-c>"
    case .endOfInput: "<ctrl-d>"
    }
  }

  static let named: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right, "pgup": .pageUp,
    "pgdn": .pageDown, "home": .home, "end": .end, "enter": .enter, "esc": .escape,
    "bs": .backspace, "tab": .tab, "ctrl-c": .interrupt, "ctrl-d": .endOfInput,
    "lt": .character("<"),
  ]
}

/// A terminal's keys as the keys a list's key map binds.
extension ListKey {
  /// The list key a terminal key stands for (Backspace is Delete; a
  /// terminal reports no ⌘), or `nil` for Tab, Ctrl-C and the end of the
  /// input.
  public init?(_ key: Key) {
    switch key {
    case .up: self.init(ListKey.Base.up)
    case .down: self.init(ListKey.Base.down)
    case .left: self.init(ListKey.Base.left)
    case .right: self.init(ListKey.Base.right)
    case .pageUp: self.init(ListKey.Base.pageUp)
    case .pageDown: self.init(ListKey.Base.pageDown)
    case .home: self.init(ListKey.Base.home)
    case .end: self.init(ListKey.Base.end)
    case .enter: self.init(ListKey.Base.enter)
    case .escape: self.init(ListKey.Base.escape)
    case .backspace: self.init(ListKey.Base.delete)
    case .character(" "): self.init(ListKey.Base.space)
    case .character(let character): self.init(ListKey.Base.character(character))
    case .tab, .interrupt, .endOfInput: return nil
    }
  }
}
