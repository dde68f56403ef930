/// What a list view counts of the updates it performed, for tests and
/// benchmarks to read: reloads, batches (and those asked for without
/// animation, by a view that tells them apart), and rows the user moved.
package struct ListHostUpdateCounts: Equatable, Sendable {
  /// How many times the view reloaded all its data.
  package var reloadCount = 0
  /// How many batch updates the view performed.
  package var batchCount = 0
  /// How many batches were asked for without animation
  /// (`ListHost.performBatch` with `animated` false).
  package var unanimatedBatchCount = 0
  /// How many rows the user moved.
  package var userMoveCount = 0

  /// No updates yet.
  package init() {}
}
