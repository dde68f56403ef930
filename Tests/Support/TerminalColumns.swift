/// The columns a terminal gives the texts of these tests, counted apart
/// from `displayWidth(of:)`: two for a character from a few well-known wide
/// blocks (Hangul, CJK, kana, fullwidth forms, emoji, flags) or with the
/// emoji selector U+FE0F, none for a lone combining accent, else one.
package func expectedColumns(_ text: String) -> Int {
  text.reduce(0) { total, character in
    let scalars = character.unicodeScalars
    switch scalars.first!.value {
    case 0x0300...0x036F:
      return total
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xAC00...0xD7A3, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x1F1E6...0x1F1FF, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return total + 2
    default:
      return total + (scalars.contains("\u{FE0F}") ? 2 : 1)
    }
  }
}
