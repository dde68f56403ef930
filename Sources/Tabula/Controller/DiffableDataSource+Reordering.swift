// The user's reorders on a DiffableDataSource: the transaction Apple's
// reorderingHandlers hear (before the moves land and after), with one
// section transaction per section the reorder touched, and, in a section
// shown from a section snapshot, the outline the moves make. A row moves
// within its outline section only; it lands under the row above it when
// that row shows its children, else beside it; the rows under it come
// along. A drop of several rows is one reorder: one transaction, and the
// moves one after another (what `moveRowAt` hears).

extension DiffableDataSource {
  /// A reorder on its way: the transaction, and the outlines of the
  /// sections shown from section snapshots that it changes.
  struct Reorder {
    var transaction: DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>
    var outlines: [SectionIdentifierType: DiffableSectionSnapshot<ItemIdentifierType>]
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

  /// Whether rows of `items` may be dropped at `destination`: a row of an
  /// outline section stays in it, and no row enters one from elsewhere.
  func keepsOutlineRows(_ items: [Snapshot.Item], at destination: ListDropDestination) -> Bool {
    let shown = controller.snapshot
    guard !outlines.isEmpty, destination.path.section < shown.numberOfSections else { return true }
    let target = shown.sections[destination.path.section].id
    return items.allSatisfy { item in
      guard let section = shown.section(ofItem: item.id)?.id, section != target else { return true }
      return outlines[section] == nil && outlines[target] == nil
    }
  }

  /// The user reordered rows; the data source does not show it yet:
  /// ``willMoveItem`` hears each move, then ``willReorder`` the whole.
  func userWillReorder(_ reorder: UserReorder<Snapshot.Section, Snapshot.Item>) {
    for move in reorder.moves { willMoveItem?(move.from, move.to) }
    let initial = reorder.initial.withoutMarks
    var final = Snapshot(reorder.final.withoutMarks)
    // The outlines replay the moves, each on the rows as the user saw
    // them: a row goes under or beside the row above it.
    var state = initial
    var changed: [SectionIdentifierType: DiffableSectionSnapshot<ItemIdentifierType>] = [:]
    var touched: Set<SectionIdentifierType> = []
    for move in reorder.moves {
      touched.insert(state.sections[move.from.section].id)
      do {
        try state.moveItem(from: move.from, to: move.to)
      } catch {
        TabulaLog.report("a reorder from \(move.from) to \(move.to) does not fit: \(error)")
        return
      }
      let section = state.sections[move.to.section].id
      touched.insert(section)
      guard move.from.section == move.to.section,
        let outline = changed[section] ?? outlines[section]
      else { continue }
      changed[section] = outline.moving(
        move.item.id,
        below: above(move.item.id, in: state, section: move.to.section, outline: outline))
    }
    // The rows under a moved one follow it.
    for (section, outline) in changed {
      final.deleteItems(final.itemIdentifiers(inSection: section))
      final.appendItems(outline.visibleItems, toSection: section)
    }
    let before = Snapshot(initial)
    let after = final
    let sectionTransactions = after.sectionIdentifiers.filter(touched.contains).map { section in
      DiffableDataSourceSectionTransaction(
        sectionIdentifier: section,
        initialSnapshot: outlines[section] ?? Self.flat(before.itemIdentifiers(inSection: section)),
        finalSnapshot: changed[section] ?? outlines[section]
          ?? Self.flat(after.itemIdentifiers(inSection: section)))
    }
    let transaction = DiffableDataSourceTransaction(
      initialSnapshot: before, finalSnapshot: after, sectionTransactions: sectionTransactions)
    self.reorder = Reorder(transaction: transaction, outlines: changed)
    willReorder?(transaction)
  }

  /// The data source shows the reorder now: the outlines take it (the rows
  /// under a moved one follow it, animated: once the host's move callback
  /// returned), then ``didMoveItem`` hears each move and ``didReorder``
  /// the whole.
  func userDidReorder(_ reorder: UserReorder<Snapshot.Section, Snapshot.Item>) {
    let done = self.reorder
    self.reorder = nil
    if let done, !done.outlines.isEmpty {
      for (section, outline) in done.outlines { keep(outline, for: section) }
      // The moved rows show their new depth.
      var final = done.transaction.finalSnapshot
      final.reconfigureItems(
        reorder.moves.map(\.item.id).filter { final.indexOfItem($0) != nil })
      controller.apply(final.snapshot)
    }
    for move in reorder.moves { didMoveItem?(move.from, move.to) }
    if let transaction = done?.transaction { didReorder?(transaction) }
  }

  /// `items` as a section snapshot of roots.
  private static func flat(_ items: [ItemIdentifierType]) -> DiffableSectionSnapshot<
    ItemIdentifierType
  > {
    var flat = DiffableSectionSnapshot<ItemIdentifierType>()
    flat.append(items)
    return flat
  }

  /// The row above `item` in section `section` of `snapshot` that is not
  /// under `item` in `outline` (those rows stayed where they were when it
  /// moved); `nil` when `item` is first.
  private func above(
    _ item: ItemIdentifierType, in snapshot: Tabula.Snapshot<Snapshot.Section, Snapshot.Item>,
    section: Int, outline: DiffableSectionSnapshot<ItemIdentifierType>
  ) -> ItemIdentifierType? {
    guard var row = snapshot.path(of: item)?.item else { return nil }
    while row > 0 {
      row -= 1
      let candidate = snapshot[ItemPath(section: section, item: row)].id
      if !outline.isDescendant(candidate, of: item) { return candidate }
    }
    return nil
  }
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
