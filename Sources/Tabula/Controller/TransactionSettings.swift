/// How a ``ListController``'s transactions diff and when they reload
/// instead: its ``ListController/updateKind``,
/// ``ListController/reloadThreshold`` and
/// ``ListController/backgroundDiffThreshold``.
struct TransactionSettings<Item: Diffable> {
  /// Whether a changed item's cell can be refreshed in place or must be
  /// replaced.
  var updateKind: @Sendable (_ old: Item, _ new: Item) -> UpdateKind = { _, _ in .reconfigure }
  /// The number of operations above which an animated apply reloads.
  var reloadThreshold: Int?
  /// The combined size of two snapshots above which the diff runs off the
  /// main actor.
  var backgroundDiffThreshold = 20_000
}
