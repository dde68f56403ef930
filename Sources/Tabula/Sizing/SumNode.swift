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
