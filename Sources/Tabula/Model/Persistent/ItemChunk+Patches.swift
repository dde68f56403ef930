// The patches of an `_ItemChunk` (see its "Pending edits"): what a pending
// edit is, the box of a patched item, and the checks that a patch fits its
// node.

extension _ItemChunk {
  /// Checks that the patch fits the node: a child patch only in an inner
  /// node, at a slot it has, whose label ``labels`` holds; an item patch only
  /// in a leaf, at an offset its stored items allow, with as many stored
  /// items as the patch leaves ``count``.
  @usableFromInline
  func verifyPatch() {
    switch patchKind {
    case .none:
      precondition(
        patchObject == nil && patchChild2 == nil, "no leftovers of a patch")
    case .child:
      precondition(height > 0, "a child patch in an inner node")
      precondition(patchOffset >= 0 && patchOffset < childCount, "a child patch at a slot")
      precondition(patchChild!.label == labels[patchOffset], "a patched child's label")
      if patchOffset2 >= 0 {
        let second = Int(patchOffset2)
        precondition(second < childCount && second != patchOffset, "a second patch at another slot")
        precondition(patchChild2!.label == labels[second], "a second patched child's label")
      } else {
        precondition(patchChild2 == nil, "no second patched child without its slot")
      }
    case .replace, .insert, .remove:
      precondition(height == 0, "an item patch in a leaf")
      let stored = storedItems.count
      let (limit, change) =
        patchKind == .replace ? (stored, 0) : patchKind == .insert ? (stored + 1, 1) : (stored, -1)
      precondition(patchOffset >= 0 && patchOffset < limit, "an item patch at an offset")
      precondition(stored + change == count, "the patch leaves the leaf's count")
      precondition((patchItem != nil) == (patchKind != .remove), "a patched item")
    }
    precondition(patchOffset2 < 0 || patchKind == .child, "a second patch only beside a first")
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
