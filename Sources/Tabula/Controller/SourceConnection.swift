/// The source a ``ListController`` follows: held strongly while connected,
/// with the observation of its changes and what else it can do, resolved
/// once when it connects.
struct SourceConnection<SectionModel: Diffable, Item: Diffable> {
  /// The source.
  let source: any SnapshotSource<SectionModel, Item>
  /// Its observation, cancelled when the connection ends.
  let observation: ObservationToken
  /// The source, if it takes the user's edits.
  let writer: (any WritableSource<SectionModel, Item>)?
  /// The source, if it says what changed with each snapshot.
  let changeReporter: (any ChangeReportingSource<SectionModel, Item>)?
  /// The source, if its rows are an outline it expands and collapses.
  let outline: (any OutlineControlling)?
  /// Whether the source writes moves to its tree (an outline's rows change
  /// parents), so that outline rows may move.
  let writesTree: Bool
  /// The source, if its error rows retry a load.
  let retrier: (any RetryingSource)?
  /// The source, if it wants to know which rows show.
  let rowObserver: (any VisibleRowsObserving)?

  init(_ source: some SnapshotSource<SectionModel, Item>, observation: ObservationToken) {
    self.source = source
    self.observation = observation
    writer = source as? any WritableSource<SectionModel, Item>
    changeReporter = source as? any ChangeReportingSource<SectionModel, Item>
    outline = source as? any OutlineControlling
    writesTree = source is any OutlineWriting
    retrier = source as? any RetryingSource
    rowObserver = source as? any VisibleRowsObserving
  }

  /// The source's type, for messages.
  var sourceType: Any.Type { type(of: source) }
}
