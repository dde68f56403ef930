import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// The app's delegate beside Tabula's: it hears every event Tabula hears,
/// after Tabula, and its answers win (the rules TabulaUIKit's bridges
/// follow, checked here on the simulated views).
@MainActor
@Suite("DelegateComposition: the app's delegate composed, never replaced")
struct DelegateCompositionTests {
  /// An app delegate that records what it hears, and answers heights for
  /// the rows in `heights`.
  final class AppDelegate: SimulatedListViewDelegate {
    var events: [String] = []
    var heights: [ItemPath: Double] = [:]
    var onSelect: ((ItemPath) -> Void)?

    func listView(_ listView: SimulatedListView, didSelectItemAt path: ItemPath) {
      events.append("select \(path)")
      onSelect?(path)
    }

    func listView(
      _ listView: SimulatedListView, willDisplay cell: SimulatedCell, forItemAt path: ItemPath
    ) {
      events.append("display \(cell.text)")
    }

    func listView(_ listView: SimulatedListView, heightForItemAt path: ItemPath) -> Double? {
      heights[path]
    }

    func listView(_ listView: SimulatedListView, prefetchItemsAt paths: [ItemPath]) {
      events.append("prefetch \(paths.count)")
    }
  }

  @Test("values: the app's answer wins, else Tabula's, else the view's own")
  func answers() {
    #expect(DelegateComposition.answer(app: 60, tabula: { 44 }, view: { -1 }) == 60)
    #expect(DelegateComposition.answer(app: nil, tabula: { 44 }, view: { -1 }) == 44)
    #expect(DelegateComposition.answer(app: nil, tabula: { nil }, view: { -1 }) == -1)
    var asked = false
    _ = DelegateComposition.answer(
      app: 1,
      tabula: {
        asked = true
        return 2
      }, view: { 3 })
    #expect(!asked, "Tabula is not asked when the app answers")
  }

  @Test("estimated row heights fall back to the view's estimate, then its fixed row height")
  func estimates() {
    func estimate(_ app: Double?, _ tabula: Double?, _ viewEstimate: Double, _ rowHeight: Double)
      -> Double
    {
      DelegateComposition.estimatedRowHeight(
        app: app, tabula: { tabula }, viewEstimate: viewEstimate, viewRowHeight: rowHeight,
        automatic: -1)
    }
    #expect(estimate(80, 40, 30, 20) == 80)
    #expect(estimate(nil, 40, 30, 20) == 40)
    #expect(estimate(nil, nil, 30, 20) == 30, "the table's estimatedRowHeight")
    #expect(estimate(nil, nil, 0, 20) == 20, "estimates off: the fixed rowHeight is exact")
    #expect(estimate(nil, nil, 0, -1) == -1, "nothing known: automatic")
    #expect(estimate(nil, nil, -1, -1) == -1)
    // Estimates off: the exact height, which the table would have asked
    // for, even over Tabula's own estimate; the app's estimate still wins.
    func exactly(_ app: Double?, _ tabula: Double?, _ viewEstimate: Double) -> Double {
      DelegateComposition.estimatedRowHeight(
        app: app, tabula: { tabula }, viewEstimate: viewEstimate, viewRowHeight: -1,
        automatic: -1, exact: { 57 })
    }
    #expect(exactly(nil, 40, 0) == 57, "estimatedRowHeight 0: exact heights")
    #expect(exactly(nil, nil, 0) == 57)
    #expect(exactly(80, 40, 0) == 80)
    #expect(exactly(nil, 40, 30) == 40, "estimates on: Tabula's")
  }

  @Test("flow-layout headers: never collapsed to zero where the app or the layout gives a size")
  func sectionViewExtents() {
    func extent(
      app: Double? = nil, view: Bool = false, presenter: Double? = nil, title: Bool = false,
      layout: Double
    ) -> Double {
      DelegateComposition.sectionViewExtent(
        app: app, hasSectionView: view, presenterExtent: { presenter }, hasTitle: title,
        layout: layout, titleExtent: { 28 })
    }
    #expect(extent(app: 70, view: true, presenter: 50, layout: 40) == 70, "the app's size wins")
    #expect(extent(view: true, presenter: 50, layout: 40) == 50, "a section presenter's height")
    #expect(extent(view: true, layout: 40) == 40, "a presenter without a height: the layout's")
    #expect(extent(title: true, layout: 40) == 40, "a title: the layout's size")
    #expect(extent(title: true, layout: 0) == 28, "a title, no layout size: the title's")
    #expect(extent(layout: 40) == 40, "no Tabula view: the layout's (the app's own views)")
    #expect(extent(layout: 0) == 0)
  }

  @Test("a tap reaches the app's delegate after the list's selection took it in")
  func taps() {
    let table = SimulatedTableView()
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    let app = AppDelegate()
    table.delegate = app
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, snapshot: try! Snapshot(items([1, 2, 3]), in: SectionInfo(id: "s"))
    ) { host, path, item in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = "\(item.id)"
      return cell
    }
    controller.selectionMode = .single
    var heard: [String] = []
    controller.didSelect = { item, _ in heard.append("list \(item.id)") }
    app.onSelect = { _ in heard.append("app, selected \(controller.selectedIDs.sorted())") }
    table.selectItem(at: ItemPath(section: 0, item: 1))
    #expect(heard == ["list 2", "app, selected [2]"])
    #expect(app.events.contains("display 1"), "the app hears cells coming on screen")
  }

  @Test("the drop-in: the app's delegate still hears taps (the Team screen's 'Away' toggle)")
  func dropInTaps() async {
    enum Section: Hashable, Sendable { case team }
    let table = SimulatedTableView()
    table.register(SimulatedCell.self, forReuseIdentifier: "member")
    let dataSource = DiffableDataSource<SimulatedTableView, Section, String>(host: table) {
      host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "member", for: path)
      cell.text = id
      return cell
    }
    var snapshot = DiffableSnapshot<Section, String>()
    snapshot.appendSections([.team])
    snapshot.appendItems(["Ada", "Grace"])
    await dataSource.apply(snapshot)
    var away: Set<String> = []
    let app = AppDelegate()
    app.onSelect = { path in
      guard let id = dataSource.itemIdentifier(for: path) else { return }
      away.formSymmetricDifference([id])
    }
    table.delegate = app
    table.selectItem(at: ItemPath(section: 0, item: 1))
    #expect(away == ["Grace"])
  }

  @Test("heights: the app's delegate wins over the list's, row by row")
  func heights() {
    let table = SimulatedTableView(viewportHeight: 100)
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    table.asksHeights = true
    let app = AppDelegate()
    app.heights = [ItemPath(section: 0, item: 0): 50]
    table.delegate = app
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, snapshot: try! Snapshot(items([1, 2, 3]), in: SectionInfo(id: "s"))
    ) { host, path, _ in host.dequeueCell(withReuseIdentifier: "row", for: path) }
    controller.heightProvider = { _, _, _ in 30 }
    table.reloadData()
    #expect(table.heightIndex.height(ofItemAt: ItemPath(section: 0, item: 0)) == 50)
    #expect(table.heightIndex.height(ofItemAt: ItemPath(section: 0, item: 1)) == 30)
  }

  @Test("headers hear taps only when the list has didSelectHeader: the glue adds no recognizer")
  func headerTaps() throws {
    let table = SimulatedTableView()
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, snapshot: try Snapshot(items([1]), in: SectionInfo(id: "s"))
    ) { host, path, _ in host.dequeueCell(withReuseIdentifier: "row", for: path) }
    #expect(table.hostDataSource?.respondsToHeaderSelection(inSectionAt: 0) == false)
    controller.didSelectHeader = { _, _ in }
    #expect(table.hostDataSource?.respondsToHeaderSelection(inSectionAt: 0) == true)
  }
}
