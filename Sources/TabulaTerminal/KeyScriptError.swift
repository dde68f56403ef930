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
