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
/// - A page that would take the list past what a snapshot holds fails like
///   one the loader failed, with the ``SnapshotError``'s message.
///
/// These rules are a value with explicit transitions and a diagram,
/// `PagingState` (which page loads, what the next one is doing, whose
/// results are stale, which cursors were loaded); this class drives it: it
/// runs the loader's tasks and keeps the rows and the end row.
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

  /// The snapshots of the pages.
  @usableFromInline typealias Pages = Snapshot<SectionModel, Item>

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
  public var state: LoadingState { paging.loading }
  /// What the next page is doing.
  public var pageState: PageState {
    switch paging.next {
    case .beforeFirstPage, .idle: .idle
    case .loading: .loading
    case .failed(_, let message): .failed(message)
    case .end: .end
    }
  }
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

  /// Which page loads, what the next one is doing, which results are
  /// stale: the rules of paging, which this source drives.
  private var paging = PagingState<Cursor>()
  /// The items, then the end row when ``hasEndRow``: one storage, changed
  /// in place (a page appends its rows in O(k) when nothing else holds the
  /// snapshot).
  private var storage: Snapshot<SectionModel, Item>
  private var hasEndRow = false
  private let loader: Loader
  private let makePlaceholder: (@Sendable (any Diffable) -> Item)?
  /// The loader's task for ``PagingState/running``. A newer load cancels
  /// it; a task it replaced finishes unawaited, and its result is stale.
  private var task: Task<Void, Never>?
  private let observers = ObserverList()
  /// The snapshot edits, specialised for the model types where the source
  /// is made (this generic class itself is compiled once, for every type).
  private let edits: Edits

  /// A paged source of items in `section`, whose pages `loader` loads and
  /// whose placeholders `makePlaceholder` makes (`nil`: none).
  @inlinable
  public convenience init(
    section: SectionModel, makePlaceholder: (@Sendable (any Diffable) -> Item)?,
    loader: @escaping Loader
  ) {
    self.init(section: section, makePlaceholder: makePlaceholder, loader: loader, edits: Edits())
  }

  @usableFromInline
  init(
    section: SectionModel, makePlaceholder: (@Sendable (any Diffable) -> Item)?,
    loader: @escaping Loader, edits: Edits
  ) {
    self.section = section
    self.makePlaceholder = makePlaceholder
    self.loader = loader
    self.edits = edits
    storage = Self.emptyPages(in: section)
  }

  /// Loads the first page: a loading placeholder if nothing was loaded yet,
  /// else the content stays until the page arrives and replaces every page.
  /// A page in flight is cancelled and never applied.
  public func load() {
    start(paging.load(hasItems: itemCount > 0))
  }

  /// Loads the first page again, keeping the content on screen until it
  /// arrives: ``load()``.
  public func refresh() { load() }

  /// Loads the next page, unless one is loading, the first page (or a
  /// refresh) is loading, the last one failed (see ``retry()``) or there is
  /// no more.
  public func loadNextPage() {
    if let request = paging.loadNextPage() { start(request) }
  }

  /// Asks again for what failed: the next page, or the first one when
  /// nothing was loaded.
  public func retry() {
    if let request = paging.retry(hasItems: itemCount > 0) { start(request) }
  }

  /// Puts `items` above the content (new posts arriving at the top while
  /// the user reads further down), keeping every page; items already shown
  /// are dropped and counted as for a page. While the first page (or a
  /// refresh) loads, or when nothing could be loaded, this does nothing:
  /// that page will bring them.
  ///
  /// - Complexity: O(n + k).
  public func prepend(_ items: [Item]) {
    guard paging.acceptsPushedItems(hasItems: itemCount > 0) else { return }
    let fresh = unique(items, excluding: storage)
    guard !fresh.isEmpty else { return }
    takeEndRowOff()
    do throws(SnapshotError) {
      if let first = storage.items.first {
        try storage.insertItems(fresh, beforeItem: first.id)
      } else {
        try storage.appendItems(fresh)
      }
    } catch {
      preconditionFailure("PagedSource.prepend(_:) cannot add \(fresh.count) rows: \(error)")
    }
    paging.receiveItems(itemCount: itemCount)
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
    while let task { await task.value }
  }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Asks the loader for the page `request` names, in place of any request
  /// running (a newer first page replaces a page in flight), and shows what
  /// the request changed (a loading placeholder or row).
  private func start(_ request: PagingState<Cursor>.Request) {
    task?.cancel()
    loadCount += 1
    let loader = loader
    task = Task {
      let result: Result<Page, any Error>
      do { result = .success(try await loader(request.cursor)) } catch { result = .failure(error) }
      self.finish(request, result)
    }
    publish()
  }

  /// Applies the result of `request`, unless a newer load replaced it.
  private func finish(_ request: PagingState<Cursor>.Request, _ result: Result<Page, any Error>) {
    guard paging.isRunning(request) else { return }  // a newer load replaced it
    task = nil
    switch result {
    case .success(let page):
      do throws(SnapshotError) {
        try show(page.items, replacingPages: request.cursor == nil)
        paging.succeeded(request, next: page.next, itemCount: itemCount)
      } catch {
        paging.failed(request, message: error.description)  // more rows than a snapshot holds
      }
    case .failure(let error):
      paging.failed(request, message: String(describing: error))
    }
    publish()
  }

  /// Shows a page's `items`, without those shown already: in place of the
  /// pages loaded (a first page), or after them.
  ///
  /// - Throws: ``SnapshotError/tooManyItems(_:limit:)`` when the rows would
  ///   not fit in a snapshot; nothing changes then. Ids cannot collide:
  ///   the repeated ones are dropped (``reportDropped(_:)``).
  private func show(_ items: [Item], replacingPages: Bool) throws(SnapshotError) {
    let dropped: [Item.ID]
    if replacingPages {
      var pages = Self.emptyPages(in: section)
      dropped = try edits.appendNew(&pages, items)
      snapshot = Snapshot()  // the old pages go: nothing else shares `pages`
      storage = pages
      hasEndRow = false
    } else {
      takeEndRowOff()
      dropped = try edits.appendNew(&storage, items)
    }
    reportDropped(dropped)
  }

  /// `items` without those whose ids `shown` has or that came earlier in
  /// `items`; the dropped ones are counted and reported.
  private func unique(_ items: [Item], excluding shown: Snapshot<SectionModel, Item>) -> [Item] {
    let (kept, dropped) = Self.newItems(items, excluding: shown)
    reportDropped(dropped)
    return kept
  }

  /// Counts and reports the ids dropped from a page because they were
  /// shown or repeated.
  private func reportDropped(_ dropped: [Item.ID]) {
    if !dropped.isEmpty {
      droppedDuplicateCount += dropped.count
      onDroppedDuplicates?(dropped)
    }
  }

  /// Lets the shown snapshot go of the storage (so that nothing shares it
  /// and an edit is O(k) at the end) and removes the end row, in place.
  /// ``publish()`` puts the end row back.
  private func takeEndRowOff() {
    snapshot = Snapshot()
    if hasEndRow {
      edits.removeLast(&storage)
      hasEndRow = false
    }
  }

  private func publish() {
    if itemCount > 0 {
      // The end row for the page state, swapped in place.
      takeEndRowOff()
      if let makePlaceholder, let row = endRow() {
        do throws(SnapshotError) {
          try edits.append(&storage, [makePlaceholder(row)])
          hasEndRow = true
        } catch .tooManyItems {
          // The pages fill a snapshot: no room for an end row.
        } catch {
          // A page's item took the placeholder's id: no end row shows.
          TabulaLog.report(
            "PagedSource: the \(type(of: row)) that makePlaceholder made cannot follow the "
              + "pages (a placeholder needs an id of its own): \(error)")
        }
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

  /// The storage of no pages: `section`, empty.
  private static func emptyPages(in section: SectionModel) -> Snapshot<SectionModel, Item> {
    do throws(SnapshotError) {
      return try Snapshot([], in: section)
    } catch {
      preconditionFailure("an empty section cannot fail to make a snapshot: \(error)")
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
