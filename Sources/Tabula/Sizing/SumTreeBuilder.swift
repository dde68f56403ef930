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
