// Drag and drop within the list: one row or many, within and across
// sections, into and out of an outline's folders, as one user edit (one
// write to the source, one undo step). The decisions are portable; the
// hosts' glue (UIKit's drag and drop delegates) asks them.

extension UserEdits {
  /// What ListController's public `dropProposal` does (documented there).
  func dropProposal(
    forMovingItemsWithIDs ids: [Item.ID], to destination: ListDropDestination
  ) -> ListDropProposal {
    switch dropPlan(ids, destination) {
    case .success: ListDropProposal(.move, destination: destination)
    case .failure(.nothingToMove): ListDropProposal(.cancel)
    case .failure: ListDropProposal(.forbidden)
    }
  }

  /// What ListController's public `userMoveItems` does (documented there).
  @discardableResult
  func userMoveItems(withIDs ids: [Item.ID], to destination: ListDropDestination) -> Bool {
    guard case .success(let plan) = dropPlan(ids, destination) else { return false }
    let latest = list.latest
    // The rows as the data has them: ones a transaction on its way removes
    // have nothing to move.
    let moving = plan.items.filter { latest.contains(itemWithID: $0.id) }
    guard !moving.isEmpty else { return false }
    let placements = plan.placements(for: moving)
    let edits = placements.map {
      UserEdit<SectionModel, Item>.move(to: $0)
    }
    // Back, last first: a row's old successor, if it moved too, is back
    // before it. Its predecessor is not (a section's last row goes back to
    // the end, not after a row still elsewhere).
    let ids = Set(moving.map(\.id))
    let origins = moving.compactMap { latest.path(of: $0.id) }.sorted().map { path in
      var placement = latest.placement(at: path)
      if let after = placement.after, ids.contains(after) { placement.after = nil }
      return UserEdit<SectionModel, Item>.move(to: placement)
    }
    // The moves one after another, as the data has them: what the app's
    // move hooks hear (an outline source places rows by its tree, so its
    // paths may differ). Worked out only when something listens.
    var reorder: UserReorder<SectionModel, Item>?
    if state.hearsReorders {
      var expected = latest
      for edit in edits { try? expected.apply(edit) }
      reorder = UserReorder(
        initial: latest, final: expected,
        moves: latest.sequentialMoves(to: expected, moving: moving.map(\.id)))
    }
    if let reorder { willReorder(reorder) }
    let outcome = perform(edits)
    guard outcome.written else { return false }
    let serial = record(
      EditHistory.Step(name: stepName("Move", moving), redo: edits, undo: origins.reversed()))
    watch(outcome.saving, of: edits, step: serial)
    if let reorder { didReorder(reorder) }
    return true
  }

  /// What ListController's public `dragItemIDs` does (documented there).
  func dragItemIDs(startingAt path: ItemPath) -> [Item.ID] {
    guard let item = list.shown.item(at: path), canMoveItem(at: path) else { return [] }
    let selected = list.selectedItemPaths
    guard selected.count > 1, selected.contains(path) else { return [item.id] }
    return [item.id]
      + selected.sorted().filter { $0 != path && canMoveItem(at: $0) }.map { list.shown[$0].id }
  }

  /// Why a drop is refused.
  enum DropRefusal: Error {
    case nothingToMove
    case outsideTheList
    case cannotMove
    case refused
  }

  /// What a drop of `ids` at `destination` moves, and where to; or why
  /// not.
  func dropPlan(
    _ ids: [Item.ID], _ destination: ListDropDestination
  ) -> Result<DropPlan<SectionModel, Item>, DropRefusal> {
    let shown = list.shown
    let paths = Set(ids.compactMap { shown.path(of: $0) }).sorted()
    guard !paths.isEmpty else { return .failure(.nothingToMove) }
    let target = destination.path
    guard target.section >= 0, target.section < shown.numberOfSections, target.item >= 0,
      target.item
        <= shown.numberOfItems(inSectionAt: target.section) - (destination.isInto ? 1 : 0)
    else { return .failure(.outsideTheList) }
    guard paths.allSatisfy({ canMoveItem(at: $0) }) else { return .failure(.cannotMove) }
    if state.rules.movePolicy == .withinSection,
      paths.contains(where: { $0.section != target.section })
    {
      return .failure(.refused)
    }
    // An outline's rows move with their folders' rows and change parents:
    // only a source that writes its tree moves them (a flat move would
    // leave a folder's rows behind).
    let isOutline = OutlinePosition(of: shown[paths[0]]) != nil
    let writesTree = list.connection?.writesTree ?? false
    if (isOutline && !writesTree) || (destination.isInto && !isOutline) {
      return .failure(.refused)
    }
    guard let plan = DropPlan(moving: paths, to: destination, in: shown, outline: isOutline)
    else { return .failure(.refused) }
    if let canDrop = state.rules.canDrop, !canDrop(plan.items, destination) {
      return .failure(.refused)
    }
    return .success(plan)
  }
}

extension ListDropDestination {
  var isInto: Bool {
    if case .into = self { true } else { false }
  }
}
