// User deletes, and undo and redo of every user edit: each edit is one step
// of the history, written back like the edit itself.

extension UserEdits {
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
      guard let item = list.shown.item(at: path) else { list.shown._outOfRange(path) }
      return item
    }
    let refused = paths.filter { !canDeleteItem(at: $0) }
    if !refused.isEmpty {
      TabulaLog.note(
        "the host asked to delete rows the list does not let go: \(refused.map(\.description)) "
          + "(their presenter or canDelete refuses)")
    }
    let deletable = zip(paths, items).filter { !refused.contains($0.0) }
    if let handleUserDelete = state.hooks.handleUserDelete {
      if !deletable.isEmpty { handleUserDelete(deletable.map(\.1), deletable.map(\.0)) }
      return
    }
    userDeleteItems(withIDs: deletable.map(\.1.id))
  }

  /// What ListController's public `userDeleteItems` does (documented there).
  func userDeleteItems(withIDs ids: [Item.ID]) {
    let latest = list.latest
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

  /// What ListController's public `userDeleteSelectedItems` does (documented there).
  func userDeleteSelectedItems() {
    let deletable = list.selectedItemPaths.filter { canDeleteItem(at: $0) }
    userDeleteItems(withIDs: deletable.map { list.shown[$0].id })
  }

  // MARK: Undo

  /// What ListController's public `undo` does (documented there).
  func undo() { replay(\.undoEdits, from: { $0.popUndo() }, to: { $0.pushRedo($1) }) }

  /// What ListController's public `redo` does (documented there).
  func redo() { replay(\.redoEdits, from: { $0.popRedo() }, to: { $0.pushUndo($1) }) }

  /// Takes a step out of one side of the history, writes its `edits` and
  /// puts it on the other side; a step not written is dropped.
  private func replay(
    _ edits: KeyPath<EditHistory<SectionModel, Item>.Step, [UserEdit<SectionModel, Item>]>,
    from take: (inout EditHistory<SectionModel, Item>) -> EditHistory<SectionModel, Item>.Step?,
    to put: (inout EditHistory<SectionModel, Item>, EditHistory<SectionModel, Item>.Step) -> Void
  ) {
    guard let step = take(&state.history) else { return }
    let outcome = perform(step[keyPath: edits])
    if outcome.written {
      put(&state.history, step)
      watch(outcome.saving, of: step[keyPath: edits], step: step.serial)
    } else {
      state.history.discard(step)
    }
    historyChanged()
  }

  /// Records `step` and returns its serial.
  func record(_ step: EditHistory<SectionModel, Item>.Step) -> Int {
    state.history.record(step)
    historyChanged()
    return state.history.recordedCount
  }

  /// Tells ``historyDidChange``, and the source which items no undo step
  /// can put back any more.
  func historyChanged() {
    let released = state.history.takeReleased()
    if !released.isEmpty,
      let writable = list.connection?.writer
    {
      writable.discardUndoData(for: released)
    }
    state.hooks.historyDidChange?()
  }
}
