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

  /// Shows `snapshot` by reloading the view, without diffing or animation,
  /// as `UITableViewDiffableDataSource`'s `applySnapshotUsingReloadData` does:
  /// every visible cell is made again.
  ///
  /// - Parameter completion: Runs once the view shows this snapshot (or a
  ///   newer one that replaced it while it waited).
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
  private func startNextTransaction() {
    guard let transaction = transactions.start() else { return }
    let old = _snapshot
    let new = transaction.snapshot
    guard transaction.mode != .reload else {
      reload(new)
      return
    }
    let mode = transaction.mode
    let updateKind = updateKind
    let diff = _diff
    if old.numberOfItems + new.numberOfItems > backgroundDiffThreshold {
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

  private func stageAndPerform(
    _ changes: Changeset, old: Snapshot<SectionModel, Item>, new: Snapshot<SectionModel, Item>,
    mode: ApplyMode
  ) {
    var changes = changes
    settleUpdateKinds(&changes, old: old, new: new)
    if let reloadThreshold, changes.count > reloadThreshold {
      reload(new)
    } else {
      performStage(0, of: _staging(changes, old, new), target: new, animated: mode == .animated)
    }
  }

  /// Performs the stages from `index` on, each once the previous one's
  /// batch completed, then ends the transaction.
  private func performStage(
    _ index: Int, of staged: StagedChangeset<SectionModel, Item>,
    target: Snapshot<SectionModel, Item>, animated: Bool
  ) {
    guard index < staged.count else {
      _snapshot = target.withoutMarks
      finishTransaction()
      return
    }
    let stage = staged[index]
    host.performBatch(
      stage.changeset, animated: animated,
      updateData: { self._snapshot = stage.snapshot },
      completion: {
        self.performStage(index + 1, of: staged, target: target, animated: animated)
      })
  }

  private func reload(_ new: Snapshot<SectionModel, Item>) {
    _snapshot = new.withoutMarks
    host.reloadData()
    finishTransaction()
  }

  /// Ends the running transaction: runs its completions (each once, nothing
  /// running while they do), then starts the next one.
  private func finishTransaction() {
    let completions = transactions.finish()
    pruneHeights()
    for completion in completions { completion() }
    startNextTransaction()
  }
}
