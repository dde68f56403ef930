/// What a ``TerminalListView`` counts of its updates, for tests and
/// benchmarks to read (the view's ``TerminalListView/batchCount``,
/// ``TerminalListView/reloadCount`` and ``TerminalListView/userMoveCount``
/// forward here).
struct TerminalUpdateCounts {
  /// How many batch updates the view performed.
  var batchCount = 0
  /// How many times it reloaded all its data.
  var reloadCount = 0
  /// How many rows the user moved here (`m`, Enter).
  var userMoveCount = 0
}
