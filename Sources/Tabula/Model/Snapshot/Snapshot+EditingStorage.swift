// The storage work behind the editing operations: lookups that throw for
// unknown ids, and the changes to the flat item and hash arrays, the section
// starts and the id tables that every edit shares.

extension Snapshot {
  @inlinable
  func _existingFlatIndex(of id: Item.ID) throws(SnapshotError) -> Int {
    guard let flat = _flatIndex(of: id) else { throw .unknownItemIDs([String(reflecting: id)]) }
    return flat
  }

  @inlinable
  func _existingSectionIndex(of id: SectionModel.ID) throws(SnapshotError) -> Int {
    guard let index = _sectionIndex(of: id) else {
      throw .unknownSectionIDs([String(reflecting: id)])
    }
    return index
  }

  /// Inserts `items` at flat index `flat`, which belongs to (or ends) `section`.
  @inlinable
  mutating func _insertItems(
    _ items: [Item], atFlatIndex flat: Int, section: Int
  ) throws(SnapshotError) {
    guard !items.isEmpty else { return }
    try Snapshot._checkCapacity(items: _itemCount + items.count, sections: _sections.count)
    if _storageChanges(forEditing: items.count) {
      // On a copy: a failed insert changes nothing, the storage included.
      var copy = self
      _ = copy._prepareSharedEdit(changing: items.count)
      try copy._insertItems(items, atFlatIndex: flat, section: section)
      self = copy
      return
    }
    let hashes = IDHashing.hashes(of: items)
    if _prepareSharedEdit(changing: items.count) {
      guard _areNew(items, hashes: hashes) else {
        var copy = self
        copy._moveToFlatStorage()
        try copy._flatInsertItems(items, hashes: hashes, atFlatIndex: flat, section: section)
        self = copy
        return
      }
      _sharedInsert(items, hashes: hashes, atFlatIndex: flat, section: section)
      _checkInvariants()
      return
    }
    try _flatInsertItems(items, hashes: hashes, atFlatIndex: flat, section: section)
  }

  /// The flat representation's insert.
  @inlinable
  mutating func _flatInsertItems(
    _ items: [Item], hashes: [Int], atFlatIndex flat: Int, section: Int
  ) throws(SnapshotError) {
    if flat == _items.count, _itemTable.canAdd(items.count, to: _items.count),
      _appendWithoutDuplicates(items, hashes: hashes, section: section)
    {
      return
    }
    var copy = self
    copy._items.insert(contentsOf: items, at: flat)
    copy._itemHashes.insert(contentsOf: hashes, at: flat)
    for later in (section + 1)..<copy._sectionStarts.count {
      copy._sectionStarts[later] += items.count
    }
    copy._rebuildItemSections()
    try copy._rebuildItemTable()
    copy._checkInvariants()
    self = copy
  }

  /// Appends `items` at the end of the flat list, into `section`, updating the
  /// index in place. Returns `false`, changing nothing, if an item's id is
  /// already present or repeated (the caller then takes the path that reports
  /// the duplicates).
  @inlinable
  mutating func _appendWithoutDuplicates(_ items: [Item], hashes: [Int], section: Int) -> Bool {
    guard _areNew(items, hashes: hashes) else { return false }
    let base = _items.count
    _items.append(contentsOf: items)
    _itemHashes.append(contentsOf: hashes)
    _itemSections.append(
      contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: items.count))
    for later in (section + 1)..<_sectionStarts.count { _sectionStarts[later] += items.count }
    for offset in items.indices {
      _itemTable.insertNew(position: base + offset, hash: hashes[offset])
    }
    _checkInvariants()
    return true
  }

  /// Removes the last `count` items of the flat list in place: O(count)
  /// when the storage is not shared (a paged list swapping its end row).
  ///
  /// - Precondition: `0 <= count <= numberOfItems`.
  @inlinable
  mutating func _removeTrailingItems(_ count: Int) {
    precondition(count >= 0 && count <= _itemCount, "cannot remove \(count) trailing items")
    guard count > 0 else { return }
    if _prepareSharedEdit(changing: count) {
      _sharedRemove(atFlatIndices: Array((_itemCount - count)..<_itemCount))
      _checkInvariants()
      return
    }
    let start = _items.count - count
    let hashes = _itemHashes
    for position in start..<_items.count {
      _itemTable.remove(position: position, hash: hashes[position], hashOf: { hashes[$0] })
      if !_itemMarks.isEmpty { _itemMarks[_items[position].id] = nil }
    }
    _items.removeLast(count)
    _itemHashes.removeLast(count)
    _itemSections.removeLast(count)
    for index in _sectionStarts.indices where _sectionStarts[index] > start {
      _sectionStarts[index] = start
    }
    _checkInvariants()
  }

  /// Removes the items at the flat indices `doomed` (any order, no repeats).
  ///
  /// - Complexity: O(k (log n + log s)) in shared storage, else O(n).
  @inlinable
  mutating func _removeItems(atFlatIndices doomed: [Int]) {
    guard !doomed.isEmpty else { return }
    if _prepareSharedEdit(changing: doomed.count) {
      _sharedRemove(atFlatIndices: doomed.sorted())
      _checkInvariants()
      return
    }
    var isDoomed = [Bool](repeating: false, count: _items.count)
    for flat in doomed { isDoomed[flat] = true }
    _removeItems { isDoomed[$0] }
  }

  /// Removes the items at the flat indices for which `isDoomed` is true.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func _removeItems(where isDoomed: (Int) -> Bool) {
    _moveToFlatStorage()
    var items: [Item] = []
    var hashes: [Int] = []
    var starts = [0]
    items.reserveCapacity(_items.count)
    hashes.reserveCapacity(_items.count)
    starts.reserveCapacity(_sectionStarts.count)
    for section in _sections.indices {
      for flat in _sectionStarts[section]..<_sectionStarts[section + 1] where !isDoomed(flat) {
        items.append(_items[flat])
        hashes.append(_itemHashes[flat])
      }
      starts.append(items.count)
    }
    _replaceItems(items, hashes: hashes, starts: starts)
  }

  /// Replaces the items (known to have unique ids) and the section starts,
  /// keeping the sections, and drops marks of items that are gone.
  @inlinable
  mutating func _replaceItems(_ items: [Item], hashes: [Int], starts: [Int]) {
    _shared = nil
    _items = items
    _itemHashes = hashes
    _sectionStarts = starts
    _rebuildItemSections()
    _itemTable = _items.withUnsafeBufferPointer { items in
      IDTable(hashes: hashes, equal: { items[$0].id == items[$1].id }, duplicate: { _, _ in })
    }
    if !_itemMarks.isEmpty {
      _itemMarks = _itemMarks.filter { _flatIndex(of: $0.key) != nil }
    }
    _checkInvariants()
  }

  @inlinable
  mutating func _moveItem(
    _ id: Item.ID, relativeTo other: Item.ID, after: Bool
  ) throws(SnapshotError) {
    let (source, anchor) = _flatIndices(of: id, other)
    guard let source, let anchor else {
      let unknown = [(id, source), (other, anchor)].filter { $0.1 == nil }
      throw .unknownItemIDs(unknown.map { String(reflecting: $0.0) })
    }
    guard source != anchor else { throw .itemMovedRelativeToItself(String(reflecting: id)) }
    let anchorAfterRemoval = anchor > source ? anchor - 1 : anchor
    _move(
      from: source, sourceSection: _itemSection(atFlatIndex: source),
      to: after ? anchorAfterRemoval + 1 : anchorAfterRemoval,
      targetSection: _itemSection(atFlatIndex: anchor))
  }

  /// Moves the item at flat index `source` (in `sourceSection`) to flat
  /// index `destination` (counted once it left), in `targetSection`: the
  /// move both id-based and positional moves make.
  ///
  /// - Complexity: O(log n + log s) in shared storage, else O(n).
  @inlinable
  mutating func _move(
    from source: Int, sourceSection: Int, to destination: Int, targetSection: Int
  ) {
    if _prepareSharedEdit() {
      var shared = _shared!
      _shared = nil
      let (item, hash) = shared.remove(at: source)
      shared.insert(item, hash: hash, at: destination)
      // A move within a section changes no count, and leaves them shared.
      if sourceSection != targetSection {
        shared.starts.add(-1, toSection: sourceSection)
        shared.starts.add(1, toSection: targetSection)
      }
      _shared = shared
      _checkInvariants()
      return
    }
    // Only the sections between the two change their starts (a move within
    // a section changes none, and leaves the array shared).
    if sourceSection < targetSection {
      for later in (sourceSection + 1)...targetSection { _sectionStarts[later] -= 1 }
    } else if targetSection < sourceSection {
      for later in (targetSection + 1)...sourceSection { _sectionStarts[later] += 1 }
    }
    let item = _items.remove(at: source)
    let hash = _itemHashes.remove(at: source)
    _items.insert(item, at: destination)
    _itemHashes.insert(hash, at: destination)
    _replaceItems(_items, hashes: _itemHashes, starts: _sectionStarts)
  }

  @inlinable
  mutating func _insertSections(_ sections: [SectionModel], at index: Int) throws(SnapshotError) {
    guard !sections.isEmpty else { return }
    try Snapshot._checkCapacity(items: _itemCount, sections: _sections.count + sections.count)
    var copy = self
    copy._sections.insert(contentsOf: sections, at: index)
    copy._sectionHashes.insert(contentsOf: IDHashing.hashes(of: sections), at: index)
    var starts = _allSectionStarts
    starts.insert(contentsOf: repeatElement(starts[index], count: sections.count), at: index)
    copy._setSectionStarts(starts)
    try copy._rebuildSectionTable()
    if index < _sections.count { copy._rebuildItemSections() }
    copy._checkInvariants()
    self = copy
  }

  @inlinable
  mutating func _moveSection(
    _ id: SectionModel.ID, relativeTo other: SectionModel.ID, after: Bool
  ) throws(SnapshotError) {
    let source = _sectionIndex(of: id)
    let anchor = _sectionIndex(of: other)
    guard let source, let anchor else {
      let unknown = [(id, source), (other, anchor)].filter { $0.1 == nil }
      throw .unknownSectionIDs(unknown.map { String(reflecting: $0.0) })
    }
    guard source != anchor else {
      throw .sectionMovedRelativeToItself(String(reflecting: id))
    }
    var order = Array(_sections.indices)
    order.remove(at: source)
    let anchorAfterRemoval = anchor > source ? anchor - 1 : anchor
    order.insert(source, at: after ? anchorAfterRemoval + 1 : anchorAfterRemoval)
    _reorderSections(order)
  }

  /// Keeps the sections listed in `order` (old indices), in that order, with
  /// their items.
  @inlinable
  mutating func _reorderSections(_ order: [Int]) {
    // Every section in place: nothing changes, and nothing is rebuilt.
    if order.count == _sections.count, order.elementsEqual(_sections.indices) { return }
    // Empty sections dropped, the others in place: no item moves, and
    // shared storage stays shared (a live list whose section empties).
    if _shared != nil, _dropsOnlyEmptySections(order) {
      let oldStarts = _allSectionStarts
      _keepSections(order)
      _setSectionStarts(order.map { oldStarts[$0] } + [oldStarts[oldStarts.count - 1]])
      _checkInvariants()
      return
    }
    _moveToFlatStorage()
    var items: [Item] = []
    var hashes: [Int] = []
    var starts = [0]
    items.reserveCapacity(_items.count)
    hashes.reserveCapacity(_items.count)
    for section in order {
      let range = _sectionStarts[section]..<_sectionStarts[section + 1]
      items.append(contentsOf: _items[range])
      hashes.append(contentsOf: _itemHashes[range])
      starts.append(items.count)
    }
    _keepSections(order)
    _replaceItems(items, hashes: hashes, starts: starts)
  }

  /// Keeps the section models (and their hashes, table and reload marks)
  /// listed in `order`, in that order; the items are the caller's.
  @inlinable
  mutating func _keepSections(_ order: [Int]) {
    let oldSections = _sections
    let oldHashes = _sectionHashes
    _sections = order.map { oldSections[$0] }
    _sectionHashes = order.map { oldHashes[$0] }
    let sections = _sections
    _sectionTable = IDTable(
      hashes: _sectionHashes, equal: { sections[$0].id == sections[$1].id },
      duplicate: { _, _ in })
    if !_reloadedSections.isEmpty {
      _reloadedSections = _reloadedSections.filter { _sectionIndex(of: $0) != nil }
    }
  }

  /// Whether `order` keeps the sections in place and leaves out only empty
  /// ones.
  @inlinable
  func _dropsOnlyEmptySections(_ order: [Int]) -> Bool {
    let starts = _allSectionStarts
    var next = 0
    for kept in order {
      guard kept >= next else { return false }
      for dropped in next..<kept where starts[dropped] != starts[dropped + 1] {
        return false
      }
      next = kept + 1
    }
    for dropped in next..<_sections.count where starts[dropped] != starts[dropped + 1] {
      return false
    }
    return true
  }

  /// The positions of `elements` after a stable sort, as offsets from its start.
  @inlinable
  func _stableOrder<Element>(
    of elements: ArraySlice<Element>, by areInIncreasingOrder: (Element, Element) -> Bool
  ) -> [Int] {
    var order = Array(elements.indices)
    order.sort { left, right in
      if areInIncreasingOrder(elements[left], elements[right]) { return true }
      if areInIncreasingOrder(elements[right], elements[left]) { return false }
      return left < right
    }
    return order
  }
}
