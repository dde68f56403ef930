// The edits of an `_ItemChunk`, of a node no other version holds: a
// pending patch applied or kept, a child edited, an item replaced, inserted
// or removed.

extension _ItemChunk {
  /// Applies the pending patch to the arrays, so that they can be edited in
  /// place.
  @inlinable
  func materialize() {
    switch patchKind {
    case .none: break
    case .child:
      let child = patchChild.unsafelyUnwrapped
      storedChildren[patchOffset] = child
      storedCounts[patchOffset] = child.count
      patchChild = nil
      if patchOffset2 >= 0 {
        let second = patchChild2.unsafelyUnwrapped
        storedChildren[Int(patchOffset2)] = second
        storedCounts[Int(patchOffset2)] = second.count
        patchOffset2 = -1
        patchChild2 = nil
      }
    case .replace, .insert, .remove:
      storedItems = items
      storedHashes = hashes
      patchItem = nil
      patchItem2 = nil
      patchKind2 = .none
      patchOffset2 = -1
    }
    patchKind = .none
    ownsArrays = true
  }

  /// Whether an edit of this node should be kept as a patch: it has none,
  /// and another node may share its arrays.
  @inlinable var patchable: Bool { patchKind == .none && !ownsArrays }

  /// Whether an item edit of this leaf should be kept as its second patch:
  /// it has one item patch, and another node may share its arrays.
  @inlinable var takesSecondItemPatch: Bool {
    patchKind != .none && patchKind2 == .none && !ownsArrays
  }

  /// Calls `body` with child `slot` to edit it (the node is not shared),
  /// keeping the new child as the node's patch when it can (see
  /// ``patchable``), else in the arrays. Afterwards the node's count is the
  /// caller's to keep, and the child's label is copied to ``labels``.
  @inlinable
  func editChild<Result>(_ slot: Int, _ body: (inout _ItemChunk) -> Result) -> Result {
    let result: Result
    if patchKind == .child && patchOffset == slot {
      result = body(&patchChild!)
    } else if slot == Int(truncatingIfNeeded: patchOffset2) {
      result = body(&patchChild2!)
    } else if patchable {
      patchKind = .child
      patchOffset = slot
      patchChild = storedChildren[slot]
      result = body(&patchChild!)
    } else if patchKind == .child && patchOffset2 < 0 && !ownsArrays {
      patchOffset2 = Int32(slot)
      patchChild2 = storedChildren[slot]
      result = body(&patchChild2!)
    } else {
      materialize()
      result = body(&storedChildren[slot])
      storedCounts[slot] = storedChildren[slot].count
    }
    let label = child(slot).label
    if labels[slot] != label { labels[slot] = label }
    return result
  }

  /// Replaces a leaf's item at `offset` (the node is not shared).
  @inlinable
  func replaceItem(at offset: Int, with item: Item, hash: Int) {
    if patchable || (patchKind == .replace && patchOffset == offset && patchKind2 == .none) {
      patchKind = .replace
      patchOffset = offset
      patchItem = _PatchedItem(item: item, hash: hash)
      return
    }
    if takesSecondItemPatch || (patchKind2 == .replace && Int(patchOffset2) == offset) {
      patchKind2 = .replace
      patchOffset2 = Int32(offset)
      patchItem2 = _PatchedItem(item: item, hash: hash)
      return
    }
    materialize()
    storedItems[offset] = item
    storedHashes[offset] = hash
  }

  /// Inserts an item into a leaf at `offset` (the node is not shared;
  /// ``count`` is the caller's to keep).
  @inlinable
  func insertItem(_ item: Item, hash: Int, at offset: Int) {
    if patchable {
      patchKind = .insert
      patchOffset = offset
      patchItem = _PatchedItem(item: item, hash: hash)
      return
    }
    if takesSecondItemPatch {
      patchKind2 = .insert
      patchOffset2 = Int32(offset)
      patchItem2 = _PatchedItem(item: item, hash: hash)
      return
    }
    materialize()
    storedItems.insert(item, at: offset)
    storedHashes.insert(hash, at: offset)
  }

  /// Removes a leaf's item at `offset` and returns it with its hash (the
  /// node is not shared; ``count`` is the caller's to keep).
  @inlinable
  func removeItem(at offset: Int) -> (item: Item, hash: Int) {
    let removed = (item(at: offset), hash(at: offset))
    if patchable {
      patchKind = .remove
      patchOffset = offset
      return removed
    }
    if takesSecondItemPatch {
      patchKind2 = .remove
      patchOffset2 = Int32(offset)
      return removed
    }
    materialize()
    storedItems.remove(at: offset)
    storedHashes.remove(at: offset)
    return removed
  }
}
