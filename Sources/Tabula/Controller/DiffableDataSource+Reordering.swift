// The user's reorders on a DiffableDataSource: the transaction Apple's
// reorderingHandlers hear (before the move lands and after), and, in a
// section shown from a section snapshot, the outline the move makes. A row
// moves within its outline section only; it lands under the row above it
// when that row shows its children, else beside it; the rows under it come
// along.

extension DiffableDataSource {
  /// A reorder on its way: the transaction, and the outline a section
  /// shown from a section snapshot takes.
  struct Reorder {
    var transaction: DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
    var outline:
      (section: SectionIdentifierType, outline: DiffableSectionSnapshot<ItemIdentifierType>)?
  }

  /// Keeps a row of an outline section in its section: where a move
  /// across sections lands (the first or last row, toward the proposal).
  func outlineMoveTarget(from: ItemPath, proposed: ItemPath) -> ItemPath {
    let shown = controller.snapshot
    guard proposed.section != from.section, from.section < shown.numberOfSections,
      proposed.section < shown.numberOfSections
    else { return proposed }
    let sections = [from.section, proposed.section].map { shown.sections[$0].id }
    guard sections.contains(where: { outlines[$0] != nil }) else { return proposed }
    let last = shown.numberOfItems(inSectionAt: from.section) - 1
    return ItemPath(section: from.section, item: proposed.section < from.section ? 0 : last)
  }

  /// The user moved the row at `from` to `to`; the data source does not
  /// show it yet: ``willMoveItem`` and ``willReorder`` hear it.
  func userWillMove(from: ItemPath, to: ItemPath) {
    willMoveItem?(from, to)
    let initial = current.withoutMarks
    var moved = initial
    do {
      try moved.moveItem(from: from, to: to)
    } catch {
      TabulaLog.report("a reorder from \(from) to \(to) does not fit the snapshot: \(error)")
      reorder = nil
      return
    }
    var final = Snapshot(moved)
    var outlineChange: Reorder.Outline?
    var sectionTransactions:
      [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>] = []
    let section = moved.sections[to.section].id
    if let outline = outlines[section], from.section == to.section,
      let item = moved.item(at: to)?.id
    {
      let reordered = outline.moving(item, below: above(item, in: moved, section: to.section))
      // The rows under it follow it.
      final.deleteItems(final.itemIdentifiers(inSection: section))
      final.appendItems(reordered.visibleItems, toSection: section)
      outlineChange = (section, reordered)
      sectionTransactions = [
        DiffableDataSourceSectionTransaction(
          sectionIdentifier: section, initialSnapshot: outline, finalSnapshot: reordered)
      ]
    }
    let transaction = DiffableDataSourceTransaction(
      initialSnapshot: Snapshot(initial), finalSnapshot: final,
      sectionTransactions: sectionTransactions)
    reorder = Reorder(transaction: transaction, outline: outlineChange)
    willReorder?(transaction)
  }

  /// The data source shows the move now: the outline takes it (the rows
  /// under the moved one follow it, animated), then ``didMoveItem`` and
  /// ``didReorder`` hear it.
  func userDidMove(from: ItemPath, to: ItemPath) {
    let done = reorder
    reorder = nil
    if let (section, outline) = done?.outline {
      keep(outline, for: section)
      // The rows under the moved one follow it; its row shows its new
      // depth.
      var final = done!.transaction.finalSnapshot
      if let item = controller.snapshot.item(at: to)?.id { final.reconfigureItems([item]) }
      controller.apply(final.snapshot)
    }
    didMoveItem?(from, to)
    if let transaction = done?.transaction { didReorder?(transaction) }
  }

  /// The row above `item` in section `section` of `snapshot` that is not
  /// under `item` in its outline (those rows stayed where they were when
  /// it moved); `nil` when `item` is first.
  private func above(
    _ item: ItemIdentifierType, in snapshot: Tabula.Snapshot<Snapshot.Section, Snapshot.Item>,
    section: Int
  ) -> ItemIdentifierType? {
    guard let outline = outlines[snapshot.sections[section].id],
      var row = snapshot.path(of: item)?.item
    else { return nil }
    while row > 0 {
      row -= 1
      let candidate = snapshot.items(inSectionAt: section)[row].id
      if !outline.isDescendant(candidate, of: item) { return candidate }
    }
    return nil
  }
}

extension DiffableDataSource.Reorder {
  /// A section and its outline after the move.
  typealias Outline = (
    section: SectionIdentifierType, outline: DiffableSectionSnapshot<ItemIdentifierType>
  )
}

extension DiffableSectionSnapshot {
  /// Whether `item` is somewhere under `ancestor`.
  func isDescendant(_ item: ItemIdentifierType, of ancestor: ItemIdentifierType) -> Bool {
    var parent = _nodes[item]?.parent
    while let current = parent {
      if current == ancestor { return true }
      parent = _nodes[current]?.parent
    }
    return false
  }

  /// The outline with `item` (and everything under it) moved to just
  /// below the row `above`: its first child when `above` shows its
  /// children, else its next sibling; the first root for `nil`.
  func moving(_ item: ItemIdentifierType, below above: ItemIdentifierType?)
    -> DiffableSectionSnapshot
  {
    var moved = self
    guard let node = _nodes[item] else { return self }
    if let parent = node.parent {
      moved._nodes[parent]!.children.removeAll { $0 == item }
    } else {
      moved._roots.removeAll { $0 == item }
    }
    let parent: ItemIdentifierType?
    let index: Int
    if let above, moved.isExpanded(above), moved._nodes[above]?.children.isEmpty == false {
      (parent, index) = (above, 0)
    } else if let above, let aboveNode = moved._nodes[above] {
      parent = aboveNode.parent
      let siblings = parent.map { moved._nodes[$0]!.children } ?? moved._roots
      index = siblings.firstIndex(of: above)! + 1
    } else {
      (parent, index) = (nil, 0)
    }
    moved._nodes[item]!.parent = parent
    if let parent {
      moved._nodes[parent]!.children.insert(item, at: index)
    } else {
      moved._roots.insert(item, at: index)
    }
    moved._origin = nil
    moved._toggled = []
    return moved
  }
}
