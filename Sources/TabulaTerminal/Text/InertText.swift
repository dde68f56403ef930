/// `text` with every character a terminal would act on replaced by a
/// visible stand-in, so that text from data (a database row, a server) is
/// shown and never interpreted.
///
/// ```swift
/// inert("\u{1B}[2J")          // "␛[2J": no clear screen
/// inert("a\tb\r\n")           // "a␉b␍␊"
/// inert("x\u{202E}txt.exe")   // "x\u{FFFD}txt.exe": no right-to-left override
/// ```
///
/// The replacements, each one column wide:
/// - C0 controls U+0000–U+001F (escape, bell, carriage return, backspace,
///   tab, line feed, ...) become their Unicode control pictures,
///   U+2400 + the code: ␀ … ␛ … ␟.
/// - DEL U+007F becomes ␡ (U+2421).
/// - C1 controls U+0080–U+009F (among them CSI U+009B and OSC U+009D, which
///   some terminals obey as escape sequences) become the replacement
///   character � (U+FFFD).
/// - The bidirectional embedding, override and isolate controls
///   U+202A–U+202E and U+2066–U+2069, which reorder the text around them,
///   become � (U+FFFD) too.
///
/// An escape sequence thus loses its escape and shows as plain characters:
/// a clear screen `ESC[2J` as `␛[2J`, a window title `ESC]0;title BEL` as
/// `␛]0;title␇`, a clipboard write `ESC]52;c;…BEL` as `␛]52;c;…␇`.
/// ``StyledText`` applies this to all its text, so nothing drawn through
/// ``ScreenLine``, ``FrameRenderer`` or ``TerminalListView`` can carry a
/// control character to the terminal.
///
/// - Complexity: O(n) in the length of `text`; text without such characters
///   is returned as it is after one scan.
func inert(_ text: some StringProtocol) -> String {
  guard text.unicodeScalars.contains(where: { visibleStandIn(for: $0) != nil }) else {
    return String(text)
  }
  var result = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    result.append(visibleStandIn(for: scalar) ?? scalar)
  }
  return String(result)
}

/// The character shown instead of `scalar`, if a terminal would act on it.
func visibleStandIn(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
  switch scalar.value {
  case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value)
  case 0x7F: "\u{2421}"
  case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: "\u{FFFD}"
  default: nil
  }
}
