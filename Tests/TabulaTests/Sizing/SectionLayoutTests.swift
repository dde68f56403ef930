import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

// Layout-driven sizes: a collection view with Tabula's compositional layout
// sizes items from each section's SectionLayout (chosen by the section's
// model type through its section presenter), never from the data source's
// heights; self-sizing cells measure themselves on screen.

/// A cell that measures itself: `lines` lines of 10 points.
final class LinesCell: SimulatedCell, SizableCell {
  var lines = 1
  /// The widths it was asked to fit.
  var widths: [Double] = []

  func fittingHeight(forWidth width: Double) -> Double {
    widths.append(width)
    return Double(lines) * 10
  }
}

/// An album section: a grid.
struct Album: Diffable, Hashable {
  let id: String
}

/// Presents `TestItem`s in `LinesCell`s of `content` lines (at least 1),
/// counting height questions (which a layout-driven view never asks).
final class LinesPresenter: Presenter {
  var heightQuestions = 0

  func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "lines" }
  var cellClass: SimulatedCell.Type? { LinesCell.self }
  func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
    cell.text = item.description
    (cell as? LinesCell)?.lines = max(1, item.content)
  }
  func height(for item: TestItem, width: Double, style: PresentationStyle) -> Double? {
    heightQuestions += 1
    return 99
  }
}

/// Albums are grids of three columns, 10 points tall with 2 points between.
struct AlbumSections: SectionPresenter {
  func reuseIdentifier(for album: Album, kind: SectionViewKind) -> String? { nil }
  func configure(_ view: SimulatedCell, with album: Album, kind: SectionViewKind) {}
  func layout(for album: Album) -> SectionLayout? {
    .grid(columns: 3, itemHeight: .absolute(10), spacing: 2, insets: .init(top: 1, bottom: 3))
  }
}

@MainActor
@Suite("Section layouts: sizes from the layout")
struct SectionLayoutTests {
  typealias MixedSnapshot = Snapshot<AnyItem, TestItem>

  func list(viewportHeight: Int = 100, default layout: SectionLayout = .list()) -> (
    SimulatedCollectionView, ListController<AnyItem, TestItem, SimulatedCell>, LinesPresenter
  ) {
    let view = SimulatedCollectionView(viewportHeight: viewportHeight)
    view.animationTiming = .immediate
    view.compositionalLayout = layout
    let presenter = LinesPresenter()
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(presenter)
    presenters.register(AlbumSections(), forSection: Album.self)
    let controller = ListController<AnyItem, TestItem, SimulatedCell>(
      host: view, presenters: presenters)
    return (view, controller, presenter)
  }

  @Test("a grid section: rows of columns, spacing and insets; the data source is never asked")
  func grid() throws {
    let (view, controller, presenter) = list(viewportHeight: 20)
    controller.apply(
      try MixedSnapshot(sections: [
        SnapshotSection(AnyItem(Album(id: "trip")), items: items(Array(1...7)))
      ]))
    let offsets = (0..<7).map { view.heightIndex.offset(ofItemAt: ItemPath(section: 0, item: $0)) }
    #expect(offsets == [1, 1, 1, 13, 13, 13, 25])
    #expect(view.contentHeight == 1 + 10 + 2 + 10 + 2 + 10 + 3)
    #expect(view.visibleCells.map(\.text) == ["1", "2", "3", "4", "5", "6"])
    #expect(presenter.heightQuestions == 0)
    #expect(view.violations.isEmpty)
  }

  @Test("self-sizing rows take the height their cell measures for the item's width")
  func selfSizing() throws {
    let (view, controller, _) = list(viewportHeight: 100)
    view.width = 300
    controller.apply(
      try MixedSnapshot(sections: [
        SnapshotSection(
          AnyItem(SectionInfo(id: "notes", title: "Notes")),
          items: [TestItem(id: 1, content: 2), TestItem(id: 2), TestItem(id: 3, content: 3)])
      ]))
    // A list: one column, estimated 44 until measured: 20, 10, 30.
    let offsets = (0..<3).map { view.heightIndex.offset(ofItemAt: ItemPath(section: 0, item: $0)) }
    #expect(offsets == [44, 64, 74], "under a 44-point estimated header for the section title")
    #expect(view.visibleCells.compactMap { ($0 as? LinesCell)?.widths.last } == [300, 300, 300])
    // A change of content is measured again.
    var next = controller.snapshot
    try next.updateItems([TestItem(id: 1, content: 1)])
    controller.apply(next)
    #expect(view.heightIndex.offset(ofItemAt: ItemPath(section: 0, item: 1)) == 54)
  }

  @Test("each section is laid out by its model type's layout; the others by the default")
  func perSectionLayouts() throws {
    let (view, controller, _) = list(
      viewportHeight: 200, default: .grid(columns: 2, itemHeight: .absolute(5)))
    controller.apply(
      try MixedSnapshot(sections: [
        SnapshotSection(AnyItem(Album(id: "trip")), items: items([1, 2, 3, 4])),
        SnapshotSection(AnyItem(SectionInfo(id: "plain", title: nil)), items: items([5, 6, 7])),
      ]))
    let second = (0..<3).map { view.heightIndex.offset(ofItemAt: ItemPath(section: 1, item: $0)) }
    // The album: 1 + 10 + 2 + 10 + 3 = 26; then rows of 2 items 5 points tall.
    #expect(second == [26, 26, 31])
    #expect(view.contentHeight == 36)
  }

  @Test("rows keep their layout through animated batches; the reader's row stays put")
  func batches() throws {
    let (view, controller, _) = list(
      viewportHeight: 20, default: .grid(columns: 3, itemHeight: .absolute(10)))
    let section = AnyItem(SectionInfo(id: "grid", title: nil))
    controller.apply(
      try MixedSnapshot(sections: [SnapshotSection(section, items: items(Array(1...30)))]))
    view.contentOffset = 50  // rows from item 15 on
    #expect(view.visibleCells.first?.text == "16")
    var next = controller.snapshot
    try next.insertItems(items([100, 101, 102]), beforeItem: 1)
    controller.apply(next)
    #expect(view.visibleCells.first?.text == "16", "a whole row inserted above: the reader stays")
    #expect(view.contentOffset == 60)
    #expect(view.violations.isEmpty)
  }
}
