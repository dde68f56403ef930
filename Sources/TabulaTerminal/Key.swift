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
  /// `<enter>`, `<esc>`, `<bs>`, `<tab>`, `<ctrl-c>`, `<ctrl-d>`, `<lt>` for
  /// "<"); line breaks are ignored so scripts can span lines.
  ///
  /// ```swift
  /// try KeyParser.parseScript("/Ada<enter>\n<down><lt>")  // "/", "A", "d", "a", Enter, ↓, "<"
  /// ```
  ///
  /// Every `<` starts a key name, which ends at `>`: a `<` that starts no
  /// name (`<down` at the end of a line, `1 < 2`) is an error rather than
  /// characters typed, as is an unknown name (`<dwon>`), so that a typo
  /// never plays as other keys. Control characters other than line breaks
  /// (a tab, an escape byte) are errors too: keys are written by name.
  ///
  /// - Throws: ``KeyScriptError`` naming the problem, its line and column.
  /// - Complexity: O(n) in the length of `script`.
  public static func parseScript(_ script: String) throws(KeyScriptError) -> [Key] {
    var keys: [Key] = []
    var line = 1
    var column = 1
    var index = script.startIndex
    while index < script.endIndex {
      let character = script[index]
      if character.isNewline {
        line += 1
        column = 1
        index = script.index(after: index)
        continue
      }
      if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        throw KeyScriptError(
          problem: .controlCharacter, name: String(character), line: line, column: column)
      }
      guard character == "<" else {
        keys.append(.character(character))
        index = script.index(after: index)
        column += 1
        continue
      }
      let nameStart = script.index(after: index)
      let nameEnd = script[nameStart...].firstIndex { !Self.isNameCharacter($0) } ?? script.endIndex
      let name = String(script[nameStart..<nameEnd])
      guard nameEnd < script.endIndex, script[nameEnd] == ">" else {
        throw KeyScriptError(problem: .unclosedName, name: name, line: line, column: column)
      }
      guard let key = Key.named[name] else {
        throw KeyScriptError(problem: .unknownName, name: name, line: line, column: column)
      }
      keys.append(key)
      index = script.index(after: nameEnd)
      column += name.count + 2
    }
    return keys
  }

  /// Whether `character` may be part of a key's name: ASCII letters, digits
  /// and `-` (`ctrl-c`).
  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber || character == "-")
  }
}

/// A key script that cannot be played: a `<` that starts no key name, an
/// unknown name, or a control character; with where it is.
public struct KeyScriptError: Error, Equatable, CustomStringConvertible {
  /// What is wrong with a key script.
  public enum Problem: Sendable, Hashable {
    /// `<name>` names no key.
    case unknownName
    /// A `<` is not followed by a name and `>` (type "<" as `<lt>`).
    case unclosedName
    /// A control character other than a line break (write keys by name).
    case controlCharacter
  }

  /// What is wrong.
  public var problem: Problem
  /// The name after `<` (as far as it goes, for ``Problem/unclosedName``),
  /// or the control character.
  public var name: String
  /// The line of the `<` or the character, from 1.
  public var line: Int
  /// The column of the `<` or the character in its line, in characters,
  /// from 1.
  public var column: Int

  /// The message: where, what, and what to write instead.
  public var description: String {
    let place = "line \(line), column \(column): "
    switch problem {
    case .unknownName:
      return place + "unknown key <\(name)>; known keys: "
        + Key.named.keys.sorted().map { "<\($0)>" }.joined(separator: " ")
    case .unclosedName:
      return place + "unclosed key name <\(name): a name ends with > (type < as <lt>)"
    case .controlCharacter:
      let code = name.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) }
      let padded = String(repeating: "0", count: max(0, 4 - (code?.count ?? 0))) + (code ?? "")
      return place
        + "control character U+\(padded); write keys as <name> (<tab>, <enter>, <esc>...)"
    }
  }
}
