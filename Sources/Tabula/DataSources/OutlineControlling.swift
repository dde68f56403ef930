/// A source of outline rows whose nodes can be expanded and collapsed: what
/// a host's keys or disclosure buttons drive. ``OutlineSource`` and
/// `TabulaGRDB.FetchedTree` conform.
@MainActor
public protocol OutlineControlling<Node>: AnyObject {
  /// The item type of the tree's nodes (the rows are
  /// `OutlineRow<Node>`s).
  associatedtype Node: Diffable

  /// The tree as far as it is known, with its expansion state.
  var outline: Outline<Node> { get }

  /// Shows the children of `id`.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``.
  func expand(_ id: Node.ID) throws(TreeError)

  /// Hides the children of `id`.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``.
  func collapse(_ id: Node.ID) throws(TreeError)

  /// Expands `id` and everything under it.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``.
  func expandSubtree(_ id: Node.ID) throws(TreeError)
}

extension OutlineControlling {
  /// Expands `id` if it is collapsed, else collapses it.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``.
  public func toggle(_ id: Node.ID) throws(TreeError) {
    if outline.isExpanded(id) { try collapse(id) } else { try expand(id) }
  }
}
