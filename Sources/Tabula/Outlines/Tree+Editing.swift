// Editing a tree. Every edit checks its input first and builds the new tree
// completely before assigning it, so a failed edit changes nothing.

extension Tree {
  /// Inserts `nodes` (with their subtrees) as children of `parentID` (the
  /// roots for `nil`), starting at child position `index`.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)`` for an unknown parent,
  ///   ``TreeError/childIndexOutOfRange(_:parent:childCount:)``, or
  ///   ``TreeError/duplicateIDs(_:)`` when an inserted id is already in the
  ///   tree (or twice among the nodes).
  /// - Complexity: Expected O(n + k).
  public mutating func insertChildren(
    _ nodes: [TreeNode<Item>], under parentID: Item.ID?, at index: Int
  ) throws(TreeError) {
    let parent = try _existingPosition(of: parentID)
    let insertion = try _insertionPosition(under: parent, parentID: parentID, at: index)
    var added: [Item] = []
    var addedDepths: [Int32] = []
    Self.flatten(nodes, depth: parent.map { _depths[$0] + 1 } ?? 0, into: &added, &addedDepths)
    self = try Tree(
      preorder: Array(_items[..<insertion]) + added + _items[insertion...],
      depths: Array(_depths[..<insertion]) + addedDepths + _depths[insertion...])
  }

  /// Inserts `items` as leaves under `parentID` (the roots for `nil`),
  /// starting at child position `index`.
  ///
  /// - Throws: As the form that inserts nodes.
  /// - Complexity: Expected O(n + k).
  public mutating func insertChildren(
    _ items: [Item], under parentID: Item.ID?, at index: Int
  ) throws(TreeError) {
    try insertChildren(items.map { TreeNode($0) }, under: parentID, at: index)
  }

  /// Appends `items` as the last children of `parentID` (roots for `nil`).
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``, ``TreeError/duplicateIDs(_:)``.
  /// - Complexity: Expected O(n + k).
  public mutating func appendChildren(_ items: [Item], to parentID: Item.ID?) throws(TreeError) {
    let parent = try _existingPosition(of: parentID)
    try insertChildren(
      items.map { TreeNode($0) }, under: parentID, at: _childPositions(of: parent).count)
  }

  /// Replaces the children of `parentID` (the roots for `nil`) with `nodes`:
  /// what a load of a node's children does.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``, ``TreeError/duplicateIDs(_:)``.
  /// - Complexity: Expected O(n + k).
  public mutating func replaceChildren(
    of parentID: Item.ID?, with nodes: [TreeNode<Item>]
  ) throws(TreeError) {
    let parent = try _existingPosition(of: parentID)
    let start = parent.map { $0 + 1 } ?? 0
    let end = parent.map { $0 + Int(_sizes[$0]) } ?? _items.count
    var added: [Item] = []
    var addedDepths: [Int32] = []
    Self.flatten(nodes, depth: parent.map { _depths[$0] + 1 } ?? 0, into: &added, &addedDepths)
    self = try Tree(
      preorder: Array(_items[..<start]) + added + _items[end...],
      depths: Array(_depths[..<start]) + addedDepths + _depths[end...])
  }

  /// Deletes the nodes `ids` with everything under them.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(n).
  public mutating func deleteSubtrees(_ ids: some Sequence<Item.ID>) throws(TreeError) {
    var doomed = [Bool](repeating: false, count: _items.count)
    var unknown: [String] = []
    for id in ids {
      guard let position = _position(of: id) else {
        unknown.append(String(reflecting: id))
        continue
      }
      for inside in position..<(position + Int(_sizes[position])) { doomed[inside] = true }
    }
    guard unknown.isEmpty else { throw .unknownIDs(unknown) }
    var items: [Item] = []
    var depths: [Int32] = []
    for position in _items.indices where !doomed[position] {
      items.append(_items[position])
      depths.append(_depths[position])
    }
    self = try Tree(preorder: items, depths: depths)
  }

  /// Moves the node `id`, with its subtree, to be child `index` of
  /// `newParentID` (a root for `nil`); `index` counts the new parent's
  /// children without the moved node, so the node ends at that position.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``,
  ///   ``TreeError/movedUnderItself(_:newParent:)`` when the new parent is
  ///   the node or one of its descendants (a cycle), or
  ///   ``TreeError/childIndexOutOfRange(_:parent:childCount:)``.
  /// - Complexity: Expected O(n).
  public mutating func moveSubtree(
    _ id: Item.ID, under newParentID: Item.ID?, at index: Int
  ) throws(TreeError) {
    guard let position = _position(of: id) else { throw .unknownIDs([String(reflecting: id)]) }
    _ = try _existingPosition(of: newParentID)
    if let newParentID, isInSubtree(newParentID, of: id) {
      throw .movedUnderItself(
        String(reflecting: id), newParent: String(reflecting: newParentID))
    }
    let block = position..<(position + Int(_sizes[position]))
    var rest = try Tree(
      preorder: Array(_items[..<block.lowerBound]) + _items[block.upperBound...],
      depths: Array(_depths[..<block.lowerBound]) + _depths[block.upperBound...])
    let parent = try rest._existingPosition(of: newParentID)
    let insertion = try rest._insertionPosition(under: parent, parentID: newParentID, at: index)
    let shift = (parent.map { rest._depths[$0] + 1 } ?? 0) - _depths[position]
    rest = try Tree(
      preorder: Array(rest._items[..<insertion]) + _items[block] + rest._items[insertion...],
      depths: Array(rest._depths[..<insertion]) + _depths[block].map { $0 + shift }
        + rest._depths[insertion...])
    self = rest
  }

  /// Replaces items with new versions of the same ids (new content), where
  /// they are.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  public mutating func updateItems(_ items: [Item]) throws(TreeError) {
    var positions: [Int] = []
    var unknown: [String] = []
    for item in items {
      if let position = _position(of: item.id) {
        positions.append(position)
      } else {
        unknown.append(String(reflecting: item.id))
      }
    }
    guard unknown.isEmpty else { throw .unknownIDs(unknown) }
    for (position, item) in zip(positions, items) { _items[position] = item }
  }

  // MARK: Positions for edits

  /// The position of `id` (`nil` for `nil`: the roots' parent).
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)`` for an id the tree does not have.
  func _existingPosition(of id: Item.ID?) throws(TreeError) -> Int? {
    guard let id else { return nil }
    guard let position = _position(of: id) else { throw .unknownIDs([String(reflecting: id)]) }
    return position
  }

  /// Where a node inserted as child `index` of the node at `parent` (of the
  /// roots for `nil`) goes in preorder.
  func _insertionPosition(under parent: Int?, parentID: Item.ID?, at index: Int)
    throws(TreeError) -> Int
  {
    let children = _childPositions(of: parent)
    guard index >= 0 && index <= children.count else {
      throw .childIndexOutOfRange(
        index, parent: parentID.map { String(reflecting: $0) }, childCount: children.count)
    }
    if index < children.count { return children[index] }
    return parent.map { $0 + Int(_sizes[$0]) } ?? _items.count
  }
}
