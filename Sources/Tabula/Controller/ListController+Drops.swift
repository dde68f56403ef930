// Drag and drop within the list: one row or many, within and across
// sections, into and out of an outline's folders, as one user edit (one
// write to the source, one undo step). The decisions are portable; the
// hosts' glue (UIKit's drag and drop delegates) asks them.

extension ListController {
  /// What a drop of the rows with `ids` at `destination` would do
  /// (``ListDropProposal``): a move there, or ``ListDropProposal/Operation/forbidden``
  /// when a row cannot move (``canMoveItem(at:)``), ``movePolicy`` keeps
  /// it in its section, ``canDrop`` refuses, a folder would go under
  /// itself, a row goes into a row of a list that is not an outline, or
  /// the destination is outside the list. Ids the list no longer shows
  /// (removed during the drag) are left out; with none left the proposal
  /// is ``ListDropProposal/Operation/cancel``.
  public func dropProposal(
    forMovingItemsWithIDs ids: [Item.ID], to destination: ListDropDestination
  ) -> ListDropProposal {
    switch dropPlan(ids, destination) {
    case .success: ListDropProposal(.move, destination: destination)
    case .failure(.nothingToMove): ListDropProposal(.cancel)
    case .failure: ListDropProposal(.forbidden)
    }
  }

  /// Moves the rows with `ids` to `destination` as the user's edit, in
  /// the order the list shows them (a folder brings its rows along; a row
  /// dragged with its folder stays in it): animated, written back as one
  /// edit (``WritableSource`` writes them in one go: one transaction of a
  /// database list), one undo step ("Move 3 Items") that puts every row
  /// back. Ids the list no longer shows are left out. Returns whether the
  /// rows moved; a drop ``dropProposal(forMovingItemsWithIDs:to:)``
  /// refuses moves nothing and returns `false`.
  ///
  /// ``willUserMoveItem`` and ``didUserMoveItem`` hear the drop as moves
  /// made one after another, as UIKit's `moveRowAt` calls give them: each
  /// row that changes place once, in the order the rows end, each path
  /// read in the data as the moves before it left it (so an app that
  /// applies each move to its own array in turn ends with the list's
  /// order). ``moveTarget``, which redirects a single row's move, does not
  /// apply (``canDrop`` decides drops).
  ///
  /// Each row is placed by its new neighbours' ids (``UserEdit/Placement``),
  /// so a drop made while a transaction is on its way lands among the rows
  /// it shows, and one whose neighbours vanish lands at the nearest still
  /// there.
  @discardableResult
  public func userMoveItems(withIDs ids: [Item.ID], to destination: ListDropDestination) -> Bool {
    guard case .success(let plan) = dropPlan(ids, destination) else { return false }
    let latest = latestSnapshot
    // The rows as the data has them: ones a transaction on its way removes
    // have nothing to move.
    let moving = plan.items.filter { latest.contains(itemWithID: $0.id) }
    guard !moving.isEmpty else { return false }
    let placements = plan.placements(for: moving)
    let edits = placements.map {
      UserEdit<SectionModel, Item>.move(to: $0, base: Snapshot(), result: Snapshot())
    }
    // Back, last first: a row's old successor, if it moved too, is back
    // before it. Its predecessor is not (a section's last row goes back to
    // the end, not after a row still elsewhere).
    let ids = Set(moving.map(\.id))
    let origins = moving.compactMap { latest.path(of: $0.id) }.sorted().map { path in
      var placement = latest.placement(at: path)
      if let after = placement.after, ids.contains(after) { placement.after = nil }
      return UserEdit<SectionModel, Item>.move(to: placement, base: Snapshot(), result: Snapshot())
    }
    // The moves one after another, as the data has them: what the app's
    // move hooks hear (an outline source places rows by its tree, so its
    // paths may differ). Worked out only when something listens.
    var reorder: UserReorder<SectionModel, Item>?
    if userEdits.hearsReorders {
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

  /// The rows a drag that starts on the row at `path` takes: the row's
  /// own id first, then, when it is one of several selected rows, every
  /// other selected row that can move, in list order; none when the row
  /// cannot move.
  public func dragItemIDs(startingAt path: ItemPath) -> [Item.ID] {
    guard let item = _snapshot.item(at: path), canMoveItem(at: path) else { return [] }
    let selected = selectedItemPaths
    guard selected.count > 1, selected.contains(path) else { return [item.id] }
    return [item.id]
      + selected.sorted().filter { $0 != path && canMoveItem(at: $0) }.map { _snapshot[$0].id }
  }

  /// The path of the row with `id` in the list as it shows, if it shows
  /// it.
  public func shownPath(of id: Item.ID) -> ItemPath? {
    _snapshot.path(of: id)
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
    let shown = _snapshot
    let paths = Set(ids.compactMap { shown.path(of: $0) }).sorted()
    guard !paths.isEmpty else { return .failure(.nothingToMove) }
    let target = destination.path
    guard target.section >= 0, target.section < shown.numberOfSections, target.item >= 0,
      target.item
        <= shown.numberOfItems(inSectionAt: target.section) - (destination.isInto ? 1 : 0)
    else { return .failure(.outsideTheList) }
    guard paths.allSatisfy({ canMoveItem(at: $0) }) else { return .failure(.cannotMove) }
    if userEdits.rules.movePolicy == .withinSection,
      paths.contains(where: { $0.section != target.section })
    {
      return .failure(.refused)
    }
    // An outline's rows move with their folders' rows and change parents:
    // only a source that writes its tree moves them (a flat move would
    // leave a folder's rows behind).
    let isOutline = shown[paths[0]] is any _OutlinePresentable
    let writesTree = connection?.writesTree ?? false
    if (isOutline && !writesTree) || (destination.isInto && !isOutline) {
      return .failure(.refused)
    }
    guard let plan = DropPlan(moving: paths, to: destination, in: shown, outline: isOutline)
    else { return .failure(.refused) }
    if let canDrop = userEdits.rules.canDrop, !canDrop(plan.items, destination) {
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

/// The rows a drop moves, and the place they go to, by ids: what the
/// controller writes. Portable, and tested on its own.
struct DropPlan<SectionModel: Diffable, Item: Diffable> {
  /// The rows that move, in the order the list shows them (in an outline,
  /// without the rows whose folder moves too).
  var items: [Item]
  /// The section they go to.
  var section: SectionModel.ID
  /// The row they go before, and after (their new neighbours that stay).
  var before: Item.ID?
  var after: Item.ID?
  /// The index of the first among its new siblings, as a last resort.
  var index: Int?
  /// In an outline, the row they go under (`nil`: roots).
  var parent: Item.ID?

  /// The plan of moving the rows at `paths` (sorted) of `shown` to
  /// `destination`; `nil` when an outline's folder would go under itself.
  init?(
    moving paths: [ItemPath], to destination: ListDropDestination,
    in shown: Snapshot<SectionModel, Item>, outline: Bool
  ) {
    func depth(_ path: ItemPath) -> Int {
      (shown[path] as? any _OutlinePresentable)?._outlinePosition.depth ?? 0
    }
    // The moving rows, and in an outline the rows their folders bring.
    var items: [Item] = []
    var moving = Set<Item.ID>()
    var next = 0
    for path in paths {
      let item = shown[path]
      guard !moving.contains(item.id) else { continue }
      items.append(item)
      moving.insert(item.id)
      guard outline else { continue }
      let rowDepth = depth(path)
      // The visible rows under it move with it.
      next = path.item + 1
      let count = shown.numberOfItems(inSectionAt: path.section)
      while next < count, depth(ItemPath(section: path.section, item: next)) > rowDepth {
        moving.insert(shown[ItemPath(section: path.section, item: next)].id)
        next += 1
      }
    }
    self.items = items
    let target = destination.path
    section = shown.sections[target.section].id
    let count = shown.numberOfItems(inSectionAt: target.section)
    func row(_ item: Int) -> Item { shown[ItemPath(section: target.section, item: item)] }
    func staying(_ item: Int) -> Bool { !moving.contains(row(item).id) }
    guard outline else {
      before = (target.item..<count).first(where: staying).map { row($0).id }
      after = (0..<target.item).reversed().first(where: staying).map { row($0).id }
      index = (0..<target.item).filter(staying).count
      parent = nil
      return
    }
    switch destination {
    case .into(let path):
      guard staying(path.item) else { return nil }
      parent = row(path.item).id
      let folderDepth = depth(path)
      // After its last child shown, if it is open.
      var last: Int?
      var item = path.item + 1
      while item < count, depth(ItemPath(section: target.section, item: item)) > folderDepth {
        if depth(ItemPath(section: target.section, item: item)) == folderDepth + 1, staying(item) {
          last = item
        }
        item += 1
      }
      after = last.map { row($0).id }
      before = nil
      index = nil
    case .insert(let path):
      // The row above that stays.
      guard let above = (0..<path.item).reversed().first(where: staying) else {
        parent = nil
        after = nil
        before = (0..<count).first {
          staying($0) && depth(ItemPath(section: target.section, item: $0)) == 0
        }.map { row($0).id }
        index = 0
        return
      }
      let abovePath = ItemPath(section: target.section, item: above)
      let aboveDepth = depth(abovePath)
      let abovePosition = (row(above) as? any _OutlinePresentable)?._outlinePosition
      let siblingDepth: Int
      if abovePosition?.isExpanded == true {
        // The first child of the open folder above.
        parent = row(above).id
        after = nil
        siblingDepth = aboveDepth + 1
        index = 0
      } else {
        // Beside the row above, under its parent.
        let placement = shown.placement(at: abovePath)
        parent = placement.parent
        after = row(above).id
        siblingDepth = aboveDepth
        index = placement.index.map { $0 + 1 }
      }
      // The next sibling that stays, before the folder's rows end.
      var item = above + 1
      before = nil
      while item < count {
        let rowDepth = depth(ItemPath(section: target.section, item: item))
        if rowDepth < siblingDepth { break }
        if rowDepth == siblingDepth, staying(item) {
          before = row(item).id
          break
        }
        item += 1
      }
    }
    // A folder cannot go under itself or a row of its own.
    if let parent, moving.contains(parent) { return nil }
  }

  /// The placements of `items` (the plan's, or those still in the data),
  /// in order: each goes after the one before it.
  func placements(for items: [Item]) -> [UserEdit<SectionModel, Item>.Placement] {
    items.enumerated().map { offset, item in
      UserEdit<SectionModel, Item>.Placement(
        item: item, section: section, before: before,
        after: offset == 0 ? after : items[offset - 1].id,
        index: index.map { $0 + offset }, parent: parent)
    }
  }
}
