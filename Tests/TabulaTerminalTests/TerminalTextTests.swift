import TabulaTestSupport
import Testing

@testable import TabulaTerminal

@Suite("Terminal text: inert data")
struct InertTextTests {
  @Test(
    "control characters and escape sequences become visible stand-ins",
    arguments: [
      ("\u{1B}[2J", "␛[2J"),
      ("\u{1B}]0;title\u{07}", "␛]0;title␇"),
      ("\u{1B}]52;c;aGk=\u{07}", "␛]52;c;aGk=␇"),
      ("a\rb\u{08}c\td\u{7F}", "a␍b␈c␉d␡"),
      ("line\r\nbreak\n", "line␍␊break␊"),
      ("\u{00}\u{1F}", "␀␟"),
      ("csi\u{9B}2J nel\u{85} \u{80}\u{9F}", "csi\u{FFFD}2J nel\u{FFFD} \u{FFFD}\u{FFFD}"),
      (
        "a\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}b\u{2066}\u{2067}\u{2068}\u{2069}",
        "a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"
      ),
      ("plain, 東京, e\u{301}, 👨‍👩‍👧", "plain, 東京, e\u{301}, 👨‍👩‍👧"),
    ])
  func standIns(text: String, shown: String) {
    #expect(TerminalText.inert(text) == shown)
    #expect(!TerminalText.inert(text).unicodeScalars.contains(where: isTerminalControl))
  }

  @Test("styled text is inert however it is set")
  func styledText() {
    var run = StyledText("\u{1B}[31mred", TextStyle(bold: true))
    #expect(run.text == "␛[31mred")
    run.text = "bell\u{07}"
    #expect(run.text == "bell␇")
    #expect(ScreenLine(plain: "a\u{1B}b").text == "a␛b")
  }

  @Test("the renderer's output has no escape sequences but its own", arguments: hostileTexts)
  func renderer(text: String) {
    var renderer = FrameRenderer()
    let frame = [
      ScreenLine(plain: text),
      ScreenLine([StyledText(text, TextStyle(bold: true, foreground: .red)), StyledText(text)]),
      ScreenLine(plain: TerminalText.truncated(text, toWidth: 12)).fitted(to: 20),
    ]
    let output = renderer.render(frame)
    #expect(foreignControls(in: output) == [])
    var changed = frame
    changed[1] = ScreenLine(plain: "x" + text)
    #expect(foreignControls(in: renderer.render(changed)) == [])
    #expect(foreignControls(in: "\u{1B}]0;x\u{07}").count == 2, "the checker sees controls")
  }
}

@Suite("Terminal text: display width")
struct DisplayWidthTests {
  @Test(
    "columns per text: wide CJK and emoji, zero-width marks",
    arguments: [
      ("Tabula", 6),
      ("", 0),
      ("東京", 4),  // CJK unified ideographs
      ("한국어", 6),  // Hangul syllables
      ("\u{1100}\u{1161}\u{11A8}", 2),  // a syllable from conjoining jamo
      ("ひらがなカタカナ", 16),  // Hiragana, Katakana
      ("「。」", 6),  // CJK symbols and punctuation
      ("ＡＢｃ！", 8),  // fullwidth forms U+FF00–U+FF60
      ("￥￦", 4),  // fullwidth signs U+FFE0–U+FFE6
      ("ｱｲ", 2),  // halfwidth Katakana stays narrow
      ("𠀀𪜀", 4),  // CJK extensions B and C (plane 2)
      ("😀", 2),  // emoji presentation
      ("❤️", 2),  // text-default emoji with VS16
      ("❤", 1),  // the same without VS16
      ("1️⃣", 2),  // a keycap
      ("👍🏽", 2),  // an emoji with a skin tone
      ("👨‍👩‍👧‍👦", 2),  // a ZWJ family: one glyph
      ("🏳️‍🌈", 2),  // a ZWJ flag
      ("🇯🇵🇫🇷", 4),  // flags from regional indicators
      ("e\u{301}", 1),  // a combining acute accent
      ("Crème brûlée", 12),
      ("Cre\u{300}me bru\u{302}le\u{301}e", 12),  // decomposed
      ("a\u{20DD}", 1),  // an enclosing mark
      ("zero\u{200B}width\u{200D}\u{FEFF}", 9),  // format characters
      ("\u{301}", 0),  // a mark on its own
      ("a\u{1B}b", 3),  // a control counts as its one-column picture
      ("\r\n", 2),  // one cluster, two pictures
      ("Ada 東京 😀 e\u{301}!", 14),
    ])
  func widths(text: String, columns: Int) {
    #expect(TerminalText.width(of: text) == columns, "\(text.debugDescription)")
  }

  @Test("truncation counts columns and never splits a cluster")
  func truncation() {
    #expect(TerminalText.truncated("Hello, world", toWidth: 6) == "Hello…")
    #expect(TerminalText.truncated("東京タワー", toWidth: 6) == "東京…")
    #expect(TerminalText.truncated("東京タワー", toWidth: 7) == "東京タ…")
    #expect(TerminalText.truncated("東京タワー", toWidth: 10) == "東京タワー")
    #expect(TerminalText.truncated("👨‍👩‍👧 family", toWidth: 4) == "👨‍👩‍👧 …")
    #expect(TerminalText.truncated("👨‍👩‍👧family", toWidth: 3) == "👨‍👩‍👧…")
    #expect(TerminalText.truncated("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
    #expect(TerminalText.truncated("\u{1B}[2J", toWidth: 3) == "␛[…", "truncated text is inert")
    #expect(TerminalText.truncated("anything", toWidth: 0) == "")
  }

  @Test("truncated lines end at a word with an ellipsis when they are too wide")
  func truncatedLines() {
    let edit = ScreenLine(plain: "Edit: moved Theme11.md, added New1.swift")
    #expect(edit.truncated(to: 20).text == "Edit: moved…" + String(repeating: " ", count: 8))
    #expect(edit.truncated(to: 24).text == "Edit: moved Theme11.md,…")
    #expect(edit.truncated(to: 60).text == edit.fitted(to: 60).text, "short enough: as it is")
    #expect(edit.truncated(to: 40).text == edit.text, "exactly the width: as it is")
    #expect(ScreenLine(plain: "abcdefghij").truncated(to: 5).text == "abcd…", "no word fits")
    #expect(ScreenLine(plain: " abcdefghij").truncated(to: 5).text == " abc…")
    #expect(ScreenLine(plain: "東京 タワー").truncated(to: 6).text == "東京… ")
    #expect(ScreenLine(plain: "東京タワー").truncated(to: 6).text == "東京… ", "no half a character")
    #expect(ScreenLine(plain: "a b").truncated(to: 1).text == "…")
    #expect(ScreenLine(plain: "a b").truncated(to: 0).text == "")
    let bold = TextStyle(bold: true)
    let styled = ScreenLine([StyledText("Delete", bold), StyledText(" 3 rows now?")])
    #expect(
      styled.truncated(to: 9).runs == [
        StyledText("Delete", bold), StyledText(" 3"), StyledText("…"),
      ]
    )
    #expect(
      ScreenLine([StyledText("Deleting", bold), StyledText(" rows")]).truncated(to: 6).runs
        == [StyledText("Delet", bold), StyledText("…", bold)])
    for width in 0...45 {
      let line = ScreenLine([StyledText("東京 e\u{301}té", bold), StyledText(" 👨‍👩‍👧 family news")])
        .truncated(to: width)
      #expect(line.width == width, "width \(width): \(line.text)")
      #expect(expectedColumns(line.text) == width, "width \(width)")
    }
  }

  @Test("fitted lines are exactly the width in columns")
  func fitting() {
    let mixed = ScreenLine([
      StyledText("ab", TextStyle(bold: true)), StyledText("東京"), StyledText("😀e\u{301}"),
    ])
    #expect(mixed.width == 9)
    for width in 0...12 {
      let fitted = mixed.fitted(to: width)
      #expect(fitted.width == width, "width \(width): \(fitted.text.debugDescription)")
      #expect(expectedColumns(fitted.text) == width, "width \(width)")
    }
    let cut = ScreenLine(plain: "ab東").fitted(to: 3)
    #expect(cut.text == "ab ", "a wide character cut at the last column becomes a space")
    let styled = ScreenLine([StyledText("東京", TextStyle(underline: true))]).fitted(to: 3)
    #expect(styled.runs == [StyledText("東 ", TextStyle(underline: true))])
  }

  @Test("the wide ranges are sorted and disjoint, and cover the documented blocks")
  func table() {
    for (earlier, later) in zip(eastAsianWideRanges, eastAsianWideRanges.dropFirst()) {
      #expect(earlier.upperBound + 1 < later.lowerBound, "\(earlier) and \(later)")
    }
    let wide: [UInt32] = [
      0x1100, 0x115F, 0x2E80, 0x3000, 0x303E, 0x3041, 0x30FF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF,
      0xAC00, 0xD7A3, 0xF900, 0xFF01, 0xFF60, 0xFFE0, 0xFFE6, 0x20000, 0x3134A, 0x1F300,
      0x1F64F, 0x1F680, 0x1F9FF,
    ]
    for value in wide {
      #expect(isEastAsianWide(value), "U+\(String(value, radix: 16, uppercase: true))")
    }
    let narrow: [UInt32] = [
      0x41, 0x10FF, 0x1160, 0x2E7F, 0x303F, 0xD7A4, 0xFF61, 0xFFE7, 0xFFFD, 0x2400, 0x2026,
      0x203A, 0x2500, 0x1F1E6, 0x40000,
    ]
    for value in narrow {
      #expect(!isEastAsianWide(value), "U+\(String(value, radix: 16, uppercase: true))")
    }
  }
}
