import Tabula
import TabulaTestSupport

/// A tree as nested values with recursive operations: the oracle the
/// flat-array ``Tabula/Tree`` is checked against.
struct NaiveNode: Equatable, Sendable, CustomStringConvertible {
  var id: Int
  var children: [NaiveNode] = []

  var description: String { children.isEmpty ? "\(id)" : "\(id)\(children)" }
}

extension [NaiveNode] {
  /// Every id in preorder with its depth and parent.
  var preorder: [(id: Int, depth: Int, parent: Int?)] {
    var result: [(id: Int, depth: Int, parent: Int?)] = []
    func walk(_ nodes: [NaiveNode], depth: Int, parent: Int?) {
      for node in nodes {
        result.append((node.id, depth, parent))
        walk(node.children, depth: depth + 1, parent: node.id)
      }
    }
    walk(self, depth: 0, parent: nil)
    return result
  }

  /// The node with `id`, anywhere.
  func node(_ id: Int) -> NaiveNode? {
    for node in self {
      if node.id == id { return node }
      if let found = node.children.node(id) { return found }
    }
    return nil
  }

  /// The visible rows given the expanded ids: id, depth, disclosure.
  func visible(expanded: Set<Int>) -> [(
    id: Int, depth: Int, disclosure: OutlinePosition.Disclosure
  )] {
    var rows: [(id: Int, depth: Int, disclosure: OutlinePosition.Disclosure)] = []
    func walk(_ nodes: [NaiveNode], depth: Int) {
      for node in nodes {
        let open = expanded.contains(node.id)
        rows.append(
          (node.id, depth, node.children.isEmpty ? .leaf : open ? .expanded : .collapsed))
        if open { walk(node.children, depth: depth + 1) }
      }
    }
    walk(self, depth: 0)
    return rows
  }

  /// Without the subtree of `id`, and that subtree.
  func removing(_ id: Int) -> (rest: [NaiveNode], removed: NaiveNode?) {
    var removed: NaiveNode?
    func strip(_ nodes: [NaiveNode]) -> [NaiveNode] {
      nodes.compactMap { node in
        if node.id == id {
          removed = node
          return nil
        }
        return NaiveNode(id: node.id, children: strip(node.children))
      }
    }
    let rest = strip(self)
    return (rest, removed)
  }

  /// With `nodes` inserted as children `index...` of `parent` (roots for nil).
  func inserting(_ nodes: [NaiveNode], under parent: Int?, at index: Int) -> [NaiveNode] {
    guard let parent else {
      var copy = self
      copy.insert(contentsOf: nodes, at: index)
      return copy
    }
    return map { node in
      if node.id == parent {
        var copy = node
        copy.children.insert(contentsOf: nodes, at: index)
        return copy
      }
      return NaiveNode(
        id: node.id, children: node.children.inserting(nodes, under: parent, at: index))
    }
  }

  /// The number of children of `parent` (roots for nil).
  func childCount(of parent: Int?) -> Int {
    guard let parent else { return count }
    return node(parent)?.children.count ?? 0
  }

  /// As `TreeNode`s of test items.
  var treeNodes: [TreeNode<TestItem>] {
    map { TreeNode(TestItem(id: $0.id), children: $0.children.treeNodes) }
  }
}

/// Every forest of exactly `count` nodes (ordered, shapes only), its ids
/// assigned in preorder from `first`.
func allForests(of count: Int) -> [[NaiveNode]] {
  func forests(_ count: Int) -> [[NaiveNode]] {
    guard count > 0 else { return [[]] }
    var result: [[NaiveNode]] = []
    for first in 1...count {
      for children in forests(first - 1) {
        for rest in forests(count - first) {
          result.append([NaiveNode(id: 0, children: children)] + rest)
        }
      }
    }
    return result
  }
  return forests(count).map { forest in
    var next = 0
    func label(_ nodes: [NaiveNode]) -> [NaiveNode] {
      nodes.map { node in
        let id = next
        next += 1
        return NaiveNode(id: id, children: label(node.children))
      }
    }
    return label(forest)
  }
}
