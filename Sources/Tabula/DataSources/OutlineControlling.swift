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

extension OutlineControlling {
  /// The position of `row` if it is a row of this outline (an
  /// `OutlineRow<Node>`).
  package func outlinePosition(of row: Any) -> OutlinePosition? {
    (row as? OutlineRow<Node>)?.position
  }

  /// The outline's part of a key (``ListKeyAction/expand``,
  /// ``ListKeyAction/collapse``, ``ListKeyAction/expandAll``) on `row`, a
  /// row of this outline (an `OutlineRow<Node>`): opens or closes its node,
  /// and gives the id of the node the focus goes to when it moves (the
  /// first child of an open folder, the parent of a closed one or of a
  /// leaf). `nil` when `row` is not such a row or the action is not an
  /// outline's.
  package func outlineKey(_ action: ListKeyAction, on row: Any) -> (focus: Node.ID?, handled: Bool)?
  {
    guard let row = row as? OutlineRow<Node> else { return nil }
    let id = row.id
    let position = row.position
    do {
      switch action {
      case .expand:
        guard position.hasChildren else { return (nil, true) }
        if !position.isExpanded {
          try expand(id)
          return (nil, true)
        }
        return (outline.tree.children(of: id).first?.id, true)
      case .collapse:
        if position.isExpanded {
          try collapse(id)
          return (nil, true)
        }
        return (outline.tree.parentID(of: id), true)
      case .expandAll:
        if position.hasChildren { try expandSubtree(id) }
        return (nil, true)
      default:
        return nil
      }
    } catch {
      // The row is on screen, so its node is in the outline.
      TabulaLog.note("an outline key on a row its source does not know: \(error)")
      return (nil, true)
    }
  }
}

/// A source that moves an outline's nodes (``OutlineSource``,
/// `TabulaGRDB.FetchedTree`): rows can be dropped into its folders.
@MainActor
package protocol OutlineWriting {}
