// Transactions: each apply queues one; they run one at a time, in order.
// The rules of the queue (coalescing, the apply mode, completions) are in
// TransactionQueue.swift; this file does the work: diff, stage, perform each
// stage on the host, or reload.

extension ListController {
  /// Shows `snapshot` through batch updates of the differences from what
  /// the view shows, animated or not, as `UITableViewDiffableDataSource`'s
  /// `apply(_:animatingDifferences:completion:)` does.
  ///
  /// - Parameters:
  ///   - snapshot: The data to show.
  ///   - animatingDifferences: `false` performs the same batch updates
  ///     without animation (cells that stay keep their state); to reload
  ///     the view instead, use ``applyUsingReloadData(_:completion:)``.
  ///   - completion: Runs once the view shows this snapshot (or a newer one
  ///     that replaced it while it waited).
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    enqueue(snapshot, mode: animatingDifferences ? .animated : .unanimated, completion: completion)
  }

  /// Shows `snapshot` and returns once the view shows it (or a newer one).
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { continuation in
      apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// Shows `snapshot`, made from `changes.base` by `changes.changes`, without
  /// computing a diff when it can: when the view shows `changes.base` (the
  /// same value, not an equal one) and no other transaction waits, the
  /// known changes are staged and performed as they are; otherwise the
  /// controller diffs as ``apply(_:animatingDifferences:completion:)`` does.
  /// An outline that expands a node knows it inserted the rows under it: a
  /// toggle then costs what it changes, not a diff of the whole list.
  ///
  /// Changes whose counts do not add up are reported to ``TabulaLog`` and
  /// diffed instead.
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, changes: SnapshotChange<SectionModel, Item>,
    animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) {
    transactions.enqueue(
      snapshot, mode: animatingDifferences ? .animated : .unanimated, known: changes,
      completion: completion)
    startNextTransaction()
  }

  /// Shows `snapshot`, made from `changes.base` by `changes.changes`, and
  /// returns once the view shows it (or a newer one).
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, changes: SnapshotChange<SectionModel, Item>,
    animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { continuation in
      apply(snapshot, changes: changes, animatingDifferences: animatingDifferences) {
        continuation.resume()
      }
    }
  }

  /// Applies `snapshot` unless it shows what the controller already has
  /// (``Snapshot/hasSameContent(as:)`` the latest snapshot applied, and no
  /// marks): what a SwiftUI view does with the snapshot its body makes on
  /// every update. An equal snapshot built anew costs one pass over both on
  /// the main actor, no diff, no batch and no background task; the very
  /// same value costs nothing. Returns whether it applied.
  @discardableResult
  public func update(to snapshot: Snapshot<SectionModel, Item>, animatingDifferences: Bool = true)
    -> Bool
  {
    if snapshot.markedItems.isEmpty, snapshot.reloadedSectionIDs.isEmpty,
      snapshot.hasSameContent(as: latestSnapshot)
    {
      return false
    }
    apply(snapshot, animatingDifferences: animatingDifferences)
    return true
  }

  /// Shows `snapshot` by reloading the view, without diffing or animation,
  /// as `UITableViewDiffableDataSource`'s `applySnapshotUsingReloadData` does:
  /// every visible cell is made again.
  ///
  /// - Parameters:
  ///   - snapshot: The data to show.
  ///   - completion: Runs once the view shows this snapshot (or a newer one
  ///     that replaced it while it waited).
  public func applyUsingReloadData(
    _ snapshot: Snapshot<SectionModel, Item>, completion: (@MainActor () -> Void)? = nil
  ) {
    enqueue(snapshot, mode: .reload, completion: completion)
  }

  /// Shows `snapshot` by reloading the view, and returns once it shows it
  /// (or a newer one).
  public func applyUsingReloadData(_ snapshot: Snapshot<SectionModel, Item>) async {
    await withCheckedContinuation { continuation in
      applyUsingReloadData(snapshot) { continuation.resume() }
    }
  }

  /// Queues `snapshot` (see ``TransactionQueue/enqueue(_:mode:completion:)``
  /// for how it coalesces with one already waiting), and starts it if no
  /// transaction runs.
  private func enqueue(
    _ snapshot: Snapshot<SectionModel, Item>, mode: ApplyMode,
    completion: (@MainActor () -> Void)?
  ) {
    transactions.enqueue(snapshot, mode: mode, completion: completion)
    startNextTransaction()
  }

  /// Starts the waiting transaction, if there is one and none runs: a reload,
  /// or a diff (off the main actor when large) that is staged and performed.
  func startNextTransaction() {
    // Inside a host's move callback, the host takes no batch: the
    // transaction starts once the callback returned.
    guard userEdits.state.hostMoveDepth == 0, let transaction = transactions.start() else { return }
    userEdits.state.stagedEpoch = userEdits.state.epoch
    let old = _snapshot
    let new = transaction.snapshot
    guard transaction.mode != .reload else {
      reload(new)
      return
    }
    // The very snapshot on screen (a source's echo of a user edit the
    // controller adopted): nothing to diff, nothing to show.
    if new._isIdentical(to: old) && new.markedItems.isEmpty && new.reloadedSectionIDs.isEmpty
      && (presenters?.sectionVersion ?? 0) == presentation.shownSectionVersion
    {
      _snapshot = new.withoutMarks
      finishTransaction(after: nil)
      return
    }
    let mode = transaction.mode
    if let known = transaction.known, Self.canUse(known, from: old, to: new) {
      stageAndPerform(known.changes, old: old, new: new, mode: mode)
      return
    }
    let updateKind = updateKind
    let diff = _specialised.diff
    if transactions.settings.timing == .afterAnimations
      && old.numberOfItems + new.numberOfItems > backgroundDiffThreshold
    {
      Task {
        let changes = await Task.detached(priority: .userInitiated) {
          diff(old, new, updateKind)
        }.value
        self.stageAndPerform(changes, old: old, new: new, mode: mode)
      }
    } else {
      stageAndPerform(diff(old, new, updateKind), old: old, new: new, mode: mode)
    }
  }

  /// Whether `known` makes `new` from `old`: it starts from the very
  /// snapshot the view shows, `new` has no marks the changes would miss,
  /// and the counts add up (else the source's mistake is reported).
  private static func canUse(
    _ known: SnapshotChange<SectionModel, Item>, from old: Snapshot<SectionModel, Item>,
    to new: Snapshot<SectionModel, Item>
  ) -> Bool {
    guard known.base._isIdentical(to: old), new.markedItems.isEmpty,
      new.reloadedSectionIDs.isEmpty
    else { return false }
    let changes = known.changes
    let sectionsAddUp =
      new.numberOfSections
      == old.numberOfSections - changes.sectionDeletes.count + changes.sectionInserts.count
    let itemsAddUp =
      !changes.sectionDeletes.isEmpty || !changes.sectionInserts.isEmpty
      || new.numberOfItems
        == old.numberOfItems - changes.itemDeletes.count + changes.itemInserts.count
    guard sectionsAddUp && itemsAddUp else {
      var problems: [String] = []
      if !sectionsAddUp {
        problems.append(
          "\(old.numberOfSections) sections − \(changes.sectionDeletes.count) deleted + "
            + "\(changes.sectionInserts.count) inserted ≠ \(new.numberOfSections)")
      }
      if !itemsAddUp {
        problems.append(
          "\(old.numberOfItems) items − \(changes.itemDeletes.count) deleted + "
            + "\(changes.itemInserts.count) inserted ≠ \(new.numberOfItems)")
      }
      TabulaLog.report(
        "known changes do not make the new snapshot (\(problems.joined(separator: "; "))): "
          + "diffing instead")
      return false
    }
    return true
  }

  private func stageAndPerform(
    _ changes: Changeset, old: Snapshot<SectionModel, Item>, new: Snapshot<SectionModel, Item>,
    mode: ApplyMode
  ) {
    var changes = changes
    var old = old
    if userEdits.state.isStagedBehind {
      // The user moved a row while the diff ran: a newer snapshot waiting
      // (the source's echo) takes over; else diff from what shows now.
      if transactions.supersedeRunning() {
        startNextTransaction()
        return
      }
      userEdits.state.stagedEpoch = userEdits.state.epoch
      old = _snapshot
      changes = _specialised.diff(old, new, updateKind)
    }
    settleUpdateKinds(&changes, old: old, new: new)
    settleSectionViews(&changes, new: new)
    announceRemovals(changes, old: old, new: new)
    if let reloadThreshold, changes.count > reloadThreshold {
      reload(new)
    } else if transactions.settings.timing == .immediate {
      performStagesAtOnce(
        _specialised.staging(changes, old, new), target: new, animated: mode == .animated)
    } else {
      performStage(
        0, of: _specialised.staging(changes, old, new), target: new, animated: mode == .animated)
    }
  }

  /// Performs every stage at once, one batch after the other without
  /// waiting for animations (UIKit takes a batch in before
  /// `performBatchUpdates` returns), then ends the transaction; its
  /// completions run once the last batch completes
  /// (``TransactionTiming/immediate``).
  private func performStagesAtOnce(
    _ staged: StagedChangeset<SectionModel, Item>, target: Snapshot<SectionModel, Item>,
    animated: Bool
  ) {
    let lastBatch = BatchCompletion()
    for index in 0..<staged.count {
      let stage = staged[index]
      let isLast = index == staged.count - 1
      performBatch(
        stage.changeset, animated: animated,
        updateData: { self._snapshot = stage.snapshot },
        completion: { if isLast { lastBatch.complete() } })
    }
    _snapshot = target.withoutMarks
    finishTransaction(after: staged.count > 0 ? lastBatch : nil)
  }

  /// `host.performBatch`, with `transactions.isPerformingBatch` set while the host
  /// takes the batch in.
  private func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    guard let host = _host else {
      // The view went away: the data moves on, nothing is shown.
      updateData()
      completion()
      return
    }
    let outer = transactions.isPerformingBatch
    transactions.isPerformingBatch = true
    defer { transactions.isPerformingBatch = outer }
    host.performBatch(batch, animated: animated, updateData: updateData, completion: completion)
  }

  /// Performs the stages from `index` on, each once the previous one's
  /// batch completed, then ends the transaction.
  private func performStage(
    _ index: Int, of staged: StagedChangeset<SectionModel, Item>,
    target: Snapshot<SectionModel, Item>, animated: Bool
  ) {
    guard !userEdits.state.isStagedBehind else {
      // The user moved a row during the last stage's animation: the stages
      // left were computed without it. A newer snapshot waiting (the
      // source's echo of the move) takes over; else the rest is staged
      // again from what shows.
      if transactions.supersedeRunning() {
        startNextTransaction()
        return
      }
      stageAndPerform(
        _specialised.diff(_snapshot, target, updateKind), old: _snapshot, new: target,
        mode: animated ? .animated : .unanimated)
      return
    }
    guard index < staged.count else {
      _snapshot = target.withoutMarks
      finishTransaction(after: nil)
      return
    }
    let stage = staged[index]
    performBatch(
      stage.changeset, animated: animated,
      updateData: { self._snapshot = stage.snapshot },
      completion: {
        self.performStage(index + 1, of: staged, target: target, animated: animated)
      })
  }

  private func reload(_ new: Snapshot<SectionModel, Item>) {
    _snapshot = new.withoutMarks
    presentation.shownSectionVersion = presenters?.sectionVersion ?? 0
    _host?.reloadData()
    finishTransaction(after: nil)
  }

  /// Ends the running transaction: runs its completions (each once, nothing
  /// running while they do), then starts the next one. With
  /// ``TransactionTiming/immediate`` the completions wait for `lastBatch`
  /// to complete, or, without a batch, for a later turn of the main actor:
  /// they never run inside `apply`.
  private func finishTransaction(after lastBatch: BatchCompletion?) {
    let completions = transactions.finish()
    pruneHeights()
    pruneSelection()
    showEmptyStateIfNeeded()
    if transactions.settings.timing == .immediate {
      if !completions.isEmpty { (lastBatch ?? BatchCompletion.nextTurn()).then(completions) }
    } else {
      for completion in completions { completion() }
    }
    startNextTransaction()
  }
}

/// The completion of a transaction's last batch, and the completions that
/// wait for it (``TransactionTiming/immediate``): they run when both are
/// there, and never in the same turn as the `apply` that made them (a host
/// that completes at once, off screen, still defers them).
@MainActor
final class BatchCompletion {
  private var completed = false
  private var waiting: [@MainActor () -> Void]?

  /// A completion already complete: what waits for it runs on the next
  /// turn of the main actor.
  static func nextTurn() -> BatchCompletion {
    let completion = BatchCompletion()
    completion.completed = true
    return completion
  }

  /// The batch completed.
  func complete() {
    completed = true
    guard let waiting else { return }
    self.waiting = nil
    for completion in waiting { completion() }
  }

  /// Runs `completions` once the batch completed: at once when it completes
  /// later, on the next turn when it has already.
  func then(_ completions: [@MainActor () -> Void]) {
    guard completed else {
      waiting = (waiting ?? []) + completions
      return
    }
    Task { @MainActor in for completion in completions { completion() } }
  }
}
