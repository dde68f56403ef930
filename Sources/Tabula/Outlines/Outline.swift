/// A tree with an expansion state: which nodes show their children. Its
/// visible rows are a ``Snapshot`` of ``OutlineRow``s, so every host,
/// presenter and diff works with it unchanged.
///
/// ```swift
/// var outline = Outline(tree)
/// try outline.expand(inbox.id)
/// let snapshot = try outline.snapshot(in: SectionInfo(id: "mail"))
/// // inbox ▾, work, home, archive ▸
/// ```
///
/// The state is kept by id: a node stays expanded when its content changes,
/// when it moves, and when the whole tree is replaced by a newer one
/// (``replaceTree(_:)``, as a database read does).
///
/// Lazy children: a node may be marked as having children not loaded yet
/// (``setChildrenUnloaded(_:for:)``); it shows a disclosure marker, and while
/// it is expanded without children a placeholder row can stand in for them
/// (``setChildrenPlaceholder(_:for:)``: a loading row, an error row).
/// ``OutlineSource`` does the loading.
public struct Outline<Item: Diffable>: Sendable {
  /// The tree.
  public private(set) var tree: Tree<Item>
  /// The ids of the expanded nodes.
  public var expandedIDs: Set<Item.ID> { _expandedIDs }
  /// The ids of the nodes whose children are not loaded yet.
  public private(set) var unloadedIDs: Set<Item.ID>
  /// The rows shown under expanded nodes that have no children (yet).
  public private(set) var childrenPlaceholders: [Item.ID: Item]

  /// The expanded ids: the state, kept by id through tree changes.
  @usableFromInline var _expandedIDs: Set<Item.ID>
  /// Whether the node at each preorder position is expanded: the same state
  /// as ``expandedIDs``, by position, so that finding rows hashes nothing.
  @usableFromInline var _expandedFlags: [Bool]

  /// `tree` with the nodes `expandedIDs` expanded (ids not in the tree are
  /// dropped).
  public init(_ tree: Tree<Item> = Tree(), expandedIDs: Set<Item.ID> = []) {
    self.tree = tree
    self._expandedIDs = expandedIDs.filter(tree.contains)
    self._expandedFlags = []
    self.unloadedIDs = []
    self.childrenPlaceholders = [:]
    updateFlags()
  }

  /// Sets the flags from the expanded ids, for the current tree.
  private mutating func updateFlags() {
    let expanded = _expandedIDs
    _expandedFlags =
      expanded.isEmpty
      ? Array(repeating: false, count: tree.count) : tree._items.map { expanded.contains($0.id) }
  }

  /// Expands or collapses the node at `position`.
  private mutating func setExpanded(_ expanded: Bool, at position: Int) {
    let id = tree._items[position].id
    if expanded { _expandedIDs.insert(id) } else { _expandedIDs.remove(id) }
    _expandedFlags[position] = expanded
  }

  // MARK: State

  /// Whether the node `id` shows its children.
  public func isExpanded(_ id: Item.ID) -> Bool { _expandedIDs.contains(id) }

  /// Whether the node `id` is shown: every ancestor is expanded.
  ///
  /// - Complexity: Expected O(depth).
  public func isVisible(_ id: Item.ID) -> Bool {
    tree.contains(id) && tree.ancestors(of: id).allSatisfy { _expandedIDs.contains($0.id) }
  }

  /// Expands `id`.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public mutating func expand(_ id: Item.ID) throws(TreeError) {
    setExpanded(true, at: try requireNode(id))
  }

  /// Collapses `id`.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public mutating func collapse(_ id: Item.ID) throws(TreeError) {
    setExpanded(false, at: try requireNode(id))
  }

  /// Expands `id` if it is collapsed, else collapses it; returns whether it
  /// is expanded now.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  @discardableResult
  public mutating func toggle(_ id: Item.ID) throws(TreeError) -> Bool {
    let position = try requireNode(id)
    let expanded = !_expandedFlags[position]
    setExpanded(expanded, at: position)
    return expanded
  }

  /// Expands every node that has children (loaded or not).
  ///
  /// - Complexity: O(n).
  public mutating func expandAll() {
    for position in tree._items.indices where _hasChildren(at: position) {
      setExpanded(true, at: position)
    }
  }

  /// Collapses every node.
  public mutating func collapseAll() {
    _expandedIDs = []
    _expandedFlags = Array(repeating: false, count: tree.count)
  }

  /// Expands `id` and every node under it that has children.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  /// - Complexity: Expected O(s), s the size of the subtree.
  public mutating func expandSubtree(_ id: Item.ID) throws(TreeError) {
    guard let top = tree._position(of: id) else { throw .unknownIDs([String(reflecting: id)]) }
    for position in top..<(top + Int(tree._sizes[top])) where _hasChildren(at: position) {
      setExpanded(true, at: position)
    }
  }

  /// Expands the ancestors of `id`, so that it is shown.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public mutating func reveal(_ id: Item.ID) throws(TreeError) {
    var position = try requireNode(id)
    while tree._parents[position] >= 0 {
      position = Int(tree._parents[position])
      setExpanded(true, at: position)
    }
  }

  /// Marks the node `id` as having children that are not loaded yet (or no
  /// longer): it shows a disclosure marker even without children.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public mutating func setChildrenUnloaded(_ unloaded: Bool, for id: Item.ID) throws(TreeError) {
    _ = try requireNode(id)
    if unloaded { unloadedIDs.insert(id) } else { unloadedIDs.remove(id) }
  }

  /// Shows `placeholder` (a loading or error row) under `id` while it is
  /// expanded and has no children; `nil` removes it.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public mutating func setChildrenPlaceholder(_ placeholder: Item?, for id: Item.ID)
    throws(TreeError)
  {
    _ = try requireNode(id)
    childrenPlaceholders[id] = placeholder
  }

  /// Replaces the tree with `tree`, keeping the state of the nodes it still
  /// has: a node keeps its expansion when its content changes or when it
  /// moves.
  ///
  /// - Complexity: O(n + e), e the number of ids with state.
  public mutating func replaceTree(_ tree: Tree<Item>) {
    self.tree = tree
    _expandedIDs = _expandedIDs.filter(tree.contains)
    unloadedIDs = unloadedIDs.filter(tree.contains)
    childrenPlaceholders = childrenPlaceholders.filter { tree.contains($0.key) }
    updateFlags()
  }

  /// Replaces the tree with a partly loaded one: `tree` holds the nodes
  /// read so far, `unloadedIDs` those among them whose children were not
  /// read, and the nodes `expanding` are expanded too. Unlike
  /// ``replaceTree(_:)``, the expansion state of nodes missing from `tree` is
  /// kept: they may only not be loaded (under a collapsed node), and expand
  /// again when they are.
  ///
  /// - Complexity: O(n + u + e).
  public mutating func replaceTree(
    _ tree: Tree<Item>, unloadedIDs: Set<Item.ID>, expanding: [Item.ID] = []
  ) {
    self.tree = tree
    self.unloadedIDs = unloadedIDs.filter(tree.contains)
    _expandedIDs.formUnion(expanding.filter(tree.contains))
    childrenPlaceholders = childrenPlaceholders.filter { tree.contains($0.key) }
    updateFlags()
  }

  /// Edits the tree in place (insert, delete, move, update), keeping the
  /// state of the nodes it still has.
  ///
  /// ```swift
  /// try outline.editTree { try $0.moveSubtree(work.id, under: archive.id, at: 0) }
  /// ```
  ///
  /// - Throws: What the edit throws (a ``TreeError``); nothing changes then.
  public mutating func editTree<Failure: Error>(
    _ edit: (inout Tree<Item>) throws(Failure) -> Void
  ) throws(Failure) {
    var edited = tree
    try edit(&edited)
    replaceTree(edited)
  }

  // MARK: Rows

  /// The position (depth and disclosure) of the node `id`, if the tree has
  /// it.
  public func position(of id: Item.ID) -> OutlinePosition? {
    guard let found = tree._position(of: id) else { return nil }
    return _position(at: found)
  }

  /// The visible rows, in order: each node whose ancestors are all
  /// expanded, and the placeholders under expanded nodes without children.
  ///
  /// - Complexity: O(v + c), v the visible rows, c the collapsed nodes
  ///   among them (each hidden subtree is skipped in one step).
  @inlinable
  public var visibleRows: [OutlineRow<Item>] {
    _rows(in: 0..<tree.count)
  }

  /// The visible rows under `id` when it is shown with its current state:
  /// nothing when it is collapsed. What expanding it inserts below its row,
  /// and what collapsing it removes.
  ///
  /// - Complexity: Expected O(k + c), k the rows returned.
  @inlinable
  public func visibleRows(under id: Item.ID) -> [OutlineRow<Item>] {
    guard let top = tree._position(of: id), _expandedFlags[top] else { return [] }
    var rows: [OutlineRow<Item>] = []
    _appendPlaceholder(at: top, to: &rows)
    rows += _rows(in: (top + 1)..<(top + Int(tree._sizes[top])))
    return rows
  }

  /// The visible rows as one section of a snapshot.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` if a placeholder's id
  ///   is also a node's.
  /// - Complexity: O(v + c), and the snapshot's build.
  @inlinable
  public func snapshot<SectionModel>(in section: SectionModel) throws(SnapshotError)
    -> Snapshot<SectionModel, OutlineRow<Item>>
  {
    try Snapshot(visibleRows, in: section)
  }

  /// The rows of the nodes in `range` of the preorder, skipping the
  /// subtrees of collapsed nodes.
  @inlinable
  func _rows(in range: Range<Int>) -> [OutlineRow<Item>] {
    var rows: [OutlineRow<Item>] = []
    rows.reserveCapacity(min(range.count, 1024))
    var position = range.lowerBound
    while position < range.upperBound {
      rows.append(OutlineRow(tree._items[position], position: _position(at: position)))
      if _expandedFlags[position] {
        _appendPlaceholder(at: position, to: &rows)
        position += 1
      } else {
        position += Int(tree._sizes[position])
      }
    }
    return rows
  }

  /// The placeholder row under the expanded, childless node at `position`.
  @inlinable
  func _appendPlaceholder(at position: Int, to rows: inout [OutlineRow<Item>]) {
    guard tree._sizes[position] == 1, !childrenPlaceholders.isEmpty,
      let placeholder = childrenPlaceholders[tree._items[position].id]
    else { return }
    rows.append(
      OutlineRow(
        placeholder,
        position: OutlinePosition(depth: Int(tree._depths[position]) + 1, disclosure: .leaf)))
  }

  @inlinable
  func _position(at position: Int) -> OutlinePosition {
    let disclosure: OutlinePosition.Disclosure =
      !_hasChildren(at: position) ? .leaf : _expandedFlags[position] ? .expanded : .collapsed
    return OutlinePosition(depth: Int(tree._depths[position]), disclosure: disclosure)
  }

  @inlinable
  func _hasChildren(at position: Int) -> Bool {
    if tree._sizes[position] > 1 { return true }
    if unloadedIDs.isEmpty && childrenPlaceholders.isEmpty { return false }
    let id = tree._items[position].id
    return unloadedIDs.contains(id) || childrenPlaceholders[id] != nil
  }

  /// The position of `id`.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``.
  private func requireNode(_ id: Item.ID) throws(TreeError) -> Int {
    guard let position = tree._position(of: id) else {
      throw .unknownIDs([String(reflecting: id)])
    }
    return position
  }

  /// Applies `change` (an expansion or collapse of `id`) and, when `id` is
  /// shown in `before` (this outline's rows as they are on screen), edits
  /// that snapshot where the rows under `id` are: its own row gets its new
  /// marker, the rows under it are deleted or inserted right below it. Returns
  /// the new snapshot and exactly that change, or `nil` when `id` is not
  /// shown (nothing on screen changes).
  ///
  /// - Throws: What `change` throws; nothing changes then.
  /// - Complexity: O(k) rows found, plus the snapshot edit's O(n).
  @inlinable
  package mutating func toggling<SectionModel>(
    _ id: Item.ID, shown before: Snapshot<SectionModel, OutlineRow<Item>>,
    _ change: (inout Outline) throws(TreeError) -> Void
  ) throws(TreeError)
    -> (Snapshot<SectionModel, OutlineRow<Item>>, SnapshotChange<SectionModel, OutlineRow<Item>>)?
  {
    let removed = visibleRows(under: id)
    var changed = self
    try change(&changed)
    self = changed
    guard let path = before.path(of: id), let position = position(of: id) else { return nil }
    let inserted = visibleRows(under: id)
    var next = before
    var changes = Changeset()
    do {
      // One edit: the node's row (its new marker) and the rows under it.
      try next.replaceItems(
        inSectionAt: path.section, subrange: path.item..<(path.item + 1 + removed.count),
        with: [OutlineRow(before[path].item, position: position)] + inserted)
    } catch {
      // The rows come from this outline, whose ids are unique, and `before` shows them.
      preconditionFailure("an outline's rows did not fit its snapshot: \(error)")
    }
    changes.itemDeletes = (0..<removed.count).map {
      ItemPath(section: path.section, item: path.item + 1 + $0)
    }
    changes.itemInserts = (0..<inserted.count).map {
      ItemPath(section: path.section, item: path.item + 1 + $0)
    }
    changes.itemUpdates = [ItemUpdate(from: path, to: path, kind: .reconfigure)]
    return (next, SnapshotChange(from: before, changes: changes))
  }
}
