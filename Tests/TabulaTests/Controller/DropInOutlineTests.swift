import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// Section snapshots on the drop-in data source, as Apple's collection
/// view data source has them, on a simulated collection view.
@MainActor
@Suite("DiffableDataSource: section snapshots (outlines)")
struct DropInOutlineTests {
  enum Section: Hashable, Sendable { case favourites, mail }

  typealias Source = DiffableDataSource<SimulatedListView, Section, String>

  func make(_ timing: SimulatedListView.AnimationTiming = .immediate)
    -> (SimulatedCollectionView, Source)
  {
    let view = SimulatedCollectionView(viewportHeight: 40)
    view.animationTiming = timing
    view.register(SimulatedCell.self, forReuseIdentifier: "row")
    let dataSource = Source(host: view) { host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = id
      return cell
    }
    return (view, dataSource)
  }

  /// What the view shows, section by section.
  func shown(_ view: SimulatedListView) -> [[String]] {
    (0..<view.numberOfSections).map { section in
      (0..<view.numberOfRows(inSectionAt: section)).map {
        view.visibleCell(at: ItemPath(section: section, item: $0))?.text ?? "?"
      }
    }
  }

  @Test("a section snapshot shows its visible items; the data source keeps the outline")
  func applyToSection() async {
    let (view, dataSource) = make()
    var favourites = DiffableSnapshot<Section, String>()
    favourites.appendSections([.favourites])
    favourites.appendItems(["Starred"])
    await dataSource.apply(favourites)
    var outline = mailOutline()
    outline.expand(["Inbox"])
    await dataSource.apply(outline, to: .mail)
    #expect(shown(view) == [["Starred"], ["Inbox", "Work", "Home", "Archive"]])
    #expect(dataSource.snapshot().sectionIdentifiers == [.favourites, .mail], "appended")
    #expect(dataSource.snapshot().itemIdentifiers(inSection: .mail) == outline.visibleItems)
    #expect(dataSource.snapshot(for: .mail) == outline)
    #expect(dataSource.snapshot(for: .favourites).rootItems == ["Starred"], "flat: roots")
    #expect(dataSource.snapshot(for: .favourites).items == ["Starred"])
    #expect(
      dataSource.outlinePosition(of: "Work")
        == OutlinePosition(depth: 1, disclosure: .collapsed))
    #expect(dataSource.outlinePosition(of: "Inbox")?.disclosure == .expanded)
    #expect(dataSource.outlinePosition(of: "Home")?.disclosure == .leaf)
    #expect(dataSource.outlinePosition(of: "Starred") == nil, "not from a section snapshot")
    #expect(view.violations.isEmpty)
  }

  @Test("expanding an outline handed out costs what it shows: the rows under it, no diff")
  func expandWithoutDiff() async {
    let (view, dataSource) = make()
    await dataSource.apply(mailOutline(), to: .mail)
    let batches = view.batchCount
    var outline = dataSource.snapshot(for: .mail)
    outline.expand(["Inbox", "Work"])
    var heard: [(String, Bool)] = []
    dataSource.didChangeExpansion = { heard.append(($0, $1)) }
    await dataSource.apply(outline, to: .mail)
    #expect(shown(view) == [["Inbox", "Work", "Q1", "Home", "Archive"]])
    let log = view.batchLog.suffix(view.batchCount - batches)
    #expect(
      log.flatMap(\.insertRows) == [
        ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 2),
        ItemPath(section: 0, item: 2),
      ],
      "Inbox's two children, then Work's one: inserts only")
    #expect(log.allSatisfy { $0.moveRows.isEmpty && $0.deleteRows.isEmpty })
    #expect(Set(heard.map(\.0)) == ["Inbox", "Work"] && heard.allSatisfy(\.1))
    // Collapsing deletes what shows under it; a hidden item's change shows nothing.
    outline = dataSource.snapshot(for: .mail)
    outline.collapse(["Inbox"])
    await dataSource.apply(outline, to: .mail)
    #expect(shown(view) == [["Inbox", "Archive"]])
    outline = dataSource.snapshot(for: .mail)
    outline.collapse(["Work"])
    let before = view.batchCount
    await dataSource.apply(outline, to: .mail)
    #expect(view.batchCount == before, "Work is hidden: nothing on screen changes")
    #expect(dataSource.snapshot(for: .mail).isExpanded("Work") == false)
    #expect(view.violations.isEmpty)
  }

  @Test("a tap on a disclosure: the handlers are asked, told, and give lazy children")
  func handlers() async {
    let (view, dataSource) = make()
    await dataSource.apply(mailOutline(), to: .mail)
    var log: [String] = []
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { item in
      log.append("should expand \(item)")
      return item != "Archive"
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { log.append("will expand \($0)") }
    dataSource.sectionSnapshotHandlers.willCollapseItem = { log.append("will collapse \($0)") }
    dataSource.sectionSnapshotHandlers.snapshotForExpandingParent = { parent, children in
      log.append("children of \(parent): \(children.items)")
      var loaded = children
      if parent == "Inbox" { loaded.append(["Later"]) }
      return loaded
    }
    #expect(dataSource.toggleExpansion(of: "Inbox"))
    #expect(!dataSource.toggleExpansion(of: "Home"), "a leaf has nothing to show")
    #expect(!dataSource.toggleExpansion(of: "Missing"))
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["Inbox", "Work", "Home", "Later", "Archive"]])
    #expect(dataSource.toggleExpansion(of: "Inbox"))
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["Inbox", "Archive"]])
    #expect(
      log == [
        "should expand Inbox", "will expand Inbox",
        "children of Inbox: [\"Work\", \"Q1\", \"Home\"]", "will collapse Inbox",
      ])
    #expect(view.violations.isEmpty)
  }

  @Test("a whole snapshot keeps an outline whose rows it keeps or deletes, and flattens the rest")
  func wholeSnapshots() async {
    let (view, dataSource) = make()
    var outline = mailOutline()
    outline.expand(["Inbox"])
    await dataSource.apply(outline, to: .mail)
    var whole = dataSource.snapshot()
    whole.reconfigureItems(["Work"])
    await dataSource.apply(whole)
    #expect(dataSource.snapshot(for: .mail) == outline, "the same rows: the outline stays")
    whole = dataSource.snapshot()
    whole.deleteItems(["Work"])
    await dataSource.apply(whole)
    #expect(dataSource.snapshot(for: .mail).items == ["Inbox", "Home", "Archive"], "Q1 with it")
    #expect(dataSource.outlinePosition(of: "Home")?.depth == 1, "deletes keep the outline")
    whole = dataSource.snapshot()
    whole.deleteItems(["Home"])
    await dataSource.apply(whole)
    #expect(dataSource.outlinePosition(of: "Inbox")?.disclosure == .leaf)
    #expect(
      view.batchLog.last?.reconfigureRows == [ItemPath(section: 0, item: 0)],
      "Inbox lost its children: its row shows it")
    whole = dataSource.snapshot()
    whole.moveItem("Archive", beforeItem: "Inbox")
    await dataSource.apply(whole)
    #expect(dataSource.snapshot(for: .mail).rootItems == ["Archive", "Inbox"])
    #expect(dataSource.outlinePosition(of: "Inbox") == nil, "other changes flatten it")
  }

  @Test("problems and items of other sections are reported, and left out of the section")
  func problems() async {
    let (view, dataSource) = make()
    var favourites = DiffableSnapshot<Section, String>()
    favourites.appendSections([.favourites])
    favourites.appendItems(["Work"])
    await dataSource.apply(favourites)
    var outline = mailOutline()
    outline.append(["Inbox"])
    outline.expand(["Inbox"])
    let reports = recordingReports { dataSource.apply(outline, to: .mail) }
    #expect(
      reports == [
        "DiffableSectionSnapshot.append(_:to:): item identifiers must be unique: \"Inbox\" (at 0) "
          + "is a root already; no others added",
        "DiffableDataSource.apply(_:to:): items of the section snapshot for "
          + "TabulaTests.DropInOutlineTests.Section.mail are in other sections already, left out with the "
          + "items under them: \"Work\"",
      ])
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["Work"], ["Inbox", "Home", "Archive"]])
    #expect(view.violations.isEmpty)
  }

  @Test("an item is held once, shown or hidden: a hidden one shown elsewhere leaves its outline")
  func hiddenItemsStayUnique() async {
    let (view, dataSource) = make()
    await dataSource.apply(mailOutline(), to: .mail)  // Work, Q1 and Home hidden under Inbox
    var whole = dataSource.snapshot()
    whole.insertSections([.favourites], beforeSection: .mail)
    whole.appendItems(["Home"], toSection: .favourites)
    let reports = recordingReports { dataSource.apply(whole) }
    #expect(
      reports == [
        "DiffableDataSource.apply(_:): items hidden in the outline of "
          + "TabulaTests.DropInOutlineTests.Section.mail are shown in other sections: taken out "
          + "of the outline with the items under them: \"Home\""
      ])
    #expect(dataSource.toggleExpansion(of: "Inbox"))
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["Home"], ["Inbox", "Work", "Archive"]])
    // Hidden in another section's outline: left out of the new one.
    var favourites = DiffableSectionSnapshot<String>()
    favourites.append(["Starred", "Q1"])
    let more = recordingReports { dataSource.apply(favourites, to: .favourites) }
    #expect(more.count == 1 && more[0].contains("\"Q1\""), "\(more)")
    var outline = dataSource.snapshot(for: .mail)
    outline.expand(["Work"])
    await dataSource.apply(outline, to: .mail)
    #expect(shown(view) == [["Starred"], ["Inbox", "Work", "Q1", "Archive"]])
    #expect(view.violations.isEmpty)
  }

  @Test("a reorder in an outline: under the row above when it is open, beside it otherwise")
  func reorder() async {
    let (view, dataSource) = make()
    var outline = mailOutline()
    outline.expand(["Inbox", "Work"])
    await dataSource.apply(outline, to: .mail)
    dataSource.canMoveItem = { _ in true }
    var heard: [DiffableDataSourceTransaction<Section, String>] = []
    var shownAtWill: [String] = []
    dataSource.willReorder = {
      heard.append($0)
      shownAtWill = dataSource.snapshot().itemIdentifiers
    }
    dataSource.didReorder = { heard.append($0) }
    // Archive, dropped below Q1 (its row above: a leaf) lands beside Q1.
    let landed = view.userMoveRow(
      from: ItemPath(section: 0, item: 4), to: ItemPath(section: 0, item: 3))
    #expect(landed == ItemPath(section: 0, item: 3))
    #expect(shownAtWill == ["Inbox", "Work", "Q1", "Home", "Archive"], "not moved yet")
    #expect(heard.count == 2)
    let outlineAfter = dataSource.snapshot(for: .mail)
    #expect(outlineAfter.parent(of: "Archive") == "Work")
    #expect(heard[0].sectionTransactions.first?.finalSnapshot == outlineAfter)
    #expect(heard[0].sectionTransactions.first?.initialSnapshot == outline)
    #expect(heard[0].finalSnapshot == dataSource.snapshot())
    // Work (open, with Q1 and Archive under it) dropped at the top: they come along.
    _ = view.userMoveRow(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0))
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["Work", "Q1", "Archive", "Inbox", "Home"]])
    #expect(dataSource.snapshot(for: .mail).rootItems == ["Work", "Inbox"])
    #expect(view.violations.isEmpty)
  }

  @Test(
    "random outlines, expansions, toggles and whole snapshots: the view is snapshot() and each outline",
    arguments: 1...4)
  func randomized(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    let (view, dataSource) = make(random.chance(0.5) ? .manual : .immediate)
    var expected: [Section: [String]] = [:]
    func randomOutline() -> DiffableSectionSnapshot<String> {
      var outline = DiffableSectionSnapshot<String>()
      var all: [String] = []
      for _ in 0..<random.int(in: 0...12) {
        let id = "n\(random.int(in: 0..<40))"
        let parent = all.isEmpty || random.chance(0.3) ? nil : all.randomElement(using: &random)
        outline.append([id], to: parent)
        if outline.contains(id) { all.append(id) }
      }
      outline.expand(all.filter { _ in random.chance(0.6) })
      return outline
    }
    for _ in 0..<60 {
      let section: Section = random.chance(0.5) ? .favourites : .mail
      switch random.int(in: 0..<5) {
      case 0:
        var outline = randomOutline()
        // Items the other section holds, shown or hidden, are left out of this one.
        let other = dataSource.snapshot(for: section == .mail ? .favourites : .mail).items
        _ = recordingReports { dataSource.apply(outline, to: section) }
        outline.delete(other.filter(outline.contains))
        expected[section] = outline.visibleItems
      case 1:
        var outline = dataSource.snapshot(for: section)
        let items = outline.items
        for _ in 0..<random.int(in: 1...3) {
          guard let item = items.randomElement(using: &random) else { break }
          if outline.isExpanded(item) { outline.collapse([item]) } else { outline.expand([item]) }
        }
        dataSource.apply(outline, to: section, completion: nil)
        if dataSource.snapshot().sectionIdentifiers.contains(section) || !items.isEmpty {
          expected[section] = outline.visibleItems
        }
      case 2:
        let rows = dataSource.snapshot().itemIdentifiers(inSection: section)
        if let item = rows.randomElement(using: &random) {
          dataSource.toggleExpansion(of: item)
          expected[section] = dataSource.snapshot(for: section).visibleItems
        }
      case 3:
        // A whole snapshot that shows an item elsewhere, maybe one an outline hides.
        var whole = dataSource.snapshot()
        let id = "n\(random.int(in: 0..<40))"
        if let target = whole.sectionIdentifiers.randomElement(using: &random),
          whole.indexOfItem(id) == nil
        {
          whole.appendItems([id], toSection: target)
          _ = recordingReports { dataSource.apply(whole, completion: nil) }
          for key in expected.keys { expected[key] = whole.itemIdentifiers(inSection: key) }
        }
      default:
        var whole = dataSource.snapshot()
        if let item = whole.itemIdentifiers.randomElement(using: &random) {
          whole.deleteItems([item])
          dataSource.apply(whole, completion: nil)
          for key in expected.keys { expected[key] = whole.itemIdentifiers(inSection: key) }
        }
      }
      if random.chance(0.5) { view.finishAnimations() }
      let snapshot = dataSource.snapshot()
      #expect(view.violations.isEmpty, "\(view.violations)")
      #expect(view.numberOfSections == snapshot.numberOfSections)
      for (index, section) in snapshot.sectionIdentifiers.enumerated() {
        let rows = snapshot.itemIdentifiers(inSection: section)
        #expect(rows == expected[section] ?? [], "seed \(seed), \(section)")
        #expect(view.numberOfRows(inSectionAt: index) == rows.count)
        #expect(dataSource.snapshot(for: section).visibleItems == rows)
      }
      let held = snapshot.sectionIdentifiers.flatMap { dataSource.snapshot(for: $0).items }
      #expect(Set(held).count == held.count, "an item held twice, shown or hidden: \(held)")
    }
    view.finishAnimations()
  }
}
