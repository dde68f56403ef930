/// A node of a tree given as a nested value: an item and its children, in
/// order. What ``Tree/init(roots:)`` and the result builder take.
///
/// ```swift
/// let tree = try Tree(roots: [
///   TreeNode(inbox, children: [TreeNode(work), TreeNode(home)]),
///   TreeNode(archive),
/// ])
/// ```
public struct TreeNode<Item: Diffable>: Sendable {
  /// The node's item.
  public var item: Item
  /// Its children, in order.
  public var children: [TreeNode]

  /// A node with `children` (none by default: a leaf).
  public init(_ item: Item, children: [TreeNode] = []) {
    self.item = item
    self.children = children
  }

  /// A node whose children a result builder lists.
  ///
  /// ```swift
  /// TreeNode(inbox) {
  ///   work                    // an item is a leaf
  ///   TreeNode(home) { family }
  /// }
  /// ```
  public init(_ item: Item, @TreeBuilder<Item> children: () -> [TreeNode]) {
    self.init(item, children: children())
  }
}
