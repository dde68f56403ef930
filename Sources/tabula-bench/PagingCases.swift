import Synchronization
import Tabula

let pagingCases = [
  BenchCase(
    name: "paging.scroll",
    summary: "scroll through 100,000 (and 10,000) items in pages of 100, a screen of 40 rows "
      + "at a time, vs building the same snapshot at once",
    run: pagingScroll)
]

/// Counts the loads running and the most that ran at once.
final class LoadCounter: Sendable {
  private let state = Mutex((running: 0, most: 0, loads: 0))

  func begin() {
    state.withLock {
      $0.running += 1
      $0.loads += 1
      $0.most = max($0.most, $0.running)
    }
  }

  func end() { state.withLock { $0.running -= 1 } }

  var most: Int { state.withLock { $0.most } }
  var loads: Int { state.withLock { $0.loads } }
}

@MainActor
func pagingScroll(runs: Int) async -> [BenchResult] {
  var results: [BenchResult] = []
  for total in [100_000, 10_000] {
    results.append(await pagingScroll(total: total, runs: runs))
  }
  return results
}

@MainActor
func pagingScroll(total: Int, runs: Int) async -> BenchResult {
  let pageSize = 100
  let screen = 40
  let section = SectionInfo(id: "feed")
  let allItems = (0..<total).map { BenchItem(id: $0, group: 0, content: 0) }
  /// Scrolls a fresh source to the end; returns it and its counter.
  func scroll() async -> (PagedSource<SectionInfo, BenchItem, Int>, LoadCounter) {
    let counter = LoadCounter()
    let feed = PagedSource<SectionInfo, BenchItem, Int>(section: section, makePlaceholder: nil) {
      cursor in
      counter.begin()
      defer { counter.end() }
      let start = cursor ?? 0
      let end = min(total, start + pageSize)
      return .init(items: Array(allItems[start..<end]), next: end < total ? end : nil)
    }
    feed.load()
    await feed.waitUntilIdle()
    var lastVisible = screen - 1
    while true {
      feed.rowsDidShow(through: lastVisible, screenRows: screen)
      await feed.waitUntilIdle()
      if lastVisible >= feed.itemCount - 1 && feed.pageState == .end { break }
      lastVisible = min(lastVisible + screen, feed.itemCount - 1)
    }
    return (feed, counter)
  }
  let clock = ContinuousClock()
  var times: [Double] = []
  var last: (PagedSource<SectionInfo, BenchItem, Int>, LoadCounter)?
  for _ in 0..<max(1, runs) {
    var result: (PagedSource<SectionInfo, BenchItem, Int>, LoadCounter)?
    times.append(milliseconds(await clock.measure { result = await scroll() }))
    last = result
  }
  times.sort()
  let (feed, counter) = last!
  precondition(feed.content.items.map(\.id) == Array(0..<total), "every item, once, in order")
  let build = measure(runs: runs) { try! Snapshot(allItems, in: section) }
  let pages = (total + pageSize - 1) / pageSize
  let milliseconds = times[times.count / 2]
  return BenchResult(
    name: "paging.scroll", n: total, milliseconds: milliseconds,
    baseline: "one snapshot build", baselineMilliseconds: build,
    extra: [
      ("pages", Double(pages)), ("loads", Double(counter.loads)),
      ("max_in_flight", Double(counter.most)), ("us_per_page", milliseconds * 1000 / Double(pages)),
    ])
}
