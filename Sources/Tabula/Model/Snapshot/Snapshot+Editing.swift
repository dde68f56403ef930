// Editing the items of a snapshot (sections: `Snapshot+SectionEditing.swift`;
// reload and reconfigure marks: `Snapshot+Marks.swift`; the shared storage
// work: `Snapshot+EditingStorage.swift`). Each edit validates its arguments
// before it changes anything, and applies the change to a copy that replaces
// `self` only when every check passed: an edit that throws leaves the
// snapshot as it was.

extension Snapshot {
  /// A copy of the snapshot with `edit` applied.
  ///
  /// ```swift
  /// let next = try snapshot.editing { try $0.deleteItems([id]) }
  /// ```
  @inlinable
  public func editing(
    _ edit: (inout Snapshot) throws(SnapshotError) -> Void
  ) throws(SnapshotError) -> Snapshot {
    var copy = self
    try edit(&copy)
    return copy
  }

  // MARK: Items

  /// Appends items to the end of a section.
  ///
  /// - Parameters:
  ///   - items: The items to append, in order.
  ///   - sectionID: The section; `nil` means the last section.
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/noSections``, or ``SnapshotError/duplicateItemIDs(_:)``
  ///   when an item is already present or appears twice (with the positions it
  ///   would have had).
  /// - Complexity: Expected O(k) when appending to the end of the list, else
  ///   O(n + k); O(k log n + log s) in shared storage (see ``Snapshot``).
  @inlinable
  public mutating func appendItems(
    _ items: [Item], toSection sectionID: SectionModel.ID? = nil
  ) throws(SnapshotError) {
    let section: Int
    if let sectionID {
      guard let index = _sectionIndex(of: sectionID) else {
        throw .unknownSectionIDs([String(reflecting: sectionID)])
      }
      section = index
    } else {
      guard !_sections.isEmpty else { throw .noSections }
      section = _sections.count - 1
    }
    try _insertItems(items, atFlatIndex: _sectionStart(section + 1), section: section)
  }

  /// Inserts items immediately before an existing item, in its section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` when `id` is not present,
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when an inserted item is.
  /// - Complexity: Expected O(n + k); O(k log n + log s) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func insertItems(_ items: [Item], beforeItem id: Item.ID) throws(SnapshotError) {
    let flat = try _existingFlatIndex(of: id)
    try _insertItems(items, atFlatIndex: flat, section: _itemSection(atFlatIndex: flat))
  }

  /// Inserts items immediately after an existing item, in its section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` when `id` is not present,
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when an inserted item is.
  /// - Complexity: Expected O(n + k); O(k log n + log s) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func insertItems(_ items: [Item], afterItem id: Item.ID) throws(SnapshotError) {
    let flat = try _existingFlatIndex(of: id)
    try _insertItems(items, atFlatIndex: flat + 1, section: _itemSection(atFlatIndex: flat))
  }

  /// Deletes the items with the given ids.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every id that is not
  ///   present; nothing is deleted then.
  /// - Complexity: Expected O(n + k); O(k (log n + log s)) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func deleteItems(_ ids: some Sequence<Item.ID>) throws(SnapshotError) {
    var doomed: [Int] = []
    var unknown: [String] = []
    for id in ids {
      if let flat = _flatIndex(of: id) {
        doomed.append(flat)
      } else {
        unknown.append(String(reflecting: id))
      }
    }
    guard unknown.isEmpty else { throw .unknownItemIDs(unknown) }
    // An id given twice is deleted once.
    doomed._sortDroppingRepeats()
    _removeItems(atFlatIndices: doomed)
  }

  /// Deletes every item and, like `NSDiffableDataSourceSnapshot`'s
  /// `deleteAllItems()`, every section; with `keepingSections`, the
  /// sections stay, empty.
  ///
  /// ```swift
  /// snapshot.deleteAllItems()                        // an empty snapshot
  /// snapshot.deleteAllItems(keepingSections: true)   // the sections, without items
  /// ```
  ///
  /// - Complexity: O(1) without sections; O(s) keeping s sections.
  @inlinable
  public mutating func deleteAllItems(keepingSections: Bool = false) {
    if keepingSections {
      _store.replaceAll([], hashes: [], starts: Array(repeating: 0, count: _sections.count + 1))
      _itemMarks = [:]
      _checkInvariants()
    } else {
      self = Snapshot()
    }
  }

  /// Moves an item to just before another item, possibly in another section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming the unknown ids,
  ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n); O(log n + log s) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func moveItem(_ id: Item.ID, beforeItem other: Item.ID) throws(SnapshotError) {
    try _moveItem(id, relativeTo: other, after: false)
  }

  /// Moves an item to just after another item, possibly in another section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming the unknown ids,
  ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n); O(log n + log s) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func moveItem(_ id: Item.ID, afterItem other: Item.ID) throws(SnapshotError) {
    try _moveItem(id, relativeTo: other, after: true)
  }

  /// Sorts the items of one section; items the comparator finds equal keep
  /// their order.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``.
  /// - Complexity: O(k log k + n), k the section's size.
  @inlinable
  public mutating func sortItems(
    inSection sectionID: SectionModel.ID, by areInIncreasingOrder: (Item, Item) -> Bool
  ) throws(SnapshotError) {
    guard let section = _sectionIndex(of: sectionID) else {
      throw .unknownSectionIDs([String(reflecting: sectionID)])
    }
    let range = _sectionRange(section)
    let items = _items(inFlatRange: range)
    let order = _stableOrder(of: items, by: areInIncreasingOrder).map { $0 - items.startIndex }
    _store.reorder(range, by: order)
    _checkInvariants()
  }

  /// Replaces items with new values of the same ids (new content).
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every id that is not
  ///   present; nothing is replaced then.
  /// - Complexity: Expected O(k) when the storage is not shared with
  ///   another value; O(k log n) in shared storage (see ``Snapshot``).
  @inlinable
  public mutating func updateItems(_ items: [Item]) throws(SnapshotError) {
    var positions: [Int] = []
    positions.reserveCapacity(items.count)
    var unknown: [String] = []
    for item in items {
      if let flat = _flatIndex(of: item.id) {
        positions.append(flat)
      } else {
        unknown.append(String(reflecting: item.id))
      }
    }
    guard unknown.isEmpty else { throw .unknownItemIDs(unknown) }
    _store.update(items, atFlatIndices: positions, preparing: true)
  }

  /// Replaces the items at `paths` (valid paths) with new values of the
  /// same ids, in the storage the snapshot has (a staged batch's snapshot,
  /// made once: moving a large flat snapshot to shared storage for it
  /// would cost more than the edit).
  ///
  /// - Complexity: O(k) and an O(n) copy when the flat arrays are shared
  ///   with another value; O(k log n) in shared storage.
  @inlinable
  mutating func _replaceItemsKeepingStorage(at paths: [ItemPath], with items: [Item]) {
    let flats = paths.map { _sectionStart($0.section) + $0.item }
    _store.update(items, atFlatIndices: flats, preparing: false)
  }

  /// Replaces the items of one section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``, or
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when a new item is already
  ///   elsewhere in the snapshot; the snapshot is unchanged then.
  /// - Complexity: Expected O(n + k); O((r + k) log n + log s) in shared storage
  ///   for r items replaced (see ``Snapshot``).
  @inlinable
  public mutating func replaceItems(
    inSection sectionID: SectionModel.ID, with items: [Item]
  ) throws(SnapshotError) {
    let section = try _existingSectionIndex(of: sectionID)
    try replaceItems(
      inSectionAt: section,
      subrange: 0..<_sectionItemCount(section), with: items)
  }
}
