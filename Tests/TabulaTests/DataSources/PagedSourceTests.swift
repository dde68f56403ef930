import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// A loader whose requests wait until the test answers them, in any order.
@MainActor
final class ScriptedPages {
  typealias Page = PagedSource<SectionInfo, AnyItem, Int>.Page
  struct Failure: Error, CustomStringConvertible { var description: String { "offline" } }

  private(set) var requests: [(cursor: Int?, answer: CheckedContinuation<Page, any Error>)] = []
  private(set) var inFlight = 0
  private(set) var maxInFlight = 0

  nonisolated func load(_ cursor: Int?) async throws -> Page {
    try await withCheckedThrowingContinuation { continuation in
      Task { @MainActor in self.enqueue(cursor, continuation) }
    }
  }

  private func enqueue(_ cursor: Int?, _ answer: CheckedContinuation<Page, any Error>) {
    requests.append((cursor, answer))
    inFlight += 1
    maxInFlight = max(maxInFlight, inFlight)
  }

  /// Waits until `count` requests came in.
  func waitForRequests(_ count: Int) async {
    await yieldUntil { requests.count >= count }
  }

  /// Answers request `index` with rows `ids` and the next cursor.
  func answer(_ index: Int, ids: Range<Int>, next: Int?) {
    inFlight -= 1
    let items = ids.map { AnyItem(PageRow(id: $0, title: "row \($0)")) }
    requests[index].answer.resume(returning: Page(items: items, next: next))
  }

  func fail(_ index: Int) {
    inFlight -= 1
    requests[index].answer.resume(throwing: Failure())
  }
}

struct PageRow: Diffable, Hashable {
  let id: Int
  var title: String
}

@MainActor
@Suite("PagedSource: pages as the user scrolls")
struct PagedSourceTests {
  let section = SectionInfo(id: "feed")

  func source(_ script: ScriptedPages) -> PagedSource<SectionInfo, AnyItem, Int> {
    PagedSource(section: section) { try await script.load($0) }
  }

  /// Loads `feed`'s first page: rows `ids`, then the page at `next`.
  func loadFirstPage(
    _ feed: PagedSource<SectionInfo, AnyItem, Int>, _ script: ScriptedPages, ids: Range<Int>,
    next: Int?
  ) async {
    feed.load()
    await script.waitForRequests(1)
    script.answer(0, ids: ids, next: next)
    await feed.waitUntilIdle()
  }

  func ids(_ source: PagedSource<SectionInfo, AnyItem, Int>) -> [Int] {
    source.content.items.compactMap { $0.base(as: PageRow.self)?.id }
  }

  func lastRow(_ source: PagedSource<SectionInfo, AnyItem, Int>) -> Any? {
    source.snapshot.items.last?.base
  }

  @Test("the next page loads within two screens of the end, one at a time")
  func triggerAndOnePageInFlight() async {
    let script = ScriptedPages()
    let feed = source(script)
    feed.load()
    #expect(feed.snapshot.items.first?.base is LoadingPlaceholder)
    await script.waitForRequests(1)
    script.answer(0, ids: 0..<30, next: 30)
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(0..<30))
    #expect(feed.pageState == .idle)
    feed.rowsDidShow(through: 9, screenRows: 10)  // 20 rows left: not yet
    #expect(feed.loadCount == 1)
    feed.rowsDidShow(through: 10, screenRows: 10)  // 19 left: within two screens
    #expect(feed.loadCount == 2)
    #expect(feed.pageState == .loading)
    #expect(lastRow(feed) is LoadingMorePlaceholder)
    feed.rowsDidShow(through: 25, screenRows: 10)
    feed.loadNextPage()
    #expect(feed.loadCount == 2, "one page in flight")
    await script.waitForRequests(2)
    #expect(script.requests[1].cursor == 30)
    script.answer(1, ids: 30..<60, next: nil)
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(0..<60))
    #expect(feed.pageState == .end)
    #expect(lastRow(feed) is EndOfListPlaceholder)
    feed.rowsDidShow(through: 59, screenRows: 10)
    #expect(feed.loadCount == 2, "the end: no more requests")
    #expect(script.maxInFlight == 1)
  }

  @Test("a failed page keeps the content and shows an error row; retry asks again")
  func failureAndRetry() async {
    let script = ScriptedPages()
    let feed = source(script)
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    feed.rowsDidShow(through: 9, screenRows: 10)
    await script.waitForRequests(2)
    script.fail(1)
    await feed.waitUntilIdle()
    #expect(feed.pageState == .failed("offline"))
    #expect(ids(feed) == Array(0..<10), "the content stays")
    #expect((lastRow(feed) as? PageErrorPlaceholder)?.message == "offline")
    feed.rowsDidShow(through: 9, screenRows: 10)
    #expect(feed.loadCount == 2, "no retry loop: only retry() asks again")
    feed.retry()
    await script.waitForRequests(3)
    #expect(script.requests[2].cursor == 10)
    script.answer(2, ids: 10..<20, next: 20)
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(0..<20))
    #expect(feed.pageState == .idle)
    #expect(feed.snapshot.numberOfItems == 20, "no end row while idle")
  }

  @Test("a page that loads after a failed refresh ends the error: the last load succeeded")
  func pageAfterFailedRefresh() async {
    let script = ScriptedPages()
    let feed = source(script)
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    feed.refresh()
    await script.waitForRequests(2)
    script.fail(1)
    await feed.waitUntilIdle()
    #expect(feed.state == .error("offline"))
    #expect(ids(feed) == Array(0..<10), "the content stays")
    feed.rowsDidShow(through: 9, screenRows: 10)
    await script.waitForRequests(3)
    script.answer(2, ids: 10..<20, next: 20)
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(0..<20))
    #expect(feed.state == .loaded, "LoadingState.error means the last load failed")
    // A page that fails after a failed refresh leaves the refresh's error.
    feed.refresh()
    await script.waitForRequests(4)
    script.fail(3)
    await feed.waitUntilIdle()
    feed.rowsDidShow(through: 19, screenRows: 10)
    await script.waitForRequests(5)
    script.fail(4)
    await feed.waitUntilIdle()
    #expect(feed.state == .error("offline"))
    #expect(feed.pageState == .failed("offline"))
  }

  @Test(
    "a page naming its own cursor as the next one stops paging with an error naming the cursor",
    arguments: [false, true])
  func ownCursor(onlyDuplicates: Bool) async {
    let script = ScriptedPages()
    let feed = source(script)
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    feed.rowsDidShow(through: 9, screenRows: 10)
    await script.waitForRequests(2)
    // The server answers the page at 10 with the cursor 10 again: new rows,
    // or only rows shown already.
    script.answer(1, ids: onlyDuplicates ? 0..<10 : 10..<20, next: 10)
    await feed.waitUntilIdle()
    let message =
      "the page at 10 names 10 as the next page, which was loaded already: paging stops "
      + "rather than load it again (retry() asks for the page at 10 again)"
    #expect(PagingError.repeatedCursor(next: "10", page: "10").description == message)
    #expect(feed.pageState == .failed(message))
    #expect(ids(feed) == Array(0..<(onlyDuplicates ? 10 : 20)), "the page's new rows are shown")
    #expect((lastRow(feed) as? PageErrorPlaceholder)?.message == message)
    feed.rowsDidShow(through: feed.itemCount - 1, screenRows: 10)
    #expect(feed.loadCount == 2, "scrolling near the end asks for nothing more")
    guard feed.loadCount == 2 else { return }
    // retry() asks for that page again; the server has mended its ways.
    feed.retry()
    await script.waitForRequests(3)
    #expect(script.requests[2].cursor == 10)
    script.answer(2, ids: 10..<30, next: nil)
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(0..<30))
    #expect(feed.pageState == .end)
  }

  @Test(
    "cursors that cycle over two pages (10 → 20 → 10) stop at the repeat; a refresh forgets them")
  func cursorCycle() async {
    let script = ScriptedPages()
    let feed = source(script)
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    feed.loadNextPage()
    await script.waitForRequests(2)
    script.answer(1, ids: 10..<20, next: 20)
    await feed.waitUntilIdle()
    feed.loadNextPage()
    await script.waitForRequests(3)
    script.answer(2, ids: 20..<30, next: 10)
    await feed.waitUntilIdle()
    let message =
      "the page at 20 names 10 as the next page, which was loaded already: paging stops "
      + "rather than load it again (retry() asks for the page at 20 again)"
    #expect(feed.pageState == .failed(message))
    feed.loadNextPage()
    feed.rowsDidShow(through: feed.itemCount - 1, screenRows: 10)
    #expect(feed.loadCount == 3)
    guard feed.loadCount == 3 else { return }
    #expect(ids(feed) == Array(0..<30))
    // A refresh starts over: the page at 10 is a new page again.
    feed.refresh()
    await script.waitForRequests(4)
    script.answer(3, ids: 0..<10, next: 10)
    await feed.waitUntilIdle()
    feed.loadNextPage()
    await script.waitForRequests(5)
    #expect(script.requests[4].cursor == 10)
    script.answer(4, ids: 10..<20, next: 20)
    await feed.waitUntilIdle()
    #expect(feed.pageState == .idle)
  }

  @Test("rows a new page repeats are dropped and counted, never a duplicate-id failure")
  func overlappingPages() async {
    let script = ScriptedPages()
    let feed = source(script)
    var reported: [[AnyHashable]] = []
    feed.onDroppedDuplicates = { reported.append($0) }
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    feed.loadNextPage()
    await script.waitForRequests(2)
    script.answer(1, ids: 5..<15, next: 15)  // the data shifted by five
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(0..<15))
    #expect(feed.droppedDuplicateCount == 5)
    #expect(reported.count == 1 && reported[0].count == 5)
  }

  @Test(
    "a refresh keeps the content until its first page arrives; a page asked before it never lands")
  func refreshRacingAPage() async {
    let script = ScriptedPages()
    let feed = source(script)
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    feed.loadNextPage()
    await script.waitForRequests(2)
    feed.refresh()
    #expect(feed.state == .refreshing)
    #expect(ids(feed) == Array(0..<10), "the content stays while refreshing")
    await script.waitForRequests(3)
    #expect(script.requests[2].cursor == nil)
    // The stale page arrives first, then the refresh.
    script.answer(1, ids: 10..<20, next: 20)
    await Task.yield()
    script.answer(2, ids: 100..<110, next: 110)
    await feed.waitUntilIdle()
    #expect(ids(feed) == Array(100..<110), "the stale page never landed")
    // And the other order: the refresh lands, then the stale page.
    feed.loadNextPage()
    await script.waitForRequests(4)
    feed.refresh()
    await script.waitForRequests(5)
    script.answer(4, ids: 200..<210, next: 210)
    for _ in 0..<20 { await Task.yield() }
    script.answer(3, ids: 110..<120, next: 120)
    await feed.waitUntilIdle()
    for _ in 0..<20 { await Task.yield() }
    #expect(ids(feed) == Array(200..<210))
    #expect(feed.state == .loaded)
  }

  @Test("items arriving at the top are prepended, keeping the pages; repeats are dropped")
  func prepending() async {
    let script = ScriptedPages()
    let feed = source(script)
    feed.prepend([AnyItem(PageRow(id: 99, title: "too early"))])
    feed.load()
    feed.prepend([AnyItem(PageRow(id: 98, title: "too early"))])
    await script.waitForRequests(1)
    script.answer(0, ids: 0..<10, next: 10)
    await feed.waitUntilIdle()
    feed.prepend([AnyItem(PageRow(id: 100, title: "new")), AnyItem(PageRow(id: 3, title: "old"))])
    #expect(ids(feed) == [100] + Array(0..<10))
    #expect(feed.droppedDuplicateCount == 1)
    feed.loadNextPage()
    await script.waitForRequests(2)
    script.answer(1, ids: 9..<20, next: nil)  // the offsets shifted by one
    await feed.waitUntilIdle()
    #expect(ids(feed) == [100] + Array(0..<20))
    #expect(feed.droppedDuplicateCount == 2)
  }

  @Test("an empty first page with more to come: no results until a page brings rows, then loaded")
  func emptyFirstPage() async {
    let script = ScriptedPages()
    let feed = source(script)
    await loadFirstPage(feed, script, ids: 0..<0, next: 0)
    #expect(feed.state == .noContent)
    feed.rowsDidShow(through: 0, screenRows: 10)
    await script.waitForRequests(2)
    script.answer(1, ids: 0..<5, next: nil)
    await feed.waitUntilIdle()
    #expect(feed.state == .loaded)
    #expect(ids(feed) == Array(0..<5))
  }

  @Test(
    "prepend waits for content: nothing while the first load or a refresh runs, or after it failed")
  func prependWithoutContent() async {
    let script = ScriptedPages()
    let feed = source(script)
    feed.load()
    await script.waitForRequests(1)
    script.fail(0)
    await feed.waitUntilIdle()
    feed.prepend([AnyItem(PageRow(id: 50, title: "new"))])
    #expect(feed.itemCount == 0)
    feed.retry()
    await script.waitForRequests(2)
    script.answer(1, ids: 0..<3, next: 3)
    await feed.waitUntilIdle()
    feed.refresh()
    feed.prepend([AnyItem(PageRow(id: 51, title: "new"))])
    feed.retry()  // nothing failed, and a refresh runs
    await script.waitForRequests(3)
    script.answer(2, ids: 0..<3, next: 3)
    await feed.waitUntilIdle()
    #expect(ids(feed) == [0, 1, 2])
    #expect(feed.loadCount == 3)
  }

  @Test("a failed first load shows the error placeholder; retry loads again")
  func failedFirstLoad() async {
    let script = ScriptedPages()
    let feed = source(script)
    feed.load()
    await script.waitForRequests(1)
    script.fail(0)
    await feed.waitUntilIdle()
    #expect((feed.snapshot.items.first?.base as? ErrorPlaceholder)?.message == "offline")
    feed.retry()
    await script.waitForRequests(2)
    script.answer(1, ids: 0..<3, next: nil)
    await feed.waitUntilIdle()
    #expect(ids(feed) == [0, 1, 2])
    #expect(lastRow(feed) is EndOfListPlaceholder)
  }

  @Test("a load started by an observer while load() notifies replaces it; both end, one applies")
  func loadFromAnObserver() async {
    let script = ScriptedPages()
    let feed = source(script)
    var reloaded = false
    let observation = feed.observe {
      if feed.state == .loading && !reloaded {
        reloaded = true
        feed.load()
      }
    }
    feed.load()
    #expect(feed.loadCount == 2)
    await script.waitForRequests(2)
    // Whichever request is stale, answering it first must not leave
    // waitUntilIdle() waiting on it.
    script.answer(0, ids: 0..<5, next: nil)
    for _ in 0..<20 { await Task.yield() }
    script.answer(1, ids: 0..<5, next: nil)
    await feed.waitUntilIdle()
    #expect(feed.state == .loaded)
    #expect(ids(feed) == Array(0..<5))
    observation.cancel()
  }

  @Test("an end row whose id an item has is reported, naming the rule, and left out")
  func collidingEndRowReported() async {
    // A page whose row 0 has the id that `makePlaceholder` gives every
    // placeholder, so that the end row collides with it.
    let feed = PagedSource<SectionInfo, PageRow, Int>(
      section: SectionInfo(id: "feed"),
      makePlaceholder: { _ in PageRow(id: 0, title: "placeholder") },
      loader: { _ in .init(items: (0..<3).map { PageRow(id: $0, title: "row \($0)") }, next: nil) }
    )
    let reports = await recordingReportsAsync {
      feed.load()
      await feed.waitUntilIdle()
    }
    #expect(
      reports.contains {
        $0.hasPrefix(
          "PagedSource: the EndOfListPlaceholder that makePlaceholder made cannot follow the "
            + "pages (a placeholder needs an id of its own)")
      }, "\(reports)")
    #expect(feed.snapshot.items.map(\.title) == ["row 0", "row 1", "row 2"], "no end row")
  }

  @Test("pages and refreshes animate into a simulated table without a rule broken")
  func onATable() async {
    let script = ScriptedPages()
    let feed = source(script)
    let table = SimulatedTableView(viewportHeight: 100)  // the end row is on screen
    table.animationTiming = .immediate
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.registerPlaceholders(in: table)
    presenters.register(RowPresenter())
    let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(
      host: table, presenters: presenters)
    // The pages are asked for by the test, not by the rows that appear.
    controller.reportsVisibleRows = false
    controller.connect(to: feed)
    await loadFirstPage(feed, script, ids: 0..<10, next: 10)
    var answered = 1
    for page in 1..<6 {
      feed.rowsDidShow(through: feed.content.numberOfItems - 1, screenRows: 10)
      await yieldUntil { !controller.isUpdating }
      #expect(table.visibleCells.last?.text == "Loading more…")
      await script.waitForRequests(answered + 1)
      script.answer(answered, ids: (page * 10 - 3)..<(page * 10 + 10), next: page * 10 + 10)
      answered += 1
      await feed.waitUntilIdle()
      await yieldUntil { !controller.isUpdating }
    }
    feed.refresh()
    await script.waitForRequests(answered + 1)
    script.answer(answered, ids: 50..<70, next: 70)
    await feed.waitUntilIdle()
    await yieldUntil { !controller.isUpdating }
    #expect(table.violations.isEmpty)
    #expect(table.visibleCells.count == 20, "no end row while the next page waits")
    #expect(controller.snapshot.items.map(\.id) == feed.snapshot.items.map(\.id))
    #expect(ids(feed) == Array(50..<70))
  }
}

struct RowPresenter: Presenter {
  func reuseIdentifier(for row: PageRow, style: PresentationStyle) -> String { "row" }
  func configure(_ cell: SimulatedCell, with row: PageRow, context: PresentationContext) {
    cell.text = row.title
  }
}

@Test("removing trailing items in place keeps lookups, counts and marks right")
func removingTrailingItems() throws {
  var snapshot = try Snapshot<SectionInfo, PageRow>(
    sections: [
      SnapshotSection(SectionInfo(id: "a"), items: (0..<5).map { PageRow(id: $0, title: "") }),
      SnapshotSection(SectionInfo(id: "b"), items: (5..<7).map { PageRow(id: $0, title: "") }),
    ])
  try snapshot.reloadItems([6])
  snapshot._removeTrailingItems(3)
  #expect(snapshot.numberOfItems == 4)
  #expect(snapshot.numberOfItems(inSectionAt: 0) == 4)
  #expect(snapshot.numberOfItems(inSectionAt: 1) == 0)
  #expect(!snapshot.contains(itemWithID: 4) && !snapshot.contains(itemWithID: 6))
  #expect(snapshot.path(of: 3) == ItemPath(section: 0, item: 3))
  try snapshot.appendItems([PageRow(id: 4, title: "again")], toSection: "b")
  #expect(snapshot.path(of: 4) == ItemPath(section: 1, item: 0))
}
