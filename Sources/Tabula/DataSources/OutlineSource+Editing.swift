// User edits of an outline: a row dragged to another place in the tree
// (under another folder included) moves its node with its subtree; a
// delete deletes subtrees; an undone delete inserts the nodes again. The
// placement's parent and siblings say where (UserEdit.Placement).

extension Tree {
  /// Moves the node of `placement`, with its subtree, under its parent:
  /// just before its `before` sibling if that is a child of the parent,
  /// else just after its `after` one, else at its `index`, else last.
  ///
  /// - Throws: ``TreeError`` naming an unknown node or parent, or a move
  ///   under itself; the tree is then unchanged.
  package mutating func move<SectionModel>(
    _ placement: UserEdit<SectionModel, OutlineRow<Item>>.Placement
  ) throws(TreeError) {
    let id = placement.item.id
    guard contains(id) else { throw .unknownIDs([String(reflecting: id)]) }
    try moveSubtree(id, under: placement.parent, at: childIndex(of: placement, without: id))
  }

  /// Inserts the node of `placement` (a leaf) under its parent, where its
  /// siblings say.
  ///
  /// - Throws: ``TreeError`` naming an unknown parent or a repeated id.
  package mutating func insert<SectionModel>(
    _ placement: UserEdit<SectionModel, OutlineRow<Item>>.Placement
  ) throws(TreeError) {
    try insertChildren(
      [placement.item.item], under: placement.parent,
      at: childIndex(of: placement, without: nil))
  }

  /// Where among its parent's children (without `moved`) the placement
  /// puts its node.
  private func childIndex<SectionModel>(
    of placement: UserEdit<SectionModel, OutlineRow<Item>>.Placement, without moved: Item.ID?
  ) throws(TreeError) -> Int {
    guard placement.parent.map(contains) ?? true else {
      throw .unknownIDs([String(reflecting: placement.parent!)])
    }
    let siblings = children(of: placement.parent).map(\.id).filter { $0 != moved }
    if let before = placement.before, let index = siblings.firstIndex(of: before) {
      return index
    }
    if let after = placement.after, let index = siblings.firstIndex(of: after) {
      return index + 1
    }
    if placement.before != nil, let index = placement.index {
      return min(max(index, 0), siblings.count)
    }
    return siblings.count
  }
}

extension OutlineSource: WritableSource, OutlineWriting {
  /// Writes `edit` to the tree: a moved row's node moves with its subtree
  /// under the placement's parent, among its siblings; deleted rows'
  /// subtrees go; inserted rows come back as leaves. The expansion state
  /// stays. Nothing is left to save: returns `nil`.
  ///
  /// - Throws: ``TreeError`` naming an unknown node or parent, or a
  ///   folder moved under itself; nothing changes then.
  @discardableResult
  public func write(_ edit: UserEdit<SectionModel, OutlineRow<Item>>) throws -> Task<
    Void, any Error
  >? {
    try write([edit])
  }

  /// Writes `edits` in turn, as one change of the tree (see
  /// `write(_:)`); when one throws, nothing changes.
  @discardableResult
  public func write(_ edits: [UserEdit<SectionModel, OutlineRow<Item>>]) throws -> Task<
    Void, any Error
  >? {
    try editTree { (tree: inout Tree<Item>) throws(TreeError) in
      for edit in edits {
        switch edit {
        case .move(let placement, _, _): try tree.move(placement)
        case .delete(let rows): try tree.deleteSubtrees(rows.map(\.id))
        case .insert(let placements): for placement in placements { try tree.insert(placement) }
        }
      }
    }
    return nil
  }
}
