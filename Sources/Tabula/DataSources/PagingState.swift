/// A ``PagedSource``'s paging as a value: which page loads, what the next
/// page is doing, and whose results are stale, so that every transition can
/// be tested on its own. The source drives it: it asks for the pages the
/// transitions return, shows their rows, and reports how they ended.
///
/// The first page (``loading``, a ``LoadingState``):
///
/// ```
/// any ──load(hasItems: false)──▶ loading ────┬─succeeded(n)──▶ loaded | noContent
/// any ──load(hasItems: true)───▶ refreshing ─┴─failed──▶ error (the next page stays as it was)
/// error, nothing shown ──retry(hasItems: false)──▶ loading
/// ```
///
/// The next page (``next``):
///
/// ```
/// beforeFirstPage ──first page succeeded──▶ idle(c) | end
/// idle(c) ──loadNextPage()──▶ loading(c) ──succeeded──▶ idle(c′) | end
///                                │   └──succeeded, c′ loaded already──▶ failed(c, loop)
///                                └──failed──▶ failed(c, message) ──retry──▶ loading(c)
/// loading(c) ──load──▶ idle(c)          any ──first page succeeded──▶ idle(c′) | end
/// ```
///
/// - **One page at a time**: ``loadNextPage()`` starts a page only from
///   ``Next/idle(_:)`` and while no first page loads; ``load(hasItems:)``
///   puts a loading next page back to ``Next/idle(_:)``.
/// - **Generations**: ``load(hasItems:)`` starts a new one. A result is
///   applied only when its request is the one running (``isRunning(_:)``):
///   a page asked for before a refresh is stale, whenever it arrives.
/// - **Repeated cursors**: the cursors of the pages loaded since the first
///   page are kept; a page whose next cursor is among them stops paging
///   with ``PagingError/repeatedCursor(next:page:)``, keeping its own
///   cursor for ``retry(hasItems:)``. A first page that succeeds forgets
///   them.
/// - **A failed first page** (a refresh) leaves the next page as it was: the
///   content shown goes on paging. A next page that loads then ends the
///   error (``LoadingState/finishLoadingMore(itemCount:)``).
struct PagingState<Cursor: Hashable & Sendable>: Sendable, Equatable {
  /// A page asked of the loader.
  struct Request: Sendable, Equatable {
    /// The page's cursor; `nil`: the first page.
    let cursor: Cursor?
    /// The generation it was asked for in.
    let generation: Int
  }

  /// What the page after the ones loaded is doing.
  enum Next: Sendable, Equatable {
    /// No first page loaded yet: nothing follows.
    case beforeFirstPage
    /// The page at the cursor loads when the user comes near the end.
    case idle(Cursor)
    /// The page at the cursor is loading.
    case loading(Cursor)
    /// The page at the cursor failed with the message; only
    /// ``retry(hasItems:)`` asks for it again.
    case failed(Cursor, message: String)
    /// The loader said there is no more.
    case end
  }

  /// Increases with every first page (a load or a refresh).
  private(set) var generation = 0
  /// Where the first page is.
  private(set) var loading = LoadingState.initial
  /// What the next page is doing.
  private(set) var next = Next.beforeFirstPage
  /// The cursors of the pages loaded since the first page: a next cursor
  /// among them is a loop.
  private(set) var loadedCursors: Set<Cursor> = []

  /// The request whose result is awaited: the first page while it loads,
  /// else the next page while it loads (never both).
  var running: Request? {
    if loading.isLoading { return Request(cursor: nil, generation: generation) }
    if case .loading(let cursor) = next { return Request(cursor: cursor, generation: generation) }
    return nil
  }

  /// Whether `request`'s result is to be applied: it is the one running,
  /// not one a newer load replaced.
  func isRunning(_ request: Request) -> Bool { running == request }

  /// Starts the first page (a load, a refresh): a new generation, in which
  /// a next page that was loading is idle again. The state is
  /// ``LoadingState/refreshing`` when `hasItems` (they stay shown), else
  /// ``LoadingState/loading``.
  mutating func load(hasItems: Bool) -> Request {
    generation += 1
    if case .loading(let cursor) = next { next = .idle(cursor) }
    loading.beginLoad(keepingContent: hasItems)
    checkInvariants()
    return Request(cursor: nil, generation: generation)
  }

  /// Starts the next page, if it is ``Next/idle(_:)`` and no first page
  /// loads; else `nil`, and nothing changes.
  mutating func loadNextPage() -> Request? {
    guard case .idle(let cursor) = next, !loading.isLoading else { return nil }
    next = .loading(cursor)
    checkInvariants()
    return Request(cursor: cursor, generation: generation)
  }

  /// Asks again for what failed: the next page, or the first one when it
  /// failed with nothing shown (`hasItems` false). `nil` while a first page
  /// loads, or when nothing failed.
  mutating func retry(hasItems: Bool) -> Request? {
    guard !loading.isLoading else { return nil }
    if case .failed(let cursor, _) = next {
      next = .loading(cursor)
      checkInvariants()
      return Request(cursor: cursor, generation: generation)
    }
    if case .error = loading, !hasItems { return load(hasItems: false) }
    return nil
  }

  /// The page `request` asked for arrived, and the source, having shown
  /// its rows, holds `itemCount` items. A first page sets the next page
  /// from `next` and forgets the cursors loaded; a next page follows `next`
  /// unless it was loaded already since the first page (a loop).
  ///
  /// - Precondition: `request` is running (see ``isRunning(_:)``).
  mutating func succeeded(_ request: Request, next following: Cursor?, itemCount: Int) {
    checkRunning(request)
    guard let cursor = request.cursor else {
      loading.finishLoad(itemCount: itemCount)
      loadedCursors = []
      next = following.map(Next.idle) ?? .end
      return
    }
    loading.finishLoadingMore(itemCount: itemCount)
    loadedCursors.insert(cursor)
    if let following, loadedCursors.contains(following) {
      let loop = PagingError.repeatedCursor(
        next: String(reflecting: following), page: String(reflecting: cursor))
      next = .failed(cursor, message: loop.description)
    } else {
      next = following.map(Next.idle) ?? .end
    }
  }

  /// The page `request` asked for failed with `message`: a first page
  /// makes the state ``LoadingState/error(_:)`` (the next page stays as it
  /// was), a next page is ``Next/failed(_:message:)``.
  ///
  /// - Precondition: `request` is running (see ``isRunning(_:)``).
  mutating func failed(_ request: Request, message: String) {
    checkRunning(request)
    if let cursor = request.cursor {
      next = .failed(cursor, message: message)
    } else {
      loading.failLoad(message)
    }
  }

  /// Whether items pushed above the content show now: once a first page
  /// loaded, or while content stays after a failed refresh (`hasItems`).
  /// Not while a first page loads (it will bring them), nor when nothing
  /// could be loaded.
  func acceptsPushedItems(hasItems: Bool) -> Bool {
    switch loading {
    case .loaded, .noContent: true
    case .error: hasItems
    default: false
    }
  }

  /// Items were pushed above the content, which now holds `itemCount`
  /// items: ``LoadingState/receiveItems(itemCount:)``.
  mutating func receiveItems(itemCount: Int) {
    loading.receiveItems(itemCount: itemCount)
  }

  private func checkRunning(_ request: Request) {
    precondition(
      isRunning(request),
      "a page ended that is not the one loading (\(request), running: \(String(describing: running))): "
        + "a PagedSource applies only the result of the running request")
  }

  /// One request at a time: the first page and the next page never load
  /// together. Checked when Tabula is built with `TABULA_INTERNAL_CHECKS`.
  private func checkInvariants() {
    #if TABULA_INTERNAL_CHECKS
      if case .loading = next {
        precondition(!loading.isLoading, "a next page loads while the first page loads")
      }
    #endif
  }
}
