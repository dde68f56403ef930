/// The change from one ``Tree`` to another as the operations of an outline
/// view that applies them one after another, each index read in the
/// children the operations before it left: AppKit's `NSOutlineView`
/// between `beginUpdates()` and `endUpdates()`
/// (`moveItem(at:inParent:to:inParent:)`, `removeItems(at:inParent:)`,
/// `insertItems(at:inParent:)`, `reloadItem(_:)`).
///
/// A node that is in both trees, under a parent that is too (or at the top
/// level), keeps its place in the view and moves if it must, across
/// parents included, so its row (and its expansion) stays. Every other
/// node of the old tree is removed with the subtree the view shows under
/// it, and every other node of the new tree is inserted, the view asking
/// its data source for its children. The operations come in this order:
///
/// 1. moves, while every old node is still there: a kept node goes just
///    before the first of its new siblings that stays in place, or, with
///    none after it, at the end; only nodes outside a longest run of
///    siblings that keep their order move;
/// 2. removals, one call per parent, the children's indices read at once;
/// 3. insertions, one call per parent, the indices those children have in
///    the new tree;
/// 4. reloads of the kept nodes whose content changed.
///
/// - Complexity: O(n + m) for trees of n and m nodes, plus, for each parent
///   whose children change order or move in, O(c log c + k·c) for its c
///   children and k moves.
public struct SequentialTreeUpdate<ID: Hashable & Sendable>: Sendable {
  /// One operation on the outline view.
  public enum Operation: Hashable, Sendable {
    /// `moveItem(at: from, inParent: oldParent, to: to, inParent: newParent)`:
    /// `to` is the child's index once moved (removed, then inserted).
    case move(from: Int, oldParent: ID?, to: Int, newParent: ID?)
    /// `removeItems(at: indices, inParent: parent)`: ascending, read at
    /// once.
    case remove(indices: [Int], parent: ID?)
    /// `insertItems(at: indices, inParent: parent)`: ascending, the
    /// children's indices once inserted.
    case insert(indices: [Int], parent: ID?)
    /// `reloadItem(id)`: the node's content changed.
    case reload(ID)
  }

  /// The operations, in order.
  public var operations: [Operation] = []

  /// No operation.
  public init() {}

  /// The operations that turn an outline view showing `old` into one
  /// showing `new`.
  public init<Item: Diffable>(from old: Tree<Item>, to new: Tree<Item>) where Item.ID == ID {
    // The children each parent has now, as the operations leave them.
    var children: [ID?: [ID]] = [nil: old.roots.map(\.id)]
    for item in old.items { children[item.id] = old.children(of: item.id).map(\.id) }
    var parent: [ID: ID?] = [:]
    for item in old.items { parent[item.id] = old.parentID(of: item.id) }

    // Kept: in both trees, under a kept parent (or at the top) in the new.
    var kept = Set<ID>()
    for item in new.items where old.contains(item.id) {
      // Preorder: a node's new parent is decided before it.
      let newParent = new.parentID(of: item.id)
      if newParent.map(kept.contains) ?? true { kept.insert(item.id) }
    }

    // 1. Moves, parent by parent (parents in the new tree's preorder).
    let parents: [ID?] = [nil] + new.items.map(\.id).filter(kept.contains).map { Optional($0) }
    for newParent in parents {
      let target = new.children(of: newParent).map(\.id).filter(kept.contains)
      guard !target.isEmpty else { continue }
      let current = children[newParent] ?? []
      // The kept children already here, in their order now, by their
      // place in the target: those outside a longest increasing run move.
      var place: [ID: Int] = [:]
      for (index, id) in target.enumerated() { place[id] = index }
      let here = current.filter { place[$0] != nil }
      let ranks = here.map { Int32(place[$0]!) }
      let inRun = ranks.withUnsafeBufferPointer(longestIncreasingSubsequence)
      var stays = Set<ID>()
      for (index, id) in here.enumerated() where inRun[index] { stays.insert(id) }
      if stays.count == target.count { continue }
      for (index, id) in target.enumerated() where !stays.contains(id) {
        let from = parent[id]!
        let fromIndex = children[from]!.firstIndex(of: id)!
        children[from]!.remove(at: fromIndex)
        // Just before the next sibling that stays (placed ones are
        // before it already), else at the end.
        let next = target[(index + 1)...].first(where: stays.contains)
        var list = children[newParent] ?? []
        let toIndex = next.flatMap { list.firstIndex(of: $0) } ?? list.count
        list.insert(id, at: toIndex)
        children[newParent] = list
        parent[id] = .some(newParent)
        operations.append(
          .move(from: fromIndex, oldParent: from, to: toIndex, newParent: newParent))
      }
    }

    // 2. Removals: the children of kept parents (and of the top) that are
    // not kept; their subtrees go with them.
    for oldParent in parents {
      guard let list = children[oldParent] else { continue }
      let doomed = list.indices.filter { !kept.contains(list[$0]) }
      guard !doomed.isEmpty else { continue }
      operations.append(.remove(indices: doomed, parent: oldParent))
    }

    // 3. Insertions: the children of kept parents (and of the top) that
    // are not kept, at their indices in the new tree.
    for newParent in parents {
      let list = new.children(of: newParent).map(\.id)
      let arriving = list.indices.filter { !kept.contains(list[$0]) }
      guard !arriving.isEmpty else { continue }
      operations.append(.insert(indices: arriving, parent: newParent))
    }

    // 4. Reloads of kept nodes whose content changed.
    for item in new.items where kept.contains(item.id) {
      if let before = old.item(withID: item.id), !before.isContentEqual(to: item) {
        operations.append(.reload(item.id))
      }
    }
  }
}

extension Tree {
  /// The tree of a section snapshot's items: its roots, each item under
  /// its parent, in its order (expansion aside: the snapshot's
  /// ``DiffableSectionSnapshot/isExpanded(_:)`` says it). What an outline
  /// view with its own expansion (AppKit's `NSOutlineView`) shows of
  /// Apple's section-snapshot API.
  ///
  /// - Complexity: O(n) for n items.
  public init<ID>(sectionSnapshot snapshot: DiffableSectionSnapshot<ID>)
  where Item == DiffableItem<ID> {
    do {
      try self.init(snapshot.items.map { (DiffableItem($0), snapshot.parent(of: $0)) })
    } catch {
      preconditionFailure("a section snapshot's identifiers are unique and acyclic: \(error)")
    }
  }
}
