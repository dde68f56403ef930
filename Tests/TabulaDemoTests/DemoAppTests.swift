import Foundation
import Tabula
import TabulaTerminal
import TabulaTestSupport
import Testing

@testable import TabulaDemoKit

/// The demo app over a new database in a temporary folder, driven by keys
/// as `--script` drives it.
@MainActor
final class DemoHarness {
  let app: DemoApp
  private let folder: URL

  init(tab: DemoApp.Tab = .contacts, width: Int = 80, height: Int = 12) async throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabula-demo-app-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let database = try DemoDatabase.open(at: folder.appendingPathComponent("demo.sqlite").path)
    app = DemoApp(
      database: database, width: width, height: height, tab: tab, latency: .zero,
      imageDelay: .zero)
    await settle()
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  /// Presses the keys of `script` (`<name>` for named keys), letting the
  /// app settle after each, as `--script` does.
  func press(_ script: String) async throws {
    for key in try KeyParser.parseScript(script) {
      _ = await app.handle(key)
      await settle()
    }
  }

  /// Presses the keys of `script` without waiting for what they start.
  func pressWithoutSettling(_ script: String) async throws {
    for key in try KeyParser.parseScript(script) { _ = await app.handle(key) }
  }

  /// Waits until nothing is loading, drawing once so visible rows get cells.
  func settle() async {
    await app.waitUntilIdle()
    _ = app.frame()
    await app.waitUntilIdle()
  }

  /// The screen's lines, right-trimmed.
  var screen: [String] {
    app.frame().map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// The title line.
  var title: String { screen[0] }
  /// The status line, under the list.
  var status: String { screen[screen.count - 2] }
  /// The help line, at the bottom.
  var help: String { screen[screen.count - 1] }
}

@MainActor
@Suite("tabula-demo: the app")
struct DemoAppTests {
  @Test("the status line says the feed is refreshing only while it is, then how it ended")
  func refreshStatus() async throws {
    let demo = try await DemoHarness(tab: .feed)
    try await demo.pressWithoutSettling("r")
    #expect(demo.status.contains("Refreshing the feed…"))
    await demo.settle()
    #expect(!demo.status.contains("Refreshing"), "\(demo.status)")
    #expect(demo.status.contains("Feed refreshed"), "\(demo.status)")
  }

  @Test("the feed wraps posts onto several lines; new posts above leave the row being read put")
  func feedWrapsAndStaysPut() async throws {
    let demo = try await DemoHarness(tab: .feed, width: 60, height: 16)
    let list = demo.app.feed.list
    let rows = list.visibleItemPaths
    #expect(rows.contains { list.lines(ofItemAt: $0).count > 1 }, "a post or photo takes lines")
    try await demo.press(String(repeating: "<down>", count: 12))
    let cursor = try #require(list.selection)
    let cursorID = demo.app.feed.controller.snapshot[cursor].id
    let before = demo.screen
    let cursorScreenLine = list.lines(ofItemAt: cursor).lowerBound - list.topLine
    try await demo.press("n")
    #expect(demo.status.contains("3 new posts arrived above"), "\(demo.status)")
    let moved = try #require(demo.app.feed.controller.snapshot.path(of: cursorID))
    #expect(moved.item == cursor.item + 3, "the posts arrived above")
    #expect(list.selection == moved)
    #expect(list.lines(ofItemAt: moved).lowerBound - list.topLine == cursorScreenLine)
    // The list's lines are as they were (the title and status lines aside).
    #expect(Array(demo.screen.dropFirst().dropLast(2)) == Array(before.dropFirst().dropLast(2)))
  }

  @Test("r shows a refresh line above the feed while it refreshes; the rows stay")
  func refreshLine() async throws {
    let demo = try await DemoHarness(tab: .feed)
    let before = demo.screen
    try await demo.pressWithoutSettling("r")
    let refreshing = demo.screen
    #expect(refreshing[1].contains("↻ Refreshing the feed…"))
    #expect(Array(refreshing[2..<(refreshing.count - 2)]) == Array(before[1..<(before.count - 3)]))
    await demo.settle()
    #expect(!demo.screen[1].contains("Refreshing"))
    #expect(demo.status.contains("Feed refreshed"))
  }

  @Test("e always answers: the network goes down and comes back, even after a failed refresh")
  func networkSwitch() async throws {
    let demo = try await DemoHarness(tab: .feed)
    try await demo.press("e")
    #expect(demo.status.contains("Network down"), "\(demo.status)")
    try await demo.press("r")
    #expect(
      demo.status.contains("Refresh failed: the network is unreachable (simulated)"),
      "\(demo.status)")
    try await demo.press("e")
    #expect(demo.status.contains("Network back up"), "\(demo.status)")
    try await demo.press("e")
    #expect(demo.status.contains("Network down"), "\(demo.status)")
    try await demo.press("er")
    #expect(demo.status.contains("Feed refreshed"), "\(demo.status)")
    #expect(demo.title.hasSuffix(" 30 posts"), "\(demo.title)")
  }

  @Test("Enter on a letter's header folds its contacts away, and again unfolds them")
  func foldingSections() async throws {
    let demo = try await DemoHarness()
    let list = demo.app.contacts.list
    #expect(list.selectedHeader == 0, "the cursor starts on the first header")
    let letter = try #require(demo.screen[1].split(separator: " ").first.map(String.init))
    let rows = list.visibleItemPaths.count
    try await demo.press("<enter>")
    #expect(demo.screen[1].hasPrefix(" \(letter) ("), "\(demo.screen[1])")
    #expect(demo.app.contacts.sections.isCollapsed(letter))
    #expect(list.visibleItemPaths.count > 0 && list.visibleItemPaths.allSatisfy { $0.section > 0 })
    // A sync while folded: the letter stays folded; a filter keeps it so.
    try await demo.press("u")
    #expect(demo.app.contacts.sections.isCollapsed(letter))
    try await demo.press("<home><enter>")
    #expect(!demo.app.contacts.sections.isCollapsed(letter))
    #expect(list.visibleItemPaths.count == rows)
    try await demo.press("<down><enter>")
    #expect(demo.status.hasPrefix(" Opened "), "\(demo.status)")
  }

  @Test("each screen keeps its own messages")
  func messagesPerScreen() async throws {
    let demo = try await DemoHarness()
    try await demo.press("<down><enter>")
    let selected = demo.status
    #expect(selected.hasPrefix(" Opened "), "\(selected)")
    try await demo.press("<tab>")
    #expect(!demo.status.contains("Opened"), "the feed does not show the contacts' message")
    try await demo.press("s")
    #expect(demo.status.contains("Posts in the compact style"))
    try await demo.press("<tab>")
    #expect(demo.status == "", "nor do the files")
    try await demo.press("<tab>")
    #expect(demo.status == selected, "the contacts' message is still there")
    try await demo.press("2")
    #expect(demo.status.contains("Posts in the compact style"))
  }

  static let contactsHelp = [
    "↑↓ PgUp/Dn Home/End", "Enter open/fold", "/ filter", "u sync", "m move", "space select",
    "d delete", "z/Z undo/redo", "Tab feed", "q quit",
  ]
  static let feedHelp = [
    "↑↓ PgUp/Dn", "Enter open", "s style", "r refresh", "n new", "e network", "Tab files",
    "q quit",
  ]

  @Test("the help line drops whole items to fit, never ending mid-word")
  func helpLine() async throws {
    let demo = try await DemoHarness()
    for (tab, items) in [(DemoApp.Tab.contacts, Self.contactsHelp), (.feed, Self.feedHelp)] {
      try await demo.press(tab == .contacts ? "1" : "2")
      let full = 1 + TerminalText.width(of: items.joined(separator: " · "))
      for width in 20...max(90, full) {
        demo.app.resize(width: width, height: 12)
        let line = demo.app.frame().last!
        #expect(line.width == width)
        let shown = demo.help.dropFirst().components(separatedBy: " · ")
        #expect(shown.allSatisfy(items.contains), "width \(width): \(demo.help)")
        #expect(shown.contains("q quit"), "width \(width): \(demo.help)")
        #expect(shown == items.filter(shown.contains), "in order")
        if width >= full { #expect(shown == items, "all at \(width) columns") }
      }
    }
  }

  @Test("every line of the demo is exactly the screen's width, with CJK and emoji in it")
  func wideText() async throws {
    let demo = try await DemoHarness(width: 60)
    try await demo.press("/東京🗼")
    for line in demo.app.frame() {
      #expect(line.width == 60, "\(line.text)")
      #expect(expectedColumns(line.text) == 60, "\(line.text)")
    }
    #expect(demo.title.contains("0 match “東京🗼”"))
  }
}

@MainActor
@Suite("tabula-demo: contacts the user edits")
struct DemoContactEditTests {
  /// The contacts of letter `initial` in the table's order (a fresh query).
  func stored(_ demo: DemoHarness, _ initial: String) async throws -> [String] {
    try await demo.app.contacts.contactNames(initial: initial)
  }

  @Test(
    "m, arrows and Enter reorder a contact in SQLite; d y deletes; z undoes; the status names it")
  func reorderDeleteUndo() async throws {
    let demo = try await DemoHarness(height: 14)
    let list = demo.app.contacts.list
    try await demo.press("<down>")  // from the first header to its first contact
    let letter = try #require(demo.app.contacts.controller.snapshot.sections.first?.id)
    let before = try await stored(demo, letter)
    try await demo.press("m<down><down><enter>")
    let moved = try await stored(demo, letter)
    #expect(moved == [before[1], before[2], before[0]] + before[3...])
    #expect(demo.status.contains("z undoes “Move Contact”"), "\(demo.status)")
    #expect(list.selection == ItemPath(section: 0, item: 2))
    try await demo.press("d")
    #expect(demo.status.hasPrefix(" Delete this row? y deletes"), "\(demo.status)")
    try await demo.press("y")
    #expect(try await stored(demo, letter) == [before[1], before[2]] + before[3...])
    #expect(demo.status.contains("z undoes “Delete Contact”"), "\(demo.status)")
    try await demo.press("zz")
    #expect(try await stored(demo, letter) == before, "both undone, in SQLite too")
    // The u writer keeps changing rows meanwhile; the list stays the table's.
    try await demo.press("u <down> d")
    #expect(demo.status.hasPrefix(" Delete 2 rows? y deletes"), "\(demo.status)")
    try await demo.press("y")
    let shown = demo.app.contacts.controller.snapshot.items(inSectionAt: 0).compactMap {
      $0.base(as: Contact.self)?.name
    }
    #expect(try await stored(demo, letter) == shown)
  }
}
