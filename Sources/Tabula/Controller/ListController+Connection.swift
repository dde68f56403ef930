// Following a data source: the controller shows its snapshot and every
// later one it announces, and keeps it alive while connected.

extension ListController {
  /// Shows `source`'s snapshot, and every later one it announces, through
  /// batch updates, animated unless `animatingDifferences` is false.
  /// Replaces any source connected before.
  ///
  /// The controller keeps `source` alive while it is connected (until
  /// ``disconnect()``, another `connect`, or the controller's end), so a
  /// source made for the screen needs no other owner:
  ///
  /// ```swift
  /// controller.connect(to: ComposedSource([profile, posts]))
  /// ```
  public func connect(
    to source: some SnapshotSource<SectionModel, Item>, animatingDifferences: Bool = true
  ) {
    // The observer holds the source weakly (the controller holds it), so the
    // source never keeps itself alive through its own observer list.
    let observation = source.observe { [weak self, weak source] in
      guard let self, let source else { return }
      self.apply(from: source, animatingDifferences: animatingDifferences)
      self.sourceStateDidChange(source.state, itemCount: source.snapshot.numberOfItems)
    }
    forgetHistory()
    connection = SourceConnection(source, observation: observation)
    status.lastState = source.state
    apply(source.snapshot, animatingDifferences: animatingDifferences)
  }

  /// Applies `source`'s snapshot, with its last change when it reports one
  /// (``ChangeReportingSource``).
  private func apply(
    from source: some SnapshotSource<SectionModel, Item>, animatingDifferences: Bool
  ) {
    if !userEdits.state.hidesNothing {
      // Rows a running swipe action removed stay hidden; drops' placeholder
      // rows stay.
      apply(userEdits.state.visible(source.snapshot), animatingDifferences: animatingDifferences)
    } else if let reporting = connection?.changeReporter, reporting === source,
      let change = reporting.lastChange
    {
      apply(source.snapshot, changes: change, animatingDifferences: animatingDifferences)
    } else {
      apply(source.snapshot, animatingDifferences: animatingDifferences)
    }
  }

  /// Stops following the connected source, and releases it.
  public func disconnect() {
    forgetHistory()
    connection = nil
  }

  /// The undo history belongs to the data it was made on: a new source
  /// starts without one (the source it was made on hears that it can let
  /// go of what it kept for it).
  private func forgetHistory() {
    guard userEdits.state.history.canUndo || userEdits.state.history.canRedo else { return }
    userEdits.state.history.removeAll()
    userEdits.historyChanged()
  }
}
