extension Tree {
  /// The number of nodes.
  ///
  /// - Complexity: O(1).
  public var count: Int { _items.count }

  /// Whether the tree has no nodes.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool { _items.isEmpty }

  /// Every item, in preorder: each node, then its subtrees in order.
  ///
  /// - Complexity: O(1).
  public var items: [Item] { _items }

  /// The roots, in order.
  ///
  /// - Complexity: O(r), r the number of roots.
  public var roots: [Item] { _childPositions(of: nil).map { _items[$0] } }

  /// The tree as nested nodes.
  ///
  /// - Complexity: O(n).
  public var nodes: [TreeNode<Item>] {
    func nodes(under parent: Int?) -> [TreeNode<Item>] {
      _childPositions(of: parent).map { TreeNode(_items[$0], children: nodes(under: $0)) }
    }
    return nodes(under: nil)
  }

  /// Whether the tree has a node with id `id`.
  ///
  /// - Complexity: Expected O(1).
  public func contains(_ id: Item.ID) -> Bool { _position(of: id) != nil }

  /// The item with id `id`, if the tree has it.
  ///
  /// - Complexity: Expected O(1).
  public func item(withID id: Item.ID) -> Item? { _position(of: id).map { _items[$0] } }

  /// The id of the parent of `id`: `nil` for a root, or an id the tree does
  /// not have (``contains(_:)`` tells them apart).
  ///
  /// - Complexity: Expected O(1).
  public func parentID(of id: Item.ID) -> Item.ID? {
    guard let position = _position(of: id), _parents[position] >= 0 else { return nil }
    return _items[Int(_parents[position])].id
  }

  /// The children of `id` in order (the roots for `nil`); none for an id
  /// the tree does not have.
  ///
  /// - Complexity: Expected O(c), c the number of children.
  public func children(of id: Item.ID?) -> [Item] {
    guard let id else { return roots }
    guard let position = _position(of: id) else { return [] }
    return _childPositions(of: position).map { _items[$0] }
  }

  /// The number of children of `id` (of roots for `nil`), or `nil` for an
  /// id the tree does not have.
  ///
  /// - Complexity: Expected O(c).
  public func childCount(of id: Item.ID?) -> Int? {
    guard let id else { return _childPositions(of: nil).count }
    return _position(of: id).map { _childPositions(of: $0).count }
  }

  /// The depth of `id`: 0 for a root, 1 for its children, and so on; `nil`
  /// for an id the tree does not have.
  ///
  /// - Complexity: Expected O(1).
  public func depth(of id: Item.ID) -> Int? { _position(of: id).map { Int(_depths[$0]) } }

  /// The ancestors of `id`, from its parent up to its root; empty for a
  /// root or an id the tree does not have.
  ///
  /// - Complexity: Expected O(depth).
  public func ancestors(of id: Item.ID) -> [Item] {
    guard var position = _position(of: id) else { return [] }
    var ancestors: [Item] = []
    while _parents[position] >= 0 {
      position = Int(_parents[position])
      ancestors.append(_items[position])
    }
    return ancestors
  }

  /// The number of nodes under `id` (its descendants, not itself), or `nil`
  /// for an id the tree does not have.
  ///
  /// - Complexity: Expected O(1).
  public func descendantCount(of id: Item.ID) -> Int? {
    _position(of: id).map { Int(_sizes[$0]) - 1 }
  }

  /// Whether `id` is `ancestor` or lies under it.
  ///
  /// - Complexity: Expected O(1).
  public func isInSubtree(_ id: Item.ID, of ancestor: Item.ID) -> Bool {
    guard let position = _position(of: id), let top = _position(of: ancestor) else {
      return false
    }
    return position >= top && position < top + Int(_sizes[top])
  }

  // MARK: Positions

  /// The preorder position of `id`.
  @usableFromInline
  func _position(of id: Item.ID) -> Int? {
    _table.find(hash: IDHashing.hash(id)) { _items[$0].id == id }
  }

  /// The positions of the children of the node at `parent` (of the roots
  /// for `nil`), found by jumping over each child's subtree.
  @usableFromInline
  func _childPositions(of parent: Int?) -> [Int] {
    var positions: [Int] = []
    var child = parent.map { $0 + 1 } ?? 0
    let end = parent.map { $0 + Int(_sizes[$0]) } ?? _items.count
    while child < end {
      positions.append(child)
      child += Int(_sizes[child])
    }
    return positions
  }
}
