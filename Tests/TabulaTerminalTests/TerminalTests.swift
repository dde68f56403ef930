import Foundation
import Tabula
import TabulaTestSupport
import Testing

@testable import TabulaTerminal

struct Fruit: Diffable, Hashable {
  let id: Int
  var name: String
  var price = 1
}

struct FruitPresenter: Presenter {
  func reuseIdentifier(for fruit: Fruit, style: PresentationStyle) -> String { "fruit" }
  func configure(_ cell: TerminalCell, with fruit: Fruit, context: PresentationContext) {
    cell.text = fruit.name
    cell.detail = "$\(fruit.price)"
  }
}

/// A terminal list view of `width` × `height`, with a controller, a fruit
/// presenter and a clock the test moves.
@MainActor
final class TerminalHarness {
  let list: TerminalListView
  let controller: ListController<SectionInfo, Fruit, TerminalCell>
  var now = 0.0
  var selected: [String] = []

  init(width: Int = 30, height: Int = 6, snapshot: Snapshot<SectionInfo, Fruit>) {
    list = TerminalListView(width: width, height: height)
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(FruitPresenter())
    controller = ListController(host: list, snapshot: snapshot, presenters: presenters)
    list.clock = { [unowned self] in self.now }
    controller.didSelect = { [unowned self] fruit, _ in self.selected.append(fruit.name) }
  }

  /// The rendered lines as plain text, right-trimmed.
  var screen: [String] {
    list.render().map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// The style of the main text on each row line.
  func background(ofLine index: Int) -> TerminalColor? {
    list.render()[index].runs.dropFirst().first?.style.background
  }
}

/// A row line as the view draws it (right-trimmed): marker, text, detail.
func rowText(_ text: String, _ detail: String = "$1", selected: Bool = false, width: Int = 30)
  -> String
{
  let marker = selected ? "› " : "  "
  let room = width - marker.count - detail.count - 2
  return marker + text + String(repeating: " ", count: room - text.count) + " " + detail
}

/// A header line as the view draws it.
func headerText(_ title: String, width: Int = 30) -> String {
  " \(title) " + String(repeating: "─", count: width - title.count - 2)
}

func fruits(_ names: [String]) -> [Fruit] {
  names.enumerated().map { Fruit(id: $0.offset, name: $0.element) }
}

@MainActor
@Suite("Terminal list view")
struct TerminalListViewTests {
  let basket = Snapshot<SectionInfo, Fruit> {
    SnapshotSection("Red") { fruits(["Apple", "Cherry"]) }
    SnapshotSection("Yellow") { [Fruit(id: 10, name: "Banana"), Fruit(id: 11, name: "Lemon")] }
  }

  @Test("draws headers, rows from presenters, and the cursor")
  func drawing() {
    let harness = TerminalHarness(snapshot: basket)
    #expect(
      harness.screen == [
        headerText("Red"), rowText("Apple", selected: true), rowText("Cherry"),
        headerText("Yellow"), rowText("Banana"), rowText("Lemon"),
      ])
    let cursor = harness.list.render()[1]
    #expect(cursor.runs.allSatisfy { $0.style.inverse }, "the cursor row is in inverse video")
  }

  @Test("visibleCell(at:) answers nil for paths outside the list, as UIKit's cellForRow does")
  func visibleCellOutsideTheList() {
    let harness = TerminalHarness(snapshot: basket)
    _ = harness.list.render()
    #expect(harness.list.visibleCell(at: ItemPath(section: 0, item: 0))?.text == "Apple")
    for path in [
      ItemPath(section: 2, item: 0), ItemPath(section: 0, item: 2), ItemPath(section: -1, item: 0),
      ItemPath(section: 0, item: -1),
    ] {
      #expect(harness.list.visibleCell(at: path) == nil, "\(path)")
    }
  }

  @Test("arrows, paging, Home and End move the cursor and scroll; Enter selects")
  func keys() {
    let many = Snapshot<SectionInfo, Fruit> {
      SnapshotSection("A") { fruits((0..<10).map { "Fruit \($0)" }) }
      SnapshotSection("B") { (10..<20).map { Fruit(id: $0, name: "Fruit \($0)") } }
    }
    let harness = TerminalHarness(height: 4, snapshot: many)
    harness.list.handle(.down)
    harness.list.handle(.down)
    #expect(harness.list.selection == ItemPath(section: 0, item: 2))
    harness.list.handle(.pageDown)
    #expect(harness.list.selection == ItemPath(section: 0, item: 5))
    #expect(harness.screen.contains(rowText("Fruit 5", selected: true)))
    harness.list.handle(.end)
    #expect(harness.list.selection == ItemPath(section: 1, item: 9))
    #expect(harness.screen.last == rowText("Fruit 19", selected: true))
    harness.list.handle(.up)
    harness.list.handle(.enter)
    #expect(harness.selected == ["Fruit 18"])
    harness.list.handle(.home)
    #expect(harness.screen.first == headerText("A"), "the header scrolls in with row 0")
    // Moving past the end of a section crosses into the next.
    for _ in 0..<10 { harness.list.handle(.down) }
    #expect(harness.list.selection == ItemPath(section: 1, item: 0))
  }

  @Test("with selectsHeaders the cursor stops on headers; Enter selects the header")
  func headerCursor() async throws {
    let harness = TerminalHarness(snapshot: basket)
    var headers: [String] = []
    harness.controller.didSelectHeader = { section, index in
      headers.append("\(section.id)@\(index)")
    }
    harness.list.selectsHeaders = true
    harness.list.handle(.home)
    #expect(harness.list.selectedHeader == 0 && harness.list.selection == nil)
    #expect(harness.list.render()[0].runs.allSatisfy { $0.style.inverse })
    #expect(harness.screen[1] == rowText("Apple"), "no row cursor while a header has it")
    harness.list.handle(.enter)
    #expect(headers == ["Red@0"] && harness.selected.isEmpty)
    for _ in 0..<3 { harness.list.handle(.down) }
    #expect(harness.list.selectedHeader == 1)
    harness.list.handle(.up)
    #expect(harness.list.selection == ItemPath(section: 0, item: 1))
    harness.list.handle(.down)

    // The header's section moves: the cursor follows it.
    let swapped = Snapshot<SectionInfo, Fruit> {
      SnapshotSection("Yellow") { [Fruit(id: 10, name: "Banana"), Fruit(id: 11, name: "Lemon")] }
      SnapshotSection("Red") { fruits(["Apple", "Cherry"]) }
    }
    await harness.controller.apply(swapped)
    #expect(harness.list.selectedHeader == 0)
    harness.list.handle(.enter)
    #expect(headers == ["Red@0", "Yellow@0"])

    // Its section is deleted: the header that takes its place takes the
    // cursor; with no header left, the nearest row does.
    var gone = swapped
    try gone.deleteSections(["Yellow"])
    await harness.controller.apply(gone)
    #expect(harness.list.selectedHeader == 0)
    let untitled = Snapshot<SectionInfo, Fruit> {
      SnapshotSection(SectionInfo(id: "Red")) { fruits(["Apple", "Cherry"]) }
    }
    await harness.controller.apply(untitled)
    #expect(harness.list.selectedHeader == nil)
    #expect(harness.list.selection == ItemPath(section: 0, item: 0))
    await harness.controller.apply(gone)

    // Turned off, the cursor leaves the headers.
    harness.list.selectHeader(inSectionAt: 0)
    #expect(harness.list.selectedHeader == 0)
    harness.list.selectsHeaders = false
    #expect(
      harness.list.selectedHeader == nil && harness.list.selection == ItemPath(section: 0, item: 0))
    harness.list.selectHeader(inSectionAt: 0)
    #expect(harness.list.selectedHeader == nil, "headers take the cursor only when asked to")
  }

  @Test("an empty list shows its empty state, dimmed, until rows come")
  func emptyState() async throws {
    let list = TerminalListView(width: 30, height: 4)
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(FruitPresenter())
    let controller = ListController<SectionInfo, Fruit, TerminalCell>(
      host: list, presenters: presenters)
    controller.emptyState = .message("No fruit", secondaryText: "Pick some")
    let screen = { list.render().map { $0.text.trimmingCharacters(in: .whitespaces) } }
    #expect(screen().prefix(2) == ["No fruit", "Pick some"])
    #expect(list.render()[0].runs.first?.style.dim == true)
    await controller.apply(basket)
    #expect(!screen().contains("No fruit"))
  }

  @Test("a collapsed section's header keeps the cursor, and Enter there expands it")
  func collapsingFromTheTerminal() throws {
    let base = StaticSource(basket)
    let source = CollapsingSource(base)
    let list = TerminalListView(width: 30, height: 6)
    list.selectsHeaders = true
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(FruitPresenter())
    let controller = ListController<CollapsibleSection<SectionInfo>, Fruit, TerminalCell>(
      host: list, presenters: presenters)
    controller.connect(to: source)
    controller.didSelectHeader = { section, _ in try? source.toggleSection(section.id) }
    #expect(list.selectedHeader == 0, "the cursor starts on the first line: a header")

    list.handle(.enter)
    #expect(list.selectedHeader == 0)
    list.handle(.down)
    #expect(list.selectedHeader == 1, "the collapsed section's rows are gone")
    list.handle(.enter)
    #expect(source.collapsedSectionIDs == ["Red", "Yellow"])
    let screen = list.render().map { line in
      var text = line.text
      while text.last == " " { text.removeLast() }
      return text
    }
    #expect(screen.prefix(2) == [headerText("Red (2)"), headerText("Yellow (2)")])
    list.handle(.up)
    list.handle(.enter)
    #expect(list.selectedHeader == 0 && list.visibleItemPaths.count == 2)
  }

  @Test("inserted and updated rows are highlighted for a while; deleted rows disappear")
  func highlights() async {
    let harness = TerminalHarness(snapshot: basket)
    let next = Snapshot<SectionInfo, Fruit> {
      SnapshotSection("Red") {
        Fruit(id: 0, name: "Apple", price: 2)
        Fruit(id: 2, name: "Strawberry")
      }
      SnapshotSection("Yellow") { [Fruit(id: 10, name: "Banana"), Fruit(id: 11, name: "Lemon")] }
    }
    await harness.controller.apply(next)
    #expect(
      harness.screen == [
        headerText("Red"), rowText("Apple", "$2", selected: true), rowText("Strawberry"),
        headerText("Yellow"), rowText("Banana"), rowText("Lemon"),
      ])
    #expect(harness.background(ofLine: 1) == .yellow, "updated")
    #expect(harness.background(ofLine: 2) == .green, "inserted")
    #expect(harness.background(ofLine: 4) == nil)
    harness.now = 1
    #expect(harness.background(ofLine: 1) == nil && harness.background(ofLine: 2) == nil)
  }

  @Test("cells, highlights and the cursor follow their rows through moves")
  func followRows() async {
    let harness = TerminalHarness(snapshot: basket)
    harness.list.handle(.down)  // Cherry
    let cherryCell = harness.list.visibleCell(at: ItemPath(section: 0, item: 1))
    let moved = Snapshot<SectionInfo, Fruit> {
      SnapshotSection("Yellow") { [Fruit(id: 10, name: "Banana"), Fruit(id: 11, name: "Lemon")] }
      SnapshotSection("Red") { fruits(["Apple", "Cherry"]) }
    }
    await harness.controller.apply(moved)
    #expect(harness.list.selection == ItemPath(section: 1, item: 1))
    #expect(harness.list.visibleCell(at: ItemPath(section: 1, item: 1)) === cherryCell)
    #expect(harness.screen.contains(rowText("Cherry", selected: true)))
  }

  @Test("a selected row that is deleted leaves the cursor on its neighbour")
  func deletedSelection() async throws {
    let harness = TerminalHarness(snapshot: basket)
    harness.list.handle(.down)
    var next = basket
    try next.deleteItems([1])
    await harness.controller.apply(next)
    #expect(harness.list.selection == ItemPath(section: 0, item: 0))
  }

  @Test("a resize keeps the cursor on screen")
  func resize() {
    let harness = TerminalHarness(snapshot: basket)
    harness.list.handle(.end)
    harness.list.resize(width: 20, height: 2)
    #expect(
      harness.screen == [rowText("Banana", width: 20), rowText("Lemon", selected: true, width: 20)])
  }

  @Test("a refresh line too wide for the view ends at a word, with an ellipsis")
  func narrowRefreshLine() {
    let harness = TerminalHarness(width: 14, height: 3, snapshot: basket)
    harness.list.refreshLine = "Refreshing the basket"
    let banner = harness.list.render()[0]
    #expect(banner.text == " Refreshing…  ", "\(banner.text)")
    #expect(banner.width == 14)
  }

  @Test("only the rows on screen have cells")
  func virtualized() {
    let big = Snapshot<SectionInfo, Fruit> {
      SnapshotSection("All") { (0..<10_000).map { Fruit(id: $0, name: "Fruit \($0)") } }
    }
    let harness = TerminalHarness(height: 5, snapshot: big)
    _ = harness.screen
    #expect(harness.list.visibleItemPaths.count == 4)
    #expect(harness.list.visibleCell(at: ItemPath(section: 0, item: 3)) != nil)
    #expect(harness.list.visibleCell(at: ItemPath(section: 0, item: 50)) == nil)
    harness.list.handle(.end)
    _ = harness.screen
    #expect(harness.list.visibleCell(at: ItemPath(section: 0, item: 0)) == nil)
    #expect(harness.list.visibleCell(at: ItemPath(section: 0, item: 9999)) != nil)
  }

  @Test("text from data reaches the terminal inert: rows, details, headers, plain text")
  func inertData() {
    let hostile = Snapshot<SectionInfo, Fruit> {
      SnapshotSection(hostileTexts[0]) {
        hostileTexts.enumerated().map { Fruit(id: $0.offset, name: $0.element) }
      }
      SnapshotSection("\u{1B}]0;title\u{07}") { [Fruit(id: 99, name: "ok")] }
    }
    let harness = TerminalHarness(width: 60, height: 10, snapshot: hostile)
    let lines = harness.list.render()
    for line in lines {
      #expect(line.width == 60, "\(line.text.debugDescription)")
      #expect(!line.text.unicodeScalars.contains(where: isTerminalControl))
    }
    #expect(lines[0].text.hasPrefix(" clear␛[2J␛[Hscreen "))
    #expect(lines[2].text.hasPrefix("  title␛]0;pwned␇ "))
    var renderer = FrameRenderer()
    let output = renderer.render(lines)
    #expect(foreignControls(in: output) == [])
    harness.list.handle(.down)
    #expect(foreignControls(in: renderer.render(harness.list.render())) == [])
    let plain = harness.list.plainText()
    for line in plain.split(separator: "\n", omittingEmptySubsequences: false) {
      #expect(!line.unicodeScalars.contains(where: isTerminalControl), "\(line.debugDescription)")
    }
    #expect(plain.split(separator: "\n").count == 2 + hostileTexts.count + 1)
  }

  @Test("rows with CJK, emoji and combining marks align, every line exactly the width")
  func wideText() {
    let names = [
      "Apple", "苹果", "りんご", "사과", "🍎 Apple", "👨‍👩‍👧 family", "🇯🇵 Japan", "Cre\u{300}me brûlée",
      "ＦＵＬＬＷＩＤＴＨ", "東京都渋谷区神宮前一丁目二十三番地四十五号", "❤️ love",
    ]
    let wide = Snapshot<SectionInfo, Fruit> {
      SnapshotSection("果物 🍓 fruits") {
        names.enumerated().map { Fruit(id: $0.offset, name: $0.element) }
      }
    }
    for width in [20, 21, 30, 31] {
      let harness = TerminalHarness(width: width, height: names.count + 1, snapshot: wide)
      let lines = harness.list.render()
      for line in lines {
        #expect(expectedColumns(line.text) == width, "width \(width): \(line.text)")
        #expect(line.width == width, "width \(width): \(line.text)")
      }
      #expect(lines[0].text.hasPrefix(" 果物 🍓 fruits ─"))
      for line in lines.dropFirst() {
        // marker, text and padding, then the detail " $1 " at the right edge
        #expect(line.runs.count == 3, "\(line.text)")
        #expect(
          expectedColumns(line.runs[0].text + line.runs[1].text) == width - 4, "\(line.text)")
        #expect(line.runs[2].text == " $1 ")
      }
    }
    let harness = TerminalHarness(width: 30, height: 12, snapshot: wide)
    #expect(harness.screen[2] == "  苹果" + String(repeating: " ", count: 20) + " $1")
    // 24 columns of room: 11 ideographs and "…", and a space where a 12th would straddle.
    #expect(harness.screen[10] == "  東京都渋谷区神宮前一丁…  $1")
  }

  @Test("highlights are kept for rows on screen only: a huge insert leaves at most a screenful")
  func boundedHighlights() async throws {
    let harness = TerminalHarness(height: 20, snapshot: basket)
    var huge = basket
    try huge.appendItems(
      (1000..<101_000).map { Fruit(id: $0, name: "Fruit \($0)") }, toSection: "Red")
    await harness.controller.apply(huge)
    #expect(harness.list.batchCount == 1, "one animated batch, not a reload")
    #expect(harness.list.highlightCount <= 20)
    #expect(harness.background(ofLine: 3) == .green, "visible inserts are still highlighted")
    harness.list.handle(.end)
    _ = harness.list.render()
    #expect(harness.list.highlightCount <= 20)
    // Expired highlights go at the next batch, without a render.
    harness.now = 10
    var next = huge
    try next.deleteItems([100_999])
    await harness.controller.apply(next)
    #expect(harness.list.highlightCount == 0)
  }

  @Test("plain text output lists every header and row")
  func plainText() {
    let harness = TerminalHarness(snapshot: basket)
    #expect(
      harness.list.plainText()
        == "Red\n  Apple  $1\n  Cherry  $1\nYellow\n  Banana  $1\n  Lemon  $1")
    #expect(!harness.list.plainText().contains("\u{1B}"))
  }
}

@Suite("Terminal: keys and frames")
struct TerminalIOTests {
  @Test("escape sequences, control bytes and UTF-8 become keys, even split across reads")
  func keyParsing() {
    var parser = KeyParser()
    let bytes = Array(
      "\u{1B}[A\u{1B}[B\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}OH\r\u{7F}\t\u{03}é/".utf8)
    #expect(
      parser.feed(bytes)
        == [
          .up, .down, .pageUp, .pageDown, .home, .end, .home, .enter, .backspace, .tab, .interrupt,
          .character("é"), .character("/"),
        ])
    #expect(parser.feed([0x1B, 0x5B]) == [], "an incomplete sequence waits")
    #expect(parser.feed([0x44]) == [.left])
    #expect(parser.feed([0xC3]) == [])
    #expect(parser.feed([0xA9]) == [.character("é")])
    #expect(parser.feed([0x1B]) == [.escape])
  }

  @Test("scripts name keys in angle brackets")
  func scripts() throws {
    #expect(
      try KeyParser.parseScript("/Ad<enter>\n<down><lt>q")
        == [
          .character("/"), .character("A"), .character("d"), .enter, .down, .character("<"),
          .character("q"),
        ])
    let error = #expect(throws: KeyScriptError.self) { _ = try KeyParser.parseScript("<dwn>") }
    #expect(
      error?.description.hasPrefix("line 1, column 1: unknown key <dwn>; known keys:") == true)
  }

  @Test(
    "a < that starts no key name, or a control character, is an error naming where it is",
    arguments: [
      ("<down", KeyScriptError.Problem.unclosedName, "down", 1, 1),
      ("ab<down ", .unclosedName, "down", 1, 3),
      ("x\n<up><down<enter>", .unclosedName, "down", 2, 5),
      ("<", .unclosedName, "", 1, 1),
      ("a <b", .unclosedName, "b", 1, 3),
      ("1 < 2", .unclosedName, "", 1, 3),
      ("<dwon>", .unknownName, "dwon", 1, 1),
      ("q\r\n<Down>", .unknownName, "Down", 2, 1),
      ("a\tb", .controlCharacter, "\t", 1, 2),
      ("ok\n\u{0}", .controlCharacter, "\u{0}", 2, 1),
      ("\u{1B}[A", .controlCharacter, "\u{1B}", 1, 1),
    ])
  func scriptErrors(
    script: String, problem: KeyScriptError.Problem, name: String, line: Int, column: Int
  ) {
    let error = #expect(throws: KeyScriptError.self) { _ = try KeyParser.parseScript(script) }
    #expect(error?.problem == problem, "\(script.debugDescription)")
    #expect(error?.name == name, "\(script.debugDescription)")
    #expect(error?.line == line, "\(script.debugDescription)")
    #expect(error?.column == column, "\(script.debugDescription)")
    #expect(error?.description.hasPrefix("line \(line), column \(column): ") == true)
  }

  @Test("the renderer writes only the lines that changed")
  func partialRedraw() {
    var renderer = FrameRenderer()
    let first = ["one", "two", "three"].map { ScreenLine(plain: $0) }
    let full = renderer.render(first)
    #expect(full.contains("\u{1B}[2J"))
    var second = first
    second[1] = ScreenLine([StyledText("TWO", TextStyle(bold: true))])
    let partial = renderer.render(second)
    #expect(partial == "\u{1B}[2;1H\u{1B}[1mTWO\u{1B}[0m\u{1B}[K")
    #expect(renderer.render(second).isEmpty, "nothing changed, nothing written")
  }
}
