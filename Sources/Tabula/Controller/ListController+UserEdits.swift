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
  /// - Precondition: `source` is a path of the list on screen, and
  ///   `destination` a path of it after the row left (else this traps with
  ///   the snapshot's range message: the host's report is wrong).
  public func userMovedItem(from source: ItemPath, to destination: ItemPath) {
    guard let item = _snapshot.item(at: source) else { _outOfRange(source) }
    guard source != destination else { return }
    let allowed =
      canMoveItem(at: source) && targetPath(forMovingItemAt: source, to: destination) == destination
    let before = latestSnapshot
    let shown = _snapshot
    var moved = _snapshot
    do {
      try moved.moveItem(from: source, to: destination)
    } catch {
      preconditionFailure("the host moved \(source) to \(destination): \(error)")
    }
    _snapshot = moved
    userEditEpoch += 1
    guard allowed else {
      TabulaLog.report(
        "the host moved the item \(item.id) from \(source) to \(destination), which the list "
          + "refuses (its presenter, movePolicy or moveTarget): it moves back")
      // Not from inside the host's move callback (UIKit's moveRowAt): on
      // the next turn.
      Task { @MainActor in self.apply(before) }
      return
    }
    let there = moved.placement(at: destination)
    let edit = UserEdit<SectionModel, Item>.move(
      item: item, section: there.section, before: there.before, base: shown, result: moved)
    let here = shown.placement(at: source)
    let back = UserEdit<SectionModel, Item>.move(
      item: item, section: here.section, before: here.before, base: moved, result: shown)
    if connection == nil && isUpdating {
      // The controller owns its data and a transaction in flight targets a
      // snapshot without the move: the move joins the snapshot after it.
      var next = latestSnapshot
      if (try? next.apply(edit)) != nil { apply(next) }
    }
    guard writeBack(edit, deferringCorrection: true) else { return }
    // The history keeps the edits, not the snapshots they were made on.
    record(EditHistory.Step(name: name("Move", [item]), redo: edit.stripped, undo: back.stripped))
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
    // Back in reverse order: an item's successor, if deleted too, is back first.
    let edit = UserEdit<SectionModel, Item>.delete(items: items)
    guard perform(edit) else { return }
    record(
      EditHistory.Step(
        name: name("Delete", items), redo: edit, undo: .insert(items: placements.reversed())))
  }

  // MARK: Undo

  /// Takes back the last user edit (``history``'s ``EditHistory/undoName``):
  /// the rows go back where they were, animated, and the source is written
  /// as for the edit itself. With nothing to undo, nothing happens. A step
  /// that cannot be taken back any more (another writer removed its rows)
  /// is reported and dropped.
  public func undo() {
    guard let step = history.popUndo() else { return }
    if perform(step.undo) { history.pushRedo(step) }
    historyDidChange?()
  }

  /// ``undo()``, as the host asks for it.
  public func undoUserEdit() { undo() }

  /// ``redo()``, as the host asks for it.
  public func redoUserEdit() { redo() }

  /// Does again the last edit ``undo()`` took back.
  public func redo() {
    guard let step = history.popRedo() else { return }
    if perform(step.redo) { history.pushUndo(step) }
    historyDidChange?()
  }

  // MARK: Writing back

  /// Applies `edit` to the list (animated) and writes it back; `false` when
  /// it no longer applies, or the source could not write it (the list is
  /// then back at the source's snapshot, and the error reported).
  func perform(_ edit: UserEdit<SectionModel, Item>) -> Bool {
    let base = latestSnapshot
    var next = base
    do {
      try next.apply(edit)
    } catch SnapshotError.unknownSectionIDs
      where (connection?.source as? any WritableSource<SectionModel, Item>)?.canWrite == true
    {
      // The edit goes to a section the list no longer shows (an undone
      // delete of a section's last rows): the source knows where it goes.
      guard writeBack(edit),
        let source = connection?.source as? any SnapshotSource<SectionModel, Item>
      else { return false }
      apply(visible(source.snapshot))
      return true
    } catch {
      report(error, for: edit)
      return false
    }
    apply(next)
    var written = edit
    if case .move(let item, let section, let before, _, _) = edit {
      written = .move(item: item, section: section, before: before, base: base, result: next)
    }
    return writeBack(written)
  }

  /// Writes `edit` to the connected ``WritableSource``, if any; on failure
  /// reports it and goes back to the source's snapshot.
  private func writeBack(_ edit: UserEdit<SectionModel, Item>, deferringCorrection: Bool = false)
    -> Bool
  {
    guard let writable = connection?.source as? any WritableSource<SectionModel, Item> else {
      return true
    }
    do {
      try writable.write(edit)
      return true
    } catch {
      report(error, for: edit)
      // Back to the source (rows a running swipe action hides stay hidden);
      // after a host's move callback, on the next turn.
      if deferringCorrection {
        Task { @MainActor in self.apply(self.visible(writable.snapshot)) }
      } else {
        apply(visible(writable.snapshot))
      }
      return false
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

  private func record(_ step: EditHistory<SectionModel, Item>.Step) {
    history.record(step)
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
