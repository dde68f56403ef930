// The edits of a DiffableSectionSnapshot, with
// NSDiffableDataSourceSectionSnapshot's names and meaning. Where Apple's
// snapshot stops the app, each edit records the problem in `problems` and
// applies the rest, as DiffableSnapshot's edits do: duplicates are skipped,
// unknown items ignored, an edit placed by an unknown item does nothing.

extension DiffableSectionSnapshot {
  // MARK: Adding items

  /// Appends `items` as the last children of `parent` (the last roots for
  /// `nil`), collapsed. Items already in the snapshot, or repeated, are
  /// skipped; with an unknown `parent`, nothing is appended (reported).
  ///
  /// - Complexity: O(k) for k items, plus the items' hashing.
  public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
    let method = "append(_:to:)"
    if let parent, !knownItem(parent, as: "parent", in: method) { return }
    let children = parent.map { _nodes[$0]!.children.count } ?? _roots.count
    insertLeaves(uniqueItems(items, in: method), under: parent, at: children)
  }

  /// Inserts `items` just before `item`, under the same parent. With an
  /// unknown `item`, nothing is inserted; duplicates are skipped
  /// (reported).
  ///
  /// - Complexity: O(k + s), s the siblings of `item`.
  public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
    let method = "insert(_:before:)"
    guard let (parent, index) = place(of: item, in: method) else { return }
    insertLeaves(uniqueItems(items, in: method), under: parent, at: index)
  }

  /// Inserts `items` just after `item`, under the same parent. With an
  /// unknown `item`, nothing is inserted; duplicates are skipped
  /// (reported).
  public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
    let method = "insert(_:after:)"
    guard let (parent, index) = place(of: item, in: method) else { return }
    insertLeaves(uniqueItems(items, in: method), under: parent, at: index + 1)
  }

  /// Inserts the items of `snapshot` (its roots, with everything under
  /// them and their expansion) just before `item`, under the same parent.
  /// Subtrees whose top is already in this snapshot are skipped (reported).
  ///
  /// - Complexity: O(k + s), k the items of `snapshot`.
  public mutating func insert(_ snapshot: DiffableSectionSnapshot, before item: ItemIdentifierType)
  {
    let method = "insert(_:before:)"
    guard let (parent, index) = place(of: item, in: method) else { return }
    graft(snapshot, under: parent, at: index, in: method)
  }

  /// Inserts the items of `snapshot` (its roots, with everything under
  /// them and their expansion) just after `item`, under the same parent,
  /// as the form that inserts before `item` does.
  public mutating func insert(_ snapshot: DiffableSectionSnapshot, after item: ItemIdentifierType) {
    let method = "insert(_:after:)"
    guard let (parent, index) = place(of: item, in: method) else { return }
    graft(snapshot, under: parent, at: index + 1, in: method)
  }

  /// Replaces everything under `parent` with the items of `snapshot` (its
  /// roots become `parent`'s children): what loading a parent's children
  /// does. With an unknown `parent`, nothing changes (reported).
  ///
  /// - Complexity: O(r + k), r the items removed, k those added.
  public mutating func replace(
    childrenOf parent: ItemIdentifierType, using snapshot: DiffableSectionSnapshot
  ) {
    let method = "replace(childrenOf:using:)"
    guard knownItem(parent, as: "parent", in: method) else { return }
    for child in _nodes[parent]!.children { removeSubtree(child) }
    _nodes[parent]!.children = []
    graft(snapshot, under: parent, at: 0, in: method)
  }

  // MARK: Removing items

  /// Deletes `items`, with everything under them. Unknown items are
  /// ignored (reported).
  ///
  /// - Complexity: O(r + s), r the items removed, s their siblings.
  public mutating func delete(_ items: [ItemIdentifierType]) {
    let known = knownItems(items, in: "delete(_:)")
    guard !known.isEmpty else { return }
    edited()
    for item in known {
      // An item under one deleted before it is gone already.
      guard let node = _nodes[item] else { continue }
      if let parent = node.parent {
        _nodes[parent]!.children.removeAll { $0 == item }
      } else {
        _roots.removeAll { $0 == item }
      }
      removeSubtree(item)
    }
  }

  /// Deletes every item.
  public mutating func deleteAll() {
    edited()
    _roots = []
    _nodes = [:]
    _expanded = []
  }

  // MARK: Expansion

  /// Expands `items`: their children show when they do. Unknown items are
  /// ignored (reported).
  ///
  /// - Complexity: O(k).
  public mutating func expand(_ items: [ItemIdentifierType]) {
    for item in knownItems(items, in: "expand(_:)") where _expanded.insert(item).inserted {
      toggled(item)
    }
  }

  /// Collapses `items`: their children are hidden. Unknown items are
  /// ignored (reported).
  ///
  /// - Complexity: O(k).
  public mutating func collapse(_ items: [ItemIdentifierType]) {
    for item in knownItems(items, in: "collapse(_:)") where _expanded.remove(item) != nil {
      toggled(item)
    }
  }

  // MARK: The storage's edits

  /// Notes that `item`'s expansion changed: a snapshot handed out by a data
  /// source remembers it.
  private mutating func toggled(_ item: ItemIdentifierType) {
    guard _origin != nil else { return }
    _toggled.append(item)
  }

  /// Notes that the items changed: applying the snapshot takes a diff.
  private mutating func edited() {
    _origin = nil
    _toggled = []
  }

  /// Inserts `items` (new, unique) as leaves at child position `index` of
  /// `parent` (of the roots for `nil`).
  private mutating func insertLeaves(
    _ items: [ItemIdentifierType], under parent: ItemIdentifierType?, at index: Int
  ) {
    guard !items.isEmpty else { return }
    edited()
    for item in items { _nodes[item] = Node(parent: parent) }
    if let parent {
      _nodes[parent]!.children.insert(contentsOf: items, at: index)
    } else {
      _roots.insert(contentsOf: items, at: index)
    }
  }

  /// Inserts the roots of `snapshot`, with their subtrees and expansion, at
  /// child position `index` of `parent`; a subtree holding an item this
  /// snapshot has already is skipped, and reported.
  private mutating func graft(
    _ snapshot: DiffableSectionSnapshot, under parent: ItemIdentifierType?, at index: Int,
    in method: String
  ) {
    var kept: [ItemIdentifierType] = []
    var clashes: [String] = []
    for root in snapshot._roots {
      var subtree: [ItemIdentifierType] = []
      snapshot.walk([root], into: &subtree) { _ in true }
      if let clash = subtree.first(where: contains) {
        clashes.append(
          "\(IdentifierChecks.name(clash)) (under \(IdentifierChecks.name(root))) is "
            + "\(placeDescription(clash)) already")
      } else {
        kept.append(root)
      }
    }
    if !clashes.isEmpty {
      report(
        method,
        "item identifiers must be unique: \(clashes.joined(separator: "; ")); the subtrees "
          + "holding them skipped, \(IdentifierChecks.count(kept.count, "other")) added")
    }
    guard !kept.isEmpty else { return }
    edited()
    snapshot.copySubtrees(kept, parent: parent, into: &self)
    if let parent {
      _nodes[parent]!.children.insert(contentsOf: kept, at: index)
    } else {
      _roots.insert(contentsOf: kept, at: index)
    }
  }

  /// Removes `item` and everything under it from the nodes and the
  /// expanded items (its parent's list of children is the caller's).
  private mutating func removeSubtree(_ item: ItemIdentifierType) {
    var stack = [item]
    while let next = stack.popLast() {
      guard let node = _nodes.removeValue(forKey: next) else { continue }
      _expanded.remove(next)
      stack += node.children
    }
  }

  /// The parent of `item` and its child position there; `nil` (reported)
  /// for an unknown item.
  private mutating func place(of item: ItemIdentifierType, in method: String)
    -> (parent: ItemIdentifierType?, index: Int)?
  {
    guard knownItem(item, as: "item", in: method) else { return nil }
    let parent = _nodes[item]!.parent
    let siblings = parent.map { _nodes[$0]!.children } ?? _roots
    return (parent, siblings.firstIndex(of: item)!)
  }

  // MARK: Checking arguments

  /// Where `item` is, as the problems say it.
  private func placeDescription(_ item: ItemIdentifierType) -> String {
    guard let parent = _nodes[item]?.parent else { return "a root" }
    return "under \(IdentifierChecks.name(parent))"
  }

  /// The items not in the snapshot, each once; the rest reported.
  private mutating func uniqueItems(_ items: [ItemIdentifierType], in method: String)
    -> [ItemIdentifierType]
  {
    let (kept, problem) = IdentifierChecks.unique(items, noun: "item") { item in
      contains(item) ? placeDescription(item) : nil
    }
    if let problem { report(method, problem) }
    return kept
  }

  /// The items the snapshot has; the others reported.
  private mutating func knownItems(_ items: [ItemIdentifierType], in method: String)
    -> [ItemIdentifierType]
  {
    let (kept, problem) = IdentifierChecks.known(items, noun: "item", isKnown: contains)
    if let problem { report(method, problem) }
    return kept
  }

  /// Whether the snapshot has `item` (named as `role`); reported if not.
  private mutating func knownItem(_ item: ItemIdentifierType, as role: String, in method: String)
    -> Bool
  {
    guard !contains(item) else { return true }
    report(
      method, "unknown \(role) \(IdentifierChecks.name(item)): not in the snapshot, nothing done")
    return false
  }

  /// Records a problem of `method` in ``problems``.
  private mutating func report(_ method: String, _ problem: String) {
    problems.append("DiffableSectionSnapshot.\(method): \(problem)")
  }
}
