import Foundation
import GRDB
import Tabula
import TabulaTerminal
import Testing

@testable import TabulaDemoKit

@MainActor
@Suite("Demo: the files screen, a live tree")
struct DemoFilesTests {
  @Test("arrows open and close folders, ← goes to the parent, * opens everything")
  func outlineKeys() async throws {
    let demo = try await DemoHarness(tab: .files, width: 60, height: 14)
    let unicode = TerminalOutline.prefersUnicode
    let (open, closed) = unicode ? ("▾", "▸") : ("v", ">")
    #expect(demo.screen[1] == "› \(closed) Benchmarks/")
    #expect(demo.title.hasSuffix("6 shown"))
    try await demo.press("<right>")
    #expect(demo.screen[1] == "› \(open) Benchmarks/")
    #expect(demo.screen[2].hasPrefix("    "), "children are indented")
    try await demo.press("<down><left>")
    #expect(demo.screen[1] == "› \(open) Benchmarks/", "← on a child goes to its parent")
    try await demo.press("<left>")
    #expect(demo.screen[1] == "› \(closed) Benchmarks/")
    #expect(demo.title.hasSuffix("6 shown"))
    try await demo.press("*")
    let files = demo.app.files
    let cursor = try #require(files.list.selection.flatMap(files.controller.snapshot.item(at:)))
    #expect(cursor.item.name == "Benchmarks")
    let everything = files.controller.snapshot.numberOfItems
    let under = try #require(files.files.outline.tree.descendantCount(of: cursor.id))
    #expect(under > 50)
    #expect(everything == 6 + under, "everything under Benchmarks is open")
    #expect(files.list.hostDataSource != nil)
    try await demo.press("<enter>")
    #expect(demo.title.hasSuffix("6 shown"), "Enter toggles")
  }

  @Test("u edits the project; the open folders follow the database")
  func liveEdits() async throws {
    let demo = try await DemoHarness(tab: .files, width: 60, height: 14)
    let files = demo.app.files
    for root in files.files.outline.tree.roots { try files.files.expandSubtree(root.id) }
    await demo.settle()
    try await demo.press("u")
    #expect(demo.status.hasPrefix(" Edit: moved "))
    // Everything is open, so the shown rows are every file, in SQLite's order.
    let shown = files.controller.snapshot.items.map(\.item.name)
    let all = files.files.outline.tree.count
    #expect(shown.count == all)
    #expect(files.list.batchCount > 0, "the edit animated")
  }

  @Test("a folder closed after * stays closed when u changes the project (80x12)")
  func closedFolderStaysClosed() async throws {
    let demo = try await DemoHarness(tab: .files, width: 80, height: 12)
    let files = demo.app.files
    let (open, closed) = TerminalOutline.prefersUnicode ? ("▾", "▸") : ("v", ">")
    try await demo.press("*<down><down><down><down>")
    let cursor = try #require(files.list.selection)
    let folder = files.controller.snapshot[cursor]
    #expect(folder.position.isExpanded)
    #expect(demo.screen[1 + cursor.item].contains("\(open) \(folder.item.name)/"))
    try await demo.press("<left>")
    let shown = files.controller.snapshot.numberOfItems
    #expect(demo.title.hasSuffix("\(shown) shown"))
    try await demo.press("u")
    #expect(demo.status.hasPrefix(" Edit: "), "\(demo.status)")
    let row = try #require(files.controller.snapshot.path(of: folder.id))
    #expect(!files.controller.snapshot[row].position.isExpanded, "\(demo.screen)")
    #expect(demo.screen.contains { $0.contains("\(closed) \(folder.item.name)/") })
    let change = files.controller.snapshot.numberOfItems - shown
    #expect(abs(change) <= 2, "the edit adds or removes a file or two, no folder opens: \(change)")
  }
}
