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
