/// A sequence of non-negative numbers (heights, in list order) with prefix
/// sums: a counted B+tree whose leaves hold the numbers and whose inner
/// nodes hold, per child, its count and its sum.
///
/// Reading a value, the sum before a position, or the position under an
/// offset, and inserting, removing or changing one value, each cost
/// O(log n): a few levels, each a short scan of contiguous counts or sums.
/// A node's sum is recomputed from its children whenever they change (never
/// adjusted by differences), so sums do not drift however many changes are
/// made.
///
/// A value type: nodes are shared between copies and copied on the path of
/// a change when shared.
struct SumTree {
  /// Most values in a leaf.
  static var leafCapacity: Int { 64 }
  /// Most children of an inner node.
  static var fanout: Int { 32 }

  private(set) var root: SumNode

  /// An empty sequence.
  init() { root = SumNode(values: []) }

  /// The sequence `values`, built bottom up with leaves and nodes three
  /// quarters full.
  ///
  /// - Complexity: O(n).
  init(_ values: [Double]) {
    var builder = SumTreeBuilder(capacity: values.count)
    values.withUnsafeBufferPointer { builder.append(contentsOf: $0) }
    self = builder.build()
  }

  /// The leaves `leaves`, in order, under inner nodes built bottom up
  /// three quarters full.
  init(leaves: [SumNode]) {
    guard !leaves.isEmpty else {
      root = SumNode(values: [])
      return
    }
    var level = leaves
    let fill = Self.fanout * 3 / 4
    while level.count > 1 {
      var next: [SumNode] = []
      next.reserveCapacity(level.count / fill + 1)
      var first = 0
      while first < level.count {
        var end = Swift.min(level.count, first + fill)
        // Never leave a last node below a quarter full.
        if level.count - end > 0 && level.count - end < Self.fanout / 4 { end = level.count }
        next.append(SumNode(children: Array(level[first..<end])))
        first = end
      }
      level = next
    }
    root = level[0]
  }

  /// How many values there are.
  var count: Int { root.count }

  /// The sum of all the values.
  var total: Double { root.sum }

  /// Every value, in order.
  ///
  /// - Complexity: O(n).
  var values: [Double] {
    var result: [Double] = []
    result.reserveCapacity(count)
    root.appendValues(to: &result)
    return result
  }

  /// The values at `indices` (ascending), read in one sweep over the
  /// leaves.
  ///
  /// - Complexity: O(n / 48 + k).
  static func values(at indices: [Int], in leaves: [SumNode]) -> [Double] {
    var result: [Double] = []
    result.reserveCapacity(indices.count)
    var start = 0
    var next = 0
    for leaf in leaves {
      let end = start + leaf.values.count
      while next < indices.count && indices[next] < end {
        result.append(leaf.values[indices[next] - start])
        next += 1
      }
      if next == indices.count { break }
      start = end
    }
    precondition(next == indices.count, "an index past the end of the tree")
    return result
  }

  /// The leaves, in order.
  var leaves: [SumNode] {
    var leaves: [SumNode] = []
    root.appendLeaves(to: &leaves)
    return leaves
  }

  /// The value at `index`.
  ///
  /// - Precondition: `0 <= index < count`.
  func value(at index: Int) -> Double {
    var node = root
    var index = index
    while !node.isLeaf {
      let child = node.child(containing: &index)
      node = node.children[child]
    }
    return node.values[index]
  }

  /// `base` plus the values before `index`, added in order (top down,
  /// then along the leaf).
  ///
  /// - Precondition: `0 <= index <= count`.
  func sum(before index: Int, from base: Double = 0) -> Double {
    var node = root
    var index = index
    var sum = base
    while !node.isLeaf {
      var child = 0
      node.counts.withUnsafeBufferPointer { counts in
        node.sums.withUnsafeBufferPointer { sums in
          while child < counts.count - 1 && index >= counts[child] {
            index -= counts[child]
            sum += sums[child]
            child += 1
          }
        }
      }
      node = node.children[child]
    }
    node.values.withUnsafeBufferPointer { values in
      for position in 0..<index { sum += values[position] }
    }
    return sum
  }

  /// The position whose span `[sum(before:from:), sum(before:from:) +
  /// value)` contains `offset`, and where that span starts; `nil` when
  /// `offset` is below `base` or not below `base +` ``total``. Values of
  /// zero span nothing.
  func position(containing offset: Double, from base: Double = 0) -> (
    index: Int, start: Double
  )? {
    guard offset >= base && offset < base + total else { return nil }
    // Starts are accumulated in the order ``sum(before:)`` adds them, so
    // that the position found at `sum(before: i)` is `i` exactly, whatever
    // the rounding of the additions.
    var node = root
    var index = 0
    var start = base
    while !node.isLeaf {
      var child = 0
      node.counts.withUnsafeBufferPointer { counts in
        node.sums.withUnsafeBufferPointer { sums in
          while child < sums.count - 1 && offset >= start + sums[child] {
            start += sums[child]
            index += counts[child]
            child += 1
          }
        }
      }
      node = node.children[child]
    }
    var found: (index: Int, start: Double)?
    node.values.withUnsafeBufferPointer { values in
      var position = 0
      while position < values.count - 1 && offset >= start + values[position] {
        start += values[position]
        position += 1
      }
      found = (index + position, start)
    }
    return found
  }

  /// Replaces the value at `index`.
  mutating func set(_ value: Double, at index: Int) {
    makeRootUnique()
    root.set(value, at: index)
  }

  /// Inserts `value` at `index`.
  ///
  /// - Precondition: `0 <= index <= count`.
  mutating func insert(_ value: Double, at index: Int) {
    makeRootUnique()
    if let sibling = root.insert(value, at: index) {
      root = SumNode(children: [root, sibling])
    }
  }

  /// Removes and returns the value at `index`.
  ///
  /// - Precondition: `0 <= index < count`.
  @discardableResult
  mutating func remove(at index: Int) -> Double {
    makeRootUnique()
    let value = root.remove(at: index)
    while !root.isLeaf && root.children.count == 1 { root = root.children[0] }
    if root.count == 0 && !root.isLeaf { root = SumNode(values: []) }
    return value
  }

  private mutating func makeRootUnique() {
    if !isKnownUniquelyReferenced(&root) { root = root.copy() }
  }

  /// Checks the counts, sums and fill of every node; traps on a broken
  /// invariant (tests only).
  func checkInvariants() {
    _ = root.checkInvariants(isRoot: true)
  }
}

/// A node of a ``SumTree``: a leaf of values, or an inner node of children
/// with their counts and sums side by side.
final class SumNode {
  /// The values, in a leaf.
  @exclusivity(unchecked) var values: [Double]
  /// The children, in an inner node.
  @exclusivity(unchecked) var children: [SumNode]
  /// Each child's count.
  @exclusivity(unchecked) var counts: [Int]
  /// Each child's sum.
  @exclusivity(unchecked) var sums: [Double]
  /// How many values are under the node.
  @exclusivity(unchecked) var count: Int
  /// Their sum.
  @exclusivity(unchecked) var sum: Double
  let isLeaf: Bool

  init(values: [Double]) {
    self.values = values
    children = []
    counts = []
    sums = []
    count = values.count
    sum = SumNode.sum(of: values)
    isLeaf = true
  }

  init(children: [SumNode]) {
    values = []
    self.children = children
    counts = children.map(\.count)
    sums = children.map(\.sum)
    count = counts.reduce(0, +)
    sum = SumNode.sum(of: sums)
    isLeaf = false
  }

  private init(copying node: SumNode) {
    values = node.values
    children = node.children
    counts = node.counts
    sums = node.sums
    count = node.count
    sum = node.sum
    isLeaf = node.isLeaf
  }

  func copy() -> SumNode { SumNode(copying: self) }

  static func sum(of values: [Double]) -> Double {
    values.withUnsafeBufferPointer { values in
      var sum = 0.0
      for value in values { sum += value }
      return sum
    }
  }

  /// The child holding position `index`, which becomes the position in it.
  func child(containing index: inout Int) -> Int {
    var child = 0
    counts.withUnsafeBufferPointer { counts in
      while child < counts.count - 1 && index >= counts[child] {
        index -= counts[child]
        child += 1
      }
    }
    return child
  }

  /// The child to insert at `index` in (at a boundary, the end of the
  /// child before), which becomes the position in it.
  private func child(insertingAt index: inout Int) -> Int {
    var child = 0
    counts.withUnsafeBufferPointer { counts in
      while child < counts.count - 1 && index > counts[child] {
        index -= counts[child]
        child += 1
      }
    }
    return child
  }

  /// Makes the child at `child` referenced by this node only.
  private func uniqueChild(_ child: Int) -> SumNode {
    if !isKnownUniquelyReferenced(&children[child]) { children[child] = children[child].copy() }
    return children[child]
  }

  /// Takes in a changed child's count and sum.
  private func refresh(child: Int) {
    counts[child] = children[child].count
    sums[child] = children[child].sum
  }

  private func refreshTotals() {
    if isLeaf {
      count = values.count
      sum = SumNode.sum(of: values)
    } else {
      count = counts.reduce(0, +)
      sum = SumNode.sum(of: sums)
    }
  }

  func set(_ value: Double, at index: Int) {
    if isLeaf {
      values[index] = value
      sum = SumNode.sum(of: values)
      return
    }
    var index = index
    let child = child(containing: &index)
    uniqueChild(child).set(value, at: index)
    sums[child] = children[child].sum
    sum = SumNode.sum(of: sums)
  }

  /// Inserts `value`; returns the new right sibling when the node split.
  func insert(_ value: Double, at index: Int) -> SumNode? {
    if isLeaf {
      values.insert(value, at: index)
      refreshTotals()
      guard values.count > SumTree.leafCapacity else { return nil }
      let half = values.count / 2
      let sibling = SumNode(values: Array(values[half...]))
      values.removeSubrange(half...)
      refreshTotals()
      return sibling
    }
    var index = index
    let child = child(insertingAt: &index)
    let split = uniqueChild(child).insert(value, at: index)
    refresh(child: child)
    if let split {
      children.insert(split, at: child + 1)
      counts.insert(split.count, at: child + 1)
      sums.insert(split.sum, at: child + 1)
    }
    refreshTotals()
    guard children.count > SumTree.fanout else { return nil }
    let half = children.count / 2
    let sibling = SumNode(children: Array(children[half...]))
    children.removeSubrange(half...)
    counts.removeSubrange(half...)
    sums.removeSubrange(half...)
    refreshTotals()
    return sibling
  }

  /// Removes the value at `index`; a child left empty goes, and a child
  /// left a quarter full merges with a neighbour when both fit in one.
  func remove(at index: Int) -> Double {
    if isLeaf {
      let value = values.remove(at: index)
      refreshTotals()
      return value
    }
    var index = index
    let child = child(containing: &index)
    let value = uniqueChild(child).remove(at: index)
    refresh(child: child)
    if children[child].count == 0 {
      children.remove(at: child)
      counts.remove(at: child)
      sums.remove(at: child)
    } else if children[child].isUnderfull {
      mergeIfSmall(child)
    }
    refreshTotals()
    return value
  }

  private var isUnderfull: Bool {
    isLeaf ? values.count < SumTree.leafCapacity / 4 : children.count < SumTree.fanout / 4
  }

  private var width: Int { isLeaf ? values.count : children.count }

  /// Merges the child at `child` with a neighbour when the two fit in one
  /// node.
  private func mergeIfSmall(_ child: Int) {
    let capacity = children[child].isLeaf ? SumTree.leafCapacity : SumTree.fanout
    let left: Int
    if child > 0 && children[child - 1].width + children[child].width <= capacity {
      left = child - 1
    } else if child + 1 < children.count
      && children[child].width + children[child + 1].width <= capacity
    {
      left = child
    } else {
      return
    }
    let merged = uniqueChild(left)
    let right = children[left + 1]
    if merged.isLeaf {
      merged.values += right.values
    } else {
      merged.children += right.children
      merged.counts += right.counts
      merged.sums += right.sums
    }
    merged.refreshTotals()
    children.remove(at: left + 1)
    counts.remove(at: left + 1)
    sums.remove(at: left + 1)
    refresh(child: left)
  }

  func appendLeaves(to leaves: inout [SumNode]) {
    if isLeaf {
      leaves.append(self)
    } else if children[0].isLeaf {
      leaves += children
    } else {
      for child in children { child.appendLeaves(to: &leaves) }
    }
  }

  func appendValues(to result: inout [Double]) {
    if isLeaf {
      result += values
    } else {
      for child in children { child.appendValues(to: &result) }
    }
  }

  /// Checks this subtree; returns its depth.
  func checkInvariants(isRoot: Bool) -> Int {
    if isLeaf {
      precondition(values.count <= SumTree.leafCapacity, "a leaf holds too many values")
      precondition(count == values.count, "a leaf's count is wrong")
      precondition(sum == SumNode.sum(of: values), "a leaf's sum is not its values' sum")
      precondition(isRoot || !values.isEmpty, "an empty leaf below the root")
      return 1
    }
    precondition(!children.isEmpty && children.count <= SumTree.fanout, "an inner node's width")
    precondition(counts == children.map(\.count), "an inner node's counts are stale")
    precondition(sums == children.map(\.sum), "an inner node's sums are stale")
    precondition(count == counts.reduce(0, +), "an inner node's count is wrong")
    precondition(sum == SumNode.sum(of: sums), "an inner node's sum is wrong")
    let depths = children.map { $0.checkInvariants(isRoot: false) }
    precondition(Set(depths).count == 1, "leaves at different depths")
    return depths[0] + 1
  }
}

/// Builds a ``SumTree`` from values appended in order, a run at a time,
/// without an intermediate array: leaves are filled three quarters full as
/// the values arrive.
struct SumTreeBuilder {
  private var leaves: [SumNode] = []
  private var current: [Double] = []
  private let fill = SumTree.leafCapacity * 3 / 4

  init(capacity: Int) {
    leaves.reserveCapacity(capacity / fill + 1)
    current.reserveCapacity(fill)
  }

  mutating func append(_ value: Double) {
    current.append(value)
    if current.count >= fill { flush() }
  }

  mutating func append(contentsOf run: UnsafeBufferPointer<Double>) {
    var start = 0
    while start < run.count {
      let end = Swift.min(run.count, start + fill - current.count)
      current.append(contentsOf: UnsafeBufferPointer(rebasing: run[start..<end]))
      if current.count == fill { flush() }
      start = end
    }
  }

  /// Appends the values of `leaf`, sharing the leaf itself when the leaf
  /// being filled can be closed here.
  mutating func append(leaf: SumNode) {
    if current.count >= SumTree.leafCapacity / 4 { flush() }
    if current.isEmpty && leaf.values.count >= SumTree.leafCapacity / 4 {
      leaves.append(leaf)
    } else {
      leaf.values.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
  }

  private mutating func flush() {
    leaves.append(SumNode(values: current))
    current.removeAll(keepingCapacity: true)
  }

  /// The tree of the values appended.
  consuming func build() -> SumTree {
    if !current.isEmpty {
      // A short last leaf borrows from the one before to stay a quarter full.
      if current.count < SumTree.leafCapacity / 4, let last = leaves.popLast() {
        current = last.values + current
        if current.count > SumTree.leafCapacity {
          let half = current.count / 2
          leaves.append(SumNode(values: Array(current[..<half])))
          current.removeSubrange(..<half)
        }
      }
      leaves.append(SumNode(values: current))
    }
    return SumTree(leaves: leaves)
  }
}
