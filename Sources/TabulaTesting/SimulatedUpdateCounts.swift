/// What a ``SimulatedListView`` counts of the updates it performed, for
/// tests to read (the view's ``SimulatedListView/batchCount``,
/// ``SimulatedListView/batchLog`` and the others forward here): reloads,
/// batches and their operations, unanimated batches, and rows the user
/// moved.
struct SimulatedUpdateCounts {
  /// How many times the view reloaded all its data.
  var reloadCount = 0
  /// How many batch updates the view performed.
  var batchCount = 0
  /// The operations of every batch update the view performed, in order.
  var batchLog: [BatchOperations] = []
  /// How many batches a `ListController` asked to perform without animation.
  var unanimatedBatchCount = 0
  /// How many rows the user moved.
  var userMoveCount = 0

  /// Counts a batch that performed `operations`.
  mutating func recordBatch(_ operations: BatchOperations) {
    batchCount += 1
    batchLog.append(operations)
  }
}
