/// Builds the nodes of a tree: each line is a ``TreeNode``, an item (a
/// leaf), or an array of either; `if`, `switch` and `for` work.
@resultBuilder
public enum TreeBuilder<Item: Diffable> {
  /// A node.
  public static func buildExpression(_ node: TreeNode<Item>) -> [TreeNode<Item>] { [node] }
  /// An item, as a leaf.
  public static func buildExpression(_ item: Item) -> [TreeNode<Item>] { [TreeNode(item)] }
  /// Several nodes.
  public static func buildExpression(_ nodes: [TreeNode<Item>]) -> [TreeNode<Item>] { nodes }
  /// Several items, as leaves.
  public static func buildExpression(_ items: [Item]) -> [TreeNode<Item>] {
    items.map { TreeNode($0) }
  }
  /// The lines, in order.
  public static func buildBlock(_ parts: [TreeNode<Item>]...) -> [TreeNode<Item>] {
    parts.flatMap { $0 }
  }
  /// An `if` without `else`.
  public static func buildOptional(_ part: [TreeNode<Item>]?) -> [TreeNode<Item>] { part ?? [] }
  /// The first branch of an `if`/`else` or `switch`.
  public static func buildEither(first part: [TreeNode<Item>]) -> [TreeNode<Item>] { part }
  /// The second branch of an `if`/`else` or `switch`.
  public static func buildEither(second part: [TreeNode<Item>]) -> [TreeNode<Item>] { part }
  /// A `for` loop.
  public static func buildArray(_ parts: [[TreeNode<Item>]]) -> [TreeNode<Item>] {
    parts.flatMap { $0 }
  }
}
