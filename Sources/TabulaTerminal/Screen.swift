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
public struct StyledText: Hashable, Sendable {
  /// The characters.
  public var text: String
  /// How they look.
  public var style: TextStyle

  /// Creates a styled run.
  public init(_ text: String, _ style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }
}

/// One line of a terminal screen: runs of styled text, at most the screen's
/// width in characters.
public struct ScreenLine: Hashable, Sendable, CustomStringConvertible {
  /// The runs, left to right.
  public var runs: [StyledText]

  /// Creates a line from runs.
  public init(_ runs: [StyledText] = []) { self.runs = runs }

  /// A line of plain text.
  public init(plain text: String) { self.init([StyledText(text)]) }

  /// The characters without styles.
  public var text: String { runs.map(\.text).joined() }

  /// The number of characters.
  public var width: Int { runs.reduce(0) { $0 + $1.text.count } }

  /// The plain text.
  public var description: String { text }

  /// The line cut or padded to exactly `width` characters; padding takes
  /// the style of `fill`.
  public func fitted(to width: Int, fill: TextStyle = .plain) -> ScreenLine {
    var result: [StyledText] = []
    var remaining = width
    for run in runs where remaining > 0 {
      let count = run.text.count
      if count <= remaining {
        result.append(run)
        remaining -= count
      } else {
        result.append(StyledText(String(run.text.prefix(remaining)), run.style))
        remaining = 0
      }
    }
    if remaining > 0 { result.append(StyledText(String(repeating: " ", count: remaining), fill)) }
    return ScreenLine(result)
  }
}

/// `text` cut to `width` characters, ending in "…" when it was longer.
public func truncated(_ text: String, to width: Int) -> String {
  guard width > 0 else { return "" }
  guard text.count > width else { return text }
  return String(text.prefix(width - 1)) + "…"
}

/// Turns frames (arrays of lines) into what a terminal must receive, writing
/// only the lines that changed since the previous frame.
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
