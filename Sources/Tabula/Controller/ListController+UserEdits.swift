// User edits: a row the user moved on screen. The host shows the move
// already, so the controller adopts it into the snapshot on screen without a
// batch, then writes it back through its source when the source can write.
// The source's echo agrees with the view: nothing moves again. A transaction
// in flight is staged again from the adopted snapshot.

/// Where the user may drop a row they move.
public enum MovePolicy: Sendable, Hashable {
  /// Anywhere in the list, another section included.
  case anywhere
  /// Only within its own section: a drop in another section lands at the
  /// nearest end of the row's section.
  case withinSection
}

extension ListController {
  /// Whether the user may move the row at `path`: its presenter's
  /// ``Presenter/canMove(_:)`` (no row moves without presenters, unless
  /// ``canMoveItem`` says), and only when the controller can keep the move:
  /// it owns its data, or the source it follows is a ``WritableSource``
  /// (a read-only source would undo the move at its next snapshot; that is
  /// reported once).
  public func canMoveItem(at path: ItemPath) -> Bool {
    userMay(at: path, override: canMoveItem) { entry, model in entry.canMove(model) }
  }

  /// Where a row dragged from `source` lands when dropped at `proposed`:
  /// kept in its section by ``MovePolicy/withinSection``, then redirected
  /// by ``moveTarget`` if set.
  public func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    guard let item = _snapshot.item(at: source) else { return source }
    var target = proposed
    if movePolicy == .withinSection && proposed.section != source.section {
      let last = _snapshot.numberOfItems(inSectionAt: source.section) - 1
      target = ItemPath(section: source.section, item: proposed.section < source.section ? 0 : last)
    }
    if let moveTarget { target = moveTarget(item, source, target) }
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
  public func userMovedItem(from source: ItemPath, to destination: ItemPath) {
    guard let item = _snapshot.item(at: source) else { _outOfRange(source) }
    guard source != destination else { return }
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
    _snapshot = moved
    userEditEpoch += 1
    // The place the row came from, in the snapshot the data has.
    let origin = latest.path(of: item.id).map { latest.placement(at: $0) }
    guard allowed else {
      TabulaLog.report(
        "the host moved the item \(item.id) from \(source) to \(destination), which the list "
          + "refuses (its presenter, movePolicy or moveTarget): it moves back")
      // Not from inside the host's move callback (UIKit's moveRowAt): on
      // the next turn, back to what the data holds then.
      Task { @MainActor in self.moveBack(origin) }
      return
    }
    guard let origin, let edit = Self.move(at: destination, of: moved, shown: shown, onto: latest)
    else {
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
      EditHistory.Step(name: name("Move", [item]), redo: edit.stripped, undo: back))
    watch(outcome.saving, of: edit, step: serial)
  }

  /// The move of the row at `destination` of `moved` (the list on screen
  /// after the user's move, from `shown`) as an edit of `latest`, the
  /// snapshot the data has: between the nearest of its neighbours on
  /// screen that `latest` has in that section. `nil` when `latest` has no
  /// such row or section.
  private static func move(
    at destination: ItemPath, of moved: Snapshot<SectionModel, Item>,
    shown: Snapshot<SectionModel, Item>, onto latest: Snapshot<SectionModel, Item>
  ) -> UserEdit<SectionModel, Item>? {
    var placement = moved.placement(at: destination)
    if latest._isIdentical(to: shown) {
      return .move(to: placement, base: shown, result: moved)
    }
    guard latest.contains(itemWithID: placement.item.id),
      let section = latest.sectionIndex(of: placement.section)
    else { return nil }
    func inSection(_ id: Item.ID) -> Bool { latest.sectionIndex(ofItem: id) == section }
    let items = moved.items(inSectionAt: destination.section)
    let index = items.startIndex + destination.item
    placement.before = items[(index + 1)...].first { inSection($0.id) }?.id
    placement.after = items[..<index].last { inSection($0.id) }?.id
    placement.index = nil
    var result = latest
    guard (try? result.apply(.move(to: placement, base: latest, result: latest))) != nil else {
      return nil
    }
    return .move(to: placement, base: latest, result: result)
  }

  /// Puts a row whose move was refused back: to the source's snapshot, or,
  /// owning the data, to `origin` in the latest snapshot.
  private func moveBack(_ origin: UserEdit<SectionModel, Item>.Placement?) {
    if let source = connection?.source as? any SnapshotSource<SectionModel, Item> {
      apply(visible(source.snapshot))
    } else if let origin {
      var next = latestSnapshot
      try? next.apply(.move(to: origin, base: next, result: next))
      apply(next)
    }
  }

  // MARK: Deletes

  /// Whether the user may delete the row at `path`: its presenter's
  /// ``Presenter/canDelete(_:)`` (or ``canDeleteItem``), and only when the
  /// controller can keep the delete (as for moves).
  public func canDeleteItem(at path: ItemPath) -> Bool {
    userMay(at: path, override: canDeleteItem) { entry, model in entry.canDelete(model) }
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

  /// Deletes the rows at `paths` (of the list on screen) for the user:
  /// animated at once, written back, one undo step ("Delete 3 Contacts").
  /// Rows that cannot be deleted (``canDeleteItem(at:)``) are left and
  /// reported. If the write fails, the rows come back, animated, and the
  /// error goes to ``didFailToWrite``.
  ///
  /// - Precondition: every path is a row of the list on screen (the host's
  ///   report is wrong otherwise).
  public func userDeleteItems(at paths: [ItemPath]) {
    let items = paths.map { path -> Item in
      guard let item = _snapshot.item(at: path) else { _outOfRange(path) }
      return item
    }
    let refused = paths.filter { !canDeleteItem(at: $0) }
    if !refused.isEmpty {
      TabulaLog.report(
        "the host asked to delete rows the list does not let go: \(refused.map(\.description)) "
          + "(their presenter or canDeleteItem refuses)")
    }
    let deletable = zip(paths, items).filter { !refused.contains($0.0) }.map(\.1)
    deleteItems(withIDs: deletable.map(\.id))
  }

  /// Deletes the items with `ids` as a user edit (the delete key, a delete
  /// of the selection): animated, written back, one undo step. Ids the list
  /// does not have are ignored.
  public func deleteItems(withIDs ids: [Item.ID]) {
    let latest = latestSnapshot
    let paths = Set(ids.compactMap { latest.path(of: $0) }).sorted()
    var items: [Item] = []
    var placements: [UserEdit<SectionModel, Item>.Placement] = []
    for path in paths {
      items.append(latest[path])
      placements.append(latest.placement(at: path))
    }
    guard !items.isEmpty else { return }
    let edit = UserEdit<SectionModel, Item>.delete(items: items)
    let outcome = perform(edit)
    guard outcome.written else { return }
    // Back in reverse order: an item's successor, if deleted too, is back
    // first.
    let serial = record(
      EditHistory.Step(
        name: name("Delete", items), redo: edit, undo: .insert(items: placements.reversed())))
    watch(outcome.saving, of: edit, step: serial)
  }

  // MARK: Undo

  /// Takes back the last user edit (``history``'s ``EditHistory/undoName``):
  /// the rows go back where they were, animated, and the source is written
  /// as for the edit itself. A row goes back by its nearest neighbour
  /// still there: before the row it came before, else after the row it
  /// came after, else at its old index in its section
  /// (``UserEdit/Placement``); a database list puts an undone delete back
  /// by its old rank. With nothing to undo, nothing happens. A step that
  /// cannot be taken back any more (another writer removed its rows or
  /// section) is reported and dropped.
  public func undo() {
    guard let step = history.popUndo() else { return }
    let outcome = perform(step.undo)
    if outcome.written {
      history.pushRedo(step)
      watch(outcome.saving, of: step.undo, step: step.serial)
    } else {
      history.discard(step)
    }
    historyChanged()
  }

  /// ``undo()``, as the host asks for it.
  public func undoUserEdit() { undo() }

  /// ``redo()``, as the host asks for it.
  public func redoUserEdit() { redo() }

  /// Does again the last edit ``undo()`` took back.
  public func redo() {
    guard let step = history.popRedo() else { return }
    let outcome = perform(step.redo)
    if outcome.written {
      history.pushUndo(step)
      watch(outcome.saving, of: step.redo, step: step.serial)
    } else {
      history.discard(step)
    }
    historyChanged()
  }

  /// Returns once every user edit written so far is saved (or failed, and
  /// was reported): a database list saves off the main actor.
  public func waitUntilWritten() async {
    while let writing = lastWrite {
      await writing.value
      if lastWrite == writing { lastWrite = nil }
    }
  }

  // MARK: Writing back

  /// Whether an edit was taken (shown and written, or written by the
  /// source as far as it does at once), and the task that finishes saving
  /// it, if any.
  struct WriteOutcome {
    var written: Bool
    var saving: Task<Void, any Error>?
  }

  /// Shows `edit` and writes it back: through the connected
  /// ``WritableSource``, whose snapshot (it places the rows as its data
  /// does) the list then shows; owning its data, the list applies `edit` to
  /// its latest snapshot. Not written when it no longer applies, or the
  /// source could not write it (the list is then back at the source's
  /// snapshot, and the error reported).
  func perform(_ edit: UserEdit<SectionModel, Item>) -> WriteOutcome {
    guard connection != nil else {
      var next = latestSnapshot
      do {
        try next.apply(edit)
      } catch {
        report(error, for: edit)
        return WriteOutcome(written: false)
      }
      apply(next)
      return WriteOutcome(written: true)
    }
    let outcome = writeBack(edit)
    if outcome.written, let source = connection?.source as? any SnapshotSource<SectionModel, Item> {
      apply(visible(source.snapshot))
    }
    return outcome
  }

  /// Writes `edit` to the connected source (owning its data, there is
  /// nothing to write); on failure reports it and goes back to the
  /// source's snapshot (after a host's callback, on the next turn).
  private func writeBack(_ edit: UserEdit<SectionModel, Item>, deferringCorrection: Bool = false)
    -> WriteOutcome
  {
    guard let connection else { return WriteOutcome(written: true) }
    guard let writable = connection.source as? any WritableSource<SectionModel, Item> else {
      report(UserEditError.readOnlySource("\(type(of: connection.source))"), for: edit)
      correct(deferring: deferringCorrection)
      return WriteOutcome(written: false)
    }
    do {
      return WriteOutcome(written: true, saving: try writable.write(edit))
    } catch {
      report(error, for: edit)
      correct(deferring: deferringCorrection)
      return WriteOutcome(written: false)
    }
  }

  /// Back to the connected source's snapshot (rows a running swipe action
  /// hides stay hidden), now or on the next turn, as the source has it
  /// then.
  private func correct(deferring: Bool) {
    guard deferring else {
      if let source = connection?.source as? any SnapshotSource<SectionModel, Item> {
        apply(visible(source.snapshot))
      }
      return
    }
    Task { @MainActor in self.correct(deferring: false) }
  }

  /// Follows the saving of an edit the source took: if it fails, the error
  /// is reported, the edit's undo step (`step`) dropped, and the list goes
  /// back to the source's snapshot.
  private func watch(
    _ saving: Task<Void, any Error>?, of edit: UserEdit<SectionModel, Item>, step: Int
  ) {
    guard let saving else { return }
    let previous = lastWrite
    lastWrite = Task { @MainActor [weak self] in
      await previous?.value
      do {
        try await saving.value
      } catch {
        guard let self else { return }
        self.report(error, for: edit)
        if self.history.remove(serial: step) { self.historyChanged() }
        self.correct(deferring: false)
      }
    }
  }

  private func report(_ error: any Error, for edit: UserEdit<SectionModel, Item>) {
    if let didFailToWrite {
      didFailToWrite(error, edit)
    } else {
      TabulaLog.report(
        "a user edit of \(edit.items.map { "\($0.id)" }.joined(separator: ", ")) could not be "
          + "written back: \(error)")
    }
  }

  /// Records `step` and returns its serial.
  private func record(_ step: EditHistory<SectionModel, Item>.Step) -> Int {
    history.record(step)
    historyChanged()
    return history.recordedCount
  }

  /// Tells ``historyDidChange``, and the source which items no undo step
  /// can put back any more.
  func historyChanged() {
    let released = history.takeReleased()
    if !released.isEmpty,
      let writable = connection?.source as? any WritableSource<SectionModel, Item>
    {
      writable.discardUndoData(for: released)
    }
    historyDidChange?()
  }

  /// Whether edits the controller adopts stay: it owns its data, or the
  /// source it follows writes them (a read-only one is reported once).
  private func sourceKeepsEdits() -> Bool {
    guard let connection else { return true }
    guard let writable = connection.source as? any WritableSource<SectionModel, Item> else {
      if !reportedReadOnlySource {
        reportedReadOnlySource = true
        TabulaLog.report(
          "rows cannot move or be deleted: the list's source \(type(of: connection.source)) "
            + "cannot write them back (it is not a WritableSource)")
      }
      return false
    }
    return writable.canWrite
  }

  /// The name of an undo step: ``editName``'s, else the verb and the model
  /// type ("Move Contact", "Delete 3 Contacts").
  private func name(_ verb: String, _ items: [Item]) -> String {
    if let editName { return editName(verb, items) }
    let noun = items.first.map { "\(type(of: Self.model(of: $0)))" } ?? "Item"
    return items.count == 1 ? "\(verb) \(noun)" : "\(verb) \(items.count) \(noun)s"
  }
}
