import Foundation
import Testing

// The line counts the "Common screens" article gives (TabulaUIKit.docc,
// CommonScreens.md) are counted, not typed: each screen of
// TabulaUIKit/CommonScreens.swift runs from a "// screen: <id> (<version>)"
// mark to "// end of screen", and its code lines (blank lines and comment
// lines left out) are counted here and compared with the article's table,
// whose rows read `| ... (`<id>`) | <Tabula> | <UIKit> | <ratio> |`.

/// The code lines of each marked screen, by id and version.
func screenLineCounts() -> [String: [String: Int]] {
  let url = samplesFolder.appending(path: "TabulaUIKit/CommonScreens.swift")
  guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
  var counts: [String: [String: Int]] = [:]
  var current: (id: String, version: String)?
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("// screen: ") {
      let parts = trimmed.dropFirst("// screen: ".count).split(separator: " ")
      let id = String(parts[0])
      let version = String(parts[1].dropFirst().dropLast())
      current = (id, version)
      counts[id, default: [:]][version] = 0
    } else if trimmed == "// end of screen" {
      current = nil
    } else if let current, !trimmed.isEmpty, !trimmed.hasPrefix("//") {
      counts[current.id, default: [:]][current.version, default: 0] += 1
    }
  }
  return counts
}

@Test("the Common screens article's line counts are those of its samples")
func commonScreensLineCounts() throws {
  let counts = screenLineCounts()
  #expect(counts.count >= 2, "the screens of CommonScreens.swift")
  let article = try String(
    contentsOf: packageRoot.appending(
      path: "Sources/TabulaUIKit/TabulaUIKit.docc/CommonScreens.md"),
    encoding: .utf8)
  var rows = 0
  for line in article.split(separator: "\n") where line.hasPrefix("|") {
    let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    guard cells.count == 4, let start = cells[0].range(of: "(`"),
      let end = cells[0].range(of: "`)")
    else { continue }
    let id = String(cells[0][start.upperBound..<end.lowerBound])
    let tabula = try #require(counts[id]?["Tabula"], "no Tabula screen \(id)")
    let uikit = try #require(counts[id]?["UIKit"], "no UIKit screen \(id)")
    #expect(cells[1] == "\(tabula)", "\(id): the Tabula screen has \(tabula) lines")
    #expect(cells[2] == "\(uikit)", "\(id): the UIKit screen has \(uikit) lines")
    #expect(
      cells[3] == String(format: "%.2f", Double(tabula) / Double(uikit)),
      "\(id): the ratio")
    rows += 1
  }
  #expect(rows == counts.count, "every screen has its row, every row its screen")
}
