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
    if _storageChanges(forEditing: end - start + items.count) {
      // On a copy: a failed replacement changes nothing, the storage
      // included.
      var copy = self
      _ = copy._prepareSharedEdit(changing: end - start + items.count)
      try copy.replaceItems(inSectionAt: index, subrange: subrange, with: items)
      self = copy
      return
    }
    let hashes = IDHashing.hashes(of: items)
    if _prepareSharedEdit(changing: end - start + items.count) {
      var copy = self
      let leaving = Array(start..<end)
      let marks = copy._itemMarks
      copy._sharedRemove(atFlatIndices: leaving)
      guard copy._areNew(items, hashes: hashes) else {
        var flat = self
        flat._moveToFlatStorage()
        try flat._flatReplaceItems(
          inSectionAt: index, start: start, end: end, with: items, hashes: hashes)
        self = flat
        return
      }
      copy._sharedInsert(items, hashes: hashes, atFlatIndex: start, section: index)
      if !marks.isEmpty {
        // An id that stays keeps its mark.
        for item in items { if let mark = marks[item.id] { copy._itemMarks[item.id] = mark } }
      }
      copy._checkInvariants()
      self = copy
      return
    }
    try _flatReplaceItems(inSectionAt: index, start: start, end: end, with: items, hashes: hashes)
  }

  /// The flat representation's range replacement.
  @inlinable
  mutating func _flatReplaceItems(
    inSectionAt index: Int, start: Int, end: Int, with items: [Item], hashes: [Int]
  ) throws(SnapshotError) {
    let delta = items.count - (end - start)

    // An id new to the snapshot, or one that stays within the subrange; and
    // no id twice among the new items. Else the full rebuild reports every
    // duplicate with its positions.
    var fits = true
    for (offset, item) in items.enumerated() {
      if let existing = _flatIndex(of: item.id, hash: hashes[offset]),
        existing < start || existing >= end
      {
        fits = false
        break
      }
    }
    if fits, items.count > 1 {
      // The new items' own index, with the hashes already made.
      _ = items.withUnsafeBufferPointer { items in
        IDTable(
          hashes: hashes, equal: { items[$0].id == items[$1].id },
          duplicate: { _, _ in fits = false })
      }
    }

    var copy = self
    copy._items.replaceSubrange(start..<end, with: items)
    copy._itemHashes.replaceSubrange(start..<end, with: hashes)
    copy._itemSections.replaceSubrange(
      start..<end,
      with: repeatElement(Int32(truncatingIfNeeded: index), count: items.count))
    for later in (index + 1)..<copy._sectionStarts.count { copy._sectionStarts[later] += delta }
    guard fits else {
      try copy._rebuildItemTable()  // throws the duplicates
      preconditionFailure("a duplicate id was found that the table did not report")
    }
    if copy._itemTable.canAdd(max(0, delta), to: _items.count) {
      // Copied in one pass with the later positions shifted by `delta` and
      // the subrange's entries parked above every position (so that they
      // collide with none); then the parked entries leave, closing their
      // gaps, and the new ones come in.
      let parked = _items.count + max(0, delta)
      let oldHashes = _itemHashes
      copy._itemTable = _itemTable.remappingPositions { position in
        position < start ? position : position < end ? parked + position - start : position + delta
      }
      func oldHash(ofStored stored: Int) -> Int {
        if stored < start { return oldHashes[stored] }
        if stored >= parked { return oldHashes[start + stored - parked] }
        return oldHashes[stored - delta]
      }
      for position in start..<end {
        copy._itemTable.remove(
          position: parked + position - start, hash: oldHashes[position], hashOf: oldHash)
      }
      for offset in items.indices {
        copy._itemTable.insertNew(position: start + offset, hash: hashes[offset])
      }
    } else {
      try copy._rebuildItemTable()
    }
    if !copy._itemMarks.isEmpty {
      for position in start..<end {
        let id = _items[position].id
        if copy._flatIndex(of: id) == nil { copy._itemMarks[id] = nil }
      }
    }
    copy._checkInvariants()
    self = copy
  }
}
