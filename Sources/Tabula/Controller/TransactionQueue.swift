/// How a transaction reaches the view.
enum ApplyMode: Sendable {
  /// Batch updates, animated.
  case animated
  /// The same batch updates, without animation.
  case unanimated
  /// `reloadData`, no batch.
  case reload
}

/// The transactions of a ``ListController``: which one runs, which one
/// waits, how the waiting ones coalesce, and whose completions run when. A
/// value, so that every transition can be tested on its own; the controller
/// does the work (diff, stages, the host) and drives the queue.
///
/// ```
///                 enqueue (coalesces)         enqueue (coalesces)
///                       ┌─────┐                     ┌─────┐
///           enqueue     ▼     │      finish()       ▼     │
///   idle ────────────▶ waiting ◀──────────── running + waiting
///    ▲                    │                          ▲
///    │                    │ start()                  │ enqueue
///    │      finish()      ▼                          │
///    └──────────────── running ──────────────────────┘
/// ```
///
/// - At most one transaction runs; at most one waits. An ``enqueue(_:mode:completion:)``
///   while one waits replaces its snapshot with the new one, keeping the
///   replaced snapshot's reload and reconfigure marks for the items and
///   sections the new one still has: a refresh asked for is never lost.
/// - The waiting mode: a waiting ``ApplyMode/reload`` is never downgraded
///   to batch updates; otherwise the latest call decides whether batches
///   animate.
/// - Completions are collected, one per call that passed one, and move with
///   their transaction from waiting to running. ``finish()`` hands them back
///   once: each runs exactly once, when the view shows a snapshot at least
///   as new as its caller's.
/// - ``start()`` hands the controller the snapshot with its marks (the diff
///   turns them into updates) and keeps it without marks as the running
///   snapshot: ``latestSnapshot(shown:)`` then has marks only while they are
///   still to be applied.
struct TransactionQueue<SectionModel: Diffable, Item: Diffable> {
  /// Runs once the view shows a transaction's snapshot.
  typealias Completion = @MainActor () -> Void

  /// What a transaction shows, and how.
  struct Transaction {
    /// The snapshot to show, with the reload and reconfigure marks still to
    /// apply (none once it runs).
    var snapshot: Snapshot<SectionModel, Item>
    /// How it reaches the view.
    var mode: ApplyMode
    /// The changes that make `snapshot` from the snapshot they start from,
    /// when the caller knew them (the controller uses them instead of a
    /// diff if the view shows that snapshot).
    var known: SnapshotChange<SectionModel, Item>? = nil
  }

  /// A transaction with the completions of the calls it answers.
  private struct Entry {
    var transaction: Transaction
    var completions: [Completion]
  }

  private var pendingEntry: Entry?
  private var runningEntry: Entry?

  /// Whether a batch is being handed to the host: its callbacks then ask
  /// about the controller's `snapshot`, the batch's data, which may differ
  /// from the snapshot the transaction ends at.
  var isPerformingBatch = false

  /// How transactions diff, when they reload instead and when they reach
  /// the view.
  var settings = TransactionSettings<Item>()

  /// The transaction waiting to start, if any.
  var pending: Transaction? { pendingEntry?.transaction }

  /// The running transaction, its snapshot without marks, if any.
  var running: Transaction? { runningEntry?.transaction }

  /// Whether a transaction is running.
  var isRunning: Bool { runningEntry != nil }

  /// How many completions wait with the pending transaction.
  var pendingCompletionCount: Int { pendingEntry?.completions.count ?? 0 }

  /// How many completions wait for the running transaction to finish.
  var runningCompletionCount: Int { runningEntry?.completions.count ?? 0 }

  /// The snapshot the view shows once the transactions in flight end: the
  /// pending one (with its marks), else the running one (without marks),
  /// else `shown`.
  func latestSnapshot(shown: Snapshot<SectionModel, Item>) -> Snapshot<SectionModel, Item> {
    pendingEntry?.transaction.snapshot ?? runningEntry?.transaction.snapshot ?? shown
  }

  /// Queues `snapshot` (with the changes that make it, if `known`). A
  /// snapshot already waiting is replaced, its marks (for items and sections
  /// `snapshot` still has) and completions carried over, and the known
  /// changes dropped; a waiting reload stays a reload, else `mode` decides.
  ///
  /// - Complexity: O(m) for m marks of a replaced snapshot; O(1) otherwise.
  mutating func enqueue(
    _ snapshot: Snapshot<SectionModel, Item>, mode: ApplyMode,
    known: SnapshotChange<SectionModel, Item>? = nil, completion: Completion?
  ) {
    if var replaced = pendingEntry {
      replaced.transaction.snapshot = Self.carryingMarks(
        of: replaced.transaction.snapshot, into: snapshot)
      replaced.transaction.mode = replaced.transaction.mode == .reload ? .reload : mode
      // Known changes start from the replaced snapshot's base, not from what
      // the view will show: the coalesced transaction diffs.
      replaced.transaction.known = nil
      if let completion { replaced.completions.append(completion) }
      pendingEntry = replaced
    } else {
      pendingEntry = Entry(
        transaction: Transaction(snapshot: snapshot, mode: mode, known: known),
        completions: completion.map { [$0] } ?? [])
    }
  }

  /// Starts the pending transaction when none runs, and returns it, marks
  /// included; `nil`, changing nothing, when one runs or none waits.
  mutating func start() -> Transaction? {
    guard runningEntry == nil, let next = pendingEntry else { return nil }
    pendingEntry = nil
    runningEntry = Entry(
      transaction: Transaction(
        snapshot: next.transaction.snapshot.withoutMarks, mode: next.transaction.mode),
      completions: next.completions)
    return next.transaction
  }

  /// Ends the running transaction and returns its completions, for the
  /// caller to run (they are not kept: each is returned once).
  ///
  /// - Precondition: A transaction is running.
  mutating func finish() -> [Completion] {
    guard let finished = runningEntry else {
      preconditionFailure("finish() called with no transaction running")
    }
    runningEntry = nil
    return finished.completions
  }

  /// Ends the running transaction without running its completions: they
  /// move to the pending transaction, which supersedes it (its snapshot is
  /// newer). Returns `false`, changing nothing, when none is pending.
  mutating func supersedeRunning() -> Bool {
    guard let running = runningEntry, var pending = pendingEntry else { return false }
    pending.completions = running.completions + pending.completions
    pendingEntry = pending
    runningEntry = nil
    return true
  }

  /// `new`, with the reload and reconfigure marks of `replaced` added for the
  /// items and sections `new` still has: a refresh asked for is never lost.
  private static func carryingMarks(
    of replaced: Snapshot<SectionModel, Item>, into new: Snapshot<SectionModel, Item>
  ) -> Snapshot<SectionModel, Item> {
    guard !replaced.markedItems.isEmpty || !replaced.reloadedSectionIDs.isEmpty else {
      return new
    }
    var merged = new
    var reloads: [Item.ID] = []
    var reconfigures: [Item.ID] = []
    for (id, kind) in replaced.markedItems where new.contains(itemWithID: id) {
      if kind == .reload { reloads.append(id) } else { reconfigures.append(id) }
    }
    try? merged.reloadItems(reloads)
    try? merged.reconfigureItems(reconfigures)
    try? merged.reloadSections(replaced.reloadedSectionIDs.filter(new.contains(sectionWithID:)))
    return merged
  }
}
