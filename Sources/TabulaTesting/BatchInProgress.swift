import Tabula

/// The batch update a ``SimulatedListView`` is building: how deeply batches
/// nest, the operations recorded so far, the counts they will be checked
/// against and the sections whose titles the batch refreshes; what
/// `ListHost.performBatch` gave it (the row to keep in place, the changeset
/// it performs); and the completions waiting for their animations.
struct BatchInProgress {
  /// How many batches are open (they nest); 0 outside a batch.
  var depth = 0
  /// The operations the batch being built recorded.
  var operations = BatchOperations()
  /// The row counts per section the batch is checked against: the view's
  /// when the outermost batch began.
  var countsBefore: [Int] = []
  /// Sections (after indices) whose titles the batch being built refreshes.
  var titleRefreshes: [Int] = []
  /// The row to keep in place through the batch being committed, set by
  /// `ListHost.performBatch`.
  var pendingAnchor: (anchor: ScrollAnchor, map: BatchPositionMap, oldCounts: [Int])?
  /// The changeset `ListHost.performBatch` is performing, if any, with the
  /// operations it makes.
  var pendingChangeset: (changes: Changeset, operations: BatchOperations)?
  /// Completions waiting to run: those of nested batches (until the
  /// outermost one's runs) and, with manual timing, those waiting for
  /// ``SimulatedListView/finishAnimations()``.
  var waitingCompletions: [@MainActor () -> Void] = []

  /// Whether a batch is open.
  var isOpen: Bool { depth > 0 }

  /// Starts the outermost batch, checked against `counts`.
  mutating func begin(countsBefore counts: [Int]) {
    countsBefore = counts
    operations = BatchOperations()
    titleRefreshes = []
  }

  /// The operations and title refreshes recorded, which the batch forgets.
  mutating func takeRecorded() -> (operations: BatchOperations, titleRefreshes: [Int]) {
    defer {
      operations = BatchOperations()
      titleRefreshes = []
    }
    return (operations, titleRefreshes)
  }

  /// The changeset `performBatch` gave when it makes exactly `operations`
  /// (then heights can follow it in place); either way it is forgotten.
  mutating func takeChangeset(makingExactly operations: BatchOperations) -> Changeset? {
    defer { pendingChangeset = nil }
    return pendingChangeset.flatMap { $0.operations == operations ? $0.changes : nil }
  }

  /// The completions waiting, which the batch forgets.
  mutating func takeWaitingCompletions() -> [@MainActor () -> Void] {
    defer { waitingCompletions = [] }
    return waitingCompletions
  }
}
