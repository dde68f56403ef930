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
