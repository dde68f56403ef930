/// A large snapshot's items in storage that versions share: the items in an
/// ``_ItemTree``, their ids in an ``_IDIndex`` and the sections' starts in
/// ``_SectionStarts``. An edit of k items costs
/// O(k log n) time and memory (amortized: the index rebuilds its base once
/// per n/4 inserts) and leaves the version it came from intact.
///
/// A lookup walks down the trees, O(log n), until the version has been
/// read that way ``directoryThreshold`` times; that read builds the
/// version's ``_LeafDirectory`` (O(n / 24)), through which later lookups
/// read flat arrays, O(1) expected.
@usableFromInline
struct _PersistentItems<Item: Diffable>: Sendable {
  @usableFromInline var tree: _ItemTree<Item>
  @usableFromInline var ids: _IDIndex<Item.ID>
  /// Where each section starts (the snapshot's own sections are flat).
  @usableFromInline var starts: _SectionStarts
  /// This version's count of reads and its directory (see ``_ReadSlot``).
  @usableFromInline var reads = _ReadSlot()

  /// Storage of `items`, whose ids are unique, with their hashes; leaves
  /// labelled `labelSpacing` apart when given (see ``_ItemTree``). With
  /// `table`, the flat items' id table, the id index is made from it without
  /// hashing or probing. `starts` are the sections' starts, one section of
  /// every item when `nil`.
  ///
  /// - Complexity: O(n + s) for s sections.
  @inlinable
  init(
    items: [Item], hashes: [Int], labelSpacing: UInt64? = nil, table: IDTable? = nil,
    starts: [Int]? = nil
  ) {
    let tree = _ItemTree(items: items, hashes: hashes, labelSpacing: labelSpacing)
    self.tree = tree
    ids = table.map { _IDIndex(tree: tree, flatTable: $0) } ?? _IDIndex(tree: tree)
    self.starts = _SectionStarts(starts: starts ?? [0, items.count])
  }

  @inlinable var count: Int { tree.count }

  /// The item at `index`, read down the tree, for a version without a
  /// directory (`_ItemStore.sharedItem(atFlatIndex:)` asks it first):
  /// counted as a walk.
  ///
  /// - Complexity: O(log n).
  @inlinable @inline(never)
  func walkedItem(at index: Int) -> Item {
    walked()
    return tree[index]
  }

  /// The flat range of section `index`'s items.
  ///
  /// - Complexity: O(log s) for s sections; O(1) once the version has a
  ///   directory.
  @inlinable @inline(never)
  func sectionRange(_ index: Int) -> Range<Int> {
    if let range = withDirectory({ $0.range(ofSection: index) }) { return range }
    walked()
    return starts.range(ofSection: index)
  }

  /// The section holding position `index`, and where it starts.
  ///
  /// - Complexity: O(log s) for s sections; O(1) expected once the version
  ///   has a directory.
  @inlinable @inline(never)
  func section(containing index: Int) -> (section: Int, start: Int) {
    if let found = withDirectory({ $0.section(containing: index) }) { return found }
    walked()
    return starts.section(containing: index)
  }

  /// ``index(of:hash:)``, out of line, through the directory when the
  /// version has one.
  @inlinable @inline(never)
  func outOfLineIndex(of id: Item.ID, hash: Int) -> Int? {
    if let found = withDirectory({ $0.index(of: id, hash: hash, ids: ids) }) { return found }
    walked()
    return index(of: id, hash: hash)
  }

  /// The path of `id`, whose hash is `hash`, if present, read down the
  /// trees, for a version without a directory (`_ItemStore.path(of:hash:)`
  /// asks it first): counted as a walk.
  ///
  /// - Complexity: O(log n + log s) for s sections.
  @inlinable @inline(never)
  func walkedPath(of id: Item.ID, hash: Int) -> ItemPath? {
    walked()
    guard let index = index(of: id, hash: hash) else { return nil }
    let (section, start) = starts.section(containing: index)
    return ItemPath(section: section, item: index &- start)
  }

  /// The item at `path`, or `nil` when `path` is outside the items, read
  /// down the trees, for a version without a directory
  /// (`_ItemStore.sharedItem(at:)` asks it first): counted as a walk.
  ///
  /// - Complexity: O(log n + log s) for s sections.
  @inlinable @inline(never)
  func walkedItem(at path: ItemPath) -> Item? {
    walked()
    guard UInt(bitPattern: path.section) < UInt(bitPattern: starts.sectionCount) else { return nil }
    let range = starts.range(ofSection: path.section)
    guard UInt(bitPattern: path.item) < UInt(bitPattern: range.count) else { return nil }
    return tree[range.lowerBound &+ path.item]
  }

  /// The number of reads that walk the trees after which a version builds
  /// its directory: the walks then have cost about what the build costs.
  @inlinable
  var directoryThreshold: Int { max(64, count &>> 7) }

  /// `body`'s result for this version's directory, or `nil` before it is
  /// built. The directory is not retained (see
  /// ``_ReadSlot/directoryAddress``).
  @inlinable
  func withDirectory<Result>(_ body: (_LeafDirectory<Item>) -> Result) -> Result? {
    guard let address = reads.directoryAddress else { return nil }
    return Unmanaged<_LeafDirectory<Item>>.fromOpaque(address)._withUnsafeGuaranteedRef {
      // Every edit replaces the slot (`forgetReads()`); a directory of
      // another version would only be slower, never wrong.
      $0.describes(self) ? body($0) : nil
    }
  }

  /// Counts a read that walked the trees, and builds the directory when
  /// the count reaches ``directoryThreshold``.
  @inlinable
  func walked() {
    if reads.countWalk(reaching: directoryThreshold) { reads.publish(_LeafDirectory(self)) }
  }

  /// Starts this version's count of reads afresh, without a directory: what
  /// every edit does first.
  @inlinable
  mutating func forgetReads() {
    reads.reset()
  }

  /// The position of `id`, whose hash is `hash`, if present.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func index(of id: Item.ID, hash: Int) -> Int? {
    var found: Int?
    _ = ids.candidates(of: id, hash: hash) { label in
      found = index(of: id, hash: hash, inLeafLabeled: label)
      return found != nil
    }
    return found
  }

  /// The positions of two ids (with their hashes), if present: their first
  /// candidate leaves found in one walk down the tree
  /// (``_ItemTree/locate(_:_:)``), and each id whose first candidate does
  /// not hold it looked up alone.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func indices(of first: (id: Item.ID, hash: Int), _ second: (id: Item.ID, hash: Int)) -> (
    Int?, Int?
  ) {
    func firstCandidate(_ id: Item.ID, _ hash: Int) -> UInt64? {
      var label: UInt64?
      _ = ids.candidates(of: id, hash: hash) {
        label = $0
        return true
      }
      return label
    }
    guard let firstLabel = firstCandidate(first.id, first.hash),
      let secondLabel = firstCandidate(second.id, second.hash)
    else { return (index(of: first.id, hash: first.hash), index(of: second.id, hash: second.hash)) }
    let (firstLeaf, secondLeaf) = tree.locate(firstLabel, secondLabel)
    func position(
      _ id: Item.ID, _ hash: Int, in found: (leaf: _ItemChunk<Item>, start: Int)?
    ) -> Int? {
      if let found, let offset = _PersistentItems.offset(of: id, hash: hash, in: found.leaf) {
        return found.start &+ offset
      }
      return index(of: id, hash: hash)
    }
    return (
      position(first.id, first.hash, in: firstLeaf),
      position(second.id, second.hash, in: secondLeaf)
    )
  }

  /// The offset of `id` (whose hash is `hash`) in `leaf`, if there.
  @inlinable
  static func offset(of id: Item.ID, hash: Int, in leaf: _ItemChunk<Item>) -> Int? {
    guard leaf.patchKind == .none else {
      for offset in 0..<leaf.count
      where leaf.hash(at: offset) == hash && leaf.item(at: offset).id == id {
        return offset
      }
      return nil
    }
    return leaf.storedHashes.withUnsafeBufferPointer { hashes in
      for offset in hashes.indices where hashes[offset] == hash && leaf.storedItems[offset].id == id
      {
        return offset
      }
      return nil
    }
  }

  /// The position of `id` if it is in the leaf labelled `label`.
  @inlinable
  func index(of id: Item.ID, hash: Int, inLeafLabeled label: UInt64) -> Int? {
    guard let (leaf, start) = tree.locate(label: label) else { return nil }
    return _PersistentItems.offset(of: id, hash: hash, in: leaf).map { start &+ $0 }
  }

  /// Inserts `item` (whose id is not present) at `index`.
  @inlinable
  mutating func insert(_ item: Item, hash: Int, at index: Int) {
    var overlay = ids.overlay
    ids.overlay = _IDTrie()  // keep the trie's nodes uniquely referenced
    // The items a split moves are many sets in one version: no patches.
    let label = tree.insert(item, hash: hash, at: index) { moved, movedHash, label in
      overlay.set(label, for: moved.id, hash: movedHash, patching: false)
    }
    overlay.set(label, for: item.id, hash: hash)
    if tree.needsRelabeling {
      tree.relabel(around: index) { overlay.set($2, for: $0.id, hash: $1, patching: false) }
      // The leaf that found no label to split holds one item over its
      // capacity. The labels around it are spread now: taking that item out
      // and in again splits it, so no leaf stays over (a leaf kept over
      // could meet its neighbours' splits using up the labels again, and
      // grow further).
      let (again, againHash) = tree.remove(at: index)
      let label = tree.insert(again, hash: againHash, at: index) { moved, movedHash, label in
        overlay.set(label, for: moved.id, hash: movedHash, patching: false)
      }
      overlay.set(label, for: again.id, hash: againHash)
      precondition(!tree.needsRelabeling, "a relabelled leaf has room to split")
    }
    ids.overlay = overlay
    rebuildIndexIfNeeded()
  }

  /// Inserts `items` (whose ids are not present, nor repeated) with their
  /// `hashes` at `index`: in one descent of the tree when there are several
  /// (see ``_ItemTree/insert(contentsOf:hashes:at:placed:)``), else, or when
  /// the labels there have run out, one by one.
  ///
  /// - Complexity: O(log n + k) for k items; O(k log n) one by one.
  @inlinable
  mutating func insert(contentsOf items: [Item], hashes: [Int], at index: Int) {
    if items.count > 1 {
      var overlay = ids.overlay
      ids.overlay = _IDTrie()  // keep the trie's nodes uniquely referenced
      let inserted = tree.insert(contentsOf: items[...], hashes: hashes[...], at: index) {
        overlay.set($2, for: $0.id, hash: $1, patching: false)
      }
      ids.overlay = overlay
      if inserted {
        rebuildIndexIfNeeded()
        return
      }
    }
    for offset in items.indices { insert(items[offset], hash: hashes[offset], at: index + offset) }
  }

  /// Removes and returns the item at `index`, with its hash. The id index
  /// keeps the id: lookups confirm every label in the tree (see
  /// ``_IDIndex``).
  @inlinable
  @discardableResult
  mutating func remove(at index: Int) -> (item: Item, hash: Int) {
    let removed = tree.remove(at: index)
    rebuildIndexIfNeeded()
    return removed
  }

  /// Removes the items in `range` (the id index keeps their ids, as
  /// ``remove(at:)`` does).
  ///
  /// - Complexity: O(log n + k).
  @inlinable
  mutating func removeSubrange(_ range: Range<Int>) {
    tree.removeSubrange(range)
    rebuildIndexIfNeeded()
  }

  /// Rebuilds the id index from the tree when ``_IDIndex/needsRebuild(itemCount:)``
  /// says so: after every edit that changes the number of items.
  @inlinable
  mutating func rebuildIndexIfNeeded() {
    if ids.needsRebuild(itemCount: tree.count) { ids = _IDIndex(tree: tree) }
  }

  /// Replaces the item at `index` with `item`, which has the same id.
  @inlinable
  mutating func replace(at index: Int, with item: Item, hash: Int) {
    tree.replace(at: index, with: item, hash: hash)
  }

  /// Checks the tree, the id index's structure, and that the index finds
  /// every item where it is.
  ///
  /// An id found in one leaf only is found at its place exactly when the
  /// index's candidates for it include that leaf's label
  /// (``index(of:hash:)`` confirms each candidate in the leaf with that label,
  /// in the candidates' order, and labels are unique). So the check makes
  /// sure of the ids' uniqueness across the tree and of each item's label
  /// among its candidates, and that `locate(label:)` finds each leaf: O(n)
  /// expected, where asking ``index(of:hash:)`` for every item would descend
  /// the tree and scan a leaf for each.
  @usableFromInline
  func verify() {
    if let object = reads.directory {
      unsafeDowncast(object, to: _LeafDirectory<Item>.self).verify(against: self)
    }
    _ = tree.verify()
    ids.verify()
    starts.verify()
    precondition(starts.itemCount == count, "the sections hold every item")
    var seen = Set<Item.ID>(minimumCapacity: count)
    tree.forEachLeaf { leaf, start in
      let located = tree.locate(label: leaf.label)
      precondition(
        located?.leaf === leaf && located?.start == start,
        "the leaf labelled \(leaf.label) is found by its label")
      for offset in 0..<leaf.count {
        let id = leaf.item(at: offset).id
        let hash = leaf.hash(at: offset)
        precondition(hash == IDHashing.hash(id), "stored item hash")
        precondition(
          seen.insert(id).inserted,
          "item \(offset) of the leaf labelled \(leaf.label) repeats an id")
        precondition(
          ids.candidates(of: id, hash: hash) { $0 == leaf.label },
          "the id index finds item \(offset) of the leaf labelled \(leaf.label)")
      }
    }
  }
}
