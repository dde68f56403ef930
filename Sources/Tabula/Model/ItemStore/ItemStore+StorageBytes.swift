// What a version of a snapshot's items adds to another: for the bench's
// memory figures.

extension _ItemStore {
  /// The bytes this storage holds that `other` does not share: the tree nodes (each object, and those of its arrays' buffers,
  /// by their capacity, that no node of `other` holds: a patched copy shares
  /// them), the id overlay's nodes, the id index's base when this version
  /// rebuilt it, and the section starts' nodes (or array, in flat storage,
  /// when it is not the same).
  /// For benchmarks: what a version adds to the one it came from.
  ///
  /// - Complexity: O(n) for `other`'s nodes.
  func storageBytes(notSharedWith other: _ItemStore) -> Int {
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
    if !sameBuffer(flat.starts, other.flat.starts) { bytes += arrayBytes(flat.starts) }
    guard let shared else { return bytes + arrayBytes(flat.items) + arrayBytes(flat.hashes) }
    var known = Set<ObjectIdentifier>()
    var knownBuffers = Set<UInt>()
    if let theirs = other.shared {
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
    if !sameBuffer(shared.ids.base.slots, other.shared?.ids.base.slots) {
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
  /// header). The bench reports it beside glibc's count
  /// (``_StorageNodeSizes``).
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

/// The bytes ``_ItemStore/storageBytes(notSharedWith:)`` counts for each
/// kind of node of shared storage, beside the bytes the allocator gives one
/// of them: for the bench, which reports both (the allocator's figure
/// depends on its free lists, so it is a figure to read, not a test).
package enum _StorageNodeSizes {
  /// An item for the nodes measured.
  private struct Probe: Diffable, Equatable {
    let id: Int
  }

  /// Each node kind's name, its counted bytes, and `chunkBytes` of a node
  /// of that kind (the allocator's bytes for the memory at an object's
  /// address; a node of each kind is made and dropped first, so that the
  /// runtime's first-use allocations do not take the chunk a node would).
  package static func compared(chunkBytes: (UnsafeMutableRawPointer) -> Int) -> [(
    kind: String, counted: Int, allocated: Int
  )] {
    func allocated(_ make: () -> AnyObject) -> Int {
      withExtendedLifetime(make()) {}
      let object = make()
      return withExtendedLifetime(object) {
        chunkBytes(Unmanaged.passUnretained(object).toOpaque())
      }
    }
    let items = (0..<3).map(Probe.init)
    let hashes = items.map { IDHashing.hash($0.id) }
    let leaf = _ItemChunk(label: 1, items: items, hashes: hashes)
    let entry = _IDTrie<Int>.Entry(hash: 1, id: 1, label: 1)
    var sectionNodes: [Int: _SectionNode] = [:]
    _SectionStarts(starts: Array(0...40)).forEachNode { node, level in
      sectionNodes[min(level, 1)] = sectionNodes[min(level, 1)] ?? node
    }
    let (sectionLeaf, sectionInner) = (sectionNodes[0]!, sectionNodes[1]!)
    return [
      (
        "leaf", _ItemChunk<Probe>.objectBytes,
        allocated { _ItemChunk(label: 1, items: items, hashes: hashes) }
      ),
      ("inner", _ItemChunk<Probe>.objectBytes, allocated { _ItemChunk(children: [leaf]) }),
      ("trie_node", _IDTrie<Int>.Node.objectBytes, allocated { _IDTrie<Int>.Node() }),
      (
        "trie_patch", _IDTrie<Int>.Node.patchEntryBytes,
        allocated { _IDTrie<Int>.PatchedEntry(entry) }
      ),
      (
        "section_leaf", _SectionStarts.nodeBytes(level: 0),
        allocated { unsafeDowncast(sectionLeaf, to: _SectionLeaf.self).copy() }
      ),
      (
        "section_inner", _SectionStarts.nodeBytes(level: 1),
        allocated { unsafeDowncast(sectionInner, to: _SectionInner.self).copy() }
      ),
    ]
  }
}
