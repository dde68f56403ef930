import Foundation
import Tabula
import TabulaTestSupport
import Testing

@testable import TabulaTerminal

/// A post whose text wraps.
struct Note: Diffable, Hashable {
  let id: Int
  var text: String
}

struct NotePresenter: Presenter {
  func reuseIdentifier(for note: Note, style: PresentationStyle) -> String { "note" }
  func configure(_ cell: TerminalCell, with note: Note, context: PresentationContext) {
    cell.text = note.text
    cell.wraps = true
  }
  var measuresCells: Bool { true }
}

@MainActor
func noteList(_ notes: [Note], width: Int = 20, height: Int = 6) -> (
  TerminalListView, ListController<SectionInfo, Note, TerminalCell>
) {
  let list = TerminalListView(width: width, height: height)
  let presenters = PresenterRegistry<TerminalCell>()
  presenters.register(NotePresenter())
  let controller = ListController(
    host: list, snapshot: try! Snapshot(notes, in: SectionInfo(id: "notes")),
    presenters: presenters)
  return (list, controller)
}

/// Notes of one to three lines at 20 columns (18 for the text).
func notes(_ ids: Range<Int>) -> [Note] {
  ids.map { id in
    Note(id: id, text: "n\(id)" + String(repeating: " word", count: id % 3 * 4))
  }
}

@MainActor
@Suite("Sizing on the terminal: rows of several lines, measured, anchored")
struct TerminalSizingTests {
  @Test("wrapping breaks at spaces and cuts words wider than a line")
  func wrapping() {
    #expect(wrapped("the quick brown fox", to: 9) == ["the quick", "brown fox"])
    #expect(wrapped("abcdefghij", to: 4) == ["abcd", "efgh", "ij"])
    #expect(wrapped("", to: 4) == [""])
    let cell = TerminalCell(reuseIdentifier: "x")
    cell.text = "one two\nthree"
    #expect(cell.textLines(columns: 20) == ["one two␊three"], "no wrapping: one inert line")
    cell.wraps = true
    #expect(cell.textLines(columns: 20) == ["one two", "three"])
    cell.minimumLines = 3
    #expect(cell.fittingHeight(forWidth: 22) == 3)
  }

  @Test("rows take the lines their text needs; the cursor row shows whole")
  func multiLineRows() {
    let (list, controller) = noteList(notes(0..<6))
    defer { withExtendedLifetime(controller) {} }
    let screen = list.render().map(\.text)
    // n0: 1 line, n1: 2 lines ("n1 word word word" + "word"), n2: 3 lines.
    #expect(screen[0].hasPrefix("› n0"))
    #expect(screen[1].hasPrefix("  n1 word word word"))
    #expect(screen[2].hasPrefix("  word"))
    #expect(list.lineCount(of: ItemPath(section: 0, item: 2)) == 3)
    #expect(list.totalLines >= 6)
    for _ in 0..<3 { list.handle(.down) }  // onto n3 (1 line), below n2
    _ = list.render()
    let cursor = list.line(of: ItemPath(section: 0, item: 3))
    #expect(cursor >= list.topLine && cursor < list.topLine + list.height)
    for _ in 0..<2 { list.handle(.down) }  // n5: 3 lines, fully on screen
    _ = list.render()
    let last = list.line(of: ItemPath(section: 0, item: 5)) + 2
    #expect(last < list.topLine + list.height, "the whole cursor row is on screen")
  }

  @Test("100 rows inserted above the screen, or a row above growing, move nothing on screen")
  func anchoringAbove() async {
    let (list, controller) = noteList(notes(1000..<1060), height: 8)
    _ = list.render()
    list.select(ItemPath(section: 0, item: 30))
    let before = list.render().map(\.text)
    var more = notes(0..<100)
    more += notes(1000..<1060)
    await controller.apply(try! Snapshot(more, in: SectionInfo(id: "notes")))
    #expect(list.render().map(\.text) == before, "the cursor row and its neighbours stay put")
    // A row above the screen grows by two lines: still nothing moves.
    var grown = more
    grown[5].text += " and a much longer text that wraps"
    await controller.apply(try! Snapshot(grown, in: SectionInfo(id: "notes")))
    #expect(list.render().map(\.text) == before)
  }

  @Test(
    "rows arriving above and leaving inside the screen keep the cursor's line; so does its row leaving"
  )
  func cursorAnchoring() async {
    let (list, controller) = noteList(notes(0..<80), height: 8)
    list.select(ItemPath(section: 0, item: 40))
    _ = list.render()
    let screenLine = list.line(of: ItemPath(section: 0, item: 40)) - list.topLine
    var changed = notes(200..<250) + notes(0..<80)  // 50 rows above
    changed.removeAll { $0.id == 41 }  // and one below the cursor, on screen
    await controller.apply(try! Snapshot(changed, in: SectionInfo(id: "notes")))
    _ = list.render()
    let moved = controller.snapshot.path(of: 40)!
    #expect(list.selection == moved)
    #expect(list.line(of: moved) - list.topLine == screenLine)
    // The cursor's row leaves: the row that takes its place takes the
    // cursor, on the same line.
    changed.removeAll { $0.id == 40 }
    await controller.apply(try! Snapshot(changed, in: SectionInfo(id: "notes")))
    _ = list.render()
    let successor = controller.snapshot.path(of: 42)!
    #expect(list.selection == successor)
    #expect(list.line(of: successor) - list.topLine == screenLine)
  }

  @Test("a narrower terminal re-wraps every row and keeps the cursor row on its line")
  func resize() {
    let (list, controller) = noteList(notes(0..<40), width: 40, height: 10)
    defer { withExtendedLifetime(controller) {} }
    _ = list.render()
    list.select(ItemPath(section: 0, item: 20))
    _ = list.render()
    list.topLine = list.line(of: ItemPath(section: 0, item: 20)) - 3
    _ = list.render()
    let screenLine = list.line(of: ItemPath(section: 0, item: 20)) - list.topLine
    list.resize(width: 16, height: 10)
    let lines = list.render()
    #expect(lines.allSatisfy { $0.width == 16 })
    #expect(list.line(of: ItemPath(section: 0, item: 20)) - list.topLine == screenLine)
    #expect(list.lineCount(of: ItemPath(section: 0, item: 20)) == 3, "n20: 8 words at 14 columns")
  }

  @Test("heights are measured on a prototype and cached until content, width or style change")
  func cacheInvalidation() async {
    let host = MeasuringHost()
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(NotePresenter())
    let controller = ListController(
      host: host, snapshot: try! Snapshot(notes(0..<3), in: SectionInfo(id: "n")),
      presenters: presenters)
    let path = ItemPath(section: 0, item: 2)
    #expect(controller.height(forItemAt: path, width: 20) == 3)
    #expect(host.measured == 1)
    #expect(controller.height(forItemAt: path, width: 20) == 3)
    #expect(host.measured == 1, "cached")
    #expect(controller.height(forItemAt: path, width: 60) == 1)
    #expect(host.measured == 2, "a new width measures again")
    await controller.apply(
      try! Snapshot(
        [Note(id: 0, text: "a"), Note(id: 1, text: "b"), Note(id: 2, text: "c")],
        in: SectionInfo(id: "n")))
    #expect(controller.height(forItemAt: path, width: 60) == 1)
    #expect(host.measured == 3, "new content measures again")
    #expect(controller.height(forItemAt: ItemPath(section: 0, item: 0), width: 60) == 1)
    #expect(host.measured == 4)
    presenters.setStyle("other", for: Note.self)
    _ = controller.height(forItemAt: path, width: 60)
    #expect(host.measured == 5, "a new style measures again")
    // Rows not measured are estimated by the average of measured ones.
    #expect(controller.estimatedHeight(forItemAt: ItemPath(section: 0, item: 1), width: 60) != nil)
  }

  @Test("a NaN, negative or infinite height names the model type and id, once, and is clamped")
  func invalidHeights() {
    var reports: [String] = []
    let saved = TabulaLog.handler
    TabulaLog.handler = { reports.append($0) }
    defer { TabulaLog.handler = saved }
    let host = MeasuringHost()
    let controller = ListController<SectionInfo, Note, TerminalCell>(
      host: host, snapshot: try! Snapshot(notes(0..<3), in: SectionInfo(id: "n"))
    ) { host, path, _ in host.dequeueCell(withReuseIdentifier: "x", for: path) }
    controller.heightProvider = { note, _, _ in note.id == 0 ? -4 : note.id == 1 ? .nan : .infinity
    }
    #expect(controller.height(forItemAt: ItemPath(section: 0, item: 0), width: 10) == 0)
    #expect(controller.height(forItemAt: ItemPath(section: 0, item: 1), width: 10) == 0)
    #expect(
      controller.height(forItemAt: ItemPath(section: 0, item: 2), width: 10)
        == .greatestFiniteMagnitude)
    #expect(
      reports == [
        "the height of Note with id 0 is -4.0: heights must be finite and not negative (read as 0.0)"
      ])
  }
}

/// A host with prototype cells that counts the measurements.
@MainActor
final class MeasuringHost: ListHost {
  weak var hostDataSource: (any ListHostDataSource<TerminalCell>)?
  var measured = 0
  private var prototypes: [String: CountingCell] = [:]

  func reloadData() {}
  func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    updateData()
    completion()
  }
  var visibleItemPaths: [ItemPath] { [] }
  func visibleCell(at path: ItemPath) -> TerminalCell? { nil }
  func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath) -> TerminalCell
  {
    TerminalCell(reuseIdentifier: reuseIdentifier)
  }
  func fallbackCell(for path: ItemPath, message: String) -> TerminalCell {
    TerminalCell(reuseIdentifier: "fallback")
  }
  func prototypeCell(withReuseIdentifier reuseIdentifier: String) -> TerminalCell? {
    if let cell = prototypes[reuseIdentifier] { return cell }
    let cell = CountingCell(reuseIdentifier: reuseIdentifier)
    cell.host = self
    prototypes[reuseIdentifier] = cell
    return cell
  }
}

@MainActor
final class CountingCell: TerminalCell {
  weak var host: MeasuringHost?
  override func fittingHeight(forWidth width: Double) -> Double {
    host?.measured += 1
    return super.fittingHeight(forWidth: width)
  }
}

@MainActor
@Test(
  "terminal: random inserts, deletes, moves and growth above, inside and below the screen",
  arguments: [1, 2, 3])
func terminalAnchoring(seed: UInt64) async {
  var random = SeededRandom(seed: seed)
  var items = notes(0..<150)
  let (list, controller) = noteList(items, width: 24, height: 10)
  var nextID = 1000
  for _ in 0..<20 {
    _ = list.render()
    list.select(ItemPath(section: 0, item: random.int(in: 40..<100)))
    let screen = list.render().map(\.text)
    let cursor = list.selection!
    let cursorID = controller.snapshot[cursor].id
    let cursorScreenLine = list.line(of: cursor) - list.topLine
    for _ in 0..<random.int(in: 1...8) {
      let position = random.int(in: 0...items.count)
      switch random.int(in: 0..<4) {
      case 0:
        items.insert(Note(id: nextID, text: "new \(nextID) word word"), at: position)
        nextID += 1
      case 1 where position < items.count && items[position].id != cursorID:
        items.remove(at: position)
      case 2 where position < items.count && items[position].id != cursorID:
        let moved = items.remove(at: position)
        items.insert(moved, at: random.int(in: 0...items.count))
      default:
        let grown = random.int(in: 0..<items.count)
        if items[grown].id != cursorID { items[grown].text += " more words here" }
      }
    }
    await controller.apply(try! Snapshot(items, in: SectionInfo(id: "notes")))
    let after = list.render().map(\.text)
    let path = controller.snapshot.path(of: cursorID)!
    #expect(list.selection == path)
    #expect(list.line(of: path) - list.topLine == cursorScreenLine, "the cursor row stays")
    #expect(after[cursorScreenLine] == screen[cursorScreenLine])
  }
}
