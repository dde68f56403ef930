// Relabelling: when an insert finds no free label between two leaves, the
// leaves around it are spread evenly over the smallest window that has room.

extension _ItemTree {
  /// The least spacing a relabelled window leaves between its leaves' labels.
  @inlinable static var minimumSpacing: UInt64 { 1 << 30 }

  /// Relabels the leaves around position `index` evenly (after an insert
  /// there found no free label): the leaves under the lowest inner node
  /// above that position whose label interval, from the leaf before it to
  /// the leaf after it, holds them ``minimumSpacing`` apart. Items that get
  /// a new label are passed to `relabeled`. The whole tree always fits: a
  /// snapshot holds at most 2^31 items, and 2^62 labels over them leave
  /// 2^31 between two.
  ///
  /// - Complexity: O(w log n) for the w items of the window, amortized
  ///   small: a window is relabelled only after its gaps filled up.
  @inlinable
  mutating func relabel(
    around index: Int, relabeled: (_ item: Item, _ hash: Int, _ label: UInt64) -> Void
  ) {
    precondition(
      root.height == 0
        || _ItemTree.findsWindow(around: index, in: root, lower: 0, upper: _ItemTree.labelLimit),
      "the whole tree holds its leaves far enough apart")
    if root.height == 0 {
      // A lone leaf: its label anywhere in the range.
      if !isKnownUniquelyReferenced(&root) { root = root.copy() }
      root.label = _ItemTree.labelLimit / 2
      root.materialize()
      for offset in root.storedItems.indices {
        relabeled(root.storedItems[offset], root.storedHashes[offset], root.label)
      }
    } else {
      _ItemTree.relabel(
        around: index, in: &root, lower: 0, upper: _ItemTree.labelLimit, relabeled: relabeled)
    }
    needsRelabeling = false
  }

  /// Whether `node` (bounded by the labels `lower` and `upper`, exclusive)
  /// holds its items `minimumSpacing` apart.
  @inlinable
  static func fits(_ node: _ItemChunk<Item>, lower: UInt64, upper: UInt64) -> Bool {
    node.height > 0 && (upper - lower) / UInt64(node.count + 2) >= minimumSpacing
  }

  /// Whether some inner node on the path to `index` fits (see ``fits``).
  @inlinable
  static func findsWindow(
    around index: Int, in node: _ItemChunk<Item>, lower: UInt64, upper: UInt64
  ) -> Bool {
    if fits(node, lower: lower, upper: upper) { return true }
    guard node.height > 1 else { return false }
    let (child, offset) = node.child(at: index)
    return findsWindow(
      around: offset, in: node.child(child),
      lower: child > 0 ? lastLabel(of: node.child(child - 1)) : lower,
      upper: child + 1 < node.labels.count ? node.labels[child + 1] : upper)
  }

  /// Relabels the lowest fitting inner node on the path to `index`, copying
  /// the nodes it changes.
  @inlinable
  static func relabel(
    around index: Int, in node: inout _ItemChunk<Item>, lower: UInt64, upper: UInt64,
    relabeled: (Item, Int, UInt64) -> Void
  ) {
    let (child, offset) = node.child(at: index)
    let childLower = child > 0 ? lastLabel(of: node.child(child - 1)) : lower
    let childUpper = child + 1 < node.labels.count ? node.labels[child + 1] : upper
    if node.height > 1
      && findsWindow(
        around: offset, in: node.child(child), lower: childLower, upper: childUpper)
    {
      if !isKnownUniquelyReferenced(&node) { node = node.copy() }
      node.editChild(child) {
        relabel(
          around: offset, in: &$0, lower: childLower, upper: childUpper, relabeled: relabeled)
      }
      node.label = node.labels[0]
      return
    }
    // This node is the window: its leaves evenly over (lower, upper).
    let spacing = (upper - lower) / UInt64(node.count + 2)
    var next = lower + spacing
    func spread(_ node: inout _ItemChunk<Item>) {
      if !isKnownUniquelyReferenced(&node) { node = node.copy() }
      node.materialize()
      if node.height == 0 {
        node.label = next
        next += spacing * UInt64(max(1, node.count))
        for offset in node.storedItems.indices {
          relabeled(node.storedItems[offset], node.storedHashes[offset], node.label)
        }
        return
      }
      for child in node.storedChildren.indices {
        spread(&node.storedChildren[child])
        node.labels[child] = node.storedChildren[child].label
      }
      node.label = node.labels[0]
    }
    spread(&node)
  }

  /// The label of the last leaf under `node`.
  @inlinable
  static func lastLabel(of node: _ItemChunk<Item>) -> UInt64 {
    var node = node
    while node.height > 0 { node = node.child(node.childCount - 1) }
    return node.label
  }
}
