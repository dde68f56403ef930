import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// The decisions TabulaSwiftUI's `TabulaList` leaves to the portable
/// controller: a selection binding's set applied as a whole, and paging
/// driven by the rows that appear.
@MainActor
@Suite("TabulaList's portable decisions: selection sets and paging by visible rows")
struct SwiftUIDecisionsTests {
  @Test("setSelection makes the selection exactly the set the list shows, with one change")
  func selectionSet() throws {
    let table = SimulatedTableView()
    let controller = ListController(
      host: table, snapshot: try twoSections(), cellProvider: testCell)
    controller.selectionMode = .multiple
    var changes = 0
    controller.selectionDidChange = { changes += 1 }
    #expect(controller.setSelection([1, 3]))
    #expect(Set(controller.selectedIDs) == [1, 3])
    #expect(changes == 1)
    #expect(controller.setSelection([3, 4, 99]), "99 is not shown: ignored")
    #expect(Set(controller.selectedIDs) == [3, 4])
    #expect(changes == 2, "one change for a deselect and a select")
    #expect(!controller.setSelection([4, 3]), "the same set changes nothing")
    #expect(changes == 2)
    #expect(controller.setSelection([]))
    #expect(controller.selectedIDs.isEmpty)
    controller.selectionMode = .single
    controller.setSelection([2])
    #expect(controller.selectedIDs == [2])
  }

  @Test(
    "a selection set before its rows arrive is selected when the source publishes them",
    .timeLimit(.minutes(10)))
  func selectionAwaitsItsRows() async throws {
    let source = StaticSource(TestSnapshot())
    let table = testTable()
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.selectionMode = .multiple
    controller.connect(to: source)
    table.reloadData()
    var changes = 0
    controller.selectionDidChange = { changes += 1 }
    // A restored selection, set before the first load.
    #expect(!controller.setSelection([1, 3, 99]))
    #expect(controller.selectedIDs.isEmpty)
    #expect(controller.awaitedSelection == [1, 3, 99])
    source.setSnapshot(try twoSections())
    await yieldUntil { !controller.isUpdating }
    #expect(Set(controller.selectedIDs) == [1, 3], "selected as their rows arrive")
    #expect(controller.awaitedSelection == [99], "still awaited")
    #expect(changes == 1)
    #expect(
      table.selectedItemPaths == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 2)])
    // Another change of the selection drops what was awaited.
    controller.deselect(3)
    #expect(controller.awaitedSelection == [99])
    controller.select(4)
    #expect(controller.awaitedSelection.isEmpty)
    var next = try twoSections()
    try next.appendItems(items([99]), toSection: section("B").id)
    source.setSnapshot(next)
    await yieldUntil { !controller.isUpdating }
    #expect(Set(controller.selectedIDs) == [1, 4], "99 is no longer awaited")
    // Single selection: the first awaited row to arrive is the one.
    controller.selectionMode = .single
    #expect(!controller.setSelection([100]), "nothing selected yet")
    #expect(controller.selectedIDs.isEmpty)
    next = try twoSections()
    try next.appendItems(items([100]), toSection: section("A").id)
    source.setSnapshot(next)
    await yieldUntil { !controller.isUpdating }
    #expect(controller.selectedIDs == [100])
    #expect(table.violations.isEmpty)
  }

  @Test(
    "with reportsVisibleRows (the default), a paged source loads its next page as the end appears",
    .timeLimit(.minutes(10)))
  func pagingByVisibleRows() async {
    let script = ScriptedPages()
    let feed = PagedSource<SectionInfo, AnyItem, Int>(section: SectionInfo(id: "feed")) {
      try await script.load($0)
    }
    feed.prefetchScreens = 1
    let table = SimulatedTableView(viewportHeight: 5)
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    table.animationTiming = .immediate
    let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(host: table) {
      host, path, _ in host.dequeueCell(withReuseIdentifier: "cell", for: path)
    }
    #expect(controller.reportsVisibleRows, "on by default")
    controller.reportsVisibleRows = false
    controller.connect(to: feed)
    feed.load()
    await script.waitForRequests(1)
    script.answer(0, ids: 0..<20, next: 20)
    await feed.waitUntilIdle()
    await yieldUntil { !controller.isUpdating }
    table.contentOffset = 12  // rows 12...16 show: 3 rows left below, under a screen
    for _ in 0..<5 { await Task.yield() }
    #expect(script.requests.count == 1, "without reportsVisibleRows the app must page")

    controller.reportsVisibleRows = true
    table.contentOffset = 0
    #expect(script.requests.count == 1, "rows far from the end ask for nothing")
    table.contentOffset = 8  // rows 8...12 show: 7 rows left, more than a screen
    for _ in 0..<5 { await Task.yield() }
    #expect(script.requests.count == 1)
    table.contentOffset = 15  // rows 15...19: the end shows
    await script.waitForRequests(2)
    #expect(script.requests[1].cursor == 20, "the next page, asked for by the rows that appeared")
    script.answer(1, ids: 20..<30, next: nil)
    await feed.waitUntilIdle()
    #expect(feed.snapshot.numberOfItems >= 30)
  }

  @Test(
    "through a ComposedSource, the paged child hears the rows of its own section",
    .timeLimit(.minutes(10)))
  func pagingThroughComposedSource() async throws {
    let script = ScriptedPages()
    let feed = PagedSource<SectionInfo, AnyItem, Int>(section: SectionInfo(id: "feed")) {
      try await script.load($0)
    }
    feed.prefetchScreens = 1
    // Forty rows of highlights above the feed: their rows say nothing of it.
    let highlights = try StaticSource(
      (100..<140).map { AnyItem(TestItem(id: $0)) }, in: SectionInfo(id: "highlights"))
    let table = SimulatedTableView(viewportHeight: 5)
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    table.animationTiming = .immediate
    let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(host: table) {
      host, path, _ in host.dequeueCell(withReuseIdentifier: "cell", for: path)
    }
    controller.connect(to: ComposedSource([highlights, feed]))
    feed.load()
    await script.waitForRequests(1)
    script.answer(0, ids: 0..<20, next: 20)
    await feed.waitUntilIdle()
    await yieldUntil { !controller.isUpdating }
    table.contentOffset = 16  // highlights 16...20 show: item 19 of a section of 40
    for _ in 0..<5 { await Task.yield() }
    #expect(script.requests.count == 1, "a highlight row is not the feed's row 19")
    table.contentOffset = 55  // the feed's rows 15...19: its end shows
    await script.waitForRequests(2)
    #expect(script.requests[1].cursor == 20)
    script.answer(1, ids: 20..<30, next: nil)
    await feed.waitUntilIdle()
  }
}

/// When a SwiftUI update applies: only a snapshot that is not the one the
/// controller has, and an array is built again only when it changed.
@MainActor
@Suite("TabulaList's portable decisions: when to apply")
struct SwiftUIApplyTests {
  @Test("update(to:) applies a new snapshot, skips the very same one, applies marks")
  func updateSkipsTheSameSnapshot() throws {
    let table = SimulatedTableView()
    table.animationTiming = .immediate
    let first = try twoSections()
    let controller = ListController(host: table, snapshot: first, cellProvider: testCell)
    #expect(!controller.update(to: first), "the snapshot the controller has: nothing to do")
    let batches = table.batchCount
    var second = first
    try second.deleteItems([1])
    #expect(controller.update(to: second))
    #expect(table.batchCount == batches + 1)
    #expect(!controller.update(to: controller.latestSnapshot))
    var marked = controller.latestSnapshot
    try marked.reloadItems([2])
    #expect(controller.update(to: marked), "marks ask for an update even on the same items")
  }

  @Test("SnapshotMemo builds once per array storage; a changed or rebuilt array is built again")
  func memo() throws {
    var memo = SnapshotMemo<TestItem>(section: section("all"))
    var rows = items([1, 2, 3])
    let first = try memo.snapshot(of: rows)
    #expect(try memo.snapshot(of: rows).isIdentical(to: first))
    #expect(memo.buildCount == 1, "an unchanged array costs nothing")
    rows.append(TestItem(id: 4))
    let second = try memo.snapshot(of: rows)
    #expect(second.numberOfItems == 4)
    #expect(memo.buildCount == 2)
    #expect(try memo.snapshot(of: items([1, 2, 3, 4])).numberOfItems == 4)
    #expect(memo.buildCount == 3, "an equal array built anew is built again")
    #expect(throws: SnapshotError.self) { try memo.snapshot(of: items([5, 5])) }
    #expect(try memo.snapshot(of: items([1])).numberOfItems == 1)
  }
}
