// User moves: a row the user moved on screen. The host shows the move
// already, so the controller adopts it into the snapshot on screen without a
// batch, then writes it back through its source when the source can write.
// The source's echo agrees with the view: nothing moves again. A transaction
// in flight is staged again from the adopted snapshot.

extension UserEdits {
  /// What ListController's public `canMoveItem` does (documented there).
  func canMoveItem(at path: ItemPath) -> Bool {
    userMay(at: path, override: state.rules.canMove, presenter: .move)
  }

  /// What ListController's public `canDeleteItem` does (documented there).
  func canDeleteItem(at path: ItemPath) -> Bool {
    if state.hooks.handleUserDelete != nil {
      // The app deletes: no source needs to write it.
      guard let item = list.shown.item(at: path) else { return false }
      return state.rules.canDelete?(item, path) ?? true
    }
    return userMay(at: path, override: state.rules.canDelete, presenter: .delete)
  }

  /// Where a row dragged from `source` lands when dropped at `proposed`:
  /// kept in its section by ``MovePolicy/withinSection``, then redirected
  /// by ``moveTarget`` if set.
  func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    guard let item = list.shown.item(at: source) else { return source }
    var target = proposed
    if state.rules.movePolicy == .withinSection && proposed.section != source.section {
      let last = list.shown.numberOfItems(inSectionAt: source.section) - 1
      target = ItemPath(section: source.section, item: proposed.section < source.section ? 0 : last)
    }
    if let moveTarget = state.rules.moveTarget {
      let redirected = moveTarget(item, source, target)
      // A place outside the list would reach UIKit's move callback.
      let sections = list.shown.numberOfSections
      let inRange = redirected.section >= 0 && redirected.section < sections
      let limit =
        inRange
        ? list.shown.numberOfItems(inSectionAt: redirected.section)
          - (redirected.section == source.section ? 1 : 0) : -1
      guard inRange, redirected.item >= 0, redirected.item <= limit else {
        state.strayMoveTarget.report(
          "moveTarget sent the row at \(source) to \(redirected), which is no place in the list "
            + "(a section below \(list.shown.numberOfSections), an item up to its count, less the "
            + "row itself in its own section): the row goes to \(target)")
        return target
      }
      target = redirected
    }
    return target
  }

  /// Adopts a move the user made on screen: the row at `source` now shows
  /// at `destination` (a path after the move). No batch goes to the host.
  /// With a ``WritableSource`` connected, the move is written back; if that
  /// fails, the error goes to ``didFailToWrite`` (else ``TabulaLog``) and
  /// the list goes back to the source's snapshot, animated. A move the
  /// row's presenter, ``movePolicy`` or ``moveTarget`` refuses is reported
  /// and undone, animated: the view never keeps what the data refuses.
  ///
  /// While the view is still on its way to a newer snapshot (a transaction
  /// runs or waits), the move is written and recorded as the user made it
  /// relative to that newer one: the row goes between the nearest of its
  /// new neighbours that the newer snapshot has, so that the data gets
  /// what the user saw and an undo takes exactly that back.
  ///
  /// - Precondition: `source` is a path of the list on screen, and
  ///   `destination` a path of it after the row left (else this traps with
  ///   the snapshot's range message: the host's report is wrong).
  func userMovedItem(from source: ItemPath, to destination: ItemPath) {
    guard let item = list.shown.item(at: source) else { list.shown._outOfRange(source) }
    guard source != destination else { return }
    // UIKit is inside its move callback: no batch may reach the view
    // before it returns (`hasUncommittedUpdates`). Applies made meanwhile
    // (a source's echo, the app's own) start on the next turn.
    state.hostMoveDepth += 1
    defer { endHostMove() }
    let allowed =
      canMoveItem(at: source) && targetPath(forMovingItemAt: source, to: destination) == destination
    let latest = list.latest
    let shown = list.shown
    var moved = list.shown
    do {
      try moved.moveItem(from: source, to: destination)
    } catch {
      preconditionFailure("the host moved \(source) to \(destination): \(error)")
    }
    // The place the row came from, in the snapshot the data has.
    let origin = latest.path(of: item.id).map { latest.placement(at: $0) }
    let edit =
      allowed && origin != nil
      ? UserEditState<SectionModel, Item>.move(
        at: destination, of: moved, shown: shown, onto: latest) : nil
    var reorder: UserReorder<SectionModel, Item>?
    if state.hearsReorders, case .move(_, _, let result)? = edit,
      let from = latest.path(of: item.id), let to = result.path(of: item.id)
    {
      reorder = UserReorder(
        initial: latest, final: result, moves: [.init(item: item, from: from, to: to)])
    }
    if let reorder {
      willReorder(reorder)
    } else if allowed {
      state.hooks.willUserMoveItem?(item, source, destination)
    }
    list.adoptShown(moved)
    state.epoch += 1
    guard allowed else {
      TabulaLog.note(
        "the host moved the item \(item.id) from \(source) to \(destination), which the list "
          + "refuses (its presenter, movePolicy or moveTarget): it moves back")
      // Not from inside the host's move callback (UIKit's moveRowAt): on
      // the next turn, back to what the data holds then.
      task { self.moveBack(origin) }
      return
    }
    guard let origin, let edit else {
      // The newer snapshot has no such row (or section): the transaction
      // on its way removes it.
      return
    }
    let back = UserEdit<SectionModel, Item>.move(to: origin)
    if list.connection == nil && list.isUpdating, case .move(_, _, let result) = edit {
      // The controller owns its data and a transaction in flight targets a
      // snapshot without the move: the move joins the snapshot after it.
      list.apply(edited: result)
    }
    let outcome = writeBack(edit, deferringCorrection: true)
    guard outcome.written else { return }
    // The history keeps the edits, not the snapshots they were made on.
    let serial = record(
      EditHistory.Step(name: stepName("Move", [item]), redo: edit.stripped, undo: back))
    watch(outcome.saving, of: edit, step: serial)
    if let reorder {
      didReorder(reorder)
    } else {
      state.hooks.didUserMoveItem?(item, source, destination)
    }
  }

  /// What ListController's public `userMoveItem` does (documented there).
  @discardableResult
  func userMoveItem(withID id: Item.ID, to destination: ItemPath) throws(SnapshotError)
    -> Bool
  {
    let latest = list.latest
    guard let from = latest.path(of: id) else {
      throw .unknownItemIDs([String(reflecting: id)])
    }
    var moved = latest
    try moved.moveItem(from: from, to: destination)
    guard let shown = list.shown.path(of: id), canMoveItem(at: shown),
      targetPath(forMovingItemAt: shown, to: destination) == destination
    else { return false }
    guard from != destination else { return true }
    let item = latest[from]
    let reorder = UserReorder(
      initial: latest, final: moved, moves: [.init(item: item, from: from, to: destination)])
    willReorder(reorder)
    let edit = UserEdit<SectionModel, Item>.move(
      to: moved.placement(at: destination), base: latest, result: moved)
    let back = UserEdit<SectionModel, Item>.move(
      to: latest.placement(at: from))
    let outcome = perform(edit)
    guard outcome.written else { return false }
    let serial = record(
      EditHistory.Step(name: stepName("Move", [item]), redo: edit.stripped, undo: back))
    watch(outcome.saving, of: edit, step: serial)
    didReorder(reorder)
    return true
  }

  /// The host's move callback returns: a transaction queued meanwhile
  /// starts on the next turn.
  private func endHostMove() {
    state.hostMoveDepth -= 1
    if state.hostMoveDepth == 0 { list.hostMoveEnded() }
  }

  /// Tells the app's move hooks, one move at a time, and the list's
  /// adapters, that `reorder` is about to land.
  func willReorder(_ reorder: UserReorder<SectionModel, Item>) {
    if let hook = state.hooks.willUserMoveItem {
      for move in reorder.moves { hook(move.item, move.from, move.to) }
    }
    state.hooks.willUserReorder?(reorder)
  }

  /// Tells them that `reorder` landed.
  func didReorder(_ reorder: UserReorder<SectionModel, Item>) {
    if let hook = state.hooks.didUserMoveItem {
      for move in reorder.moves { hook(move.item, move.from, move.to) }
    }
    state.hooks.didUserReorder?(reorder)
  }

  /// Puts a row whose move was refused back: to the source's snapshot, or,
  /// owning the data, to `origin` in the latest snapshot.
  private func moveBack(_ origin: UserEdit<SectionModel, Item>.Placement?) {
    if let source = list.connection?.source {
      list.apply(edited: state.visible(source.snapshot))
    } else if let origin {
      var next = list.latest
      try? next.apply(.move(to: origin))
      list.apply(edited: next)
    }
  }

  /// Whether the user may edit the row at `path`: the controller's
  /// `override`, else its presenter's answer; and only when the edit can be
  /// kept. The source is asked (and a read-only one reported) only for rows
  /// the answer allows.
  private func userMay(
    at path: ItemPath, override: (@MainActor (Item, ItemPath) -> Bool)?,
    presenter edit: PresenterEdit
  ) -> Bool {
    guard let item = list.shown.item(at: path) else { return false }
    let allowed = override?(item, path) ?? list.presenterAllows(edit, of: item)
    return allowed && sourceKeepsEdits()
  }

  /// Whether edits the controller adopts stay: it owns its data, or the
  /// source it follows writes them (a read-only one is reported once).
  private func sourceKeepsEdits() -> Bool {
    guard let connection = list.connection else { return true }
    guard let writable = connection.writer else {
      state.readOnlySource.report(
        "rows cannot move or be deleted: the list's source \(connection.sourceType) "
          + "cannot write them back (it is not a WritableSource)")
      return false
    }
    return writable.canWrite
  }

  /// The name of an undo step: ``editName``'s, else ``strings``' ("Move
  /// Item", "Delete 3 Items").
  func stepName(_ verb: String, _ items: [Item]) -> String {
    state.name(verb, items, strings: list.strings)
  }
}
