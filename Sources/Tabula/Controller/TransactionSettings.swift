/// How a ``ListController``'s transactions diff, when they reload instead
/// and when they reach the view: its ``ListController/updateKind``,
/// ``ListController/reloadThreshold``,
/// ``ListController/backgroundDiffThreshold``,
/// ``ListController/transactionTiming`` and
/// ``ListController/scrollAnchoring``.
struct TransactionSettings<Item: Diffable> {
  /// Whether a changed item's cell can be refreshed in place or must be
  /// replaced.
  var updateKind: @Sendable (_ old: Item, _ new: Item) -> UpdateKind = { _, _ in .reconfigure }
  /// The number of operations above which an animated apply reloads.
  var reloadThreshold: Int?
  /// The combined size of two snapshots above which the diff runs off the
  /// main actor.
  var backgroundDiffThreshold = 20_000
  /// Whether a transaction waits for the animations of the one before it.
  var timing = TransactionTiming.afterAnimations
  /// Whether the host keeps the reading position through a batch.
  var scrollAnchoring = ScrollAnchoring.firstVisibleRow
}
