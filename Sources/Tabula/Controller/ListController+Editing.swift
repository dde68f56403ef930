// The editing API of a list controller: a list it owns, edited like a mutable
// array of arrays, every edit animated.
//
// Each edit applies to the latest snapshot (the one the view shows once the
// updates in flight end), so a burst of edits reads like a sequence of array
// operations: every edit sees the ones before it, they reach the view in
// order, and none is lost (snapshots waiting to be shown coalesce, each
// including every edit before it). The controller is main-actor isolated, so
// edits from other tasks are serialised as they arrive.

extension ListController {
  /// Applies `edit` to the latest snapshot and animates the result.
  ///
  /// ```swift
  /// try controller.edit { try $0.moveSection(from: 1, to: 0) }
  /// ```
  ///
  /// - Throws: The edit's ``SnapshotError``; the list is unchanged then.
  public func edit(
    _ edit: (inout Snapshot<SectionModel, Item>) throws(SnapshotError) -> Void,
    completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    var next = latestSnapshot
    try edit(&next)
    apply(next, completion: completion)
  }

  /// Refreshes the cells of the given items in place, without a new snapshot.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for ids not in the latest
  ///   snapshot; nothing is refreshed then.
  public func reconfigureItems(
    _ ids: [Item.ID], completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    try edit(
      { (snapshot) throws(SnapshotError) in try snapshot.reconfigureItems(ids) },
      completion: completion)
  }

  /// Replaces the cells of the given items, without a new snapshot.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for ids not in the latest
  ///   snapshot; nothing is reloaded then.
  public func reloadItems(
    _ ids: [Item.ID], completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    try edit(
      { (snapshot) throws(SnapshotError) in try snapshot.reloadItems(ids) }, completion: completion)
  }

  /// Inserts a section with `items` at `index`.
  ///
  /// - Throws: ``SnapshotError``: an index beyond the section count,
  ///   duplicate section or item ids.
  public func insertSection(
    _ section: SectionModel, items: [Item] = [], at index: Int
  ) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in
      try snapshot.insertSection(section, items: items, at: index)
    }
  }

  /// Deletes the section at `index`, with its items.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``.
  public func deleteSection(at index: Int) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in try snapshot.deleteSection(at: index) }
  }

  /// Moves the section at `from` to index `to`.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``, or
  ///   ``SnapshotError/sectionMovedOntoItself(_:)`` when `from == to`.
  public func moveSection(from: Int, to: Int) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in try snapshot.moveSection(from: from, to: to) }
  }

  /// Sorts the items of the section at `index`.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``.
  public func sortSection(
    at index: Int, by areInIncreasingOrder: (Item, Item) -> Bool
  ) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in
      try snapshot.sortItems(inSectionAt: index, by: areInIncreasingOrder)
    }
  }

  /// Inserts items at `path` (up to the end of its section).
  ///
  /// - Throws: ``SnapshotError``: a path outside the list, duplicate ids.
  public func insertItems(_ items: [Item], at path: ItemPath) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in try snapshot.insertItems(items, at: path) }
  }

  /// Deletes the items at `paths`.
  ///
  /// - Throws: ``SnapshotError/itemPathOutOfRange(_:sectionCount:itemCount:)``.
  public func deleteItems(at paths: [ItemPath]) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in try snapshot.deleteItems(at: paths) }
  }

  /// Moves the item at `from` so that it ends at `to`.
  ///
  /// - Throws: ``SnapshotError``: a path outside the list, or
  ///   ``SnapshotError/itemMovedOntoItself(_:)``.
  public func moveItem(from: ItemPath, to: ItemPath) throws(SnapshotError) {
    try edit { (snapshot) throws(SnapshotError) in try snapshot.moveItem(from: from, to: to) }
  }

  /// Moves the items at `paths`, in order, each to its destination in
  /// `destinations` (positions after the previous moves).
  ///
  /// - Throws: ``SnapshotError/mismatchedMoves(sources:destinations:)`` when
  ///   the arrays have different lengths, else the first failing move's
  ///   ``SnapshotError``; no move is made then.
  public func moveItems(from paths: [ItemPath], to destinations: [ItemPath]) throws(SnapshotError) {
    guard paths.count == destinations.count else {
      throw .mismatchedMoves(sources: paths.count, destinations: destinations.count)
    }
    try edit { (snapshot) throws(SnapshotError) in
      for (from, to) in zip(paths, destinations) { try snapshot.moveItem(from: from, to: to) }
    }
  }
}
