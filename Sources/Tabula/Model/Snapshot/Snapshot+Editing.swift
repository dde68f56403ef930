// Editing a snapshot. Each edit validates its arguments before it changes
// anything, and applies the change to a copy that replaces `self` only when
// every check passed: an edit that throws leaves the snapshot as it was.

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
  ///   O(n + k).
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
    try _insertItems(items, atFlatIndex: _sectionStarts[section + 1], section: section)
  }

  /// Inserts items immediately before an existing item, in its section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` when `id` is not present,
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when an inserted item is.
  /// - Complexity: Expected O(n + k).
  @inlinable
  public mutating func insertItems(_ items: [Item], beforeItem id: Item.ID) throws(SnapshotError) {
    let flat = try _existingFlatIndex(of: id)
    try _insertItems(items, atFlatIndex: flat, section: Int(_itemSections[flat]))
  }

  /// Inserts items immediately after an existing item, in its section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` when `id` is not present,
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when an inserted item is.
  /// - Complexity: Expected O(n + k).
  @inlinable
  public mutating func insertItems(_ items: [Item], afterItem id: Item.ID) throws(SnapshotError) {
    let flat = try _existingFlatIndex(of: id)
    try _insertItems(items, atFlatIndex: flat + 1, section: Int(_itemSections[flat]))
  }

  /// Deletes the items with the given ids.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every id that is not
  ///   present; nothing is deleted then.
  /// - Complexity: Expected O(n + k).
  @inlinable
  public mutating func deleteItems(_ ids: some Sequence<Item.ID>) throws(SnapshotError) {
    var doomed = [Bool](repeating: false, count: _items.count)
    var unknown: [String] = []
    for id in ids {
      if let flat = _flatIndex(of: id) {
        doomed[flat] = true
      } else {
        unknown.append(String(reflecting: id))
      }
    }
    guard unknown.isEmpty else { throw .unknownItemIDs(unknown) }
    _removeItems { doomed[$0] }
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
      _replaceItems([], hashes: [], starts: Array(repeating: 0, count: _sectionStarts.count))
    } else {
      self = Snapshot()
    }
  }

  /// Moves an item to just before another item, possibly in another section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming the unknown ids,
  ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n).
  @inlinable
  public mutating func moveItem(_ id: Item.ID, beforeItem other: Item.ID) throws(SnapshotError) {
    try _moveItem(id, relativeTo: other, after: false)
  }

  /// Moves an item to just after another item, possibly in another section.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming the unknown ids,
  ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n).
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
    let range = _sectionStarts[section]..<_sectionStarts[section + 1]
    let order = _stableOrder(of: _items[range], by: areInIncreasingOrder)
    var copy = self
    for (offset, source) in order.enumerated() {
      copy._items[range.lowerBound + offset] = _items[source]
      copy._itemHashes[range.lowerBound + offset] = _itemHashes[source]
    }
    try copy._rebuildItemTable()
    copy._checkInvariants()
    self = copy
  }

  /// Replaces items with new values of the same ids (new content).
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every id that is not
  ///   present; nothing is replaced then.
  /// - Complexity: Expected O(k).
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
    for (item, flat) in zip(items, positions) { _items[flat] = item }
  }

  /// Marks items to be reloaded (their cells replaced) when this snapshot is
  /// applied, even if their content is unchanged.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func reloadItems(_ ids: some Sequence<Item.ID>) throws(SnapshotError) {
    try _markItems(ids, as: .reload)
  }

  /// Marks items to be reconfigured (their cells refreshed in place) when this
  /// snapshot is applied, even if their content is unchanged. A reload mark
  /// takes precedence over a reconfigure mark.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func reconfigureItems(_ ids: some Sequence<Item.ID>) throws(SnapshotError) {
    try _markItems(ids, as: .reconfigure)
  }

  // MARK: Sections

  /// Appends sections, empty, after the last one.
  ///
  /// - Throws: ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(s + k).
  @inlinable
  public mutating func appendSections(_ sections: [SectionModel]) throws(SnapshotError) {
    try _insertSections(sections, at: _sections.count)
  }

  /// Inserts sections, empty, before an existing section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionModel], beforeSection id: SectionModel.ID
  ) throws(SnapshotError) {
    try _insertSections(sections, at: _existingSectionIndex(of: id))
  }

  /// Inserts sections, empty, after an existing section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionModel], afterSection id: SectionModel.ID
  ) throws(SnapshotError) {
    try _insertSections(sections, at: _existingSectionIndex(of: id) + 1)
  }

  /// Deletes sections and their items.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)`` naming every unknown id;
  ///   nothing is deleted then.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func deleteSections(_ ids: some Sequence<SectionModel.ID>) throws(SnapshotError) {
    var doomed = [Bool](repeating: false, count: _sections.count)
    var unknown: [String] = []
    for id in ids {
      if let index = _sectionIndex(of: id) {
        doomed[index] = true
      } else {
        unknown.append(String(reflecting: id))
      }
    }
    guard unknown.isEmpty else { throw .unknownSectionIDs(unknown) }
    _reorderSections(_sections.indices.filter { !doomed[$0] })
  }

  /// Moves a section, with its items, to just before another section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/sectionMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func moveSection(
    _ id: SectionModel.ID, beforeSection other: SectionModel.ID
  ) throws(SnapshotError) {
    try _moveSection(id, relativeTo: other, after: false)
  }

  /// Moves a section, with its items, to just after another section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/sectionMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func moveSection(
    _ id: SectionModel.ID, afterSection other: SectionModel.ID
  ) throws(SnapshotError) {
    try _moveSection(id, relativeTo: other, after: true)
  }

  /// Sorts the sections, each keeping its items; sections the comparator finds
  /// equal keep their order.
  ///
  /// - Complexity: O(s log s + n).
  @inlinable
  public mutating func sortSections(by areInIncreasingOrder: (SectionModel, SectionModel) -> Bool) {
    _reorderSections(_stableOrder(of: _sections[...], by: areInIncreasingOrder))
  }

  /// Replaces section models with new values of the same ids (new header or
  /// footer content).
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func updateSections(_ sections: [SectionModel]) throws(SnapshotError) {
    var positions: [Int] = []
    var unknown: [String] = []
    for section in sections {
      if let index = _sectionIndex(of: section.id) {
        positions.append(index)
      } else {
        unknown.append(String(reflecting: section.id))
      }
    }
    guard unknown.isEmpty else { throw .unknownSectionIDs(unknown) }
    for (section, index) in zip(sections, positions) { _sections[index] = section }
  }

  /// Marks sections to be reloaded (replaced, with all their items) when this
  /// snapshot is applied.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func reloadSections(_ ids: some Sequence<SectionModel.ID>) throws(SnapshotError) {
    let ids = Array(ids)
    let unknown = ids.filter { _sectionIndex(of: $0) == nil }.map { String(reflecting: $0) }
    guard unknown.isEmpty else { throw .unknownSectionIDs(unknown) }
    _reloadedSections.formUnion(ids)
  }

  /// The snapshot without reload and reconfigure marks: what a list shows
  /// after applying it.
  @inlinable
  public var withoutMarks: Snapshot {
    var copy = self
    copy._itemMarks = [:]
    copy._reloadedSections = []
    return copy
  }

  // MARK: Implementation

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
    try Snapshot._checkCapacity(items: _items.count + items.count, sections: _sections.count)
    let hashes = IDHashing.hashes(of: items)
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
    for (offset, item) in items.enumerated() {
      if _flatIndex(of: item.id, hash: hashes[offset]) != nil { return false }
    }
    if items.count > 1 {
      var seen = Set<Item.ID>(minimumCapacity: items.count)
      for item in items where !seen.insert(item.id).inserted { return false }
    }
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

  /// Removes the items at the flat indices for which `isDoomed` is true.
  @inlinable
  mutating func _removeItems(where isDoomed: (Int) -> Bool) {
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
    let source = _flatIndex(of: id)
    let anchor = _flatIndex(of: other)
    guard let source, let anchor else {
      let unknown = [(id, source), (other, anchor)].filter { $0.1 == nil }
      throw .unknownItemIDs(unknown.map { String(reflecting: $0.0) })
    }
    guard source != anchor else { throw .itemMovedRelativeToItself(String(reflecting: id)) }
    let sourceSection = Int(_itemSections[source])
    let targetSection = Int(_itemSections[anchor])
    let item = _items.remove(at: source)
    let hash = _itemHashes.remove(at: source)
    let anchorAfterRemoval = anchor > source ? anchor - 1 : anchor
    let destination = after ? anchorAfterRemoval + 1 : anchorAfterRemoval
    _items.insert(item, at: destination)
    _itemHashes.insert(hash, at: destination)
    for later in (sourceSection + 1)..<_sectionStarts.count { _sectionStarts[later] -= 1 }
    for later in (targetSection + 1)..<_sectionStarts.count { _sectionStarts[later] += 1 }
    _replaceItems(_items, hashes: _itemHashes, starts: _sectionStarts)
  }

  @inlinable
  mutating func _insertSections(_ sections: [SectionModel], at index: Int) throws(SnapshotError) {
    guard !sections.isEmpty else { return }
    try Snapshot._checkCapacity(items: _items.count, sections: _sections.count + sections.count)
    var copy = self
    copy._sections.insert(contentsOf: sections, at: index)
    copy._sectionHashes.insert(contentsOf: IDHashing.hashes(of: sections), at: index)
    copy._sectionStarts.insert(
      contentsOf: repeatElement(_sectionStarts[index], count: sections.count), at: index)
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
    _replaceItems(items, hashes: hashes, starts: starts)
  }

  @inlinable
  mutating func _markItems(_ ids: some Sequence<Item.ID>, as kind: UpdateKind) throws(SnapshotError)
  {
    let ids = Array(ids)
    let unknown = ids.filter { _flatIndex(of: $0) == nil }.map { String(reflecting: $0) }
    guard unknown.isEmpty else { throw .unknownItemIDs(unknown) }
    for id in ids where _itemMarks[id] != .reload { _itemMarks[id] = kind }
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

extension Snapshot {
  /// The sections of `parts`, one after another, reusing their stored hashes,
  /// with the reload and reconfigure marks of the parts whose indices are in
  /// `marksOf` (the parts that changed: the marks of the others were applied
  /// when they changed).
  ///
  /// - Throws: ``SnapshotError/duplicateSectionIDs(_:)`` or
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when the parts share ids;
  ///   ``SnapshotError/tooManyItems(_:limit:)`` or
  ///   ``SnapshotError/tooManySections(_:limit:)`` when together they are
  ///   too large (checked before anything is copied).
  /// - Complexity: Expected O(n).
  static func _concatenating(
    _ parts: [Snapshot], carryingMarksOf marksOf: Set<Int> = []
  ) throws(SnapshotError) -> Snapshot {
    try _checkCapacity(
      items: parts.reduce(0) { $0 + $1._items.count },
      sections: parts.reduce(0) { $0 + $1._sections.count })
    var result = try _concatenatingUnmarked(parts)
    for index in marksOf.sorted() where parts.indices.contains(index) {
      result._itemMarks.merge(parts[index]._itemMarks) { first, second in
        first == .reload || second == .reload ? .reload : .reconfigure
      }
      result._reloadedSections.formUnion(parts[index]._reloadedSections)
    }
    result._checkInvariants()
    return result
  }

  static func _concatenatingUnmarked(_ parts: [Snapshot]) throws(SnapshotError) -> Snapshot {
    if parts.count == 1 { return parts[0].withoutMarks }
    var result = Snapshot()
    result._sections = parts.flatMap { $0._sections }
    result._sectionHashes = parts.flatMap { $0._sectionHashes }
    result._items = parts.flatMap { $0._items }
    result._itemHashes = parts.flatMap { $0._itemHashes }
    var starts = [0]
    starts.reserveCapacity(result._sections.count + 1)
    for part in parts {
      let base = starts[starts.count - 1]
      starts.append(contentsOf: part._sectionStarts.dropFirst().map { $0 + base })
    }
    result._sectionStarts = starts
    try result._rebuildSectionTable()
    result._rebuildItemSections()
    try result._rebuildItemTable()
    result._checkInvariants()
    return result
  }
}
