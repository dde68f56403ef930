import TabulaTestSupport
import Testing

@testable import Tabula

@Suite("PagingState: which page loads, and whose results are stale")
struct PagingStateTests {
  typealias Paging = PagingState<Int>
  typealias Request = Paging.Request

  /// A paging whose first page loaded `itemCount` rows, followed by the
  /// page at `next`.
  func loaded(next: Int?, itemCount: Int = 10) -> Paging {
    var paging = Paging()
    let first = paging.load(hasItems: false)
    paging.succeeded(first, next: next, itemCount: itemCount)
    return paging
  }

  @Test("before a first page: nothing runs, nothing follows, nothing to retry or push into")
  func beforeFirstPage() {
    var paging = Paging()
    #expect(paging.loading == .initial)
    #expect(paging.next == .beforeFirstPage)
    #expect(paging.running == nil)
    #expect(paging.loadNextPage() == nil)
    #expect(paging.retry(hasItems: false) == nil)
    #expect(!paging.acceptsPushedItems(hasItems: false))
    #expect(paging == Paging(), "refused requests change nothing")
  }

  @Test("a first page: loading, then loaded (idle at its next cursor), empty, or the end")
  func firstPage() {
    var paging = Paging()
    let first = paging.load(hasItems: false)
    #expect(first == Request(cursor: nil, generation: 1))
    #expect(paging.loading == .loading)
    #expect(paging.running == first && paging.isRunning(first))
    #expect(paging.loadNextPage() == nil, "no next page while the first one loads")
    #expect(paging.retry(hasItems: false) == nil)
    #expect(!paging.acceptsPushedItems(hasItems: false), "the first page will bring them")
    paging.succeeded(first, next: 10, itemCount: 10)
    #expect(paging.loading == .loaded)
    #expect(paging.next == .idle(10))
    #expect(paging.running == nil && !paging.isRunning(first))
    #expect(loaded(next: nil).next == .end)
    #expect(loaded(next: 0, itemCount: 0).loading == .noContent)
    #expect(loaded(next: 0, itemCount: 0).next == .idle(0), "an empty page may have more after it")
  }

  @Test("next pages load one at a time, follow their cursors, and end")
  func nextPages() {
    var paging = loaded(next: 10)
    let second = paging.loadNextPage()
    #expect(second == Request(cursor: 10, generation: 1))
    #expect(paging.next == .loading(10))
    #expect(paging.running == second)
    let before = paging
    #expect(paging.loadNextPage() == nil, "one page in flight")
    #expect(paging.retry(hasItems: true) == nil, "nothing failed")
    #expect(paging == before)
    paging.succeeded(second!, next: 20, itemCount: 20)
    #expect(paging.next == .idle(20))
    #expect(paging.loadedCursors == [10])
    let third = paging.loadNextPage()!
    paging.succeeded(third, next: nil, itemCount: 30)
    #expect(paging.next == .end)
    #expect(paging.loading == .loaded)
    #expect(paging.loadNextPage() == nil, "the end: no more requests")
    #expect(paging.running == nil)
  }

  @Test("a failed next page waits for retry, which asks for the same cursor")
  func failedPage() {
    var paging = loaded(next: 10)
    let page = paging.loadNextPage()!
    paging.failed(page, message: "offline")
    #expect(paging.next == .failed(10, message: "offline"))
    #expect(paging.loading == .loaded, "the content stays")
    #expect(paging.running == nil)
    #expect(paging.loadNextPage() == nil, "no retry loop: only retry() asks again")
    let again = paging.retry(hasItems: true)
    #expect(again == Request(cursor: 10, generation: 1))
    #expect(paging.next == .loading(10))
    paging.succeeded(again!, next: 20, itemCount: 20)
    #expect(paging.next == .idle(20))
  }

  @Test("a page naming its own cursor as the next one stops paging; retry asks for it again")
  func ownCursor() {
    var paging = loaded(next: 10)
    let page = paging.loadNextPage()!
    paging.succeeded(page, next: 10, itemCount: 20)
    let message = PagingError.repeatedCursor(next: "10", page: "10").description
    #expect(paging.next == .failed(10, message: message))
    #expect(paging.loading == .loaded, "the page's rows are shown")
    #expect(paging.loadNextPage() == nil, "scrolling near the end asks for nothing more")
    let again = paging.retry(hasItems: true)
    #expect(again?.cursor == 10)
    paging.succeeded(again!, next: nil, itemCount: 30)
    #expect(paging.next == .end)
  }

  @Test("cursors that cycle (10 → 20 → 10) stop at the repeat; a first page forgets them")
  func cursorCycle() {
    var paging = loaded(next: 10)
    let second = paging.loadNextPage()!
    paging.succeeded(second, next: 20, itemCount: 20)
    let third = paging.loadNextPage()!
    paging.succeeded(third, next: 10, itemCount: 30)
    let message = PagingError.repeatedCursor(next: "10", page: "20").description
    #expect(paging.next == .failed(20, message: message))
    #expect(paging.loadedCursors == [10, 20])
    // A refresh starts over: the page at 10 is a new page again.
    let refresh = paging.load(hasItems: true)
    #expect(paging.loadedCursors == [10, 20], "kept until the refresh's page arrives")
    paging.succeeded(refresh, next: 10, itemCount: 10)
    #expect(paging.loadedCursors.isEmpty)
    let again = paging.loadNextPage()!
    paging.succeeded(again, next: 20, itemCount: 20)
    #expect(paging.next == .idle(20))
  }

  @Test("a first page replaces the running request: a page asked before it is stale")
  func staleGenerations() {
    var paging = loaded(next: 10)
    let page = paging.loadNextPage()!
    let refresh = paging.load(hasItems: true)
    #expect(refresh == Request(cursor: nil, generation: 2))
    #expect(paging.loading == .refreshing)
    #expect(paging.next == .idle(10), "the page that was loading is idle again")
    #expect(!paging.isRunning(page), "its result is never applied")
    #expect(paging.running == refresh)
    // A second load replaces the refresh in turn.
    let newer = paging.load(hasItems: true)
    #expect(!paging.isRunning(refresh) && paging.isRunning(newer))
    paging.succeeded(newer, next: 110, itemCount: 10)
    #expect(paging.next == .idle(110))
    // A page of the new generation with the cursor of the stale one is not it.
    var again = loaded(next: 10)
    let old = again.loadNextPage()!
    _ = again.load(hasItems: true)
    #expect(again.loadNextPage() == nil)
    #expect(!again.isRunning(old))
  }

  @Test("a failed first page with nothing shown: an error, and retry loads it again")
  func failedFirstPage() {
    var paging = Paging()
    let first = paging.load(hasItems: false)
    paging.failed(first, message: "offline")
    #expect(paging.loading == .error("offline"))
    #expect(paging.next == .beforeFirstPage)
    #expect(paging.loadNextPage() == nil)
    #expect(!paging.acceptsPushedItems(hasItems: false), "nothing could be loaded")
    let again = paging.retry(hasItems: false)
    #expect(again == Request(cursor: nil, generation: 2))
    #expect(paging.loading == .loading)
  }

  @Test("a failed refresh keeps the pages going; a next page that loads ends the error")
  func failedRefresh() {
    var paging = loaded(next: 10)
    let refresh = paging.load(hasItems: true)
    #expect(paging.retry(hasItems: true) == nil, "a refresh runs")
    paging.failed(refresh, message: "offline")
    #expect(paging.loading == .error("offline"))
    #expect(paging.next == .idle(10), "the next page stays as it was")
    #expect(paging.retry(hasItems: true) == nil, "content shows: retry is for a failed page")
    #expect(paging.acceptsPushedItems(hasItems: true))
    let page = paging.loadNextPage()!
    paging.succeeded(page, next: 20, itemCount: 20)
    #expect(paging.loading == .loaded, "LoadingState.error means the last load failed")
    // A page that fails after a failed refresh leaves the refresh's error.
    let secondRefresh = paging.load(hasItems: true)
    paging.failed(secondRefresh, message: "offline")
    let nextPage = paging.loadNextPage()!
    paging.failed(nextPage, message: "timeout")
    #expect(paging.loading == .error("offline"))
    #expect(paging.next == .failed(20, message: "timeout"))
    // And a refresh that fails leaves a failed page failed, for retry.
    let thirdRefresh = paging.load(hasItems: true)
    paging.failed(thirdRefresh, message: "offline")
    #expect(paging.next == .failed(20, message: "timeout"))
    #expect(paging.retry(hasItems: true)?.cursor == 20)
  }

  @Test("an empty first page: no content until a next page brings rows")
  func emptyFirstPage() {
    var paging = loaded(next: 0, itemCount: 0)
    #expect(paging.acceptsPushedItems(hasItems: false))
    let page = paging.loadNextPage()!
    paging.succeeded(page, next: 5, itemCount: 0)
    #expect(paging.loading == .noContent, "still nothing")
    let withRows = paging.loadNextPage()!
    paging.succeeded(withRows, next: nil, itemCount: 5)
    #expect(paging.loading == .loaded)
  }

  @Test("items pushed above the content: taken once a first page loaded; no content ends")
  func pushedItems() {
    var paging = loaded(next: nil, itemCount: 0)
    paging.receiveItems(itemCount: 1)
    #expect(paging.loading == .loaded)
    _ = paging.load(hasItems: true)
    #expect(!paging.acceptsPushedItems(hasItems: true), "the refresh will bring them")
    var failed = Paging()
    let first = failed.load(hasItems: false)
    failed.failed(first, message: "offline")
    failed.receiveItems(itemCount: 1)
    #expect(failed.loading == .error("offline"), "pushed items are no load")
  }

  @Test("ending a request that is not running is a Tabula bug, and says so")
  func endingAStaleRequestTraps() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var paging = PagingState<Int>()
        let stale = paging.load(hasItems: false)
        _ = paging.load(hasItems: false)
        paging.succeeded(stale, next: nil, itemCount: 0)
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("a page ended that is not the one loading"), "\(output)")
  }
}
