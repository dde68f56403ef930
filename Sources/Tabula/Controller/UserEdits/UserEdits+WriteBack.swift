// Writing user edits back to the connected source: shown at once, saved now
// or later; a failure is reported, its undo step dropped, and the list goes
// back to the source's snapshot.

extension UserEdits {
  /// What ListController's public `waitUntilWritten` does (documented there).
  func waitUntilWritten() async {
    while let writing = state.lastWrite {
      await writing.value
      if state.lastWrite == writing { state.lastWrite = nil }
    }
  }

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
    perform([edit])
  }

  /// Shows `edits` and writes them back as one (see ``perform(_:)``): all
  /// or none.
  func perform(_ edits: [UserEdit<SectionModel, Item>]) -> WriteOutcome {
    for case .delete(let items) in edits where list.isAnnouncing {
      state.deletedByUser.formUnion(items.map(\.id))
    }
    guard list.connection != nil else {
      var next = list.latest
      do {
        for edit in edits { try next.apply(edit) }
      } catch {
        report(error, for: edits)
        return WriteOutcome(written: false)
      }
      list.apply(edited: next)
      return WriteOutcome(written: true)
    }
    let outcome = writeBack(edits)
    if outcome.written, let source = list.connection?.source {
      list.apply(edited: state.visible(source.snapshot))
    }
    return outcome
  }

  /// Writes `edit` to the connected source (owning its data, there is
  /// nothing to write); on failure reports it and goes back to the
  /// source's snapshot (after a host's callback, on the next turn).
  func writeBack(_ edit: UserEdit<SectionModel, Item>, deferringCorrection: Bool = false)
    -> WriteOutcome
  {
    writeBack([edit], deferringCorrection: deferringCorrection)
  }

  /// Writes `edits` as one (see ``writeBack(_:deferringCorrection:)``).
  func writeBack(_ edits: [UserEdit<SectionModel, Item>], deferringCorrection: Bool = false)
    -> WriteOutcome
  {
    guard let connection = list.connection else { return WriteOutcome(written: true) }
    guard let writable = connection.writer else {
      report(UserEditError.readOnlySource("\(connection.sourceType)"), for: edits)
      correct(deferring: deferringCorrection)
      return WriteOutcome(written: false)
    }
    do {
      let saving = try edits.count == 1 ? writable.write(edits[0]) : writable.write(edits)
      return WriteOutcome(written: true, saving: saving)
    } catch {
      report(error, for: edits)
      correct(deferring: deferringCorrection)
      return WriteOutcome(written: false)
    }
  }

  /// Back to the connected source's snapshot (rows a running swipe action
  /// hides stay hidden), now or on the next turn, as the source has it
  /// then.
  private func correct(deferring: Bool) {
    guard deferring else {
      if let source = list.connection?.source {
        list.apply(edited: state.visible(source.snapshot))
      }
      return
    }
    task { self.correct(deferring: false) }
  }

  /// Follows the saving of an edit the source took: if it fails, the error
  /// is reported, the edit's undo step (`step`) dropped, and the list goes
  /// back to the source's snapshot.
  func watch(_ saving: Task<Void, any Error>?, of edit: UserEdit<SectionModel, Item>, step: Int) {
    watch(saving, of: [edit], step: step)
  }

  /// Follows the saving of edits written as one (see
  /// ``watch(_:of:step:)``).
  func watch(_ saving: Task<Void, any Error>?, of edits: [UserEdit<SectionModel, Item>], step: Int)
  {
    guard let saving else { return }
    let previous = state.lastWrite
    state.lastWrite = Task { @MainActor [weak self] in
      await previous?.value
      do {
        try await saving.value
      } catch {
        guard let self else { return }
        self.report(error, for: edits)
        if self.state.history.remove(serial: step) { self.historyChanged() }
        self.correct(deferring: false)
      }
    }
  }

  /// Reports a failed write: to ``didFailToWrite`` once, with the first
  /// of `edits` (a drag of several rows fails as one), else as a
  /// ``TabulaLog/note(_:)``.
  func report(_ error: any Error, for edits: [UserEdit<SectionModel, Item>]) {
    guard let first = edits.first else { return }
    if let didFailToWrite = state.hooks.didFailToWrite {
      didFailToWrite(error, first)
    } else {
      let ids = edits.flatMap(\.items).map { "\($0.id)" }
      TabulaLog.note(
        "a user edit of \(ids.joined(separator: ", ")) could not be written back: \(error)")
    }
  }
}
