// The patches of an `_ItemChunk` (see its "Pending edits"): what a pending
// edit is, the box of a patched item, and the checks that a patch fits its
// node.

extension _ItemChunk {
  /// Checks that the patches fit the node: a child patch only in an inner
  /// node, at a slot it has, whose label ``labels`` holds (and a second one
  /// at another slot); item patches only in a leaf, the first at an offset
  /// its stored items allow, the second (only beside a first) at an offset
  /// the first's items allow, with as many items as the two leave
  /// ``count``.
  @usableFromInline
  func verifyPatch() {
    switch patchKind {
    case .none:
      precondition(
        patchObject == nil && patchObject2 == nil && patchKind2 == .none && patchOffset2 < 0,
        "no leftovers of a patch")
    case .child:
      precondition(height > 0, "a child patch in an inner node")
      precondition(patchOffset >= 0 && patchOffset < childCount, "a child patch at a slot")
      precondition(patchChild!.label == labels[patchOffset], "a patched child's label")
      precondition(patchKind2 == .none, "no item patch in an inner node")
      if patchOffset2 >= 0 {
        let second = Int(patchOffset2)
        precondition(second < childCount && second != patchOffset, "a second patch at another slot")
        precondition(patchChild2!.label == labels[second], "a second patched child's label")
      } else {
        precondition(patchChild2 == nil, "no second patched child without its slot")
      }
    case .replace, .insert, .remove:
      precondition(height == 0, "an item patch in a leaf")
      func change(_ kind: _PatchKind) -> Int { kind == .insert ? 1 : kind == .remove ? -1 : 0 }
      let stored = storedItems.count
      precondition(
        patchOffset >= 0 && patchOffset < (patchKind == .insert ? stored + 1 : stored),
        "an item patch at an offset")
      precondition((patchItem != nil) == (patchKind != .remove), "a patched item")
      let afterFirst = stored + change(patchKind)
      switch patchKind2 {
      case .none:
        precondition(patchObject2 == nil && patchOffset2 < 0, "no leftovers of a second patch")
        precondition(afterFirst == count, "the patch leaves the leaf's count")
      case .child:
        preconditionFailure("no child patch in a leaf")
      case .replace, .insert, .remove:
        let second = Int(patchOffset2)
        precondition(
          second >= 0 && second < (patchKind2 == .insert ? afterFirst + 1 : afterFirst),
          "a second item patch at an offset")
        precondition((patchItem2 != nil) == (patchKind2 != .remove), "a second patched item")
        precondition(afterFirst + change(patchKind2) == count, "the patches leave the leaf's count")
      }
    }
    if height == 0 {
      precondition(storedHashes.count == storedItems.count, "one stored hash per stored item")
      precondition(storedChildren.isEmpty && labels.isEmpty, "a leaf has no children")
    } else {
      precondition(storedItems.isEmpty, "an inner node has no items")
      precondition(storedCounts.count == storedChildren.count, "one stored count per stored child")
    }
  }
}

/// A leaf's patched item and its id hash.
@usableFromInline
final class _PatchedItem<Item: Diffable>: Sendable {
  @usableFromInline let item: Item
  @usableFromInline let hash: Int

  @inlinable
  init(item: Item, hash: Int) {
    self.item = item
    self.hash = hash
  }
}

/// The pending edit of an ``_ItemChunk``.
@usableFromInline
enum _PatchKind: UInt8, Sendable {
  /// None.
  case none
  /// An inner node's child replaced.
  case child
  /// A leaf's item replaced.
  case replace
  /// An item inserted into a leaf.
  case insert
  /// An item removed from a leaf.
  case remove
}
