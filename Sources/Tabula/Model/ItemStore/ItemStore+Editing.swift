// The store's edits, in either representation. A large snapshot keeps its
// items in shared storage from its first edit on, unless an edit changes
// more than one item in 64, which the flat arrays do faster. An edit that
// may throw and would move the items to the other storage runs on a copy,
// so that a failed edit changes nothing (not even the storage: the
// snapshot stays identical to its other versions).

extension _ItemStore {
  /// Moves the items into shared storage, if they are not there yet.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func moveToSharedStorage() {
    guard shared == nil else { return }
    shared = _PersistentItems(
      items: flat.items, hashes: flat.hashes, table: flat.table, starts: flat.starts)
    flat = _FlatItems(starts: [])
  }

  /// Moves the items into flat arrays, if they are not there yet.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func moveToFlatStorage() {
    guard let shared else { return }
    let (items, hashes) = shared.tree.flattened()
    self.shared = nil
    flat.replace(items, hashes: hashes, starts: shared.starts.array)
  }

  /// Prepares an edit of `count` items: a snapshot large enough keeps its
  /// items in shared storage from its first edit on, unless the edit changes
  /// more than one item in 64 (an O(n) copy against k tree and index
  /// updates). Returns whether the items are in shared storage.
  @inlinable
  @discardableResult
  mutating func prepareEdit(changing count: Int = 1) -> Bool {
    let total = self.count
    if total >= _sharedStorageThreshold {
      if count &* 64 > total {
        moveToFlatStorage()
      } else if shared == nil {
        moveToSharedStorage()
      }
    }
    return shared != nil
  }

  /// Whether ``prepareEdit(changing:)`` would move the items to the other
  /// storage for an edit of `count` items.
  @inlinable
  func storageChanges(forEditing count: Int) -> Bool {
    let total = self.count
    guard total >= _sharedStorageThreshold else { return false }
    return count &* 64 > total ? shared != nil : shared == nil
  }

  /// Runs `edit` on a copy of this store and keeps the copy only if it
  /// succeeds: a failed edit changes nothing, not even the storage (an edit
  /// that moves the items to the other storage, or falls back to the flat
  /// path to name its duplicates, runs this way).
  @inlinable
  mutating func onACopy(_ edit: (inout _ItemStore) throws(SnapshotError) -> Void)
    throws(SnapshotError)
  {
    var copy = self
    try edit(&copy)
    self = copy
  }

  /// Replaces every section start (an edit of sections: O(s) in either
  /// storage); in flat storage, also each item's section when
  /// `itemSectionsChange` (O(n)).
  @inlinable
  mutating func setSectionStarts(_ starts: [Int], itemSectionsChange: Bool) {
    if shared == nil {
      flat.starts = starts
      if itemSectionsChange { flat.rebuildSections() }
    } else {
      shared!.forgetReads()
      shared!.starts = _SectionStarts(starts: starts)
    }
  }

  /// Replaces every item (known to have unique ids) and section start, in
  /// flat storage.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func replaceAll(_ items: [Item], hashes: [Int], starts: [Int]) {
    shared = nil
    flat.replace(items, hashes: hashes, starts: starts)
  }

  /// Keeps the sections listed in `order` (old indices), in that order,
  /// with their items. When it only leaves out empty sections, no item
  /// moves and shared storage stays shared (a live list whose section
  /// empties); otherwise the items are rebuilt flat.
  ///
  /// - Complexity: O(s) leaving out only empty sections in shared
  ///   storage, else O(n).
  @inlinable
  mutating func reorderSections(_ order: [Int]) {
    if shared != nil, dropsOnlyEmptySections(order) {
      let oldStarts = allSectionStarts
      setSectionStarts(
        order.map { oldStarts[$0] } + [oldStarts[oldStarts.count - 1]], itemSectionsChange: false)
      return
    }
    moveToFlatStorage()
    flat.reorderSections(order)
  }

  /// Whether `order` keeps the sections in place and leaves out only empty
  /// ones.
  @inlinable
  func dropsOnlyEmptySections(_ order: [Int]) -> Bool {
    let starts = allSectionStarts
    var next = 0
    for kept in order {
      guard kept >= next else { return false }
      for dropped in next..<kept where starts[dropped] != starts[dropped + 1] {
        return false
      }
      next = kept + 1
    }
    for dropped in next..<(starts.count - 1) where starts[dropped] != starts[dropped + 1] {
      return false
    }
    return true
  }

  /// Inserts `items` at flat index `index`, which belongs to (or ends)
  /// `section`.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` naming every
  ///   duplicate with its paths; nothing changes then.
  /// - Complexity: O(k (log n + log s)) in shared storage, else O(n).
  @inlinable
  mutating func insert(_ items: [Item], atFlatIndex index: Int, section: Int) throws(SnapshotError)
  {
    if storageChanges(forEditing: items.count) {
      return try onACopy { (copy) throws(SnapshotError) in
        copy.prepareEdit(changing: items.count)
        try copy.insert(items, atFlatIndex: index, section: section)
      }
    }
    let hashes = IDHashing.hashes(of: items)
    if isShared {
      guard areNew(items, hashes: hashes) else {
        // The flat path's rebuild names every duplicate with its paths.
        return try onACopy { (copy) throws(SnapshotError) in
          copy.moveToFlatStorage()
          try copy.flat.insert(items, hashes: hashes, atFlatIndex: index, section: section)
        }
      }
      sharedInsert(items, hashes: hashes, atFlatIndex: index, section: section)
      return
    }
    try flat.insert(items, hashes: hashes, atFlatIndex: index, section: section)
  }

  /// Inserts `items` (checked: no duplicates) at flat index `index`, inside
  /// `section`, in shared storage.
  ///
  /// - Complexity: O(log n + k + log s).
  @inlinable
  mutating func sharedInsert(_ items: [Item], hashes: [Int], atFlatIndex index: Int, section: Int) {
    var shared = self.shared!
    self.shared = nil
    shared.forgetReads()
    shared.insert(contentsOf: items, hashes: hashes, at: index)
    shared.starts.add(items.count, toSection: section)
    self.shared = shared
  }

  /// Removes the last `count` items.
  ///
  /// - Complexity: O(count (log n + log s)) in shared storage; O(count)
  ///   in flat arrays no other value shares.
  @inlinable
  mutating func removeTrailing(_ count: Int) {
    if prepareEdit(changing: count) {
      sharedRemove(atFlatIndices: Array((self.count - count)..<self.count))
    } else {
      flat.removeTrailing(count)
    }
  }

  /// Removes the items at the flat indices `doomed` (any order, no repeats).
  ///
  /// - Complexity: O(k (log n + log s)) in shared storage, else O(n).
  @inlinable
  mutating func remove(atFlatIndices doomed: [Int]) {
    guard !doomed.isEmpty else { return }
    if prepareEdit(changing: doomed.count) {
      sharedRemove(atFlatIndices: doomed.sorted())
      return
    }
    var isDoomed = [Bool](repeating: false, count: flat.items.count)
    for index in doomed { isDoomed[index] = true }
    flat.removeItems { isDoomed[$0] }
  }

  /// Removes the items at the flat indices `doomed` (ascending, unique) from
  /// shared storage.
  ///
  /// - Complexity: O(k (log n + log s)), s the number of sections.
  @inlinable
  mutating func sharedRemove(atFlatIndices doomed: [Int]) {
    guard !doomed.isEmpty else { return }
    assert(zip(doomed, doomed.dropFirst()).allSatisfy(<), "doomed positions ascend, unrepeated")
    var shared = self.shared!
    self.shared = nil
    shared.forgetReads()
    // Each section loses its doomed items, one section at a time; the
    // sections before it have lost `next` items, so a doomed position is
    // that much earlier in the counts.
    var next = 0
    while next < doomed.count {
      let (section, start) = shared.starts.section(containing: doomed[next] - next)
      let end = start + shared.starts.range(ofSection: section).count + next
      var last = next
      while last + 1 < doomed.count && doomed[last + 1] < end { last += 1 }
      shared.starts.add(next - last - 1, toSection: section)
      next = last + 1
    }
    // Runs of consecutive positions, from the last, each in one pass.
    var end = doomed.count
    while end > 0 {
      var start = end - 1
      while start > 0 && doomed[start - 1] == doomed[start] - 1 { start -= 1 }
      shared.removeSubrange(doomed[start]..<(doomed[end - 1] + 1))
      end = start
    }
    self.shared = shared
  }

  /// Moves the item at flat index `source` (in `sourceSection`) to flat
  /// index `destination` (counted once it left), in `targetSection`.
  ///
  /// - Complexity: O(log n + log s) in shared storage, else O(n).
  @inlinable
  mutating func move(
    from source: Int, sourceSection: Int, to destination: Int, targetSection: Int
  ) {
    guard prepareEdit() else {
      flat.move(
        from: source, sourceSection: sourceSection, to: destination, targetSection: targetSection)
      return
    }
    var shared = self.shared!
    self.shared = nil
    shared.forgetReads()
    let (item, hash) = shared.remove(at: source)
    shared.insert(item, hash: hash, at: destination)
    // A move within a section changes no count, and leaves them shared.
    if sourceSection != targetSection {
      shared.starts.add(-1, toSection: sourceSection)
      shared.starts.add(1, toSection: targetSection)
    }
    self.shared = shared
  }

  /// Replaces the items from flat index `start` to `end` (within the
  /// section at `index`) with `items`.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` when a new id is
  ///   elsewhere in the snapshot or repeated; nothing changes then.
  /// - Complexity: O((r + k) log n) for r items replaced by k in shared
  ///   storage; else O(n) copying, patching the id index in place.
  @inlinable
  mutating func replaceItems(
    inSectionAt index: Int, start: Int, end: Int, with items: [Item]
  ) throws(SnapshotError) {
    let changed = end - start + items.count
    if storageChanges(forEditing: changed) {
      return try onACopy { (copy) throws(SnapshotError) in
        copy.prepareEdit(changing: changed)
        try copy.replaceItems(inSectionAt: index, start: start, end: end, with: items)
      }
    }
    let hashes = IDHashing.hashes(of: items)
    if isShared {
      var copy = self
      copy.sharedRemove(atFlatIndices: Array(start..<end))
      guard copy.areNew(items, hashes: hashes) else {
        // The flat path's rebuild names every duplicate with its paths.
        return try onACopy { (copy) throws(SnapshotError) in
          copy.moveToFlatStorage()
          try copy.flat.replaceItems(
            inSectionAt: index, start: start, end: end, with: items, hashes: hashes)
        }
      }
      copy.sharedInsert(items, hashes: hashes, atFlatIndex: start, section: index)
      self = copy
      return
    }
    try flat.replaceItems(inSectionAt: index, start: start, end: end, with: items, hashes: hashes)
  }

  /// Replaces the items at flat `indices` with `items`, new values of the
  /// same ids, moving a large snapshot to shared storage first (as any
  /// edit does) when `preparing`, else in the storage it has.
  ///
  /// - Complexity: O(k log n) in shared storage; else O(k), and an O(n)
  ///   copy when the flat arrays are shared with another value.
  @inlinable
  mutating func update(_ items: [Item], atFlatIndices indices: [Int], preparing: Bool) {
    if preparing { prepareEdit(changing: items.count) }
    guard var shared else {
      for (item, index) in zip(items, indices) { flat.items[index] = item }
      return
    }
    self.shared = nil
    shared.forgetReads()
    for (item, index) in zip(items, indices) {
      shared.replace(at: index, with: item, hash: IDHashing.hash(item.id))
    }
    self.shared = shared
  }

  /// Reorders the items of flat `range`: `order[k]` is the offset in
  /// `range` of the item that goes to offset k. In flat storage.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func reorder(_ range: Range<Int>, by order: [Int]) {
    moveToFlatStorage()
    let items = flat.items
    let hashes = flat.hashes
    for (offset, source) in order.enumerated() {
      flat.items[range.lowerBound + offset] = items[range.lowerBound + source]
      flat.hashes[range.lowerBound + offset] = hashes[range.lowerBound + source]
    }
    // The same ids: the index is rebuilt without a duplicate to find.
    do {
      try flat.rebuildTable()
    } catch {
      preconditionFailure("reordering items cannot make a duplicate: \(error)")
    }
  }
}
