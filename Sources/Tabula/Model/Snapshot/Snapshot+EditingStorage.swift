// The work behind the editing operations: lookups that throw for unknown
// ids, and the edits every operation shares, made on the item store
// (`Model/ItemStore/`) with the sections and marks kept in step.

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
  ///
  /// - Throws: ``SnapshotError/tooManyItems(_:limit:)`` or
  ///   ``SnapshotError/duplicateItemIDs(_:)``; nothing changes then.
  @inlinable
  mutating func _insertItems(
    _ items: [Item], atFlatIndex flat: Int, section: Int
  ) throws(SnapshotError) {
    guard !items.isEmpty else { return }
    try Snapshot._checkCapacity(items: _itemCount + items.count, sections: _sections.count)
    try _store.insert(items, atFlatIndex: flat, section: section)
    _checkInvariants()
  }

  /// Removes the last `count` items of the flat list in place: O(count)
  /// when the storage is not shared (a paged list swapping its end row).
  ///
  /// - Precondition: `0 <= count <= numberOfItems`.
  @inlinable
  mutating func _removeTrailingItems(_ count: Int) {
    precondition(count >= 0 && count <= _itemCount, "cannot remove \(count) trailing items")
    guard count > 0 else { return }
    _unmarkItems(atFlatIndices: (_itemCount - count)..<_itemCount)
    _store.removeTrailing(count)
    _checkInvariants()
  }

  /// Removes the items at the flat indices `doomed` (any order, no repeats).
  ///
  /// - Complexity: O(k (log n + log s)) in shared storage, else O(n).
  @inlinable
  mutating func _removeItems(atFlatIndices doomed: [Int]) {
    guard !doomed.isEmpty else { return }
    _unmarkItems(atFlatIndices: doomed)
    _store.remove(atFlatIndices: doomed)
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
    _store.move(
      from: source, sourceSection: sourceSection, to: destination, targetSection: targetSection)
    _checkInvariants()
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
    // Sections added at the end leave every item in its section.
    copy._store.setSectionStarts(starts, itemSectionsChange: index < _sections.count)
    try copy._rebuildSectionTable()
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
    _store.reorderSections(order)
    _keepSections(order)
    _dropMarksOfMissingItems()
    _checkInvariants()
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
