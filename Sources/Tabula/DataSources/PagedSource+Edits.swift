// The snapshot edits of a PagedSource: a page appended without the ids
// shown already, and the end row put on and taken off, as closures made
// where the source is created (see `PagedSource.Edits`).

extension PagedSource {
  /// The snapshot edits a paged source makes, as closures made where it is
  /// created: a page appended to a long list in shared storage runs
  /// specialised there, rather than through generic code that looks up
  /// type metadata at every step.
  @usableFromInline
  struct Edits: Sendable {
    /// Appends the items whose ids the snapshot does not show and no
    /// earlier item repeats; returns the ids of the others.
    @usableFromInline let appendNew:
      @Sendable (inout Pages, [Item]) throws(SnapshotError) -> [Item.ID]
    /// Appends items (the end row).
    @usableFromInline let append: @Sendable (inout Pages, [Item]) throws(SnapshotError) -> Void
    /// Removes the last item (the end row).
    @usableFromInline let removeLast: @Sendable (inout Pages) -> Void

    @inlinable
    init() {
      appendNew = { (snapshot, items) throws(SnapshotError) in
        try PagedSource.appendNew(items, to: &snapshot)
      }
      append = { (snapshot, items) throws(SnapshotError) in try snapshot.appendItems(items) }
      removeLast = { $0._removeTrailingItems(1) }
    }
  }

  /// Appends to `snapshot` the `items` whose ids it does not show and no
  /// earlier item repeats; returns the ids of the others. A page without
  /// such ids (the common case) is looked up once, by the append.
  ///
  /// - Throws: ``SnapshotError/tooManyItems(_:limit:)``; nothing changes then.
  @inlinable
  nonisolated static func appendNew(_ items: [Item], to snapshot: inout Pages)
    throws(SnapshotError) -> [Item.ID]
  {
    do {
      try snapshot.appendItems(items)
      return []
    } catch .duplicateItemIDs {
      // Some are shown, or repeat: the snapshot is unchanged, filter them.
    }
    let (kept, dropped) = newItems(items, excluding: snapshot)
    try snapshot.appendItems(kept)
    return dropped
  }

  /// `items` without those whose ids `shown` has or that came earlier in
  /// `items`, and the ids of those left out.
  @inlinable
  nonisolated static func newItems(_ items: [Item], excluding shown: Pages)
    -> (kept: [Item], dropped: [Item.ID])
  {
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
    return (kept, dropped)
  }
}
