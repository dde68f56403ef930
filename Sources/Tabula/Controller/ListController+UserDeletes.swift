// User deletes, and undo and redo of every user edit: each edit is one step
// of the history, written back like the edit itself.

extension ListController {
  /// Deletes the rows at `paths` (of the list on screen) for the user:
  /// animated at once, written back, one undo step ("Delete 3 Items").
  /// Rows that cannot be deleted (``canDeleteItem(at:)``) are left and
  /// reported. If the write fails, the rows come back, animated, and the
  /// error goes to ``didFailToWrite``.
  ///
  /// - Precondition: every path is a row of the list on screen (the host's
  ///   report is wrong otherwise).
  func userDeleteItems(at paths: [ItemPath]) {
    let items = paths.map { path -> Item in
      guard let item = _snapshot.item(at: path) else { _outOfRange(path) }
      return item
    }
    let refused = paths.filter { !canDeleteItem(at: $0) }
    if !refused.isEmpty {
      TabulaLog.note(
        "the host asked to delete rows the list does not let go: \(refused.map(\.description)) "
          + "(their presenter or canDelete refuses)")
    }
    let deletable = zip(paths, items).filter { !refused.contains($0.0) }
    if let handleUserDelete = userEdits.hooks.handleUserDelete {
      if !deletable.isEmpty { handleUserDelete(deletable.map(\.1), deletable.map(\.0)) }
      return
    }
    userDeleteItems(withIDs: deletable.map(\.1.id))
  }

  /// Deletes the items with `ids` as the user's edit (the delete key, a
  /// delete of the selection): animated, written back, one undo step. Ids
  /// the list does not have are ignored (a row another writer removed
  /// meanwhile has nothing left to delete). Unlike
  /// ``deleteItems(at:)``, which edits the list the controller owns like an
  /// array, this is undoable and written back to the connected source.
  public func userDeleteItems(withIDs ids: [Item.ID]) {
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
        name: stepName("Delete", items), redo: edit, undo: .insert(items: placements.reversed())))
    watch(outcome.saving, of: edit, step: serial)
  }

  /// Deletes the selected items as one user edit ("Delete 3 Items"):
  /// animated, written back, undoable. Items that cannot be deleted stay.
  public func userDeleteSelectedItems() {
    let deletable = selectedItemPaths.filter { canDeleteItem(at: $0) }
    userDeleteItems(withIDs: deletable.map { _snapshot[$0].id })
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
    guard let step = userEdits.history.popUndo() else { return }
    let outcome = perform(step.undoEdits)
    if outcome.written {
      userEdits.history.pushRedo(step)
      watch(outcome.saving, of: step.undoEdits, step: step.serial)
    } else {
      userEdits.history.discard(step)
    }
    historyChanged()
  }

  /// Does again the last edit ``undo()`` took back.
  public func redo() {
    guard let step = userEdits.history.popRedo() else { return }
    let outcome = perform(step.redoEdits)
    if outcome.written {
      userEdits.history.pushUndo(step)
      watch(outcome.saving, of: step.redoEdits, step: step.serial)
    } else {
      userEdits.history.discard(step)
    }
    historyChanged()
  }

  /// Records `step` and returns its serial.
  func record(_ step: EditHistory<SectionModel, Item>.Step) -> Int {
    userEdits.history.record(step)
    historyChanged()
    return userEdits.history.recordedCount
  }

  /// Tells ``historyDidChange``, and the source which items no undo step
  /// can put back any more.
  func historyChanged() {
    let released = userEdits.history.takeReleased()
    if !released.isEmpty,
      let writable = connection?.writer
    {
      writable.discardUndoData(for: released)
    }
    userEdits.hooks.historyDidChange?()
  }
}
