import Foundation
import Testing

// The line counts the "Common screens" article gives (TabulaUIKit.docc,
// CommonScreens.md) are counted, not typed: each screen of the sample files
// below runs from a "// screen: <id> (<version>)" mark to "// end of
// screen", and its code lines (blank lines and comment lines left out) are
// counted here and compared with the article's table, whose rows read
// `| ... (`<id>`) | <Tabula> | <Apple's> | <ratio> |`. A screen's versions
// are "Tabula" and Apple's: "UIKit" or "SwiftUI".

/// The sample files of the article's screens.
let commonScreenFiles = [
  "TabulaUIKit/CommonScreens.swift",
  "TabulaSwiftUI/CommonScreens+SwiftUI.swift",
]

/// The versions a screen's Apple's version may be marked with.
let appleVersions = ["UIKit", "SwiftUI"]

/// The screens moved to Tabula by renaming Apple's types: their Tabula
/// version is their UIKit version with the names replaced.
let renamedScreens = ["books", "places"]

/// Apple's diffable-data-source type names and Tabula's, as the migration
/// article (AdoptingByRenaming.md) renames them.
let diffableRenames = [
  ("UITableViewDiffableDataSource", "TableViewDataSource"),
  ("UICollectionViewDiffableDataSource", "CollectionViewDataSource"),
  ("NSDiffableDataSourceSnapshot", "DiffableSnapshot"),
  ("NSDiffableDataSourceSectionSnapshot", "DiffableSectionSnapshot"),
  ("NSDiffableDataSourceTransaction", "DiffableDataSourceTransaction"),
  ("NSDiffableDataSourceSectionTransaction", "DiffableDataSourceSectionTransaction"),
]

/// The code lines (trimmed) of each marked screen, by id and version.
func screenLines() -> [String: [String: [String]]] {
  var lines: [String: [String: [String]]] = [:]
  for file in commonScreenFiles {
    let url = samplesFolder.appending(path: file)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
    var current: (id: String, version: String)?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// screen: ") {
        let parts = trimmed.dropFirst("// screen: ".count).split(separator: " ")
        let id = String(parts[0])
        let version = String(parts[1].dropFirst().dropLast())
        current = (id, version)
        lines[id, default: [:]][version] = []
      } else if trimmed == "// end of screen" {
        current = nil
      } else if let current, !trimmed.isEmpty, !trimmed.hasPrefix("//") {
        lines[current.id, default: [:]][current.version, default: []].append(trimmed)
      }
    }
  }
  return lines
}

/// The code lines of each marked screen, by id and version.
func screenLineCounts() -> [String: [String: Int]] {
  screenLines().mapValues { versions in versions.mapValues(\.count) }
}

@Test("the Common screens article's line counts are those of its samples")
func commonScreensLineCounts() throws {
  let counts = screenLineCounts()
  #expect(counts.count >= 5, "the screens of \(commonScreenFiles)")
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
    let appleCount = appleVersions.compactMap { counts[id]?[$0] }.first
    let apple = try #require(appleCount, "no UIKit or SwiftUI screen \(id)")
    #expect(cells[1] == "\(tabula)", "\(id): the Tabula screen has \(tabula) lines")
    #expect(cells[2] == "\(apple)", "\(id): Apple's screen has \(apple) lines")
    #expect(
      cells[3] == String(format: "%.2f", Double(tabula) / Double(apple)),
      "\(id): the ratio")
    rows += 1
  }
  #expect(rows == counts.count, "every screen has its row, every row its screen")
}

@Test(
  "a screen moved by renaming differs from Apple's in the type names only",
  arguments: renamedScreens)
func renamedScreenChangesOnlyTypeNames(_ id: String) throws {
  let versions = try #require(screenLines()[id], "no screen \(id)")
  let apple = try #require(versions["UIKit"], "no UIKit screen \(id)")
  let tabula = try #require(versions["Tabula"], "no Tabula screen \(id)")
  let renamed = apple.map { line in
    diffableRenames.reduce(line) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
  }
  #expect(renamed != apple, "\(id): Apple's screen names none of Apple's diffable types")
  #expect(renamed == tabula, "\(id): the Tabula screen is Apple's with the types renamed")
}
