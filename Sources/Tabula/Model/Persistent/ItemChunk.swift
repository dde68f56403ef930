/// A node of ``_ItemTree``: a leaf holding up to ``_ItemTree/leafCapacity``
/// consecutive items with their id hashes and the leaf's label, or an inner
/// node holding up to ``_ItemTree/fanout`` children with their item counts
/// and first labels.
///
/// Nodes are shared between snapshot versions and never change once shared:
/// an edit copies the nodes on its path that another version also holds
/// (`isKnownUniquelyReferenced`), and changes only its own copies. That is
/// why the class is `@unchecked Sendable`: a node reachable from two values is
/// only ever read. For the same reason its properties skip the runtime's
/// exclusivity checks (never overlapping accesses; the checks cost more
/// than the edits they guard).
@usableFromInline
final class _ItemChunk<Item: Diffable>: @unchecked Sendable {
  /// 0 for a leaf.
  @exclusivity(unchecked) @usableFromInline var height: Int
  /// The number of items under this node.
  @exclusivity(unchecked) @usableFromInline var count: Int
  /// A leaf's label; an inner node's first leaf's label. Labels increase in
  /// list order, so a label finds its leaf.
  @exclusivity(unchecked) @usableFromInline var label: UInt64
  /// A leaf's items, in order (empty for an inner node).
  @exclusivity(unchecked) @usableFromInline var items: [Item]
  /// A leaf's id hashes, one per item.
  @exclusivity(unchecked) @usableFromInline var hashes: [Int]
  /// An inner node's children, in order.
  @exclusivity(unchecked) @usableFromInline var children: [_ItemChunk]
  /// The item count of each child.
  @exclusivity(unchecked) @usableFromInline var counts: [Int]
  /// The label of each child.
  @exclusivity(unchecked) @usableFromInline var labels: [UInt64]

  /// A leaf.
  @inlinable
  init(label: UInt64, items: [Item], hashes: [Int]) {
    height = 0
    count = items.count
    self.label = label
    self.items = items
    self.hashes = hashes
    children = []
    counts = []
    labels = []
  }

  /// An inner node over `children` (at least one).
  @inlinable
  init(children: [_ItemChunk]) {
    height = children[0].height + 1
    self.children = children
    counts = children.map(\.count)
    labels = children.map(\.label)
    count = counts.reduce(0, +)
    label = labels[0]
    items = []
    hashes = []
  }

  /// A copy that shares the arrays (copy-on-write) but not the identity.
  @inlinable
  func copy() -> _ItemChunk {
    let copy = _ItemChunk(label: label, items: items, hashes: hashes)
    copy.height = height
    copy.count = count
    copy.children = children
    copy.counts = counts
    copy.labels = labels
    return copy
  }

  /// The index of the child holding position `index` of this inner node,
  /// and the position inside it. `index == count` lands at the end of the
  /// last child.
  @inlinable
  func child(at index: Int) -> (child: Int, offset: Int) {
    var offset = index
    return counts.withUnsafeBufferPointer { counts in
      for child in 0..<(counts.count &- 1) {
        if offset < counts[child] { return (child, offset) }
        offset &-= counts[child]
      }
      return (counts.count &- 1, offset)
    }
  }

  /// The index of the last child whose label is at most `label`.
  @inlinable
  func child(labeled label: UInt64) -> Int {
    labels.withUnsafeBufferPointer { labels in
      var low = 0
      var high = labels.count
      while high &- low > 1 {
        let middle = (low &+ high) &>> 1
        if labels[middle] <= label { low = middle } else { high = middle }
      }
      return low
    }
  }
}
