extension Snapshot {
  /// Replaces the items `subrange` of the section at `index` with `items`,
  /// as `Array.replaceSubrange` does: a delete, an insert, or both at once
  /// (an outline toggling a node replaces the node's row and the rows under
  /// it in one edit).
  ///
  /// ```swift
  /// // Rows 3...5 of section 0 become these two.
  /// try snapshot.replaceItems(inSectionAt: 0, subrange: 3..<6, with: [a, b])
  /// ```
  ///
  /// An id may stay when its item is replaced within the subrange; any other
  /// id already in the snapshot is a duplicate. Marks of items that leave go
  /// with them.
  ///
  /// - Throws: ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)``,
  ///   ``SnapshotError/insertionPathOutOfRange(_:sectionCount:itemCount:)``
  ///   when the subrange does not fit in the section, or
  ///   ``SnapshotError/duplicateItemIDs(_:)``; nothing changes then.
  /// - Complexity: O((r + k) log n) for r items replaced by k in a snapshot
  ///   in shared storage (see ``Snapshot``); else O(n) copying without
  ///   hashing the snapshot again (the id index is patched in place), and
  ///   O(k) hashing for k new items.
  @inlinable
  public mutating func replaceItems(
    inSectionAt index: Int, subrange: Range<Int>, with items: [Item]
  ) throws(SnapshotError) {
    guard index >= 0 && index < _sections.count else {
      throw .sectionIndexOutOfRange(index, sectionCount: _sections.count)
    }
    let sectionRange = _sectionRange(index)
    let count = sectionRange.count
    guard subrange.lowerBound >= 0, subrange.upperBound <= count else {
      let bad = subrange.lowerBound < 0 ? subrange.lowerBound : subrange.upperBound
      throw .insertionPathOutOfRange(
        ItemPath(section: index, item: bad), sectionCount: _sections.count, itemCount: count)
    }
    let start = sectionRange.lowerBound + subrange.lowerBound
    let end = sectionRange.lowerBound + subrange.upperBound
    let delta = items.count - (end - start)
    try Snapshot._checkCapacity(items: _itemCount + delta, sections: _sections.count)
    // An id that leaves loses its mark; one that stays keeps it.
    let leaving = _itemMarks.isEmpty ? [] : _items(inFlatRange: start..<end).map(\.id)
    try _store.replaceItems(inSectionAt: index, start: start, end: end, with: items)
    for id in leaving where _flatIndex(of: id) == nil { _itemMarks[id] = nil }
    _checkInvariants()
  }
}
