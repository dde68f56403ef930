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
