/// A feed loaded a page at a time as the user scrolls: pages come from a
/// loader (by cursor: an offset, a server's token), the next one is asked
/// for when the last visible row comes within ``prefetchScreens`` screens of
/// the end, and a row at the end says what the next page is doing.
///
/// ```swift
/// let feed = PagedSource<SectionInfo, AnyItem, Int>(section: SectionInfo(id: "feed")) { offset in
///   let posts = try await api.posts(from: offset ?? 0, count: 30)
///   return .init(items: posts.map(AnyItem.init), next: posts.count < 30 ? nil : (offset ?? 0) + 30)
/// }
/// controller.connect(to: feed)
/// feed.load()                                   // a loading placeholder, then page one
/// feed.rowsDidShow(through: lastVisibleRow, screenRows: 40)   // page two when near the end
/// ```
///
/// - **One page in flight**: a request while one loads is ignored, so no
///   page is loaded twice.
/// - **The end row**: a ``LoadingMorePlaceholder`` while a page loads, a
///   ``PageErrorPlaceholder`` when it failed (the content stays; ``retry()``
///   asks again), an ``EndOfListPlaceholder`` once the loader returned no
///   next cursor.
/// - **Overlapping pages**: when data shifts between requests, a server
///   repeats rows; rows whose ids are already shown are dropped from the new
///   page (counted in ``droppedDuplicateCount`` and passed to
///   ``onDroppedDuplicates``), never a duplicate-id failure.
/// - **Cursor loops**: a page whose next cursor names a page loaded
///   already since the first page (its own cursor, or a cycle such as
///   10 → 20 → 10) would make every scroll near the end load that page
///   again, without end. Its new rows are shown, then paging stops: the
///   next page is ``PageState/failed(_:)`` with a ``PagingError`` message
///   naming both cursors, and only ``retry()`` asks for that page again.
///   Cursors are compared as values (`Hashable`); a refresh forgets them.
/// - **Refresh** (``refresh()``) loads the first page again, keeping the
///   content on screen until it arrives, then replaces the pages (the list
///   animates the difference). A page requested before a refresh is never
///   applied, even if it arrives after it. A refresh that fails leaves the
///   content and ``state`` `.error`, until a later load succeeds: a next
///   page that loads makes it `.loaded` again.
/// - The first load shows placeholders as ``LoadingSource`` does (loading,
///   no results, error); with ``AnyItem`` items they come for free, else pass
///   `makePlaceholder`.
@MainActor
public final class PagedSource<
  SectionModel: Diffable, Item: Diffable, Cursor: Hashable & Sendable
>:
  SnapshotSource
{
  /// A page: its items, and the cursor of the next page (`nil`: the end).
  public struct Page: Sendable {
    /// The items, in order.
    public var items: [Item]
    /// Where the next page starts, or `nil` when this is the last. A
    /// cursor of a page loaded already since the first page stops paging
    /// with ``PagingError/repeatedCursor(next:page:)``.
    public var next: Cursor?

    /// A page of `items`, followed by the page at `next`.
    public init(items: [Item], next: Cursor?) {
      self.items = items
      self.next = next
    }
  }

  /// Loads the page at a cursor (`nil`: the first page).
  public typealias Loader = @Sendable (_ cursor: Cursor?) async throws -> Page

  /// What the next page is doing.
  public enum PageState: Sendable, Equatable {
    /// Nothing: the next page loads when the user comes near the end.
    case idle
    /// The next page is loading.
    case loading
    /// The next page failed with this message; ``retry()`` asks again.
    case failed(String)
    /// The loader said there is no more.
    case end
  }

  /// What the source shows now: the items and the end row, or a
  /// placeholder.
  public private(set) var snapshot = Snapshot<SectionModel, Item>()
  /// Where the first page (or a refresh) is.
  public private(set) var state = LoadingState.initial
  /// What the next page is doing.
  public private(set) var pageState = PageState.idle
  /// The items of the pages loaded, without the end row.
  ///
  /// - Complexity: O(1) while no end row shows, else O(n) (a copy without
  ///   it); ``itemCount`` is O(1).
  public var content: Snapshot<SectionModel, Item> {
    guard hasEndRow else { return storage }
    var content = storage
    content._removeTrailingItems(1)
    return content
  }

  /// How many items the pages loaded hold.
  public var itemCount: Int { storage.numberOfItems - (hasEndRow ? 1 : 0) }
  /// How many screens from the end the next page is asked for (2 by
  /// default).
  public var prefetchScreens = 2.0
  /// How many rows of new pages were dropped because their ids were shown
  /// already.
  public private(set) var droppedDuplicateCount = 0
  /// Called with the ids dropped from each page that repeated shown rows.
  public var onDroppedDuplicates: (@MainActor (_ ids: [Item.ID]) -> Void)?
  /// How many times the loader was called.
  public private(set) var loadCount = 0
  /// The section the items are in.
  public let section: SectionModel

  /// The items, then the end row when ``hasEndRow``: one storage, changed
  /// in place (a page appends its rows in O(k) when nothing else holds the
  /// snapshot).
  private var storage: Snapshot<SectionModel, Item>
  private var hasEndRow = false
  private let loader: Loader
  private let makePlaceholder: (@Sendable (any Diffable) -> Item)?
  private var next: Cursor?
  /// The cursors of the pages loaded since the first page: a next cursor
  /// among them is a loop.
  private var loadedCursors: Set<Cursor> = []
  private var generation = 0
  private var firstPageTask: Task<Void, Never>?
  private var pageTask: Task<Void, Never>?
  private let observers = ObserverList()

  /// A paged source of items in `section`, whose pages `loader` loads and
  /// whose placeholders `makePlaceholder` makes (`nil`: none).
  public init(
    section: SectionModel, makePlaceholder: (@Sendable (any Diffable) -> Item)?,
    loader: @escaping Loader
  ) {
    self.section = section
    self.makePlaceholder = makePlaceholder
    self.loader = loader
    storage = try! Snapshot([], in: section)  // no items: nothing to collide
  }

  /// Loads the first page: a loading placeholder if nothing was loaded yet,
  /// else the content stays until the page arrives and replaces every page.
  /// A page in flight is cancelled and never applied.
  public func load() {
    generation += 1
    let current = generation
    firstPageTask?.cancel()
    pageTask?.cancel()
    pageTask = nil
    if pageState == .loading { pageState = .idle }
    state = state == .initial || itemCount == 0 ? .loading : .refreshing
    publish()
    loadCount += 1
    let loader = loader
    firstPageTask = Task {
      let result: Result<Page, any Error>
      do { result = .success(try await loader(nil)) } catch { result = .failure(error) }
      self.finishFirstPage(result, generation: current)
    }
  }

  /// Loads the first page again, keeping the content on screen until it
  /// arrives: ``load()``.
  public func refresh() { load() }

  /// Loads the next page, unless one is loading, the first page (or a
  /// refresh) is loading, the last one failed (see ``retry()``) or there is
  /// no more.
  public func loadNextPage() {
    guard pageState == .idle, !state.isLoading, state != .initial, let cursor = next else {
      return
    }
    let current = generation
    pageState = .loading
    publish()
    loadCount += 1
    let loader = loader
    pageTask = Task {
      let result: Result<Page, any Error>
      do { result = .success(try await loader(cursor)) } catch { result = .failure(error) }
      self.finishPage(result, at: cursor, generation: current)
    }
  }

  /// Asks again for what failed: the next page, or the first one when
  /// nothing was loaded.
  public func retry() {
    guard !state.isLoading else { return }  // a refresh is under way
    if case .failed = pageState {
      pageState = .idle
      loadNextPage()
    } else if case .error = state, itemCount == 0 {
      load()
    }
  }

  /// Puts `items` above the content (new posts arriving at the top while
  /// the user reads further down), keeping every page; items already shown
  /// are dropped and counted as for a page. While the first page (or a
  /// refresh) loads, or when nothing could be loaded, this does nothing:
  /// that page will bring them.
  ///
  /// - Complexity: O(n + k).
  public func prepend(_ items: [Item]) {
    switch state {
    case .loaded, .noContent: break
    case .error where itemCount > 0: break
    default: return
    }
    let fresh = unique(items, excluding: storage)
    guard !fresh.isEmpty else { return }
    editItems { storage in
      if let first = storage.items.first {
        try! storage.insertItems(fresh, beforeItem: first.id)  // ids made unique just above
      } else {
        try! storage.appendItems(fresh)
      }
    }
    if state == .noContent { state = .loaded }
    publish()
  }

  /// The rows through `lastVisibleItem` (an item index in the section) are
  /// on a screen of `screenRows` rows: the next page loads when fewer than
  /// ``prefetchScreens`` screens of rows are left below.
  public func rowsDidShow(through lastVisibleItem: Int, screenRows: Int) {
    let left = itemCount - 1 - lastVisibleItem
    if Double(left) < prefetchScreens * Double(max(1, screenRows)) { loadNextPage() }
  }

  /// Waits until neither the first page nor a next page is loading.
  public func waitUntilIdle() async {
    while firstPageTask != nil || pageTask != nil {
      if let firstPageTask { await firstPageTask.value }
      if let pageTask { await pageTask.value }
    }
  }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  private func finishFirstPage(_ result: Result<Page, any Error>, generation: Int) {
    guard generation == self.generation else { return }  // a newer load replaced it
    firstPageTask = nil
    switch result {
    case .success(let page):
      var fresh = try! Snapshot<SectionModel, Item>([], in: section)  // no items
      let items = unique(page.items, excluding: fresh)
      try! fresh.appendItems(items)  // ids made unique just above
      snapshot = Snapshot()  // the old pages go: nothing else shares `fresh`
      storage = fresh
      hasEndRow = false
      next = page.next
      loadedCursors = []
      pageState = next == nil ? .end : .idle
      state = itemCount == 0 ? .noContent : .loaded
    case .failure(let error):
      state = .error(String(describing: error))
    }
    publish()
  }

  private func finishPage(
    _ result: Result<Page, any Error>, at cursor: Cursor, generation: Int
  ) {
    guard generation == self.generation else { return }  // requested before a refresh
    pageTask = nil
    switch result {
    case .success(let page):
      let items = unique(page.items, excluding: storage)
      editItems { try! $0.appendItems(items) }  // ids made unique just above
      // The last load succeeded: rows arrived, and a failed refresh's error
      // is over (`LoadingState.error` means the last load failed).
      if case .error = state { state = itemCount > 0 ? .loaded : .noContent }
      if state == .noContent && itemCount > 0 { state = .loaded }
      loadedCursors.insert(cursor)
      if let following = page.next, loadedCursors.contains(following) {
        // A loop: `next` stays this page's cursor, for retry() to ask again.
        let loop = PagingError.repeatedCursor(
          next: String(reflecting: following), page: String(reflecting: cursor))
        pageState = .failed(loop.description)
      } else {
        next = page.next
        pageState = next == nil ? .end : .idle
      }
    case .failure(let error):
      pageState = .failed(String(describing: error))
    }
    publish()
  }

  /// `items` without those whose ids `shown` has or that came earlier in
  /// `items`; the dropped ones are counted and reported.
  private func unique(_ items: [Item], excluding shown: Snapshot<SectionModel, Item>) -> [Item] {
    var seen = Set<Item.ID>()
    var kept: [Item] = []
    var dropped: [Item.ID] = []
    kept.reserveCapacity(items.count)
    for item in items {
      if shown.contains(itemWithID: item.id) || !seen.insert(item.id).inserted {
        dropped.append(item.id)
      } else {
        kept.append(item)
      }
    }
    if !dropped.isEmpty {
      droppedDuplicateCount += dropped.count
      onDroppedDuplicates?(dropped)
    }
    return kept
  }

  /// Changes the items in place: the end row comes off first, and the
  /// shown snapshot lets go of the storage so that nothing shares it (the
  /// edit is then O(k) at the end). ``publish()`` puts the end row back.
  private func editItems(_ edit: (inout Snapshot<SectionModel, Item>) -> Void) {
    takeEndRowOff()
    edit(&storage)
  }

  /// Lets the shown snapshot go of the storage (so that nothing shares it)
  /// and removes the end row, in place.
  private func takeEndRowOff() {
    snapshot = Snapshot()
    if hasEndRow {
      storage._removeTrailingItems(1)
      hasEndRow = false
    }
  }

  private func publish() {
    if itemCount > 0 {
      // The end row for the page state, swapped in place.
      takeEndRowOff()
      if let makePlaceholder, let row = endRow() {
        try! storage.appendItems([makePlaceholder(row)])  // one row, its own id
        hasEndRow = true
      }
      snapshot = storage
    } else {
      snapshot = Snapshot.showing(
        storage, in: state, placeholderSection: section, makePlaceholder: makePlaceholder)
    }
    observers.notify()
  }

  /// The end row for ``pageState``, if any.
  private func endRow() -> (any Diffable)? {
    guard itemCount > 0 else { return nil }
    let scope = PlaceholderScope.pages(String(describing: section.id))
    switch pageState {
    case .idle: return nil
    case .loading: return LoadingMorePlaceholder(scope)
    case .failed(let message): return PageErrorPlaceholder(scope, message: message)
    case .end: return EndOfListPlaceholder(scope)
    }
  }
}

extension PagedSource where Item == AnyItem {
  /// A paged source of items in `section` whose pages `loader` loads, with
  /// Tabula's placeholders and end rows.
  public convenience init(section: SectionModel, loader: @escaping Loader) {
    self.init(section: section, makePlaceholder: { AnyItem($0) }, loader: loader)
  }
}
