/// The number of terminal columns `text` takes: grapheme clusters (what a
/// reader sees as one character) are 0, 1 or 2 columns wide.
///
/// ```swift
/// displayWidth(of: "Tabula")      // 6
/// displayWidth(of: "東京")         // 4: CJK ideographs are wide
/// displayWidth(of: "e\u{301}")    // 1: a letter and its combining accent
/// displayWidth(of: "👨‍👩‍👧")       // 2: a ZWJ sequence is one glyph
/// displayWidth(of: "🇯🇵")          // 2: a flag
/// ```
///
/// A cluster is:
/// - **2 columns** when it is an emoji shown as one (its first scalar has
///   the Emoji_Presentation property, as 😀 and flags' regional indicators
///   do, or it is an emoji followed by the presentation selector U+FE0F, as
///   in ❤️ or 1️⃣; a ZWJ sequence counts once), or when its first scalar is
///   East Asian Wide or Fullwidth (CJK, Hangul, kana, fullwidth forms; see
///   `eastAsianWideRanges`).
/// - **0 columns** when it is only a nonspacing or enclosing mark, a format
///   character (zero-width space, joiners, the byte order mark; the soft
///   hyphen and prepended marks excepted), or a Hangul vowel or final consonant jamo without its
///   syllable's initial. Marks that combine with the character before them
///   belong to its cluster and add nothing.
/// - **1 column** otherwise. Control characters count as the one-column
///   pictures ``TerminalText/inert(_:)`` shows them as.
///
/// - Complexity: O(n) in the length of `text`.
func displayWidth(of text: some StringProtocol) -> Int {
  if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
  var width = 0
  for character in text { width += character.displayWidth }
  return width
}

extension Character {
  /// The number of terminal columns the character takes: 0, 1 or 2 (see
  /// ``displayWidth(of:)``).
  var displayWidth: Int {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    // Controls show as one-column pictures (a CR LF cluster as two).
    if visibleStandIn(for: first) != nil { return scalars.count }
    if first.value < 0x7F && scalars.count == 1 { return 1 }
    let properties = first.properties
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark:
      return 0
    case .format:
      // A soft hyphen shows; a prepended mark (U+0600 ...) shows with what follows.
      return first.value == 0xAD || scalars.count > 1 ? 1 : 0
    default:
      break
    }
    if (0x1160...0x11FF).contains(first.value) || (0xD7B0...0xD7FF).contains(first.value) {
      return 0  // Hangul medial vowels and final consonants on their own
    }
    if properties.isEmojiPresentation && !scalars.contains("\u{FE0E}") { return 2 }
    if properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
    return isEastAsianWide(first.value) ? 2 : 1
  }
}

/// `text` made ``TerminalText/inert(_:)`` and cut to at most `width` columns, ending in
/// "…" when it was wider. A wide character that would straddle the cut is
/// left out, so the result may be a column narrower than `width`.
///
/// ```swift
/// truncated("Hello, world", to: 6)   // "Hello…"
/// truncated("東京タワー", to: 6)        // "東京…" (5 columns)
/// ```
///
/// - Complexity: O(n) in the length of `text`.
func truncated(_ text: String, to width: Int) -> String {
  guard width > 0 else { return "" }
  let text = inert(text)
  guard displayWidth(of: text) > width else { return text }
  var result = ""
  var used = 0
  for character in text {
    let characterWidth = character.displayWidth
    if used + characterWidth > width - 1 { break }
    result.append(character)
    used += characterWidth
  }
  return result + "…"
}
