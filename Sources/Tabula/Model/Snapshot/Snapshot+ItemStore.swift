// The snapshot's way to its items: every read and every edit of the items
// goes through its `_ItemStore` (`Model/ItemStore/`), which alone knows
// whether they are in flat arrays or in storage that versions share. The
// snapshot keeps what the store does not: the sections and the marks.

extension Snapshot {
  /// Whether the items are in storage that versions share; for tests and
  /// benchmarks.
  package var usesSharedStorage: Bool { _store.isShared }

  /// This snapshot with its items in shared storage, whatever its size: what
  /// an edit does from `_sharedStorageThreshold` items on. For tests.
  package func withSharedStorage() -> Snapshot {
    var copy = self
    copy._store.moveToSharedStorage()
    return copy
  }

  /// This snapshot in the storage its next small edit would move it to:
  /// shared storage from `_sharedStorageThreshold` items on, else as it
  /// is. A source that edits its snapshots later (a live query) converts it
  /// beforehand, off the main actor, so that its first edit costs
  /// O(log n) like the others.
  ///
  /// - Complexity: O(n) when it converts, else O(1).
  package func preparedForEdits() -> Snapshot {
    var copy = self
    copy._store.prepareEdit()
    return copy
  }

  /// This snapshot with its items in flat arrays. For tests and benchmarks.
  package func withFlatStorage() -> Snapshot { _withFlatStorage() }

  /// The bytes this snapshot's item storage holds that `other`'s does not
  /// share (see `_ItemStore.storageBytes(notSharedWith:)`). For benchmarks:
  /// what a version adds to the one it came from.
  package func storageBytes(notSharedWith other: Snapshot) -> Int {
    _store.storageBytes(notSharedWith: other._store)
  }

  /// This snapshot with its items in flat arrays.
  @inlinable
  func _withFlatStorage() -> Snapshot {
    var copy = self
    copy._store.moveToFlatStorage()
    return copy
  }

  /// The number of items.
  @inlinable
  var _itemCount: Int { _store.count }

  /// The item at flat index `flat`.
  @inlinable @inline(__always)
  func _item(atFlatIndex flat: Int) -> Item { _store.item(atFlatIndex: flat) }

  /// The item at `path`, or `nil` when `path` is outside the snapshot, for
  /// a reader that keeps `cursor` between reads of this snapshot (a
  /// controller reading the rows it shows) and forgets it whenever the
  /// snapshot changes. The reader asks the cursor first
  /// (``_ReadCursor/item(at:)``), without the snapshot; this reads the
  /// storage and leaves in `cursor` where it read.
  @inlinable @inline(__always)
  func _item(at path: ItemPath, reading cursor: inout _ReadCursor<Item>) -> Item? {
    _store.item(at: path, sectionCount: _sections.count, reading: &cursor)
  }

  /// The item at `path` when the items are flat (`.some(nil)` when `path`
  /// is outside the snapshot), or `nil` in shared storage: without a call,
  /// so that a reader holding the snapshot in a class property reads it in
  /// place (a call in the same function would make it copy the whole
  /// snapshot to the stack first). The reader then calls
  /// ``_item(at:reading:)`` out of line for shared storage.
  @inlinable @inline(__always)
  func _flatItem(at path: ItemPath) -> Item?? {
    _store.flatItem(at: path, sectionCount: _sections.count)
  }

  /// The index of the section holding flat index `flat`.
  @inlinable
  func _itemSection(atFlatIndex flat: Int) -> Int { _store.section(atFlatIndex: flat) }

  /// The path of the item at flat index `flat`.
  @inlinable
  func _path(atFlatIndex flat: Int) -> ItemPath { _store.path(atFlatIndex: flat) }

  /// The flat index of the item with `id`, if present.
  @inlinable
  func _flatIndex(of id: Item.ID) -> Int? {
    _store.index(of: id, hash: IDHashing.hash(id))
  }

  /// The flat index of the item with `id`, whose hash is `hash`, if present.
  @inlinable
  func _flatIndex(of id: Item.ID, hash: Int) -> Int? { _store.index(of: id, hash: hash) }

  /// The flat indices of the items with ids `first` and `second`, if
  /// present.
  @inlinable
  func _flatIndices(of first: Item.ID, _ second: Item.ID) -> (Int?, Int?) {
    _store.indices(of: first, second)
  }

  /// The flat index of `path`, or `nil` when it is outside the snapshot.
  @inlinable @inline(__always)
  func _uncheckedFlatIndex(of path: ItemPath) -> Int? {
    _store.flatIndex(of: path, sectionCount: _sections.count)
  }

  /// The items in flat `range`, in order.
  ///
  /// - Complexity: O(k + log n) for k items.
  @inlinable
  func _items(inFlatRange range: Range<Int>) -> ArraySlice<Item> {
    _store.items(inFlatRange: range)
  }

  /// Every item, in order.
  @inlinable
  var _allItems: [Item] { _store.allItems }

  /// The flat index of section `index`'s first item; `index ==
  /// numberOfSections` gives the item count.
  ///
  /// - Complexity: O(1); O(log s) in shared storage.
  @inlinable
  func _sectionStart(_ index: Int) -> Int { _store.sectionStart(index) }

  /// The flat range of section `index`'s items.
  ///
  /// - Complexity: O(1); O(log s) in shared storage.
  @inlinable
  func _sectionRange(_ index: Int) -> Range<Int> { _store.sectionRange(index) }

  /// The number of items in section `index`.
  @inlinable
  func _sectionItemCount(_ index: Int) -> Int { _sectionRange(index).count }

  /// Every section's start, and the item count last.
  ///
  /// - Complexity: O(1); O(s) in shared storage.
  @inlinable
  var _allSectionStarts: [Int] { _store.allSectionStarts }

  /// Moves the items into flat arrays, if they are not there yet.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func _moveToFlatStorage() { _store.moveToFlatStorage() }

  /// Drops the marks of the items at flat indices `indices` (before they
  /// leave).
  @inlinable
  mutating func _unmarkItems(atFlatIndices indices: some Sequence<Int>) {
    guard !_itemMarks.isEmpty else { return }
    for flat in indices { _itemMarks[_item(atFlatIndex: flat).id] = nil }
  }

  /// Drops the marks of items no longer present.
  @inlinable
  mutating func _dropMarksOfMissingItems() {
    guard !_itemMarks.isEmpty else { return }
    _itemMarks = _itemMarks.filter { _flatIndex(of: $0.key) != nil }
  }
}
