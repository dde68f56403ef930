/// The eight basic terminal colours.
public enum TerminalColor: Int, Hashable, Sendable {
  /// Black.
  case black = 0
  /// Red.
  case red
  /// Green.
  case green
  /// Yellow.
  case yellow
  /// Blue.
  case blue
  /// Magenta.
  case magenta
  /// Cyan.
  case cyan
  /// White.
  case white
}

/// How a run of text looks: weight, inverse video, colours.
public struct TextStyle: Hashable, Sendable {
  /// Bold.
  public var bold = false
  /// Dim (faint).
  public var dim = false
  /// Inverse video: the selection cursor.
  public var inverse = false
  /// Underlined.
  public var underline = false
  /// The text colour, or the terminal's default.
  public var foreground: TerminalColor?
  /// The background colour, or the terminal's default.
  public var background: TerminalColor?

  /// Creates a style.
  public init(
    bold: Bool = false, dim: Bool = false, inverse: Bool = false, underline: Bool = false,
    foreground: TerminalColor? = nil, background: TerminalColor? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.inverse = inverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  /// No attributes.
  public static let plain = TextStyle()

  /// The ANSI select-graphic-rendition sequence that sets this style from a
  /// reset state.
  var escapeSequence: String {
    var codes: [Int] = []
    if bold { codes.append(1) }
    if dim { codes.append(2) }
    if underline { codes.append(4) }
    if inverse { codes.append(7) }
    if let foreground { codes.append(30 + foreground.rawValue) }
    if let background { codes.append(40 + background.rawValue) }
    guard !codes.isEmpty else { return "" }
    return "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
  }
}

/// Text in one style.
///
/// The text is made ``TerminalText/inert(_:)`` as it is set: control characters and
/// escape sequences from data show as visible stand-ins (`␛[2J`) and never
/// reach the terminal as controls. Only ``FrameRenderer`` writes escape
/// sequences.
public struct StyledText: Hashable, Sendable {
  private var inertText: String
  /// How they look.
  public var style: TextStyle

  /// The characters, without control characters: what is assigned goes
  /// through ``TerminalText/inert(_:)``.
  public var text: String {
    get { inertText }
    set { inertText = inert(newValue) }
  }

  /// Creates a styled run of `text`, made ``TerminalText/inert(_:)``.
  public init(_ text: String, _ style: TextStyle = .plain) {
    self.inertText = inert(text)
    self.style = style
  }
}

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

/// Turns frames (arrays of lines) into what a terminal must receive, writing
/// only the lines that changed since the previous frame.
///
/// The only escape sequences in the output are the renderer's own (cursor
/// position, clear screen, erase line, styles): the text of every run is
/// ``TerminalText/inert(_:)``, so data cannot move the cursor, retitle the window or
/// write the clipboard.
public struct FrameRenderer: Sendable {
  private var previous: [ScreenLine]?

  /// A renderer that will draw its first frame in full.
  public init() {}

  /// The escape sequences and text that turn the screen showing the
  /// previous frame into one showing `frame`. The first frame, a frame of
  /// another height, or `full` redraws everything.
  public mutating func render(_ frame: [ScreenLine], full: Bool = false) -> String {
    var output = ""
    let redraw = full || previous == nil || previous?.count != frame.count
    if redraw { output += "\u{1B}[H\u{1B}[2J" }
    for (row, line) in frame.enumerated() {
      if !redraw, let previous, previous[row] == line { continue }
      output += "\u{1B}[\(row + 1);1H"
      for run in line.runs {
        let sequence = run.style.escapeSequence
        output += sequence + run.text + (sequence.isEmpty ? "" : "\u{1B}[0m")
      }
      output += "\u{1B}[K"
    }
    previous = frame
    return output
  }
}
