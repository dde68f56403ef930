#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// Text to find with SQLite's `LIKE`, matched literally: the `%` and `_`
/// it holds are escaped, so a search for "50%" finds "50%" and not every
/// row with a 50, and a search for "_" does not match every row.
///
/// Interpolated into an SQL literal, it is the pattern as a bound argument,
/// followed by its `ESCAPE` clause:
///
/// ```swift
/// func searchFilter(for text: String) -> SQL? {
///   text.isEmpty ? nil : "name LIKE \(LikePattern.containing(text))"
/// }
/// // name LIKE ? ESCAPE '\', with the argument "%50\%%" for "50%"
/// ```
///
/// With GRDB's query interface: `Column("name").like(.containing(text))`.
///
/// As with any `LIKE`, ASCII letters match either case ("ada" finds "Ada");
/// other letters match only themselves, unless the connection overrides
/// `LIKE` (`PRAGMA case_sensitive_like`, an ICU build).
public struct LikePattern: Sendable, Hashable, CustomStringConvertible {
  /// The pattern for `LIKE ... ESCAPE '\'`: the text with `\`, `%` and
  /// `_` escaped by ``escapeCharacter``, and the wildcards of the match
  /// around it.
  public let pattern: String

  /// The escape character of every pattern: `\`.
  public static let escapeCharacter: Character = "\\"

  private init(pattern: String) {
    self.pattern = pattern
  }

  /// Matches values that contain `text` (all of them, when it is empty).
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func containing(_ text: String) -> LikePattern {
    LikePattern(pattern: "%" + escaped(text) + "%")
  }

  /// Matches values that start with `text`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func starting(with text: String) -> LikePattern {
    LikePattern(pattern: escaped(text) + "%")
  }

  /// Matches values that end with `text`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func ending(with text: String) -> LikePattern {
    LikePattern(pattern: "%" + escaped(text))
  }

  /// Matches values equal to `text`, ASCII letters in either case.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func matching(_ text: String) -> LikePattern {
    LikePattern(pattern: escaped(text))
  }

  /// `text` with `\`, `%` and `_` escaped by ``escapeCharacter``, to build
  /// patterns of your own: `"%" + LikePattern.escaped(a) + "%" + ...`.
  ///
  /// ```swift
  /// LikePattern.escaped("50%_off")  // 50\%\_off
  /// ```
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      if character == escapeCharacter || character == "%" || character == "_" {
        result.append(escapeCharacter)
      }
      result.append(character)
    }
    return result
  }

  /// The pattern.
  public var description: String { pattern }
}

/// Interpolating a ``LikePattern`` into GRDB's SQL literals.
extension SQLInterpolation {
  /// Appends `pattern` as a bound argument, then its `ESCAPE` clause:
  /// `"name LIKE \(LikePattern.containing(text))"` is
  /// `name LIKE ? ESCAPE '\'`.
  public mutating func appendInterpolation(_ pattern: LikePattern) {
    appendInterpolation(sql: "? ESCAPE '\\'", arguments: [pattern.pattern])
  }
}

/// `LIKE` with a ``LikePattern`` in GRDB's query interface.
extension SQLSpecificExpressible {
  /// `LIKE` with a pattern that matches its text literally:
  /// `Column("name").like(.containing(text))`.
  public func like(_ pattern: LikePattern) -> SQLExpression {
    like(pattern.pattern, escape: String(LikePattern.escapeCharacter))
  }
}
