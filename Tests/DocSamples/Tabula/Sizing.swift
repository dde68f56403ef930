import Tabula
import TabulaTesting
import Testing

// The samples of "Variable heights and scroll anchoring" (Sizing.md). The
// article shows the measured rows on UIKit (Sizing+UIKit.swift);
// TabulaTesting's guide (TestingAScreen.md) shows the anchoring test.

struct Note: Diffable, Hashable {
  let id: Int
  var text: String
}

final class NoteCell: SimulatedCell, SizableCell {
  /// Twenty points a line (a character is ten points wide), plus margins.
  func fittingHeight(forWidth width: Double) -> Double {
    let perLine = max(1, Int(width) / 10)
    let lines = (text.count + perLine - 1) / perLine
    return 16 + 20 * Double(max(1, lines))
  }
}

struct NotePresenter: Presenter {
  func reuseIdentifier(for note: Note, style: PresentationStyle) -> String { "note" }

  func configure(_ cell: SimulatedCell, with note: Note, context: PresentationContext) {
    cell.text = note.text
  }

  var measuresCells: Bool { true }

  func estimatedHeight(for note: Note, width: Double, style: PresentationStyle) -> Double? {
    56
  }
}

@MainActor
@Test func measuringRows() throws {
  let notes = try Snapshot(
    [Note(id: 1, text: "Milk, eggs, flour"), Note(id: 2, text: "Call the plumber")],
    in: SectionInfo(id: "notes"))
  let table = SimulatedTableView(viewportHeight: 400)
  table.register(NoteCell.self, forReuseIdentifier: "note")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(NotePresenter())
  let controller = ListController(host: table, snapshot: notes, presenters: presenters)

  let first = ItemPath(section: 0, item: 0)
  let wide = controller.height(forItemAt: first, width: 300)  // measured: 36, one line
  let narrow = controller.height(forItemAt: first, width: 100)  // measured again: 56
  #expect(wide == 36)
  #expect(narrow == 56)
}

@Test func heightIndex() throws {
  var heights = HeightIndex(
    itemCounts: [3, 2], headerHeight: { _ in 30 }, itemHeight: { $0.item == 0 ? 44 : 88 })
  let total = heights.contentHeight  // 30 + 220 + 30 + 132 = 412
  let offset = heights.offset(ofItemAt: ItemPath(section: 1, item: 1))  // 324
  let row = heights.itemPath(atOffset: 100)  // [0, 1]
  let rows = heights.itemPaths(in: 240..<330)  // [[0, 2], [1, 0], [1, 1]]
  #expect(total == 412)
  #expect(offset == 324)
  #expect(row == ItemPath(section: 0, item: 1))
  #expect(
    rows == [
      ItemPath(section: 0, item: 2), ItemPath(section: 1, item: 0), ItemPath(section: 1, item: 1),
    ])

  let section = SectionInfo(id: "rows")
  let shown = try Snapshot([Note(id: 1, text: "a"), Note(id: 2, text: "b")], in: section)
  let next = try Snapshot(
    [Note(id: 3, text: "c"), Note(id: 2, text: "b"), Note(id: 1, text: "a")], in: section)
  heights = HeightIndex(itemCounts: [2], headerHeight: { _ in 30 }, itemHeight: { _ in 44 })
  let stages = StagedChangeset(from: shown, to: next)
  for stage in stages {
    heights.apply(
      stage.changeset, numberOfItems: { stage.snapshot.numberOfItems(inSectionAt: $0) },
      headerHeight: { _ in 30 }, itemHeight: { _ in 44 })
  }
  #expect(heights.contentHeight == 30 + 3 * 44)
}

@Test func keepingTheReadingPosition() throws {
  var heights = HeightIndex(itemCounts: [50]) { _ in 44 }
  var contentOffset = 500.0
  var batch = Changeset()
  batch.itemInserts = (0..<10).map { ItemPath(section: 0, item: $0) }
  let newCounts = [60]

  let anchor = ScrollAnchor(index: heights, contentOffset: contentOffset)
  let oldCounts = (0..<heights.numberOfSections).map(heights.numberOfItems(inSectionAt:))
  heights.apply(batch, numberOfItems: { newCounts[$0] }, itemHeight: { _ in 44 })
  if let anchor,
    let offset = anchor.contentOffset(
      after: BatchPositionMap(batch), oldCounts: oldCounts, in: heights)
  {
    contentOffset = offset
  }
  #expect(contentOffset == 500 + 440)
}

@MainActor
@Test func simulatedAnchoring() async throws {
  let section = SectionInfo(id: "notes")
  let old = (0..<200).map { Note(id: $0, text: String(repeating: "x", count: $0 % 70)) }
  let notesWithHundredNewOnTop = try Snapshot(
    (1000..<1100).map { Note(id: $0, text: "new") } + old, in: section)
  let table = SimulatedTableView(viewportHeight: 400)
  table.animationTiming = .immediate
  table.register(NoteCell.self, forReuseIdentifier: "note")
  table.asksHeights = true
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(NotePresenter())
  let controller = ListController(
    host: table, snapshot: try Snapshot(old, in: section), presenters: presenters)
  table.contentOffset = 3000

  let reading = table.visibleItemPaths[0]
  let onScreen = table.heightIndex.offset(ofItemAt: reading) - table.contentOffset
  await controller.apply(notesWithHundredNewOnTop)
  let moved = ItemPath(section: 0, item: reading.item + 100)
  #expect(table.heightIndex.offset(ofItemAt: moved) - table.contentOffset == onScreen)
}
