import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@MainActor
@Suite("Collapsible sections")
struct CollapsingSourceTests {
  let mail = try! Snapshot<SectionInfo, TestItem>(
    sections: [
      SnapshotSection(
        SectionInfo(id: "inbox", title: "Inbox"), items: [TestItem(id: 1), TestItem(id: 2)]),
      SnapshotSection(
        SectionInfo(id: "archive", title: "Archive", footer: "Old"),
        items: [TestItem(id: 3), TestItem(id: 4), TestItem(id: 5)]),
    ])

  @Test("a collapsed section keeps its header and count, and hides its items")
  func transform() {
    let shown = mail.collapsingSections(["archive", "nowhere"])
    #expect(shown.numberOfSections == 2)
    #expect(shown.sections.map(\.isCollapsed) == [false, true])
    #expect(shown.sections.map(\.itemCount) == [2, 3])
    #expect(shown.items.map(\.id) == [1, 2])
    #expect(shown.sections[1].headerTitle == "Archive (3)")
    #expect(shown.sections[1].footerTitle == nil)
    #expect(shown.sections[0].headerTitle == "Inbox")
  }

  @Test("collapsing and expanding animate as deletes and inserts, with the header refreshed")
  func animated() throws {
    let base = StaticSource(mail)
    let source = CollapsingSource(base)
    let table = SimulatedTableView(viewportHeight: 20)
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    table.animationTiming = .immediate
    let controller = ListController<CollapsibleSection<SectionInfo>, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.connect(to: source)
    #expect(table.headerTitle(forSectionAt: 1) == "Archive")

    try source.toggleSection("archive")
    #expect(table.batchLog.last?.deleteRows.count == 3)
    #expect(table.numberOfRows(inSectionAt: 1) == 0)
    #expect(table.headerTitle(forSectionAt: 1) == "Archive (3)")

    // The base changes: the section stays collapsed, its count follows.
    var next = mail
    try next.appendItems([TestItem(id: 6)], toSection: "archive")
    try next.appendItems([TestItem(id: 7)], toSection: "inbox")
    base.setSnapshot(next)
    #expect(source.isCollapsed("archive"))
    #expect(table.headerTitle(forSectionAt: 1) == "Archive (4)")
    #expect(table.numberOfRows(inSectionAt: 0) == 3)

    try source.expandSection("archive")
    #expect(table.batchLog.last?.insertRows.count == 4)
    #expect(table.headerTitle(forSectionAt: 1) == "Archive")
    #expect(table.violations.isEmpty)
    #expect(table.reloadCount == 1)
    #expect(
      (#expect(throws: SnapshotError.self) { try source.collapseSection("spam") })?.description
        == "unknown section ID \"spam\": not in the snapshot")
  }

  @Test("a tap on a header reaches didSelectHeader, which collapses and expands the section")
  func headerTap() throws {
    let source = CollapsingSource(StaticSource(mail))
    let table = SimulatedTableView(viewportHeight: 20)
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    table.animationTiming = .immediate
    let controller = ListController<CollapsibleSection<SectionInfo>, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.connect(to: source)
    var tapped: [String] = []
    controller.didSelectHeader = { section, index in
      tapped.append("\(section.id)@\(index)")
      try? source.toggleSection(section.id)
    }

    table.selectHeader(inSectionAt: 0)
    #expect(tapped == ["inbox@0"])
    #expect(table.numberOfRows(inSectionAt: 0) == 0)
    #expect(table.headerTitle(forSectionAt: 0) == "Inbox (2)")
    table.selectHeader(inSectionAt: 0)
    #expect(table.numberOfRows(inSectionAt: 0) == 2)

    // A stale tap, on a section that is gone, is ignored.
    table.selectHeader(inSectionAt: 5)
    table.selectHeader(inSectionAt: -1)
    #expect(tapped == ["inbox@0", "inbox@0"])
    #expect(table.violations.isEmpty)
  }

  /// What collapsing must give, built from scratch: each section's model
  /// with its state and count, and the items of the expanded ones.
  func naive(_ base: Snapshot<SectionInfo, TestItem>, _ collapsed: Set<String>) -> (
    [CollapsibleSection<SectionInfo>], [[Int]]
  ) {
    let sections = base.sectionsWithItems
    return (
      sections.map {
        CollapsibleSection(
          $0.model, isCollapsed: collapsed.contains($0.model.id), itemCount: $0.items.count)
      },
      sections.map { collapsed.contains($0.model.id) ? [] : $0.items.map(\.id) }
    )
  }

  func shown(_ snapshot: Snapshot<CollapsibleSection<SectionInfo>, TestItem>) -> (
    [CollapsibleSection<SectionInfo>], [[Int]]
  ) {
    (snapshot.sections, snapshot.sectionsWithItems.map { $0.items.map(\.id) })
  }

  @Test(
    "collapsing and toggling equal a rebuild, in both storages, for random sections and states",
    arguments: [false, true])
  func randomToggles(sharedStorage: Bool) throws {
    var random = SeededRandom(seed: sharedStorage ? 31 : 32)
    var next = 0
    let sections = (0..<80).map { section in
      SnapshotSection(
        SectionInfo(id: "s\(section)", title: "S\(section)"),
        items: (0..<random.int(in: 0..<60)).map { _ in
          next += 1
          return TestItem(id: next)
        })
    }
    var base = try Snapshot(sections: sections)
    if sharedStorage { base = base.withSharedStorage() }
    let source = CollapsingSource(StaticSource(base))
    var collapsed: Set<String> = []
    for step in 0..<80 {
      let id = "s\(random.int(in: 0..<80))"
      let before = source.snapshot
      try source.toggleSection(id)
      if !collapsed.insert(id).inserted { collapsed.remove(id) }
      let expected = naive(base, collapsed)
      #expect(shown(source.snapshot) == expected, "step \(step): \(id)")
      #expect(shown(base.collapsingSections(collapsed)) == expected)
      // Below the size where an edit chooses its storage (4,096 items), a
      // snapshot in shared storage stays there: each toggle edits the last
      // version, sharing the rest.
      if sharedStorage {
        #expect(source.snapshot.usesSharedStorage)
        let added = source.snapshot.storageBytes(notSharedWith: before)
        let whole = source.snapshot.storageBytes(notSharedWith: Snapshot())
        #expect(added * 2 < whole, "step \(step): \(added) bytes of \(whole)")
      }
    }
  }

  @Test("a toggle from an observer the base told first collapses the new base, not the last one")
  func toggleFromAnEarlierObserver() throws {
    let first = try Snapshot<SectionInfo, TestItem>(
      sections: [
        SnapshotSection(SectionInfo(id: "a"), items: [TestItem(id: 1)]),
        SnapshotSection(SectionInfo(id: "b"), items: []),
      ])
    let base = StaticSource(first)
    var source: CollapsingSource<SectionInfo, TestItem>?
    // Told before the collapsing source, which has not seen the change yet.
    let token = base.observe { try? source?.expandSection("b") }
    source = CollapsingSource(base, collapsed: ["b"])
    let moved = try Snapshot<SectionInfo, TestItem>(
      sections: [
        SnapshotSection(SectionInfo(id: "a"), items: []),
        SnapshotSection(SectionInfo(id: "b"), items: [TestItem(id: 1)]),
      ])
    base.setSnapshot(moved)
    #expect(shown(try #require(source).snapshot) == naive(moved, []))
    _ = token
  }

  @Test("a toggle does not send the base's last reloads again")
  func toggleKeepsNoMarks() throws {
    let base = StaticSource(mail)
    let source = CollapsingSource(base)
    var reloaded = mail
    try reloaded.reloadItems([1])
    base.setSnapshot(reloaded)
    let before = source.snapshot
    try source.collapseSection("archive")
    let changes = Changeset(from: before, to: source.snapshot)
    #expect(changes.itemDeletes.count == 3)
    #expect(changes.itemUpdates.isEmpty, "item 1 was reloaded with the base's change, not again")
  }
}
