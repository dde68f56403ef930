// The candidates of the shared-storage diff (`Diffing/Changeset+SharedStorage.swift`):
// the items of the leaves two versions do not share, less the common ends
// of two leaves with the same label.
//
// Why the common ends may stay out: the diff's U (the items it knows are in
// both versions, unchanged, in the same relative order) is the items of
// shared leaves, ordered by label. Two leaves with the same label, one in
// each version, whose first k items are the same items with the same content
// (and likewise their last s items), add those items to U at that label,
// before and after what differs, in the same order in both versions: U stays
// one sequence both versions hold. An edit of one item in a leaf of 64 then
// leaves one candidate instead of 64 a side (a move: one in each of its two
// leaves), and the diff of a one-item change touches a handful of items.

extension _TreeDifference {
  /// One side's candidates: flat positions, items and their id hashes,
  /// ascending.
  @usableFromInline
  struct _Candidates<Item: Diffable> {
    @usableFromInline var positions: [Int] = []
    @usableFromInline var items: [Item] = []
    @usableFromInline var hashes: [Int] = []

    @inlinable init() {}

    /// How many candidates lie before flat position `position`.
    @inlinable
    func count(before position: Int) -> Int {
      SortedPositions.count(below: position, in: positions)
    }

    /// Each candidate's cut point: how many U items lie before it, in order
    /// (non-decreasing).
    @inlinable
    var cuts: [Int] { positions.indices.map { positions[$0] - $0 } }

    /// Adds the items at `offsets` of `leaf`, whose first item is at flat
    /// position `start`.
    @inlinable
    mutating func append(_ leaf: _ItemChunk<Item>, start: Int, offsets: Range<Int>) {
      if offsets.count == leaf.count {
        positions += start..<(start + leaf.count)
        items += leaf.items
        hashes += leaf.hashes
        return
      }
      for offset in offsets {
        positions.append(start + offset)
        items.append(leaf.item(at: offset))
        hashes.append(leaf.hash(at: offset))
      }
    }
  }

  /// The candidates of the unshared leaves `oldLeaves` and `newLeaves`
  /// (each in list order, with the flat position of its first item): every
  /// item of a leaf whose label the other side's leaves do not have, and the
  /// middle of two leaves with the same label, between their common ends.
  @inlinable
  static func _candidates<Item>(
    _ oldLeaves: [(_ItemChunk<Item>, Int)], _ newLeaves: [(_ItemChunk<Item>, Int)]
  ) -> (old: _Candidates<Item>, new: _Candidates<Item>) {
    var oldSide = _Candidates<Item>()
    var newSide = _Candidates<Item>()
    var oldIndex = 0
    var newIndex = 0
    // Labels increase in list order on both sides: a merge by label.
    while oldIndex < oldLeaves.count || newIndex < newLeaves.count {
      let oldLabel = oldIndex < oldLeaves.count ? oldLeaves[oldIndex].0.label : nil
      let newLabel = newIndex < newLeaves.count ? newLeaves[newIndex].0.label : nil
      if let oldLabel, newLabel.map({ oldLabel < $0 }) ?? true {
        let (leaf, start) = oldLeaves[oldIndex]
        oldSide.append(leaf, start: start, offsets: 0..<leaf.count)
        oldIndex += 1
      } else if let newLabel, oldLabel.map({ newLabel < $0 }) ?? true {
        let (leaf, start) = newLeaves[newIndex]
        newSide.append(leaf, start: start, offsets: 0..<leaf.count)
        newIndex += 1
      } else {
        let (oldLeaf, oldStart) = oldLeaves[oldIndex]
        let (newLeaf, newStart) = newLeaves[newIndex]
        let (prefix, suffix) = _commonEnds(oldLeaf, newLeaf)
        oldSide.append(oldLeaf, start: oldStart, offsets: prefix..<(oldLeaf.count - suffix))
        newSide.append(newLeaf, start: newStart, offsets: prefix..<(newLeaf.count - suffix))
        oldIndex += 1
        newIndex += 1
      }
    }
    return (oldSide, newSide)
  }

  /// How many of the first and of the last items of leaves `old` and `new`
  /// are the same items (id and content), not overlapping. When one leaf
  /// is the other with one pending patch (an edit's copy, sharing its
  /// arrays), the patch says so without reading an item.
  @inlinable
  static func _commonEnds<Item>(_ old: _ItemChunk<Item>, _ new: _ItemChunk<Item>) -> (
    prefix: Int, suffix: Int
  ) {
    if let ends = _patchEnds(of: new, over: old) ?? _patchEnds(of: old, over: new) {
      return ends
    }
    func same(_ oldOffset: Int, _ newOffset: Int) -> Bool {
      guard old.hash(at: oldOffset) == new.hash(at: newOffset) else { return false }
      let oldItem = old.item(at: oldOffset)
      let newItem = new.item(at: newOffset)
      return oldItem.id == newItem.id && oldItem.isContentEqual(to: newItem)
    }
    let shorter = min(old.count, new.count)
    var prefix = 0
    while prefix < shorter && same(prefix, prefix) { prefix += 1 }
    var suffix = 0
    while suffix < shorter - prefix && same(old.count - 1 - suffix, new.count - 1 - suffix) {
      suffix += 1
    }
    return (prefix, suffix)
  }

  /// The common ends of `leaf` and `base` when `leaf` is `base` with one
  /// more pending patch: it shares `base`'s arrays, and either `base` has
  /// no patch and `leaf` one, or `base` has one and `leaf` the same one
  /// (the same kind, offset and box) and a second.
  @inlinable
  static func _patchEnds<Item>(of leaf: _ItemChunk<Item>, over base: _ItemChunk<Item>) -> (
    prefix: Int, suffix: Int
  )? {
    guard leaf.patchKind != .none, base.patchKind2 == .none,
      leaf.storedItems._sharesBuffer(with: base.storedItems),
      leaf.storedHashes._sharesBuffer(with: base.storedHashes)
    else { return nil }
    let kind: _PatchKind
    let offset: Int
    if base.patchKind == .none && leaf.patchKind2 == .none {
      (kind, offset) = (leaf.patchKind, leaf.patchOffset)
    } else if base.patchKind == leaf.patchKind && base.patchOffset == leaf.patchOffset
      && base.patchObject === leaf.patchObject && leaf.patchKind2 != .none
    {
      (kind, offset) = (leaf.patchKind2, Int(leaf.patchOffset2))
    } else {
      return nil
    }
    switch kind {
    case .none, .child: return nil
    case .replace, .remove: return (offset, base.count - offset - 1)
    case .insert: return (offset, base.count - offset)
    }
  }
}
