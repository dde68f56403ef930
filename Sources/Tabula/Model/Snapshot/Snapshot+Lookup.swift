extension Snapshot {
  /// The number of sections.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfSections: Int { _sections.count }

  /// The number of items in all sections.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfItems: Int { _itemCount }

  /// The number of items in the section at `index`.
  ///
  /// - Precondition: `index` is a valid section index; otherwise this traps with
  ///   the ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)`` message.
  /// - Complexity: O(1); O(log s) for s sections in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public func numberOfItems(inSectionAt index: Int) -> Int {
    _checkSectionIndex(index)
    return _sectionItemCount(index)
  }

  /// The number of items in the section with id `id`, or `nil` when there
  /// is no such section (as `NSDiffableDataSourceSnapshot`'s
  /// `numberOfItems(inSection:)`, which takes an identifier too; the index
  /// form is ``numberOfItems(inSectionAt:)``).
  ///
  /// - Complexity: Expected O(1); O(log s) more for a snapshot in shared
  ///   storage.
  @inlinable
  public func numberOfItems(inSection id: SectionModel.ID) -> Int? {
    sectionIndex(of: id).map(_sectionItemCount)
  }

  /// The section models, in order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var sections: [SectionModel] { _sections }

  /// All items, section after section, in order.
  ///
  /// - Complexity: O(1); O(n) for a snapshot in shared storage (see
  ///   ``Snapshot``).
  @inlinable
  public var items: [Item] { _allItems }

  /// The items of the section at `index`.
  ///
  /// - Precondition: `index` is a valid section index.
  /// - Complexity: O(1); O(k + log n) for the k items of a section of a
  ///   snapshot in shared storage (see ``Snapshot``), whose slice then
  ///   starts at index 0.
  @inlinable
  public func items(inSectionAt index: Int) -> ArraySlice<Item> {
    _checkSectionIndex(index)
    return _items(inFlatRange: _sectionRange(index))
  }

  /// The items of the section with id `id`, or `nil` when there is no such
  /// section (the index form is ``items(inSectionAt:)``).
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public func items(inSection id: SectionModel.ID) -> ArraySlice<Item>? {
    sectionIndex(of: id).map { _items(inFlatRange: _sectionRange($0)) }
  }

  /// The section models with their items, for iterating or rebuilding.
  ///
  /// - Complexity: O(n).
  public var sectionsWithItems: [SnapshotSection<SectionModel, Item>] {
    _sections.indices.map { SnapshotSection(_sections[$0], items: Array(items(inSectionAt: $0))) }
  }

  /// The item at `path`.
  ///
  /// - Precondition: `path` is inside the snapshot; otherwise this traps with
  ///   the ``SnapshotError/itemPathOutOfRange(_:sectionCount:itemCount:)``
  ///   message, which names the path and the valid range.
  /// - Complexity: O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable @inline(__always)
  public subscript(path: ItemPath) -> Item {
    // The hot path of every list: one unsigned comparison per bound, unchecked
    // reads after them, and the message built out of line.
    guard let item = _store.item(at: path, sectionCount: _sections.count) else {
      _outOfRange(path)
    }
    return item
  }

  /// The item at `path`, or `nil` when `path` is outside the snapshot.
  ///
  /// - Complexity: O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable @inline(__always)
  public func item(at path: ItemPath) -> Item? {
    _store.item(at: path, sectionCount: _sections.count)
  }

  /// The item whose id is `id`, if present.
  ///
  /// - Complexity: Expected O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable
  public func item(withID id: Item.ID) -> Item? {
    guard let index = _flatIndex(of: id) else { return nil }
    return _item(atFlatIndex: index)
  }

  /// The path of the item whose id is `id`, if present.
  ///
  /// - Complexity: Expected O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable
  public func path(of id: Item.ID) -> ItemPath? {
    _store.path(of: id, hash: IDHashing.hash(id))
  }

  /// Whether the snapshot contains an item whose id is `id`.
  ///
  /// - Complexity: Expected O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable
  public func contains(itemWithID id: Item.ID) -> Bool {
    _flatIndex(of: id) != nil
  }

  /// The index of the section that contains the item whose id is `id`.
  ///
  /// - Complexity: Expected O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable
  public func sectionIndex(ofItem id: Item.ID) -> Int? {
    guard let index = _flatIndex(of: id) else { return nil }
    return _itemSection(atFlatIndex: index)
  }

  /// The model of the section that contains the item whose id is `id`.
  ///
  /// - Complexity: Expected O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable
  public func section(ofItem id: Item.ID) -> SectionModel? {
    sectionIndex(ofItem: id).map { _sections[$0] }
  }

  /// The index of the section whose id is `id`, if present.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public func sectionIndex(of id: SectionModel.ID) -> Int? {
    _sectionIndex(of: id)
  }

  /// The model of the section whose id is `id`, if present.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public func section(withID id: SectionModel.ID) -> SectionModel? {
    _sectionIndex(of: id).map { _sections[$0] }
  }

  /// Whether the snapshot contains a section whose id is `id`.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  public func contains(sectionWithID id: SectionModel.ID) -> Bool {
    _sectionIndex(of: id) != nil
  }

  /// The position of `path` in ``items``, or `nil` when outside the snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func flatIndex(of path: ItemPath) -> Int? {
    _uncheckedFlatIndex(of: path)
  }

  /// The path of the item at position `flatIndex` of ``items``.
  ///
  /// - Precondition: `0 <= flatIndex < numberOfItems`.
  /// - Complexity: O(1); O(log n) in shared storage (see ``Snapshot``).
  @inlinable
  public func path(atFlatIndex flatIndex: Int) -> ItemPath {
    precondition(
      flatIndex >= 0 && flatIndex < _itemCount,
      "flat index \(flatIndex) is out of range: the snapshot has \(_itemCount) items")
    return _path(atFlatIndex: flatIndex)
  }

  /// How the items marked with ``reloadItems(_:)`` or ``reconfigureItems(_:)``
  /// are to be refreshed when this snapshot is applied.
  @inlinable
  public var markedItems: [Item.ID: UpdateKind] { _itemMarks }

  /// The ids of the sections marked with ``reloadSections(_:)``.
  @inlinable
  public var reloadedSectionIDs: Set<SectionModel.ID> { _reloadedSections }

  /// Traps with the message naming `path` and the valid range.
  @usableFromInline @inline(never)
  func _outOfRange(_ path: ItemPath) -> Never {
    preconditionFailure(_rangeError(for: path)?.description ?? "item path \(path) is out of range")
  }

  /// The error describing why `path` is outside the snapshot, if it is.
  @usableFromInline
  func _rangeError(for path: ItemPath) -> SnapshotError? {
    guard path.section >= 0 && path.section < _sections.count else {
      return .itemPathOutOfRange(path, sectionCount: _sections.count, itemCount: nil)
    }
    let count = _sectionItemCount(path.section)
    guard path.item >= 0 && path.item < count else {
      return .itemPathOutOfRange(path, sectionCount: _sections.count, itemCount: count)
    }
    return nil
  }

  /// Traps with the out-of-range message unless `index` is a section index.
  @inlinable
  func _checkSectionIndex(_ index: Int) {
    if index < 0 || index >= _sections.count {
      preconditionFailure(
        SnapshotError.sectionIndexOutOfRange(index, sectionCount: _sections.count).description)
    }
  }
}

extension Snapshot {
  /// Whether `other` shows the same list: the same sections and items, in
  /// the same order, each with content equal to its counterpart's
  /// (`isContentEqual(to:)`). One pass over both, O(1) for the very same
  /// value (``isIdentical(to:)``); reload and reconfigure marks are not
  /// compared. What an update that may rebuild an equal snapshot (a SwiftUI
  /// body) checks before diffing.
  public func hasSameContent(as other: Snapshot) -> Bool {
    if _isIdentical(to: other) { return true }
    guard _sections.count == other._sections.count, numberOfItems == other.numberOfItems else {
      return false
    }
    for (mine, theirs) in zip(_sections, other._sections) {
      guard mine.id == theirs.id, mine.isContentEqual(to: theirs) else { return false }
    }
    guard _allSectionStarts == other._allSectionStarts else { return false }
    for (mine, theirs) in zip(_allItems, other._allItems) {
      guard mine.id == theirs.id, mine.isContentEqual(to: theirs) else { return false }
    }
    return true
  }
}

extension Snapshot: Equatable where SectionModel: Equatable, Item: Equatable {
  /// Two snapshots are equal when they hold equal sections with equal items in
  /// the same order. Reload and reconfigure marks are not compared.
  public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
    lhs._isIdentical(to: rhs)
      || (lhs._sections == rhs._sections && lhs._allSectionStarts == rhs._allSectionStarts
        && lhs._allItems == rhs._allItems)
  }
}

extension Snapshot: CustomStringConvertible {
  /// The sections and their items, one section per line.
  public var description: String {
    let lines = _sections.indices.map { index in
      let items = items(inSectionAt: index).map { String(describing: $0) }
      return "\(_sections[index]): [\(items.joined(separator: ", "))]"
    }
    return "Snapshot(\(lines.joined(separator: "; ")))"
  }

  /// Whether `other` is this very value, marks aside: the same storage, not
  /// only equal content (a copy that was never changed). O(1); equal
  /// snapshots built apart are not identical.
  public func isIdentical(to other: Snapshot) -> Bool { _isIdentical(to: other) }

  /// The body of ``isIdentical(to:)``.
  @usableFromInline
  func _isIdentical(to other: Snapshot) -> Bool {
    func same<Element>(_ a: [Element], _ b: [Element]) -> Bool {
      a.count == b.count && a._sharesBuffer(with: b)
    }
    return _store.isIdentical(to: other._store) && same(_sections, other._sections)
  }
}
