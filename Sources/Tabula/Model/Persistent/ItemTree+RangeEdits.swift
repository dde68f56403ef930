// Edits of a run of items in one descent: inserting several items at one
// place, and removing a range.

extension _ItemTree {
  /// Inserts `items` (with their `hashes`) at `index` in one descent: the
  /// leaf there takes them and, when it overflows, splits into leaves of
  /// ``buildFill`` items labelled in the gap on the side of it with more
  /// room (so that batches inserted again and again at one place, pages
  /// prepended to a feed, do not use the gap up), and inner nodes that
  /// overflow split the same way. Every item whose label changed (the
  /// inserted ones, and those a split moved) is passed to `placed` with its
  /// leaf's label. Returns false, changing nothing, when that gap has too
  /// few free labels; the caller then inserts one by one (which relabels).
  ///
  /// - Complexity: O(log n + k) for k items, where inserting them one at a
  ///   time walks from the root k times.
  @inlinable
  mutating func insert(
    contentsOf items: ArraySlice<Item>, hashes: ArraySlice<Int>, at index: Int,
    placed: (_ item: Item, _ hash: Int, _ label: UInt64) -> Void
  ) -> Bool {
    guard !items.isEmpty else { return true }
    // The leaf that takes the items, and the labels of the leaves around it.
    var node = root
    var offset = index
    var upper = _ItemTree.labelLimit
    var previous: _ItemChunk<Item>?
    while node.height > 0 {
      let (child, inner) = node.child(at: offset)
      if child + 1 < node.labels.count { upper = node.labels[child + 1] }
      if child > 0 { previous = node.child(child - 1) }
      offset = inner
      node = node.child(child)
    }
    let total = node.count + items.count
    let pieces =
      total > _ItemTree.leafCapacity ? (total + _ItemTree.buildFill - 1) / _ItemTree.buildFill : 1
    let leftRoom = node.label - (previous.map(_ItemTree.lastLabel(of:)) ?? 0)
    let rightRoom = upper - node.label
    let step = min(max(leftRoom, rightRoom) / UInt64(pieces), _ItemTree.labelStep)
    guard pieces == 1 || step >= 1 else { return false }
    // The pieces' labels ascend by `step`: from this leaf's on, or up to it.
    let firstLabel = rightRoom >= leftRoom ? node.label : node.label - step * UInt64(pieces - 1)
    var siblings = _ItemTree.insert(
      contentsOf: items, hashes: hashes, at: index, into: &root, pieces: pieces,
      firstLabel: firstLabel, step: step, placed: placed)
    // New levels above the root while its siblings do not fit under one.
    while !siblings.isEmpty {
      let level = _ItemTree.grouped([root] + siblings)
      root = level[0]
      siblings = Array(level.dropFirst())
    }
    return true
  }

  /// `nodes` under inner nodes of ``buildFill`` children (one node when
  /// they fit under one).
  @inlinable
  static func grouped(_ nodes: [_ItemChunk<Item>]) -> [_ItemChunk<Item>] {
    if nodes.count <= fanout { return [_ItemChunk(children: nodes)] }
    let groups = (nodes.count + buildFill - 1) / buildFill
    return (0..<groups).map { group in
      _ItemChunk(
        children: Array(
          nodes[(group * nodes.count / groups)..<((group + 1) * nodes.count / groups)]))
    }
  }

  /// The recursive bulk insert: returns the new right siblings of `node`.
  @inlinable
  static func insert(
    contentsOf items: ArraySlice<Item>, hashes: ArraySlice<Int>, at index: Int,
    into node: inout _ItemChunk<Item>, pieces: Int, firstLabel: UInt64, step: UInt64,
    placed: (Item, Int, UInt64) -> Void
  ) -> [_ItemChunk<Item>] {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    node.materialize()
    node.count += items.count
    if node.height == 0 {
      node.storedItems.insert(contentsOf: items, at: index)
      node.storedHashes.insert(contentsOf: hashes, at: index)
      let inserted = index..<(index + items.count)
      guard pieces > 1 else {
        for offset in inserted {
          placed(node.storedItems[offset], node.storedHashes[offset], node.label)
        }
        return []
      }
      // Even pieces; the first stays in this leaf.
      let total = node.storedItems.count
      let bounds = (0...pieces).map { $0 * total / pieces }
      for piece in 0..<pieces {
        let label = firstLabel + step * UInt64(piece)
        for offset in bounds[piece]..<bounds[piece + 1]
        where label != node.label || inserted.contains(offset) {
          placed(node.storedItems[offset], node.storedHashes[offset], label)
        }
      }
      var siblings: [_ItemChunk<Item>] = []
      for piece in 1..<pieces {
        let range = bounds[piece]..<bounds[piece + 1]
        siblings.append(
          _ItemChunk(
            label: firstLabel + step * UInt64(piece), items: Array(node.storedItems[range]),
            hashes: Array(node.storedHashes[range])))
      }
      node.label = firstLabel
      node.storedItems.removeSubrange(bounds[1]...)
      node.storedHashes.removeSubrange(bounds[1]...)
      node.count = bounds[1]
      return siblings
    }
    let (child, offset) = node.child(at: index)
    let siblings = insert(
      contentsOf: items, hashes: hashes, at: offset, into: &node.storedChildren[child],
      pieces: pieces, firstLabel: firstLabel, step: step, placed: placed)
    node.storedCounts[child] = node.storedChildren[child].count
    node.labels[child] = node.storedChildren[child].label
    node.storedChildren.insert(contentsOf: siblings, at: child + 1)
    node.storedCounts.insert(contentsOf: siblings.lazy.map { $0.count }, at: child + 1)
    node.labels.insert(contentsOf: siblings.lazy.map { $0.label }, at: child + 1)
    node.label = node.labels[0]
    guard node.storedChildren.count > fanout else { return [] }
    let level = grouped(node.storedChildren)
    node.storedChildren = level[0].storedChildren
    node.storedCounts = level[0].storedCounts
    node.labels = level[0].labels
    node.count = level[0].count
    return Array(level.dropFirst())
  }

  /// Removes the items in `range`: children wholly inside it are dropped
  /// without a visit, so a run of k items costs O(log n + k / 32) nodes
  /// instead of k walks from the root.
  ///
  /// - Complexity: O(log n + k).
  @inlinable
  mutating func removeSubrange(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    _ItemTree.removeSubrange(range, from: &root)
    collapseRoot()
  }

  @inlinable
  static func removeSubrange(_ range: Range<Int>, from node: inout _ItemChunk<Item>) {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    node.count -= range.count
    if node.height == 0 {
      if range.count == 1 {
        _ = node.removeItem(at: range.lowerBound)
        return
      }
      node.materialize()
      node.storedItems.removeSubrange(range)
      node.storedHashes.removeSubrange(range)
      return
    }
    // A range inside one child that leaves it some items: that child alone
    // changes (kept as the node's patch when it can be).
    let (first, offset) = node.child(at: range.lowerBound)
    if offset + range.count <= node.childCount(first) && range.count < node.childCount(first) {
      node.editChild(first) { removeSubrange(offset..<(offset + range.count), from: &$0) }
      node.label = node.labels[0]
      return
    }
    node.materialize()
    // The children the range touches, from the last so that indices hold.
    var start = node.count + range.count  // the node's count before
    var child = node.storedChildren.count
    while child > 0 {
      child -= 1
      start -= node.storedCounts[child]
      let end = start + node.storedCounts[child]
      if end <= range.lowerBound { break }
      if start >= range.upperBound { continue }
      let lower = max(range.lowerBound, start)
      let upper = min(range.upperBound, end)
      if lower == start && upper == end {
        node.storedChildren.remove(at: child)
        node.storedCounts.remove(at: child)
        node.labels.remove(at: child)
      } else {
        removeSubrange((lower - start)..<(upper - start), from: &node.storedChildren[child])
        node.storedCounts[child] = node.storedChildren[child].count
        node.labels[child] = node.storedChildren[child].label
      }
    }
    if !node.labels.isEmpty { node.label = node.labels[0] }
  }
}
