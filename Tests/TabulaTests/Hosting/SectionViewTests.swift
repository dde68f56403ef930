import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// Section views for `SectionInfo`: a header for every section but those
/// whose id starts with "plain" (they show their title), a footer for
/// even-numbered ids, another kind of header once a title starts with
/// "changed".
struct TitleSectionPresenter: SectionPresenter {
  var headerHeight = 2.0

  func reuseIdentifier(for section: SectionInfo, kind: SectionViewKind) -> String? {
    guard !section.id.hasPrefix("plain") else { return nil }
    switch kind {
    case .header:
      return section.title?.hasPrefix("changed") == true ? "changed-header" : "header"
    case .footer:
      return (Int(section.id.dropFirst()) ?? 1).isMultiple(of: 2) ? "footer" : nil
    }
  }

  func configure(_ view: SimulatedCell, with section: SectionInfo, kind: SectionViewKind) {
    view.text = Self.text(of: section, kind)
    view.representedID = section.id
  }

  func height(for section: SectionInfo, kind: SectionViewKind, width: Double) -> Double? {
    kind == .header ? headerHeight : 1
  }

  static func text(of section: SectionInfo, _ kind: SectionViewKind) -> String {
    "\(kind): \(section.title ?? "-")"
  }
}

struct TestItemPresenter: Presenter {
  func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "cell" }
  func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
    cell.text = item.description
    cell.representedID = item.id
  }
}

/// A table view and a controller whose registry has `TitleSectionPresenter`.
@MainActor
func sectionViewList(
  _ kind: ListViewKind = .table, viewportHeight: Int = 20, registerSections: Bool = true
) -> (
  SimulatedListView, ListController<SectionInfo, TestItem, SimulatedCell>,
  PresenterRegistry<SimulatedCell>
) {
  let view: SimulatedListView =
    kind == .table
    ? SimulatedTableView(viewportHeight: viewportHeight)
    : SimulatedCollectionView(viewportHeight: viewportHeight)
  view.animationTiming = .immediate
  view.register(SimulatedCell.self, forReuseIdentifier: "cell")
  for id in ["header", "changed-header", "footer"] {
    view.register(SimulatedCell.self, forSectionViewReuseIdentifier: id)
  }
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(TestItemPresenter())
  if registerSections { presenters.register(TitleSectionPresenter(), forSection: SectionInfo.self) }
  let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
    host: view, presenters: presenters)
  return (view, controller, presenters)
}

/// Expects every section view on screen to show its section of `snapshot`
/// as `TitleSectionPresenter` does, and the header and footer heights to
/// be the presenter's (with `asksHeights`).
@MainActor
func expectSectionViews(
  _ view: SimulatedListView, _ snapshot: TestSnapshot, _ comment: String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let presenter = TitleSectionPresenter()
  #expect(view.violations.isEmpty, "\(view.violations) \(comment)", sourceLocation: sourceLocation)
  for (index, section) in snapshot.sections.enumerated() {
    for kind in SectionViewKind.allCases {
      let id = presenter.reuseIdentifier(for: section, kind: kind)
      if let shown = view.sectionView(ofKind: kind, inSectionAt: index) {
        #expect(
          shown.reuseIdentifier == id && shown.representedID == AnyHashable(section.id)
            && shown.text == TitleSectionPresenter.text(of: section, kind),
          "\(kind) of section \(index) shows \(shown.text) (\(shown.reuseIdentifier)), not \(section) (\(id ?? "no view")) \(comment)",
          sourceLocation: sourceLocation)
      }
      if view.asksHeights {
        let height =
          kind == .header
          ? view.heightIndex.headerHeight(ofSectionAt: index)
          : view.heightIndex.footerHeight(ofSectionAt: index)
        let expected = id == nil ? 0 : (kind == .header ? presenter.headerHeight : 1)
        #expect(
          height == expected, "\(kind) height of section \(index) \(comment)",
          sourceLocation: sourceLocation)
      }
    }
  }
}

@MainActor
@Suite("Section headers and footers as views from section presenters")
struct SectionViewTests {
  @Test("headers and footers are the presenter's views; sections it declines show their title")
  func viewsAndTitles() async throws {
    let (view, controller, _) = sectionViewList()
    let snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("S1", title: "Inbox"), items: items([1, 2])),
      SnapshotSection(section("S2", title: "Sent"), items: items([3])),
      SnapshotSection(section("plain", title: "Drafts"), items: items([4])),
    ])
    await controller.apply(snapshot)
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0)?.text == "header: Inbox")
    #expect(view.sectionView(ofKind: .footer, inSectionAt: 0) == nil, "S1 has no footer")
    #expect(view.sectionView(ofKind: .footer, inSectionAt: 1)?.text == "footer: Sent")
    #expect(view.sectionView(ofKind: .header, inSectionAt: 2) == nil)
    #expect(view.headerTitle(forSectionAt: 2) == "Drafts", "no view: the title shows")
    expectSectionViews(view, snapshot)
  }

  @Test("a changed section is configured again in place; a new reuse identifier replaces the view")
  func updatedInPlace() async throws {
    let (view, controller, _) = sectionViewList()
    var snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("S2", title: "Inbox"), items: items([1, 2])),
      SnapshotSection(section("S3", title: "Sent"), items: items([3])),
    ])
    await controller.apply(snapshot)
    let header = try #require(view.sectionView(ofKind: .header, inSectionAt: 0))
    let footer = try #require(view.sectionView(ofKind: .footer, inSectionAt: 0))
    let cell = try #require(view.visibleCell(at: ItemPath(section: 0, item: 0)))

    try snapshot.updateSections([SectionInfo(id: "S2", title: "Inbox (3)")])
    await controller.apply(snapshot)
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0) === header, "the same view")
    #expect(header.text == "header: Inbox (3)" && footer.text == "footer: Inbox (3)")
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 0)) === cell, "rows untouched")
    #expect(view.batchLog.last?.reloadSections.isEmpty == true, "no section reload")

    try snapshot.updateSections([SectionInfo(id: "S2", title: "changed")])
    await controller.apply(snapshot)
    let replaced = try #require(view.sectionView(ofKind: .header, inSectionAt: 0))
    #expect(replaced !== header && replaced.reuseIdentifier == "changed-header")
    #expect(view.sectionViewPoolCount == 1, "the old header went back to its pool")
    expectSectionViews(view, snapshot)
  }

  @Test("section views move with their sections")
  func moves() async throws {
    let (view, controller, _) = sectionViewList()
    var snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("S2"), items: items([1])),
      SnapshotSection(section("S4"), items: items([2])),
    ])
    await controller.apply(snapshot)
    let first = try #require(view.sectionView(ofKind: .header, inSectionAt: 0))
    snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("S4"), items: items([2])),
      SnapshotSection(section("S9"), items: []),
      SnapshotSection(section("S2"), items: items([1])),
    ])
    await controller.apply(snapshot)
    #expect(view.sectionView(ofKind: .header, inSectionAt: 2) === first)
    #expect(first.text == "header: S2")
    expectSectionViews(view, snapshot)
  }

  @Test("heights come from the presenter; a changed height moves the rows below")
  func heights() async throws {
    let (view, controller, presenters) = sectionViewList()
    view.asksHeights = true
    let snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("S2"), items: items([1, 2])),
      SnapshotSection(section("S3"), items: items([3])),
    ])
    await controller.apply(snapshot)
    // header 2, rows 1 + 1, footer 1, header 2, row 1
    #expect(view.heightIndex.offset(ofItemAt: ItemPath(section: 1, item: 0)) == 7)
    #expect(view.contentHeight == 8)
    presenters.register(TitleSectionPresenter(headerHeight: 5), forSection: SectionInfo.self)
    #expect(view.heightIndex.offset(ofItemAt: ItemPath(section: 1, item: 0)) == 13)
    #expect(view.violations.isEmpty)
  }

  @Test("only sections on screen have views; views scrolled off are reused")
  func viewport() async throws {
    let (view, controller, _) = sectionViewList(viewportHeight: 8)
    let snapshot = try TestSnapshot(
      sections: (0..<4).map { index in
        SnapshotSection(
          section("S\(index * 2 + 1)"), items: items(Array(index * 20..<index * 20 + 20)))
      })
    await controller.apply(snapshot)
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0) != nil)
    for section in 1..<4 { #expect(view.sectionView(ofKind: .header, inSectionAt: section) == nil) }
    let first = try #require(view.sectionView(ofKind: .header, inSectionAt: 0))
    view.scrollOffset = 40
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0) == nil)
    let shown = try #require(view.sectionView(ofKind: .header, inSectionAt: 2))
    #expect(shown === first && shown.reuseCount == 1, "the header scrolled off was reused")
    #expect(shown.text == "header: S5")
    expectSectionViews(view, snapshot)
  }

  @Test("section presenters registered while the list shows refresh every section's views")
  func lateRegistration() async throws {
    let (view, controller, presenters) = sectionViewList(registerSections: false)
    let snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("S2", title: "Inbox"), items: items([1]))
    ])
    await controller.apply(snapshot)
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0) == nil)
    #expect(view.headerTitle(forSectionAt: 0) == "Inbox")
    presenters.register(TitleSectionPresenter(), forSection: SectionInfo.self)
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0)?.text == "header: Inbox")
    #expect(view.sectionView(ofKind: .footer, inSectionAt: 0)?.text == "footer: Inbox")
    #expect(view.reloadCount == 1, "a batch of section updates, not a reload")
    expectSectionViews(view, snapshot)
  }

  @Test("a section view the app registers itself: a collection view raises without it")
  func unregisteredSupplementary() async throws {
    struct AppRegisteredHeader: SectionPresenter {
      var viewClass: SimulatedCell.Type? { nil }
      func reuseIdentifier(for section: SectionInfo, kind: SectionViewKind) -> String? {
        kind == .header ? "header" : nil
      }
      func configure(_ view: SimulatedCell, with section: SectionInfo, kind: SectionViewKind) {
        view.text = TitleSectionPresenter.text(of: section, kind)
      }
    }
    let collection = SimulatedCollectionView(viewportHeight: 10)
    collection.animationTiming = .immediate
    collection.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(TestItemPresenter())
    presenters.register(AppRegisteredHeader(), forSection: SectionInfo.self)
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: collection, presenters: presenters)
    await controller.apply(
      try TestSnapshot(sections: [SnapshotSection(section("S1"), items: items([1]))]))
    #expect(
      collection.violations.map(\.message) == [
        "could not dequeue a view of kind: UICollectionElementKindSectionHeader with identifier "
          + "header - must register a nib or a class for the identifier or connect a prototype "
          + "cell in a storyboard"
      ])
    // A table view can tell the registration is missing: the section shows
    // its title, and the missing registration is reported by name.
    let plain = SimulatedTableView(viewportHeight: 10)
    plain.animationTiming = .immediate
    plain.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let tableController = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: plain, presenters: presenters)
    let reports = try recordingReports {
      tableController.apply(
        try TestSnapshot(sections: [SnapshotSection(section("S1"), items: items([1]))]))
    }
    #expect(
      reports == [
        "AppRegisteredHeader dequeues header views under the reuse identifier \"header\", which "
          + "SimulatedTableView has no registration for, and its viewClass is nil: register a view "
          + "class or nib for \"header\", or give it a viewClass. Its sections show their titles "
          + "instead"
      ])
    #expect(plain.violations.isEmpty)
    #expect(plain.sectionView(ofKind: .header, inSectionAt: 0) == nil)
    #expect(plain.headerTitle(forSectionAt: 0) == "S1")
  }

  @Test("a view of another type than the presenter's, and a bad height, are reported")
  func reports() throws {
    struct BadgeHeader: SectionPresenter {
      func reuseIdentifier(for section: SectionInfo, kind: SectionViewKind) -> String? {
        kind == .header ? "badge" : nil
      }
      func configure(_ view: BadgeCell, with section: SectionInfo, kind: SectionViewKind) {
        view.badge = 1
      }
      func height(for section: SectionInfo, kind: SectionViewKind, width: Double) -> Double? {
        -.infinity
      }
    }
    let table = SimulatedTableView(viewportHeight: 10)
    table.animationTiming = .immediate
    table.asksHeights = true
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    table.register(SimulatedCell.self, forSectionViewReuseIdentifier: "badge")
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(TestItemPresenter())
    presenters.register(BadgeHeader(), forSection: SectionInfo.self)
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, presenters: presenters)
    let reports = try recordingReports {
      controller.apply(
        try TestSnapshot(sections: [SnapshotSection(section("S1"), items: items([1]))]))
    }
    #expect(
      reports == [
        "the header height of section SectionInfo with id S1 is -inf: heights must be finite and "
          + "not negative (read as 0.0)",
        "the section presenter for SectionInfo configures BadgeCell views, but the host gave it "
          + "a SimulatedCell: the header of section 0 is left unconfigured",
      ])
    #expect(table.heightIndex.headerHeight(ofSectionAt: 0) == 0)
  }

  @Test(
    "random changes, reloads and scrolling: every section view on screen shows its section",
    arguments: [ListViewKind.table, .collection])
  func randomized(kind: ListViewKind) async {
    let (view, controller, _) = sectionViewList(kind, viewportHeight: 15)
    view.asksHeights = true
    var random = SeededRandom(seed: kind == .table ? 7 : 8)
    var ids = FreshIDs()
    var snapshot = randomSnapshot(&random, maxItems: 40, ids: &ids)
    await controller.apply(snapshot)
    for step in 0..<150 {
      if step % 4 == 3 {
        view.contentOffset = Double(random.int(in: 0...max(0, Int(view.contentHeight))))
      } else {
        snapshot = randomChange(of: snapshot, &random, ids: &ids, maxInserts: 6)
        await controller.apply(snapshot)
      }
      expectSectionViews(view, snapshot.withoutMarks, "step \(step)")
      // Every header and footer on screen has its view.
      let top = view.contentOffset
      let bottom = top + Double(view.viewportHeight)
      for (index, section) in snapshot.sections.enumerated() {
        let start = view.heightIndex.offset(ofSectionAt: index)
        if start < bottom && start + 2 > top,
          TitleSectionPresenter().reuseIdentifier(for: section, kind: .header) != nil
        {
          #expect(
            view.sectionView(ofKind: .header, inSectionAt: index) != nil,
            "header \(index) is on screen without a view, step \(step)")
        }
      }
    }
  }
}
