/// The items of a large snapshot in a persistent counted B-tree: leaves of
/// consecutive items under inner nodes that count them, so that the item at
/// a position is found in O(log n), and an edit copies only the O(log n)
/// nodes on its path while every other node stays shared with the version
/// it came from.
///
/// Every leaf has a label; labels increase in list order and never change
/// while a leaf lives, so ``_IDIndex`` maps an id to its leaf's label, and the
/// label finds the leaf and its position (``locate(label:)``). An insert that
/// splits a leaf labels the new half between its neighbours; when no label
/// is free there, the leaf is allowed to overflow, ``needsRelabeling`` is
/// set, and the owner relabels the leaves around it (``relabel(around:relabeled:)``:
/// the smallest subtree whose interval holds them well apart, so the cost
/// stays local), then splits the leaf (no leaf stays over ``leafCapacity``).
/// Splits relabel the half on the side with more room, a fixed step of 2^36
/// away while the gap allows.
///
/// Deletes drop empty leaves and inner nodes but do not merge half-empty
/// ones: the height stays what the largest version needed.
///
/// A copied node keeps the edit of one child or one item as a patch beside
/// the arrays it shares with the node it copies (see ``_ItemChunk``), so an
/// edit's path copies node objects, not arrays.
@usableFromInline
struct _ItemTree<Item: Diffable>: Sendable {
  @usableFromInline var root: _ItemChunk<Item>
  /// Set when a leaf could not split for want of a free label.
  @usableFromInline var needsRelabeling = false

  /// The most items a leaf holds before it splits.
  @inlinable static var leafCapacity: Int { 32 }
  /// The most children an inner node holds before it splits.
  @inlinable static var fanout: Int { 32 }
  /// How full a bulk build fills leaves and inner nodes, so that the first
  /// inserts do not split.
  @inlinable static var buildFill: Int { 24 }
  /// Labels lie in `1..<labelLimit`.
  @inlinable static var labelLimit: UInt64 { 1 << 62 }
  /// The most a split moves past the label of the leaf it splits.
  @inlinable static var labelStep: UInt64 { 1 << 36 }

  /// A tree of `items` with their hashes, its leaves labelled `spacing`
  /// apart (by default, as far apart as the labels allow; tests pass a small
  /// spacing to run out of labels soon).
  @inlinable
  init(items: [Item], hashes: [Int], labelSpacing spacing: UInt64? = nil) {
    let fill = _ItemTree.buildFill
    let leafCount = max(1, (items.count + fill - 1) / fill)
    let step = spacing ?? _ItemTree.labelLimit / UInt64(leafCount + 1)
    var level: [_ItemChunk<Item>] = []
    level.reserveCapacity(leafCount)
    for leaf in 0..<leafCount {
      let range = (leaf * fill)..<min(items.count, (leaf + 1) * fill)
      level.append(
        _ItemChunk(
          label: step * UInt64(leaf + 1), items: Array(items[range]),
          hashes: Array(hashes[range])))
    }
    while level.count > 1 {
      var next: [_ItemChunk<Item>] = []
      next.reserveCapacity(level.count / fill + 1)
      var start = 0
      while start < level.count {
        next.append(_ItemChunk(children: Array(level[start..<min(level.count, start + fill)])))
        start += fill
      }
      level = next
    }
    root = level[0]
  }

  /// The number of items.
  @inlinable var count: Int { root.count }

  /// The leaf holding position `index`, and the position inside it.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func leaf(at index: Int) -> (leaf: _ItemChunk<Item>, offset: Int) {
    // Down unretained: the tree holds every node for the walk, and a retain
    // is an atomic write to a node that is likely not in cache, which the
    // processor finishes before it reads on.
    var node = Unmanaged.passUnretained(root)
    var offset = index
    while let next = node._withUnsafeGuaranteedRef({ node -> UInt? in
      guard node.height > 0 else { return nil }
      let (child, inner) = node.child(at: offset)
      offset = inner
      return node.childAddress(child)
    }) {
      node = _ItemChunk.unmanaged(next)
    }
    return (node.takeUnretainedValue(), offset)
  }

  /// The item at `index`.
  @inlinable
  subscript(index: Int) -> Item {
    let (leaf, offset) = leaf(at: index)
    return leaf.item(at: offset)
  }

  /// The leaf labelled `label` and the position of its first item, if the
  /// tree has that leaf.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func locate(label: UInt64) -> (leaf: _ItemChunk<Item>, start: Int)? {
    // Down unretained, as in `leaf(at:)`.
    var node = Unmanaged.passUnretained(root)
    var start = 0
    while let next = node._withUnsafeGuaranteedRef({ node -> UInt? in
      guard node.height > 0 else { return nil }
      let child = node.child(labeled: label)
      start &+= node.start(ofChild: child)
      return node.childAddress(child)
    }) {
      node = _ItemChunk.unmanaged(next)
    }
    let leaf = node.takeUnretainedValue()
    return leaf.label == label ? (leaf, start) : nil
  }

  /// The leaves labelled `first` and `second` (each `nil` if the tree has
  /// none) with the positions of their first items, found in one walk down
  /// both paths at once: the leaves are all at one depth, and the two
  /// descents' loads do not wait on one another, so their cache misses
  /// overlap (what a move, which looks up an item and its anchor, spends
  /// most of its time on when the list is not in cache).
  ///
  /// - Complexity: O(log n).
  @inlinable
  func locate(_ first: UInt64, _ second: UInt64) -> (
    first: (leaf: _ItemChunk<Item>, start: Int)?, second: (leaf: _ItemChunk<Item>, start: Int)?
  ) {
    var (firstNode, secondNode) = (Unmanaged.passUnretained(root), Unmanaged.passUnretained(root))
    var (firstStart, secondStart) = (0, 0)
    while root.height > 0 {
      let firstNext = firstNode._withUnsafeGuaranteedRef { node -> UInt? in
        guard node.height > 0 else { return nil }
        let child = node.child(labeled: first)
        firstStart &+= node.start(ofChild: child)
        return node.childAddress(child)
      }
      let secondNext = secondNode._withUnsafeGuaranteedRef { node -> UInt? in
        guard node.height > 0 else { return nil }
        let child = node.child(labeled: second)
        secondStart &+= node.start(ofChild: child)
        return node.childAddress(child)
      }
      guard let firstNext, let secondNext else { break }
      firstNode = _ItemChunk.unmanaged(firstNext)
      secondNode = _ItemChunk.unmanaged(secondNext)
    }
    let (firstLeaf, secondLeaf) = (
      firstNode.takeUnretainedValue(), secondNode.takeUnretainedValue()
    )
    return (
      firstLeaf.label == first ? (firstLeaf, firstStart) : nil,
      secondLeaf.label == second ? (secondLeaf, secondStart) : nil
    )
  }

  /// Calls `body` with every leaf, in order, and the position of its first
  /// item.
  @inlinable
  func forEachLeaf(_ body: (_ItemChunk<Item>, Int) -> Void) {
    func visit(_ node: _ItemChunk<Item>, _ start: Int) {
      if node.height == 0 {
        body(node, start)
        return
      }
      var start = start
      for slot in 0..<node.childCount {
        let child = node.child(slot)
        visit(child, start)
        start += child.count
      }
    }
    visit(root, 0)
  }

  /// The items and hashes, in order.
  ///
  /// - Complexity: O(n).
  @inlinable
  func flattened() -> (items: [Item], hashes: [Int]) {
    var items: [Item] = []
    var hashes: [Int] = []
    items.reserveCapacity(count)
    hashes.reserveCapacity(count)
    forEachLeaf { leaf, _ in
      items.append(contentsOf: leaf.items)
      hashes.append(contentsOf: leaf.hashes)
    }
    return (items, hashes)
  }

  // MARK: Edits

  /// Inserts `item` at `index`; returns the label of the leaf it went into.
  /// Items that a split moved to a new leaf are passed to `relabeled` with
  /// their new label.
  ///
  /// - Complexity: O(log n).
  @inlinable
  mutating func insert(
    _ item: Item, hash: Int, at index: Int,
    relabeled: (_ item: Item, _ hash: Int, _ label: UInt64) -> Void
  ) -> UInt64 {
    var label: UInt64 = 0
    var overflowed = false
    if let sibling = _ItemTree.insert(
      item, hash: hash, at: index, into: &root, after: nil, upperBound: _ItemTree.labelLimit,
      label: &label, overflowed: &overflowed, relabeled: relabeled)
    {
      root = _ItemChunk(children: [root, sibling])
    }
    if overflowed { needsRelabeling = true }
    return label
  }

  /// The recursive insert: returns a new right sibling when `node` split.
  @inlinable
  static func insert(
    _ item: Item, hash: Int, at index: Int, into node: inout _ItemChunk<Item>,
    after previous: _ItemChunk<Item>?, upperBound: UInt64, label: inout UInt64,
    overflowed: inout Bool, relabeled: (Item, Int, UInt64) -> Void
  ) -> _ItemChunk<Item>? {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    node.count += 1
    if node.height == 0 {
      node.insertItem(item, hash: hash, at: index)
      label = node.label
      guard node.count > leafCapacity else { return nil }
      node.materialize()
      // The labels free on each side: down to the previous leaf's, up to
      // the next one's.
      let leftRoom = node.label - (previous.map(lastLabel(of:)) ?? 0)
      let rightRoom = upperBound - node.label
      guard max(leftRoom, rightRoom) >= 2 else {
        overflowed = true
        return nil
      }
      let half = node.count / 2
      let right = _ItemChunk(
        label: node.label, items: Array(node.storedItems[half...]),
        hashes: Array(node.storedHashes[half...]))
      node.storedItems.removeSubrange(half...)
      node.storedHashes.removeSubrange(half...)
      node.count = half
      // One half takes a new label on the side with more room, a fixed step
      // away rather than in the middle of the gap: inserts in a row (an
      // expanded node's children, pages appended, rows prepended to a feed)
      // split leaf after leaf in one direction, and halving the gap each
      // time would use it up in about 40 splits; a step of 2^36 lasts
      // thousands of splits in one gap of a built tree, and millions at the
      // ends of the list.
      let relabeledHalf: _ItemChunk<Item>
      if rightRoom >= leftRoom {
        right.label = node.label + min(rightRoom / 2, _ItemTree.labelStep)
        relabeledHalf = right
      } else {
        node.label -= min(leftRoom / 2, _ItemTree.labelStep)
        relabeledHalf = node
      }
      for offset in relabeledHalf.storedItems.indices {
        relabeled(
          relabeledHalf.storedItems[offset], relabeledHalf.storedHashes[offset],
          relabeledHalf.label)
      }
      label = index >= half ? right.label : node.label
      return right
    }
    let (child, offset) = node.child(at: index)
    let bound = child + 1 < node.labels.count ? node.labels[child + 1] : upperBound
    let before = child > 0 ? node.child(child - 1) : previous
    let sibling = node.editChild(child) {
      insert(
        item, hash: hash, at: offset, into: &$0, after: before, upperBound: bound, label: &label,
        overflowed: &overflowed, relabeled: relabeled)
    }
    node.label = node.labels[0]
    guard let sibling else { return nil }
    node.materialize()
    node.storedChildren.insert(sibling, at: child + 1)
    node.storedCounts.insert(sibling.count, at: child + 1)
    node.labels.insert(sibling.label, at: child + 1)
    guard node.childCount > fanout else { return nil }
    let half = node.childCount / 2
    let right = _ItemChunk(children: Array(node.storedChildren[half...]))
    node.storedChildren.removeSubrange(half...)
    node.storedCounts.removeSubrange(half...)
    node.labels.removeSubrange(half...)
    node.count = node.storedCounts.reduce(0, +)
    return right
  }

  /// Removes and returns the item at `index` with its hash.
  ///
  /// - Complexity: O(log n).
  @inlinable
  @discardableResult
  mutating func remove(at index: Int) -> (item: Item, hash: Int) {
    let removed = _ItemTree.remove(at: index, from: &root)
    collapseRoot()
    return removed
  }

  /// After a removal: drops roots with a single child, and an inner root
  /// with none becomes an empty leaf.
  @inlinable
  mutating func collapseRoot() {
    while root.height > 0 && root.childCount == 1 { root = root.child(0) }
    if root.height > 0 && root.childCount == 0 {
      root = _ItemChunk(label: root.label, items: [], hashes: [])
    }
  }

  @inlinable
  static func remove(at index: Int, from node: inout _ItemChunk<Item>) -> (item: Item, hash: Int) {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    node.count -= 1
    if node.height == 0 { return node.removeItem(at: index) }
    let (child, offset) = node.child(at: index)
    let removed = node.editChild(child) { remove(at: offset, from: &$0) }
    if node.child(child).count == 0 {
      node.materialize()
      node.storedChildren.remove(at: child)
      node.storedCounts.remove(at: child)
      node.labels.remove(at: child)
    }
    if !node.labels.isEmpty { node.label = node.labels[0] }
    return removed
  }

  /// Replaces the item at `index` (its hash is `hash`).
  ///
  /// - Complexity: O(log n).
  @inlinable
  mutating func replace(at index: Int, with item: Item, hash: Int) {
    _ItemTree.replace(at: index, with: item, hash: hash, in: &root)
  }

  @inlinable
  static func replace(at index: Int, with item: Item, hash: Int, in node: inout _ItemChunk<Item>) {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    if node.height == 0 {
      node.replaceItem(at: index, with: item, hash: hash)
      return
    }
    let (child, offset) = node.child(at: index)
    node.editChild(child) { replace(at: offset, with: item, hash: hash, in: &$0) }
  }

  // MARK: Checks

  /// Checks the counts, heights, sizes and label order of every node, and
  /// returns the leaves' labels in order.
  @usableFromInline
  func verify() -> [UInt64] {
    var labels: [UInt64] = []
    func check(_ node: _ItemChunk<Item>) -> Int {
      node.verifyPatch()
      if node.height == 0 {
        precondition(node.items.count == node.count, "leaf count")
        precondition(node.count <= _ItemTree.leafCapacity, "leaf capacity")
        precondition(node.hashes.count == node.count, "one hash per leaf item")
        precondition(node.count > 0 || node === root, "no empty leaf but an empty root")
        precondition(labels.last.map { $0 < node.label } ?? true, "labels ascend")
        labels.append(node.label)
        return node.count
      }
      let children = node.children
      let counts = node.counts
      precondition(!children.isEmpty, "inner nodes have children")
      precondition(children.count <= _ItemTree.fanout, "fanout")
      precondition(counts.count == children.count, "one count per child")
      precondition(node.labels.count == children.count, "one label per child")
      var total = 0
      for (index, child) in children.enumerated() {
        precondition(child.height == node.height - 1, "children one level down")
        let count = check(child)
        precondition(count > 0, "no empty child")
        precondition(counts[index] == count, "child count")
        precondition(node.childCount(index) == count, "child count read through the patch")
        precondition(node.labels[index] == child.label, "child label")
        total += count
      }
      precondition(node.label == node.labels[0], "first label")
      precondition(node.count == total, "inner count")
      return total
    }
    _ = check(root)
    return labels
  }
}
