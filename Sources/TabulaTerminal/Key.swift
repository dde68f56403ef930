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

/// Turns the bytes a terminal sends in raw mode into keys: ANSI escape
/// sequences for arrows, paging, Home and End; control bytes; UTF-8 text.
public struct KeyParser: Sendable {
  private var pending: [UInt8] = []

  /// A parser with nothing pending.
  public init() {}

  /// The keys in `bytes`, with bytes left from earlier calls. An incomplete
  /// escape sequence or UTF-8 character waits for the next call; a lone
  /// Escape at the end of a read is the Escape key.
  public mutating func feed(_ bytes: [UInt8]) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    let input = pending
    func byte(_ offset: Int) -> UInt8? {
      index + offset < input.count ? input[index + offset] : nil
    }
    while index < input.count {
      let first = input[index]
      switch first {
      case 0x1B:
        guard let second = byte(1) else {
          keys.append(.escape)
          index += 1
          continue
        }
        guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
          keys.append(.escape)
          index += 1
          continue
        }
        // CSI or SS3: parameters, then a final byte in 0x40...0x7E.
        var end = index + 2
        while end < input.count && !(0x40...0x7E).contains(input[end]) { end += 1 }
        guard end < input.count else {
          pending = Array(input[index...])
          return keys
        }
        let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
        switch (input[end], parameters) {
        case (UInt8(ascii: "A"), _): keys.append(.up)
        case (UInt8(ascii: "B"), _): keys.append(.down)
        case (UInt8(ascii: "C"), _): keys.append(.right)
        case (UInt8(ascii: "D"), _): keys.append(.left)
        case (UInt8(ascii: "H"), _): keys.append(.home)
        case (UInt8(ascii: "F"), _): keys.append(.end)
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): keys.append(.home)
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): keys.append(.end)
        case (UInt8(ascii: "~"), "5"): keys.append(.pageUp)
        case (UInt8(ascii: "~"), "6"): keys.append(.pageDown)
        default: break  // a key Tabula does not use
        }
        index = end + 1
      case 0x0D, 0x0A:
        keys.append(.enter)
        index += 1
      case 0x7F, 0x08:
        keys.append(.backspace)
        index += 1
      case 0x09:
        keys.append(.tab)
        index += 1
      case 0x03:
        keys.append(.interrupt)
        index += 1
      case 0x04:
        keys.append(.endOfInput)
        index += 1
      case 0x00..<0x20:
        index += 1  // other control bytes
      default:
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        guard index + length <= input.count else {
          pending = Array(input[index...])
          return keys
        }
        let text = String(decoding: input[index..<(index + length)], as: UTF8.self)
        if let character = text.first { keys.append(.character(character)) }
        index += length
      }
    }
    pending = []
    return keys
  }

  /// The keys of a script: characters stand for themselves, `<name>` for a
  /// named key (`<up>`, `<down>`, `<pgup>`, `<pgdn>`, `<home>`, `<end>`,
  /// `<enter>`, `<esc>`, `<bs>`, `<tab>`, `<ctrl-c>`, `<lt>` for "<"); line
  /// breaks are ignored so scripts can span lines.
  ///
  /// - Throws: ``KeyScriptError`` naming an unknown `<name>`.
  public static func parseScript(_ script: String) throws(KeyScriptError) -> [Key] {
    var keys: [Key] = []
    var index = script.startIndex
    while index < script.endIndex {
      let character = script[index]
      if character == "\n" || character == "\r" {
        index = script.index(after: index)
      } else if character == "<", let close = script[index...].firstIndex(of: ">") {
        let name = String(script[script.index(after: index)..<close])
        guard let key = Key.named[name] else { throw KeyScriptError(name: name) }
        keys.append(key)
        index = script.index(after: close)
      } else {
        keys.append(.character(character))
        index = script.index(after: index)
      }
    }
    return keys
  }
}

/// An unknown `<name>` in a key script.
public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
  /// The name between the angle brackets.
  public var name: String

  /// The message, with the names that exist.
  public var description: String {
    "unknown key <\(name)> in the script; known keys: "
      + Key.named.keys.sorted().map { "<\($0)>" }.joined(separator: " ")
  }
}
