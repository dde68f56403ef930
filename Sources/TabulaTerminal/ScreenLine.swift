/// One line of a terminal screen: runs of styled text, at most the screen's
/// width in columns.
///
/// Widths are display widths (``TerminalText/width(of:)``): a CJK character or an
/// emoji takes two columns, a combining accent none.
public struct ScreenLine: Hashable, Sendable, CustomStringConvertible {
  /// The runs, left to right.
  public var runs: [StyledText]

  /// Creates a line from runs.
  public init(_ runs: [StyledText] = []) { self.runs = runs }

  /// A line of plain text.
  public init(plain text: String) { self.init([StyledText(text)]) }

  /// The characters without styles.
  public var text: String { runs.map(\.text).joined() }

  /// The number of columns the line takes, the sum of its runs' display
  /// widths.
  public var width: Int { runs.reduce(0) { $0 + displayWidth(of: $1.text) } }

  /// The plain text.
  public var description: String { text }

  /// The line cut or padded to exactly `width` columns; padding takes the
  /// style of `fill`. A wide character that would straddle the last column
  /// becomes a space in its run's style.
  public func fitted(to width: Int, fill: TextStyle = .plain) -> ScreenLine {
    var result: [StyledText] = []
    var remaining = width
    for run in runs where remaining > 0 {
      let runWidth = displayWidth(of: run.text)
      if runWidth <= remaining {
        result.append(run)
        remaining -= runWidth
        continue
      }
      var kept = ""
      for character in run.text {
        let characterWidth = character.displayWidth
        guard characterWidth <= remaining else { break }
        kept.append(character)
        remaining -= characterWidth
      }
      kept += String(repeating: " ", count: remaining)  // half of a wide character
      result.append(StyledText(kept, run.style))
      remaining = 0
    }
    if remaining > 0 { result.append(StyledText(String(repeating: " ", count: remaining), fill)) }
    return ScreenLine(result)
  }
}

extension ScreenLine {
  /// The line cut to `width` columns with "…" at its end when it is wider,
  /// else as it is, then padded to exactly `width` columns (padding takes
  /// the style of `fill`): for a status line, whose end should say that
  /// something was cut. The cut falls after the last whole word that
  /// leaves room for the ellipsis (trailing spaces dropped), in the middle
  /// of a word only when no whole word fits; "…" takes the style of the
  /// text before it.
  ///
  /// ```swift
  /// ScreenLine(plain: "Edit: moved Theme11.md, added New1.swift").truncated(to: 20).text
  /// // "Edit: moved…", then spaces to 20 columns
  /// ```
  ///
  /// - Complexity: O(n) in the length of the line.
  public func truncated(to width: Int, fill: TextStyle = .plain) -> ScreenLine {
    guard self.width > width else { return fitted(to: width, fill: fill) }
    guard width > 0 else { return ScreenLine() }
    // The characters that fit with the ellipsis, each with its run.
    var kept: [(character: Character, run: Int)] = []
    var used = 0
    var next: Character?
    measuring: for (index, run) in runs.enumerated() {
      for character in run.text {
        let characterWidth = character.displayWidth
        guard used + characterWidth <= width - 1 else {
          next = character
          break measuring
        }
        kept.append((character, index))
        used += characterWidth
      }
    }
    // Back to the last whole word, unless the cut falls between words
    // already or the line has no earlier word.
    if let next, next != " ", let last = kept.last, last.character != " ",
      let space = kept.lastIndex(where: { $0.character == " " }),
      kept[..<space].contains(where: { $0.character != " " })
    {
      kept.removeSubrange(space...)
    }
    while kept.last?.character == " " { kept.removeLast() }
    // The kept characters back in their runs, then the ellipsis.
    var pieces: [(text: String, run: Int)] = []
    for (character, run) in kept {
      if pieces.last?.run == run {
        pieces[pieces.count - 1].text.append(character)
      } else {
        pieces.append((String(character), run))
      }
    }
    var result = pieces.map { StyledText($0.text, runs[$0.run].style) }
    result.append(StyledText("…", pieces.last.map { runs[$0.run].style } ?? runs[0].style))
    return ScreenLine(result).fitted(to: width, fill: fill)
  }
}
