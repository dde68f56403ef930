/// The changes between two snapshots, split into the fewest batches that a
/// `UITableView` or `UICollectionView` accepts, each with the snapshot the view
/// must show once it is applied.
///
/// Apply the stages in order, each once the one before has finished: make
/// its ``Stage/snapshot`` the data source's data and perform its
/// ``Stage/changeset`` as one batch update. A ``ListController`` does
/// exactly this with its ``ListHost``:
///
/// ```swift
/// let stages = StagedChangeset(from: shown, to: next)
/// func perform(_ index: Int) {
///   guard index < stages.count else { return }
///   host.performBatch(
///     stages[index].changeset, animated: true,
///     updateData: { shown = stages[index].snapshot },  // the data source's data from now on
///     completion: { perform(index + 1) })
/// }
/// perform(0)
/// ```
///
/// ## How many batches
///
/// One, unless an item is both updated and moved, or must be reloaded where
/// UIKit would misplace it. Then two: first the contents of those items are
/// refreshed where they are (no structural change), then the structure
/// changes. The reasons, from UIKit's batch rules:
///
/// - A row cannot be reloaded and moved in one batch ("attempt to perform a
///   delete and a move from the same index path"), and reconfiguring a moved
///   row is not defined.
/// - UIKit turns a reload into a delete at the old position and an insert at a
///   position it computes from the batch's deletes and inserts *only*, never
///   its moves. When moves shift the row, that insert lands in the wrong place
///   or on a move's destination ("attempt to perform an insert and a move to
///   the same index path"). Such reloads go first.
///
/// No change needs more than two batches. Within a batch, deletes and move
/// sources use old positions, inserts and move destinations new ones, as
/// UIKit requires. A move whose old and new positions are equal, which strict
/// UIKit rejects, is sent as a delete plus an insert. Items leaving a deleted
/// section or entering an inserted one are deletes and inserts, never moves.
/// `TabulaTesting`'s simulated views enforce every rule and test these
/// batches.
public struct StagedChangeset<SectionModel: Diffable, Item: Diffable>: Sendable,
  RandomAccessCollection
{
  /// One batch update and the snapshot the view shows after it.
  public struct Stage: Sendable {
    /// The operations of the batch.
    public var changeset: Changeset
    /// The data the view must show once the batch is applied.
    public var snapshot: Snapshot<SectionModel, Item>

    /// Creates a stage.
    @inlinable
    public init(changeset: Changeset, snapshot: Snapshot<SectionModel, Item>) {
      self.changeset = changeset
      self.snapshot = snapshot
    }
  }

  /// The batches, in order. Empty when nothing changed.
  public var stages: [Stage]

  /// Stages the changes that turn `old` into `new`.
  ///
  /// - Parameters:
  ///   - old: The snapshot the view shows now.
  ///   - new: The snapshot it should show. Its reload and reconfigure marks
  ///     become updates; the stages' snapshots carry no marks.
  ///   - updateKind: Whether a changed item's cell can be refreshed in place;
  ///     see ``Changeset/init(from:to:updateKind:)``.
  /// - Complexity: That of the diff, plus O(u log u) for u reloads when the
  ///   change also moves rows.
  @inlinable
  public init(
    from old: Snapshot<SectionModel, Item>,
    to new: Snapshot<SectionModel, Item>,
    updateKind: (_ old: Item, _ new: Item) -> UpdateKind = { _, _ in .reconfigure }
  ) {
    self.init(
      staging: Changeset._diff(old, new, updateKind: updateKind, avoidingSamePositionMoves: true),
      from: old, to: new)
  }

  /// Stages a changeset computed with
  /// ``Changeset/_diff(_:_:updateKind:avoidingSamePositionMoves:)`` and no
  /// same-position moves (a list controller diffs off the main actor, then
  /// settles update kinds with its presenters before staging).
  @inlinable
  init(
    staging changes: Changeset, from old: Snapshot<SectionModel, Item>,
    to new: Snapshot<SectionModel, Item>
  ) {
    var changes = changes
    let final = new.withoutMarks
    guard !changes.isEmpty else {
      stages = []
      return
    }
    var early: [ItemUpdate] = []
    var earlyItems: [Item] = []
    if changes.hasMoves && !changes.itemUpdates.isEmpty {
      let moved = Set(changes.itemMoves.map(\.from))
      let inference = ReloadInference(changes)
      var late: [ItemUpdate] = []
      for update in changes.itemUpdates {
        if moved.contains(update.from)
          || (update.kind == .reload && inference.destination(of: update.from) != update.to)
        {
          early.append(ItemUpdate(from: update.from, to: update.from, kind: update.kind))
          earlyItems.append(new[update.to])
        } else {
          late.append(update)
        }
      }
      changes.itemUpdates = late
    }
    guard !early.isEmpty else {
      stages = [Stage(changeset: changes, snapshot: final)]
      return
    }
    var refreshed = old.withoutMarks
    _trapping { () throws(SnapshotError) in
      try refreshed.updateItems(earlyItems)
    }
    var contents = Changeset()
    contents.itemUpdates = early
    stages = [
      Stage(changeset: contents, snapshot: refreshed), Stage(changeset: changes, snapshot: final),
    ]
  }

  /// "stage 3 is out of range: there is 1 stage (valid index is 0)".
  @inline(never)
  func _outOfRangeMessage(_ position: Int) -> String {
    let valid: String
    switch stages.count {
    case 0: valid = "there are no stages"
    case 1: valid = "there is 1 stage (valid index is 0)"
    default: valid = "there are \(stages.count) stages (valid indices are 0..<\(stages.count))"
    }
    return "stage \(position) is out of range: \(valid)"
  }

  /// The index of the first stage.
  public var startIndex: Int { stages.startIndex }
  /// The index after the last stage.
  public var endIndex: Int { stages.endIndex }
  /// The stage at `position`.
  ///
  /// - Precondition: `0 <= position < count`; otherwise this traps with a
  ///   message naming the position and the valid range.
  public subscript(position: Int) -> Stage {
    precondition(position >= 0 && position < stages.count, _outOfRangeMessage(position))
    return stages[position]
  }
}
