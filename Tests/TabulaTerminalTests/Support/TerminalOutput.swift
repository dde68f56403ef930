/// Hostile cell text: every kind of character a terminal would act on.
let hostileTexts = [
  "clear\u{1B}[2J\u{1B}[Hscreen",
  "title\u{1B}]0;pwned\u{07}",
  "clipboard\u{1B}]52;c;cm0gLXJmIH4=\u{07}",
  "cr\rbs\u{08}tab\tdel\u{7F}lf\nnul\u{00}",
  "c1 csi\u{9B}31m osc\u{9D}0;x\u{9C} nel\u{85}",
  "bidi \u{202E}gnp.exe\u{202C} \u{2066}isolate\u{2069} \u{202A}\u{202B}\u{202D}\u{2067}\u{2068}",
]

/// Whether a terminal would act on `scalar` rather than show it: C0 and C1
/// controls, DEL, bidirectional embedding, override and isolate controls.
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}

/// The escape sequences and control characters in `output` that are not
/// `FrameRenderer`'s own: it writes only CSI sequences of digits and `;`
/// ending in H (cursor position), J (clear), K (erase line) or m (style).
func foreignControls(in output: String) -> [String] {
  var foreign: [String] = []
  let scalars = Array(output.unicodeScalars)
  var index = 0
  while index < scalars.count {
    let scalar = scalars[index]
    guard isTerminalControl(scalar) else {
      index += 1
      continue
    }
    if scalar == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
      var end = index + 2
      while end < scalars.count, "0123456789;".unicodeScalars.contains(scalars[end]) { end += 1 }
      if end < scalars.count, "HJKm".unicodeScalars.contains(scalars[end]) {
        index = end + 1
        continue
      }
    }
    foreign.append(
      String(String.UnicodeScalarView(scalars[index..<min(index + 8, scalars.count)]))
        .debugDescription)
    index += 1
  }
  return foreign
}
