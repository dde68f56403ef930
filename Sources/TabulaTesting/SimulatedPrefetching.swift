import Tabula

/// The rows a ``SimulatedListView`` prefetches for its data source: how many
/// rows ahead of the scroll direction it prefetches
/// (``SimulatedListView/prefetchRowCount`` forwards here), the rows
/// prefetched and not yet shown or cancelled (by row identity, with their
/// paths), and the offset it last prefetched at, which tells the scroll
/// direction. The view reports what changes to its data source.
struct SimulatedPrefetching {
  /// How many rows ahead of the scroll direction are prefetched.
  var rowCount = 10
  /// The rows prefetched and not yet shown or cancelled, by row identity.
  var prefetched: [Int: ItemPath] = [:]
  /// The content offset at the last prefetch.
  var lastOffset = 0.0

  /// Whether the view scrolled down (or stayed) since the last prefetch,
  /// at `offset` now; remembers `offset`.
  mutating func scrollsDown(at offset: Double) -> Bool {
    defer { lastOffset = offset }
    return offset >= lastOffset
  }

  /// Takes `window` (the rows ahead, by identity) as the rows prefetched,
  /// less the `visible` ones; returns the paths to cancel (rows that left
  /// the window without showing) and to prefetch (rows new to it), sorted.
  mutating func move(to window: [Int: ItemPath], visible: Set<Int>)
    -> (cancelled: [ItemPath], started: [ItemPath])
  {
    let cancelled = prefetched.filter { window[$0.key] == nil && !visible.contains($0.key) }
    let started = window.filter { prefetched[$0.key] == nil && !visible.contains($0.key) }
    for token in prefetched.keys where visible.contains(token) { prefetched[token] = nil }
    for token in cancelled.keys { prefetched[token] = nil }
    prefetched.merge(started) { _, new in new }
    return (cancelled.values.sorted(), started.values.sorted())
  }

  /// Forgets every prefetched row; returns their paths, sorted.
  mutating func cancelAll() -> [ItemPath] {
    defer { prefetched = [:] }
    return prefetched.values.sorted()
  }

  /// Moves the prefetched rows to their new paths (`nil`: the row is gone
  /// and forgotten).
  mutating func follow(_ newPath: (ItemPath) -> ItemPath?) {
    prefetched = prefetched.compactMapValues(newPath)
  }
}
