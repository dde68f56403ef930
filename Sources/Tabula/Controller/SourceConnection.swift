/// The source a ``ListController`` follows: held strongly while connected,
/// with the observation of its changes.
struct SourceConnection {
  /// The source (a ``SnapshotSource``).
  let source: AnyObject
  /// Its observation, cancelled when the connection ends.
  let observation: ObservationToken
  /// The source, if it wants to know which rows show (cast once, not for
  /// every cell that appears).
  let rowObserver: (any VisibleRowsObserving)?
}
