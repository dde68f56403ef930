/// Text as a terminal shows it: made inert, measured and cut in columns.
///
/// ```swift
/// TerminalText.inert("\u{1B}[2J")             // "␛[2J": shown, never obeyed
/// TerminalText.width(of: "東京")               // 4: CJK ideographs are wide
/// TerminalText.truncated("東京タワー", toWidth: 6)  // "東京…" (5 columns)
/// ```
///
/// ``StyledText``, ``ScreenLine`` and ``TerminalListView`` use these for
/// everything they draw; they are here for custom drawing (a status line,
/// a cell that lays out its own columns).
public enum TerminalText {
  /// `text` with every character a terminal would act on replaced by a
  /// visible, one-column stand-in: C0 controls by their control pictures
  /// (ESC shows as ␛), DEL by ␡, C1 controls and bidirectional controls by
  /// U+FFFD. An escape sequence from data thus shows as plain characters.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func inert(_ text: some StringProtocol) -> String {
    TabulaTerminal.inert(text)
  }

  /// The number of columns `text` takes: 2 for East Asian wide and
  /// fullwidth characters and for emoji (a ZWJ sequence or a flag counts
  /// once), 0 for combining marks and zero-width characters, 1 otherwise
  /// (control characters count as the pictures ``TerminalText/inert(_:)`` shows).
  ///
  /// - Complexity: O(n) in the length of `text`; plain ASCII is one scan.
  public static func width(of text: some StringProtocol) -> Int {
    displayWidth(of: text)
  }

  /// `text` made inert and cut to at most `width` columns, ending in "…"
  /// when it was wider. A wide character that would straddle the cut is
  /// left out, so the result may be a column narrower than `width`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func truncated(_ text: String, toWidth width: Int) -> String {
    TabulaTerminal.truncated(text, to: width)
  }
}
