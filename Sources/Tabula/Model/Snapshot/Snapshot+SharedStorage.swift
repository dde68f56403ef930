// The two representations of a snapshot's items. A snapshot built from
// arrays keeps its items flat (contiguous arrays and an open-addressing
// index: O(1) lookups, O(n) edits). The first edit of a snapshot of at least
// `_sharedStorageThreshold` items moves them into storage that versions
// share (a counted B-tree and a two-layer id index, `_PersistentItems`): from then on
// an edit of k items costs O(k log n) and lookups O(log n), and a diff
// against a version it descends from walks only what the two do not share.

/// The item count from which an edited snapshot keeps its items in shared
/// storage. Below it, copying the flat arrays costs less than the tree's
/// constant factors (measured in `tabula-bench`, `snapshot.edit`).
@usableFromInline let _sharedStorageThreshold = 4096

extension Snapshot {
  /// Whether the items are in storage that versions share (see
  /// `Snapshot+SharedStorage.swift`); for tests and benchmarks.
  package var usesSharedStorage: Bool { _shared != nil }

  /// This snapshot with its items in shared storage, whatever its size: what
  /// an edit does from `_sharedStorageThreshold` items on. For tests.
  package func withSharedStorage() -> Snapshot {
    var copy = self
    copy._moveToSharedStorage()
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
    _ = copy._prepareSharedEdit()
    return copy
  }

  /// This snapshot with its items in flat arrays. For tests and benchmarks.
  package func withFlatStorage() -> Snapshot { _withFlatStorage() }

  /// This snapshot with its items in flat arrays.
  @inlinable
  func _withFlatStorage() -> Snapshot {
    var copy = self
    copy._moveToFlatStorage()
    return copy
  }

  /// The number of items.
  // The flat representation is tested first with `== nil`, which reads no
  // reference: binding the shared storage would retain and release its
  // roots on every lookup of a flat snapshot.
  @inlinable
  var _itemCount: Int { _shared == nil ? _items.count : _sharedItemCount }

  @inlinable
  var _sharedItemCount: Int { _shared!.count }

  /// The item at flat index `flat`.
  @inlinable @inline(__always)
  func _item(atFlatIndex flat: Int) -> Item {
    if _shared == nil { return _items.withUnsafeBufferPointer { $0[flat] } }
    return _sharedItem(atFlatIndex: flat)
  }

  // The shared representation's reads run out of line and take only the
  // shared storage: a call that took the whole snapshot would make a caller
  // reading a snapshot it does not own (a controller's) copy it, retaining
  // every buffer, on every lookup of either representation.

  @inlinable
  func _sharedItem(atFlatIndex flat: Int) -> Item { _shared!.item(at: flat) }

  @inlinable
  func _sharedFlatIndex(of id: Item.ID, hash: Int) -> Int? {
    _shared!.outOfLineIndex(of: id, hash: hash)
  }

  /// The index of the section holding flat index `flat`.
  @inlinable
  func _itemSection(atFlatIndex flat: Int) -> Int {
    if _shared == nil { return _itemSections.withUnsafeBufferPointer { Int($0[flat]) } }
    return _sharedSection(containing: flat).section
  }

  /// The items in flat `range`, in order.
  ///
  /// - Complexity: O(k + log n) for k items.
  @inlinable
  func _items(inFlatRange range: Range<Int>) -> ArraySlice<Item> {
    guard let shared = _shared else { return _items[range] }
    var result: [Item] = []
    result.reserveCapacity(range.count)
    var flat = range.lowerBound
    while flat < range.upperBound {
      let (leaf, offset) = shared.tree.leaf(at: flat)
      let end = min(leaf.count, offset + range.upperBound - flat)
      result.append(contentsOf: leaf.items[offset..<end])
      flat += end - offset
    }
    return result[...]
  }

  /// Every item, in order.
  @inlinable
  var _allItems: [Item] { _shared?.tree.flattened().items ?? _items }

  /// Moves the items into shared storage, if they are not there yet.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func _moveToSharedStorage() {
    guard _shared == nil else { return }
    _shared = _PersistentItems(
      items: _items, hashes: _itemHashes, table: _itemTable, starts: _sectionStarts)
    _sectionStarts = []
    _items = []
    _itemHashes = []
    _itemSections = []
    _itemTable = IDTable(capacity: 0)
  }

  /// Moves the items into flat arrays, if they are not there yet.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func _moveToFlatStorage() {
    guard let shared = _shared else { return }
    let (items, hashes) = shared.tree.flattened()
    _replaceItems(items, hashes: hashes, starts: shared.starts.array)
  }

  /// Prepares an edit of `count` items: a snapshot large enough keeps its
  /// items in shared storage from its first edit on, unless the edit changes
  /// more than one item in 64, which the flat arrays do faster (an O(n)
  /// copy against k tree and index updates). Returns whether the items are
  /// in shared storage.
  @inlinable
  mutating func _prepareSharedEdit(changing count: Int = 1) -> Bool {
    let total = _itemCount
    if total >= _sharedStorageThreshold {
      if count &* 64 > total {
        _moveToFlatStorage()
      } else if _shared == nil {
        _moveToSharedStorage()
      }
    }
    return _shared != nil
  }

  /// Whether ``_prepareSharedEdit(changing:)`` would move the items to the
  /// other storage for an edit of `count` items. An edit that may throw
  /// then runs on a copy, so that a failed edit changes nothing (not even
  /// the storage: the snapshot stays identical to its other versions).
  @inlinable
  func _storageChanges(forEditing count: Int) -> Bool {
    let total = _itemCount
    guard total >= _sharedStorageThreshold else { return false }
    return count &* 64 > total ? _shared != nil : _shared == nil
  }

  /// Whether none of `items` (whose hashes are `hashes`) is present and
  /// none repeats: what an insert that patches the indexes in place (an
  /// append to flat arrays, any insert in shared storage) checks first. When
  /// one is, the edit takes the flat path that rebuilds the index, which
  /// throws the error naming every duplicate with its positions (the same
  /// error in both representations).
  @inlinable
  func _areNew(_ items: [Item], hashes: [Int]) -> Bool {
    for offset in items.indices where _flatIndex(of: items[offset].id, hash: hashes[offset]) != nil
    {
      return false
    }
    // Repeats among the items, through their hashes (no hashing again).
    var repeats = false
    if items.count > 1 {
      items.withUnsafeBufferPointer { items in
        _ = IDTable(
          hashes: hashes, equal: { items[$0].id == items[$1].id },
          duplicate: { _, _ in repeats = true })
      }
    }
    return !repeats
  }

  /// Inserts `items` (checked: no duplicates) at flat index `flat`, inside
  /// `section`, in shared storage.
  ///
  /// - Complexity: O(log n + k + log s).
  @inlinable
  mutating func _sharedInsert(_ items: [Item], hashes: [Int], atFlatIndex flat: Int, section: Int) {
    var shared = _shared!
    _shared = nil
    shared.insert(contentsOf: items, hashes: hashes, at: flat)
    shared.starts.add(items.count, toSection: section)
    _shared = shared
  }

  /// Removes the items at the flat indices `doomed` (ascending, unique) from
  /// shared storage, and the marks of those items.
  ///
  /// - Complexity: O(k (log n + log s)), s the number of sections.
  @inlinable
  mutating func _sharedRemove(atFlatIndices doomed: [Int]) {
    guard !doomed.isEmpty else { return }
    assert(zip(doomed, doomed.dropFirst()).allSatisfy(<), "doomed positions ascend, unrepeated")
    var shared = _shared!
    _shared = nil
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
    if !_itemMarks.isEmpty {
      for flat in doomed { _itemMarks[shared.tree[flat].id] = nil }
    }
    // Runs of consecutive positions, from the last, each in one pass.
    var end = doomed.count
    while end > 0 {
      var start = end - 1
      while start > 0 && doomed[start - 1] == doomed[start] - 1 { start -= 1 }
      shared.removeSubrange(doomed[start]..<(doomed[end - 1] + 1))
      end = start
    }
    _shared = shared
  }
}

extension Snapshot {
  /// The bytes this snapshot's item storage holds that `other`'s does not
  /// share: the tree nodes (each object, and those of its arrays' buffers,
  /// by their capacity, that no node of `other` holds: a patched copy shares
  /// them), the id overlay's nodes, the id index's base when this version
  /// rebuilt it, and the section starts' nodes (or array, in flat storage,
  /// when it is not the same).
  /// For benchmarks: what a version adds to the one it came from.
  ///
  /// - Complexity: O(n) for `other`'s nodes.
  package func storageBytes(notSharedWith other: Snapshot) -> Int {
    func arrayBytes<Element>(_ array: [Element]) -> Int {
      array.capacity == 0 ? 0 : 32 + array.capacity * MemoryLayout<Element>.stride
    }
    func address<Element>(_ array: [Element]) -> UInt {
      array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
    func sameBuffer<Element>(_ mine: [Element], _ theirs: [Element]?) -> Bool {
      theirs.map { mine._sharesBuffer(with: $0) } ?? false
    }
    var bytes = 0
    if !sameBuffer(_sectionStarts, other._sectionStarts) { bytes += arrayBytes(_sectionStarts) }
    guard let shared = _shared else { return bytes + arrayBytes(_items) + arrayBytes(_itemHashes) }
    var known = Set<ObjectIdentifier>()
    var knownBuffers = Set<UInt>()
    if let theirs = other._shared {
      theirs.tree.forEachNode { node in
        known.insert(ObjectIdentifier(node))
        if node.height == 0, let box = node.patchItem { known.insert(ObjectIdentifier(box)) }
        if node.height == 0, let box = node.patchItem2 { known.insert(ObjectIdentifier(box)) }
        knownBuffers.formUnion([
          address(node.storedItems), address(node.storedInts), address(node.storedChildren),
          address(node.labels),
        ])
      }
      theirs.ids.overlay.forEachNode { node in
        known.insert(ObjectIdentifier(node))
        if let box = node.patchObject as? _IDTrie<Item.ID>.PatchedEntry {
          known.insert(ObjectIdentifier(box))
        }
        knownBuffers.formUnion([address(node.storedEntries), address(node.storedChildren)])
      }
      theirs.starts.forEachNode { node, _ in known.insert(ObjectIdentifier(node)) }
    }
    func unshared<Element>(_ array: [Element]) -> Int {
      knownBuffers.contains(address(array)) ? 0 : arrayBytes(array)
    }
    shared.tree.forEachNode(skipping: known) { node in
      func isNew(_ box: _PatchedItem<Item>?) -> Bool {
        box.map { !known.contains(ObjectIdentifier($0)) } ?? false
      }
      // An inner node's patches are children, counted as nodes.
      let newBoxes =
        node.height > 0 ? 0 : (isNew(node.patchItem) ? 1 : 0) + (isNew(node.patchItem2) ? 1 : 0)
      bytes +=
        _ItemChunk<Item>.objectBytes + newBoxes * _ItemChunk<Item>.patchItemBytes
        + unshared(node.storedItems) + unshared(node.storedInts) + unshared(node.storedChildren)
        + unshared(node.labels)
    }
    shared.ids.overlay.forEachNode(skipping: known) { node in
      // A patched child is counted as a node.
      let newBox =
        (node.patchObject as? _IDTrie<Item.ID>.PatchedEntry).map {
          !known.contains(ObjectIdentifier($0))
        }
        ?? false
      bytes +=
        _IDTrie<Item.ID>.Node.objectBytes + (newBox ? _IDTrie<Item.ID>.Node.patchEntryBytes : 0)
        + unshared(node.storedEntries) + unshared(node.storedChildren)
    }
    shared.starts.forEachNode(skipping: known) { _, level in
      bytes += _SectionStarts.nodeBytes(level: level)
    }
    // The id index's base, when this version rebuilt it.
    if !sameBuffer(shared.ids.base.slots, other._shared?.ids.base.slots) {
      bytes += arrayBytes(shared.ids.base.slots) + arrayBytes(shared.ids.baseLabels)
    }
    return bytes
  }
}

extension _ItemChunk {
  /// The heap bytes of a node object: a 16-byte header, the 32-bit count
  /// and patch offset, the label, four arrays, the patch (a child or an
  /// item) and a second one, the second patch's 32-bit slot, the 8-bit
  /// height, the two patches' kinds and a flag (88 bytes), in a 96-byte
  /// malloc chunk (glibc's chunk for 88 bytes: 88 usable, plus its 8-byte
  /// header). `SharedStorageTests` checks it against glibc.
  static var objectBytes: Int { 96 }

  /// The heap bytes of a patched item's box: header, item, hash, in
  /// malloc's chunks. Counted only where `other` does not share the box (a
  /// copy shares its node's patch).
  static var patchItemBytes: Int {
    (16 + MemoryLayout<Item>.stride + 8 + 8 + 15) / 16 * 16
  }
}

extension _ItemTree {
  /// Calls `body` with every node not in `skipped`, not descending into
  /// skipped ones.
  func forEachNode(
    skipping skipped: Set<ObjectIdentifier> = [], _ body: (_ItemChunk<Item>) -> Void
  ) {
    func visit(_ node: _ItemChunk<Item>) {
      guard !skipped.contains(ObjectIdentifier(node)) else { return }
      body(node)
      node.children.forEach(visit)
    }
    visit(root)
  }
}

extension _IDTrie {
  /// Calls `body` with every node not in `skipped`, not descending into
  /// skipped ones.
  func forEachNode(skipping skipped: Set<ObjectIdentifier> = [], _ body: (Node) -> Void) {
    func visit(_ node: Node) {
      guard !skipped.contains(ObjectIdentifier(node)) else { return }
      body(node)
      node.children.forEach(visit)
    }
    visit(root)
  }
}
