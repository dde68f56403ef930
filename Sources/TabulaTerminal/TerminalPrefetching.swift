import Tabula

/// The rows a ``TerminalListView`` prefetches for its data source: how many
/// rows beyond the screen, in the direction it last scrolled
/// (``TerminalListView/prefetchRowCount`` forwards here), the rows
/// prefetched and not yet shown or cancelled, and the first line shown at
/// the last prefetch, which tells the direction. The view reports what
/// changes to its data source.
struct TerminalPrefetching {
  /// How many rows beyond the screen are prefetched.
  var rowCount = 10
  /// The rows prefetched and not yet shown or cancelled.
  var prefetched: Set<ItemPath> = []
  /// The first line shown at the last prefetch.
  var lastTopLine = 0

  /// Whether the view scrolled down (or stayed) since the last prefetch,
  /// showing `topLine` now; remembers it.
  mutating func scrollsDown(at topLine: Int) -> Bool {
    defer { lastTopLine = topLine }
    return topLine >= lastTopLine
  }

  /// Takes `window` (the rows beyond the screen) as the rows prefetched,
  /// less the `shown` ones; returns the rows to cancel (that left the
  /// window unseen) and to prefetch (new to it), sorted.
  mutating func move(to window: Set<ItemPath>, shown: Set<ItemPath>)
    -> (cancelled: [ItemPath], started: [ItemPath])
  {
    prefetched.subtract(shown)
    let cancelled = prefetched.subtracting(window)
    let started = window.subtracting(prefetched)
    prefetched = prefetched.subtracting(cancelled).union(started)
    return (cancelled.sorted(), started.sorted())
  }

  /// Forgets every prefetched row; returns them, sorted.
  mutating func cancelAll() -> [ItemPath] {
    defer { prefetched = [] }
    return prefetched.sorted()
  }

  /// Moves the prefetched rows to their new paths (`nil`: the row is gone
  /// and forgotten).
  mutating func follow(_ newPath: (ItemPath) -> ItemPath?) {
    prefetched = Set(prefetched.compactMap(newPath))
  }
}
