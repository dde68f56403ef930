import Tabula
import Testing

/// The prefetching window the simulated and terminal list views share,
/// alone: which rows it prefetches and cancels as the view scrolls, and
/// how it tells a data source.
@MainActor
@Suite("ListHostPrefetching: the window past the screen, in the scroll's direction")
struct ListHostPrefetchingTests {
  /// Rows of one line, in sections of `counts` rows.
  func index(_ counts: [Int]) -> HeightIndex { HeightIndex(itemCounts: counts) { _ in 1 } }

  /// The paths of rows `items` of section `section`.
  func rows(_ items: Range<Int>, section: Int = 0) -> [ItemPath] {
    items.map { ItemPath(section: section, item: $0) }
  }

  @Test("rows ahead are prefetched once; those passed by unseen are cancelled, shown ones not")
  func scrolling() {
    let index = index([100])
    var prefetching = ListHostPrefetching()
    prefetching.rowCount = 5
    var change = prefetching.update(visible: Set(rows(0..<10)), top: 0, in: index)
    #expect(change == .init(cancelled: [], started: rows(10..<15)), "the five rows below")
    change = prefetching.update(visible: Set(rows(3..<13)), top: 3, in: index)
    #expect(change == .init(cancelled: [], started: rows(15..<18)), "10...12 showed: no cancel")
    #expect(prefetching.prefetched == Set(rows(13..<18)))
    change = prefetching.update(visible: Set(rows(50..<60)), top: 50, in: index)
    #expect(change == .init(cancelled: rows(13..<18), started: rows(60..<65)))
    change = prefetching.update(visible: Set(rows(40..<50)), top: 40, in: index)
    #expect(change == .init(cancelled: rows(60..<65), started: rows(35..<40)), "up: above")
  }

  @Test("a layout that does not scroll keeps the window on the side the last scroll put it")
  func standingStill() {
    let index = index([100])
    var prefetching = ListHostPrefetching()
    prefetching.rowCount = 5
    _ = prefetching.update(visible: Set(rows(50..<60)), top: 50, in: index)
    #expect(
      prefetching.update(visible: Set(rows(40..<50)), top: 40, in: index)
        == .init(cancelled: rows(60..<65), started: rows(35..<40)))
    let again = prefetching.update(visible: Set(rows(40..<50)), top: 40, in: index)
    #expect(again == .init(cancelled: [], started: []), "still above: nothing cancelled")
    #expect(prefetching.prefetched == Set(rows(35..<40)))
  }

  @Test("the window runs across sections, past those without rows, and stops at the ends")
  func acrossSections() {
    let index = index([2, 0, 3])
    var prefetching = ListHostPrefetching()
    prefetching.rowCount = 4
    let change = prefetching.update(visible: Set(rows(0..<2)), top: 0, in: index)
    #expect(change.started == rows(0..<3, section: 2), "three rows are all there is")
    let up = prefetching.update(visible: Set(rows(0..<2)), top: -1, in: index)
    #expect(up == .init(cancelled: rows(0..<3, section: 2), started: []), "nothing above")
  }

  @Test("no rows on screen, or no rows to prefetch: no window, and what it held is cancelled")
  func noWindow() {
    let index = index([30])
    var prefetching = ListHostPrefetching()
    prefetching.rowCount = 3
    _ = prefetching.update(visible: Set(rows(0..<5)), top: 0, in: index)
    #expect(
      prefetching.update(visible: [], top: 0, in: index)
        == .init(cancelled: rows(5..<8), started: []))
    _ = prefetching.update(visible: Set(rows(0..<5)), top: 0, in: index)
    prefetching.rowCount = 0
    #expect(
      prefetching.update(visible: Set(rows(0..<5)), top: 0, in: index)
        == .init(cancelled: rows(5..<8), started: []))
    #expect(prefetching.prefetched.isEmpty)
  }

  @Test("prefetched rows follow their rows through a batch; deleted ones are forgotten uncancelled")
  func followsBatches() {
    var prefetching = ListHostPrefetching()
    prefetching.rowCount = 3
    _ = prefetching.update(visible: Set(rows(0..<5)), top: 0, in: index([30]))
    // Row 5, prefetched, is deleted: the others move up one.
    var batch = Changeset()
    batch.itemDeletes = [ItemPath(section: 0, item: 5)]
    let map = BatchPositionMap(batch)
    prefetching.follow(map.newPath(of:))
    #expect(prefetching.prefetched == Set(rows(5..<7)))
    let change = prefetching.update(visible: Set(rows(0..<5)), top: 0, in: index([29]))
    #expect(change == .init(cancelled: [], started: [ItemPath(section: 0, item: 7)]))
  }

  @Test("a reload cancels every row prefetched, in list order")
  func cancelAll() {
    var prefetching = ListHostPrefetching()
    _ = prefetching.update(visible: Set(rows(0..<2)), top: 0, in: index([3, 4]))
    let expected = [rows(2..<3), rows(0..<4, section: 1)].joined()
    #expect(prefetching.cancelAll() == .init(cancelled: Array(expected), started: []))
    #expect(prefetching.prefetched.isEmpty)
    #expect(prefetching.cancelAll() == .init(cancelled: [], started: []))
  }

  @Test("the data source hears cancels, then prefetches; the app's delegate hears those after it")
  func report() {
    let source = PrefetchLog()
    var appHeard: [ItemPath] = []
    source.onPrefetch = { #expect(appHeard.isEmpty, "the data source hears first") }
    let change = ListHostPrefetching.Change(cancelled: rows(0..<2), started: rows(5..<6))
    change.report(to: source) { appHeard += $0 }
    #expect(source.events == ["cancel [[0, 0], [0, 1]]", "prefetch [[0, 5]]"])
    #expect(appHeard == rows(5..<6))
    ListHostPrefetching.Change(cancelled: [], started: []).report(to: source) { _ in
      Issue.record("nothing to prefetch: the app hears nothing")
    }
    #expect(source.events.count == 2, "an empty change tells no one")
  }
}

/// A data source that records what it hears of prefetching.
@MainActor
private final class PrefetchLog: ListHostDataSource {
  var events: [String] = []
  var onPrefetch: () -> Void = {}
  var numberOfSections: Int { 0 }
  func numberOfItems(inSectionAt section: Int) -> Int { 0 }
  func cell(for host: any ListHost<String>, at path: ItemPath) -> String { "" }
  func headerTitle(forSectionAt section: Int) -> String? { nil }
  func footerTitle(forSectionAt section: Int) -> String? { nil }
  func height(forItemAt path: ItemPath, width: Double) -> Double? { nil }
  func didSelectItem(at path: ItemPath) {}
  func prefetchItems(at paths: [ItemPath]) {
    onPrefetch()
    events.append("prefetch \(paths)")
  }
  func cancelPrefetchingItems(at paths: [ItemPath]) { events.append("cancel \(paths)") }
}
