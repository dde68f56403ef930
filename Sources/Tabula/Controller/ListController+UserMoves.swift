// User moves: a row the user moved on screen. The host shows the move
// already, so the controller adopts it into the snapshot on screen without a
// batch, then writes it back through its source when the source can write.
// The source's echo agrees with the view: nothing moves again. A transaction
// in flight is staged again from the adopted snapshot.

extension ListController {
  /// Whether the user may move the row at `path`: its presenter's
  /// ``Presenter/canMove(_:)`` (no row moves without presenters, unless
  /// ``canMove`` says), and only when the controller can keep the move:
  /// it owns its data, or the source it follows is a ``WritableSource``
  /// (a read-only source would undo the move at its next snapshot; that is
  /// reported once).
  public func canMoveItem(at path: ItemPath) -> Bool {
    userMay(at: path, override: userEdits.rules.canMove) { entry, model in
      entry.editing.canMove(model)
    }
  }

  /// Whether the user may delete the row at `path`. With ``commitDelete``
  /// set (the app deletes): ``canDelete``'s answer, yes without one. Else
  /// ``canDelete``'s answer or the row's presenter's
  /// ``Presenter/canDelete(_:)``, and only when the controller can keep
  /// the delete (as for moves).
  public func canDeleteItem(at path: ItemPath) -> Bool {
    if userEdits.hooks.handleUserDelete != nil {
      // The app deletes: no source needs to write it.
      guard let item = _snapshot.item(at: path) else { return false }
      return userEdits.rules.canDelete?(item, path) ?? true
    }
    return userMay(at: path, override: userEdits.rules.canDelete) { entry, model in
      entry.editing.canDelete(model)
    }
  }

  /// Where a row dragged from `source` lands when dropped at `proposed`:
  /// kept in its section by ``MovePolicy/withinSection``, then redirected
  /// by ``moveTarget`` if set.
  func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    guard let item = _snapshot.item(at: source) else { return source }
    var target = proposed
    if userEdits.rules.movePolicy == .withinSection && proposed.section != source.section {
      let last = _snapshot.numberOfItems(inSectionAt: source.section) - 1
      target = ItemPath(section: source.section, item: proposed.section < source.section ? 0 : last)
    }
    if let moveTarget = userEdits.rules.moveTarget {
      let redirected = moveTarget(item, source, target)
      // A place outside the list would reach UIKit's move callback.
      let sections = _snapshot.numberOfSections
      let inRange = redirected.section >= 0 && redirected.section < sections
      let limit =
        inRange
        ? _snapshot.numberOfItems(inSectionAt: redirected.section)
          - (redirected.section == source.section ? 1 : 0) : -1
      guard inRange, redirected.item >= 0, redirected.item <= limit else {
        userEdits.strayMoveTarget.report(
          "moveTarget sent the row at \(source) to \(redirected), which is no place in the list "
            + "(a section below \(_snapshot.numberOfSections), an item up to its count, less the "
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
    guard let item = _snapshot.item(at: source) else { _outOfRange(source) }
    guard source != destination else { return }
    // UIKit is inside its move callback: no batch may reach the view
    // before it returns (`hasUncommittedUpdates`). Applies made meanwhile
    // (a source's echo, the app's own) start on the next turn.
    userEdits.hostMoveDepth += 1
    defer { endHostMove() }
    let allowed =
      canMoveItem(at: source) && targetPath(forMovingItemAt: source, to: destination) == destination
    let latest = latestSnapshot
    let shown = _snapshot
    var moved = _snapshot
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
    if userEdits.hearsReorders, case .move(_, _, let result)? = edit,
      let from = latest.path(of: item.id), let to = result.path(of: item.id)
    {
      reorder = UserReorder(
        initial: latest, final: result, moves: [.init(item: item, from: from, to: to)])
    }
    if let reorder {
      willReorder(reorder)
    } else if allowed {
      userEdits.hooks.willUserMoveItem?(item, source, destination)
    }
    _snapshot = moved
    userEdits.epoch += 1
    guard allowed else {
      TabulaLog.note(
        "the host moved the item \(item.id) from \(source) to \(destination), which the list "
          + "refuses (its presenter, movePolicy or moveTarget): it moves back")
      // Not from inside the host's move callback (UIKit's moveRowAt): on
      // the next turn, back to what the data holds then.
      Task { @MainActor in self.moveBack(origin) }
      return
    }
    guard let origin, let edit else {
      // The newer snapshot has no such row (or section): the transaction
      // on its way removes it.
      return
    }
    let back = UserEdit<SectionModel, Item>.move(to: origin, base: Snapshot(), result: Snapshot())
    if connection == nil && isUpdating, case .move(_, _, let result) = edit {
      // The controller owns its data and a transaction in flight targets a
      // snapshot without the move: the move joins the snapshot after it.
      apply(result)
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
      userEdits.hooks.didUserMoveItem?(item, source, destination)
    }
  }

  /// The host's move callback returns: a transaction queued meanwhile
  /// starts on the next turn.
  private func endHostMove() {
    userEdits.hostMoveDepth -= 1
    guard userEdits.hostMoveDepth == 0, transactions.pending != nil else { return }
    Task { @MainActor in self.startNextTransaction() }
  }

  /// Tells the app's move hooks, one move at a time, and the list's
  /// adapters, that `reorder` is about to land.
  func willReorder(_ reorder: UserReorder<SectionModel, Item>) {
    if let hook = userEdits.hooks.willUserMoveItem {
      for move in reorder.moves { hook(move.item, move.from, move.to) }
    }
    userEdits.hooks.willUserReorder?(reorder)
  }

  /// Tells them that `reorder` landed.
  func didReorder(_ reorder: UserReorder<SectionModel, Item>) {
    if let hook = userEdits.hooks.didUserMoveItem {
      for move in reorder.moves { hook(move.item, move.from, move.to) }
    }
    userEdits.hooks.didUserReorder?(reorder)
  }

  /// Puts a row whose move was refused back: to the source's snapshot, or,
  /// owning the data, to `origin` in the latest snapshot.
  private func moveBack(_ origin: UserEdit<SectionModel, Item>.Placement?) {
    if let source = connection?.source {
      apply(userEdits.visible(source.snapshot))
    } else if let origin {
      var next = latestSnapshot
      try? next.apply(.move(to: origin, base: next, result: next))
      apply(next)
    }
  }

  /// Whether the user may edit the row at `path`: the controller's
  /// `override`, else its presenter's answer; and only when the edit can be
  /// kept. The source is asked (and a read-only one reported) only for rows
  /// the answer allows.
  private func userMay(
    at path: ItemPath, override: (@MainActor (Item, ItemPath) -> Bool)?,
    presenter answer: (PresenterEntry<Cell>, Any) -> Bool
  ) -> Bool {
    guard let item = _snapshot.item(at: path) else { return false }
    let allowed: Bool
    if let override {
      allowed = override(item, path)
    } else if let presenters, case let model = Self.model(of: item),
      let resolved = Self.resolved(model, in: presenters)
    {
      allowed = answer(resolved.entry, model)
    } else {
      allowed = false
    }
    return allowed && sourceKeepsEdits()
  }

  /// Whether edits the controller adopts stay: it owns its data, or the
  /// source it follows writes them (a read-only one is reported once).
  private func sourceKeepsEdits() -> Bool {
    guard let connection else { return true }
    guard let writable = connection.writer else {
      userEdits.readOnlySource.report(
        "rows cannot move or be deleted: the list's source \(connection.sourceType) "
          + "cannot write them back (it is not a WritableSource)")
      return false
    }
    return writable.canWrite
  }

  /// The name of an undo step: ``editName``'s, else ``strings``' ("Move
  /// Item", "Delete 3 Items").
  func stepName(_ verb: String, _ items: [Item]) -> String {
    userEdits.name(verb, items, strings: strings)
  }
}
