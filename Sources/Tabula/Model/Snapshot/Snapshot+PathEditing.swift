// Editing by position, as a mutable array of arrays reads: the API a list
// controller exposes for lists it owns. Like the id-based edits, each one
// validates first and leaves the snapshot unchanged when it throws.

extension Snapshot {
  /// Inserts items at `path`; the item there and those after it move down.
  /// `path.item` may equal the section's count, to append.
  ///
  /// - Throws:
  ///   ``SnapshotError/insertionPathOutOfRange(_:sectionCount:itemCount:)``
  ///   or ``SnapshotError/duplicateItemIDs(_:)``.
  /// - Complexity: Expected O(n + k); O(k log n + log s) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func insertItems(_ items: [Item], at path: ItemPath) throws(SnapshotError) {
    try _checkInsertion(path)
    try _insertItems(
      items, atFlatIndex: _sectionStart(path.section) + path.item, section: path.section)
  }

  /// Deletes the items at `paths` (positions before the deletion).
  ///
  /// - Throws: ``SnapshotError/itemPathOutOfRange(_:sectionCount:itemCount:)``
  ///   for the first path outside the snapshot; nothing is deleted then.
  /// - Complexity: O(n + k); O(k (log n + log s)) in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public mutating func deleteItems(at paths: [ItemPath]) throws(SnapshotError) {
    var doomed = Set<Int>()
    for path in paths {
      guard let flat = _uncheckedFlatIndex(of: path) else { throw _rangeError(for: path)! }
      doomed.insert(flat)
    }
    _removeItems(atFlatIndices: Array(doomed))
  }

  /// Moves the item at `from` so that it ends at `to` (a position in the
  /// list after the move, as `UITableView.moveRow(at:to:)` means it).
  ///
  /// - Throws: ``SnapshotError/itemPathOutOfRange(_:sectionCount:itemCount:)``
  ///   for `from`;
  ///   ``SnapshotError/insertionPathOutOfRange(_:sectionCount:itemCount:)``
  ///   for `to` beyond the end of its section once the item left;
  ///   ``SnapshotError/itemMovedOntoItself(_:)`` when `from == to`.
  /// - Complexity: O(n); O(log n + log s) in shared storage (see ``Snapshot``).
  @inlinable
  public mutating func moveItem(from: ItemPath, to: ItemPath) throws(SnapshotError) {
    guard let source = _uncheckedFlatIndex(of: from) else { throw _rangeError(for: from)! }
    guard from != to else { throw .itemMovedOntoItself(from) }
    guard to.section >= 0 && to.section < _sections.count else {
      throw .insertionPathOutOfRange(to, sectionCount: _sections.count, itemCount: nil)
    }
    let targetRange = _sectionRange(to.section)
    let targetCount = targetRange.count - (to.section == from.section ? 1 : 0)
    guard to.item >= 0 && to.item <= targetCount else {
      throw .insertionPathOutOfRange(to, sectionCount: _sections.count, itemCount: targetCount)
    }
    // The destination's flat index once the item left its place.
    _move(
      from: source, sourceSection: from.section,
      to: targetRange.lowerBound - (to.section > from.section ? 1 : 0) + to.item,
      targetSection: to.section)
  }

  /// Inserts a section with `items` at `index` (up to the section count).
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``,
  ///   ``SnapshotError/duplicateSectionIDs(_:)`` or
  ///   ``SnapshotError/duplicateItemIDs(_:)``.
  /// - Complexity: Expected O(n + k).
  @inlinable
  public mutating func insertSection(
    _ section: SectionModel, items: [Item] = [], at index: Int
  ) throws(SnapshotError) {
    guard index >= 0 && index <= _sections.count else {
      throw .sectionIndexOutOfRange(index, sectionCount: _sections.count)
    }
    var copy = self
    try copy._insertSections([section], at: index)
    try copy._insertItems(items, atFlatIndex: copy._sectionStart(index), section: index)
    self = copy
  }

  /// Deletes the section at `index` with its items.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``.
  /// - Complexity: O(n + s).
  @inlinable
  public mutating func deleteSection(at index: Int) throws(SnapshotError) {
    try _checkSection(index)
    _reorderSections(_sections.indices.filter { $0 != index })
  }

  /// Moves the section at `from` so that it ends at index `to`.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``, or
  ///   ``SnapshotError/sectionMovedOntoItself(_:)`` when `from == to`.
  /// - Complexity: O(n + s).
  @inlinable
  public mutating func moveSection(from: Int, to: Int) throws(SnapshotError) {
    try _checkSection(from)
    try _checkSection(to)
    guard from != to else { throw .sectionMovedOntoItself(from) }
    var order = Array(_sections.indices)
    order.remove(at: from)
    order.insert(from, at: to)
    _reorderSections(order)
  }

  /// Sorts the items of the section at `index`; items the comparator finds
  /// equal keep their order.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``.
  /// - Complexity: O(k log k + n).
  @inlinable
  public mutating func sortItems(
    inSectionAt index: Int, by areInIncreasingOrder: (Item, Item) -> Bool
  ) throws(SnapshotError) {
    try _checkSection(index)
    try sortItems(inSection: _sections[index].id, by: areInIncreasingOrder)
  }

  @inlinable
  func _checkSection(_ index: Int) throws(SnapshotError) {
    guard index >= 0 && index < _sections.count else {
      throw .sectionIndexOutOfRange(index, sectionCount: _sections.count)
    }
  }

  /// Checks that `path` is a position items can be inserted at.
  @inlinable
  func _checkInsertion(_ path: ItemPath) throws(SnapshotError) {
    guard path.section >= 0 && path.section < _sections.count else {
      throw .insertionPathOutOfRange(path, sectionCount: _sections.count, itemCount: nil)
    }
    let count = _sectionItemCount(path.section)
    guard path.item >= 0 && path.item <= count else {
      throw .insertionPathOutOfRange(path, sectionCount: _sections.count, itemCount: count)
    }
  }
}
