/// The rows a list view prefetches for its data source, as UIKit's
/// prefetching data sources hear of them: the ``rowCount`` rows past those
/// on screen, in the direction the view last scrolled, are prefetched once
/// each (`ListHostDataSource.prefetchItems(at:)`), and those that leave that
/// window without coming on screen are cancelled
/// (`cancelPrefetchingItems(at:)`). A row that comes on screen is forgotten
/// without a cancel: it was needed after all. A layout that does not scroll
/// (a frame drawn again, a batch, rows measured) keeps the direction.
///
/// ```swift
/// // After each layout, with a data source:
/// prefetching.update(visible: Set(visibleItemPaths), top: viewport.top, in: heights)
///   .report(to: source)
/// ```
package struct ListHostPrefetching {
  /// How many rows past the screen are prefetched (0: none).
  package var rowCount = 10
  /// The rows prefetched and neither shown nor cancelled since.
  package private(set) var prefetched: Set<ItemPath> = []
  /// The viewport's top at the last update, which tells the direction.
  private var lastTop = 0.0
  /// Whether the view last scrolled down (or never scrolled).
  private var scrollsDown = true

  /// Nothing prefetched yet.
  package init() {}

  /// Moves the window to the ``rowCount`` rows of `index` past the
  /// `visible` ones (the rows on screen): below them if the view scrolled
  /// down to `top` since the last update, above them if it scrolled up, on
  /// the same side as before if it did not scroll; no rows on screen, no
  /// window. Returns the rows that left the window unseen, to cancel, and
  /// those new to it, to prefetch.
  ///
  /// - Complexity: O(v + w log w), v the rows on screen and w
  ///   ``rowCount``, plus the sections without rows skipped.
  package mutating func update(visible: Set<ItemPath>, top: Double, in index: HeightIndex)
    -> Change
  {
    if top != lastTop { scrollsDown = top > lastTop }
    lastTop = top
    let down = scrollsDown
    var window = Set<ItemPath>()
    let edge = down ? visible.max() : visible.min()
    var next = edge.flatMap { down ? index.item(after: $0) : index.item(before: $0) }
    while let path = next, window.count < rowCount {
      window.insert(path)
      next = down ? index.item(after: path) : index.item(before: path)
    }
    window.subtract(visible)
    prefetched.subtract(visible)
    let change = Change(
      cancelled: prefetched.subtracting(window).sorted(),
      started: window.subtracting(prefetched).sorted())
    prefetched = window
    return change
  }

  /// Forgets every row prefetched (a reload): all are cancelled.
  package mutating func cancelAll() -> Change {
    defer { prefetched = [] }
    return Change(cancelled: prefetched.sorted(), started: [])
  }

  /// Moves the rows prefetched with their rows, through a batch or a
  /// user's move: `newPath` tells where a row went, `nil` that it is gone
  /// (it is forgotten, without a cancel).
  package mutating func follow(_ newPath: (ItemPath) -> ItemPath?) {
    prefetched = Set(prefetched.compactMap(newPath))
  }

  /// What an update of the window changed, in list order.
  package struct Change: Equatable {
    /// The rows that left the window without coming on screen.
    package var cancelled: [ItemPath]
    /// The rows new to the window.
    package var started: [ItemPath]

    /// Cancels `cancelled` and prefetches `started`.
    package init(cancelled: [ItemPath], started: [ItemPath]) {
      self.cancelled = cancelled
      self.started = started
    }

    /// Tells `source`: the cancelled rows first, then the rows to
    /// prefetch, which `app` (the app's own prefetching delegate, if the
    /// view has one) hears after it (`DelegateComposition`). Nothing
    /// without a source.
    @MainActor
    package func report(
      to source: (any ListCellSource)?, app: ([ItemPath]) -> Void = { _ in }
    ) {
      guard let source else { return }
      if !cancelled.isEmpty { source.cancelPrefetchingItems(at: cancelled) }
      guard !started.isEmpty else { return }
      DelegateComposition.notify(
        tabula: { source.prefetchItems(at: started) }, app: { app(started) })
    }
  }
}
