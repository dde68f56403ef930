// The accessors of an `_ItemChunk`'s packed stored properties: each field
// by its own name, at the width the code computes with. A value that does
// not fit its field traps (in release builds too) rather than wrapping.

extension _ItemChunk {
  /// 0 for a leaf.
  @inlinable var height: Int {
    get { Int(storedHeight) }
    set { storedHeight = UInt8(newValue) }
  }

  /// The number of items under this node.
  @inlinable var count: Int {
    get { Int(storedCount) }
    set { storedCount = Int32(newValue) }
  }

  /// The patched slot of an inner node, or offset of a leaf.
  @inlinable var patchOffset: Int {
    get { Int(storedPatchOffset) }
    set { storedPatchOffset = Int32(newValue) }
  }

  /// A leaf's id hashes, one per stored item.
  @inlinable var storedHashes: [Int] {
    get { storedInts }
    _modify { yield &storedInts }
  }

  /// The item count of each stored child of an inner node (stale at the
  /// patched slots).
  @inlinable var storedCounts: [Int] {
    get { storedInts }
    _modify { yield &storedInts }
  }

  /// An inner node's patched child. Edited in place through a temporary
  /// that holds the only reference, so the child stays uniquely referenced
  /// while `isKnownUniquelyReferenced` looks.
  @inlinable var patchChild: _ItemChunk? {
    get { patchObject.map { unsafeDowncast($0, to: _ItemChunk.self) } }
    set { patchObject = newValue }
    _modify {
      var child = patchObject.map { unsafeDowncast($0, to: _ItemChunk.self) }
      patchObject = nil
      defer { patchObject = child }
      yield &child
    }
  }

  /// A leaf's replaced or inserted item with its hash, boxed so that nodes
  /// do not grow with the item type.
  @inlinable var patchItem: _PatchedItem<Item>? {
    get { patchObject.map { unsafeDowncast($0, to: _PatchedItem<Item>.self) } }
    set { patchObject = newValue }
  }

  /// An inner node's second patched child, edited in place as
  /// ``patchChild`` is.
  @inlinable var patchChild2: _ItemChunk? {
    get { patchObject2.map { unsafeDowncast($0, to: _ItemChunk.self) } }
    set { patchObject2 = newValue }
    _modify {
      var child = patchObject2.map { unsafeDowncast($0, to: _ItemChunk.self) }
      patchObject2 = nil
      defer { patchObject2 = child }
      yield &child
    }
  }

  /// A leaf's second replaced or inserted item, with its hash.
  @inlinable var patchItem2: _PatchedItem<Item>? {
    get { patchObject2.map { unsafeDowncast($0, to: _PatchedItem<Item>.self) } }
    set { patchObject2 = newValue }
  }
}
