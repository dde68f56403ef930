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
