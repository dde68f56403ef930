/// When a ``ListController``'s transactions reach the view, and so when
/// what the view shows equals what was applied.
public enum TransactionTiming: Sendable {
  /// Each transaction waits for the animations of the one before it:
  /// snapshots applied meanwhile wait, and only the latest of them is
  /// shown (their completions all run); a diff of more than
  /// ``ListController/backgroundDiffThreshold`` items runs off the main
  /// actor. The view shows an applied snapshot once its completion runs;
  /// ``ListController/latestSnapshot`` is the last one applied. The
  /// default: animations play to their end and a burst of updates costs
  /// one diff.
  case afterAnimations

  /// As Apple's diffable data sources: every apply diffs on the main actor
  /// and hands all of its batches to the view before it returns, animations
  /// still running or not. Once `apply` returns, the view, ``ListController/snapshot``
  /// and ``ListController/latestSnapshot`` are the snapshot applied;
  /// completions run after the animations, on a later turn of the main
  /// actor (never inside `apply`). What `TabulaUIKit`'s drop-in data
  /// sources use.
  case immediate
}
