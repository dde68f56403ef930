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
/// One whenever the whole change is valid as one batch under UIKit's rules.
/// Otherwise two: first the contents of the items that cannot be updated in
/// the structural batch are refreshed where they are (no structural
/// change), then the structure changes. The reasons, from UIKit's batch
/// rules:
///
/// - A row cannot be reloaded and moved in one batch ("attempt to perform a
///   delete and a move from the same index path"), and reconfiguring a moved
///   row is not defined.
/// - UIKit turns a reload into a delete at the old position and an insert at a
///   position it computes from the batch's deletes and inserts *only*, never
///   its moves. When moves shift the row, that insert lands in the wrong place
///   or on a move's destination ("attempt to perform an insert and a move to
///   the same index path"). Such reloads go first, unless the positions
///   UIKit computes for a set of reloads are exactly their own positions
///   (two swapped sections reloading their rows: each new cell lands where
///   the other's is, itself new); those stay.
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
      let goesFirst = Self._updatesGoingFirst(changes)
      var late: [ItemUpdate] = []
      for (index, update) in changes.itemUpdates.enumerated() {
        if goesFirst[index] {
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
    refreshed._replaceItemsKeepingStorage(at: early.map(\.from), with: earlyItems)
    var contents = Changeset()
    contents.itemUpdates = early
    stages = [
      Stage(changeset: contents, snapshot: refreshed), Stage(changeset: changes, snapshot: final),
    ]
  }

  /// Which of `changes`' item updates cannot be in its batch, so go first
  /// in a batch of their own (by index in `changes.itemUpdates`):
  ///
  /// - Updates of moved items: a row cannot be reloaded and moved in one
  ///   batch ("attempt to perform a delete and a move from the same index
  ///   path"), and reconfiguring a moved row is not defined.
  /// - Reloads UIKit would misplace. UIKit turns a reload into a delete at
  ///   the old path and an insert at that path shifted by the batch's
  ///   deletes and inserts, never its moves (TabulaTesting's *UIKit's
  ///   batch rules*, rule 4). The other rows fill the positions no insert or move takes, in
  ///   order, so the batch is valid and shows the right rows exactly when
  ///   the positions UIKit infers for the reloads are, as a set, the
  ///   reloaded rows' own. A reload inferred at its own position stays; so
  ///   does each cycle of reloads where each one's inferred position is
  ///   the next one's own (two swapped sections reloading their first
  ///   rows: each new cell lands where the other's row is, itself new).
  ///   Every other reload would land on a row that keeps its cell, on a
  ///   move's destination, beside another insert or outside its section's
  ///   count: it goes first.
  ///
  /// So the batch stays one whenever the changeset as one batch is valid.
  ///
  /// - Complexity: Expected O(u + k log k), u the updates, k the deletes
  ///   and inserts.
  @inlinable
  static func _updatesGoingFirst(_ changes: Changeset) -> [Bool] {
    let updates = changes.itemUpdates
    var first = [Bool](repeating: false, count: updates.count)
    let moved = Set(changes.itemMoves.map(\.from))
    // Made at the first reload that is not moved: grouping and sorting the
    // deletes and inserts costs more than the rest of this, and a change
    // without reloads (reconfigured rows) never needs it.
    var inference: ReloadInference?
    // Reloads not in place: each one's inferred position, and which of
    // them is at each position.
    var misplaced: [(update: Int, inferred: ItemPath)] = []
    var misplacedAt: [ItemPath: Int] = [:]
    for (index, update) in updates.enumerated() {
      if moved.contains(update.from) {
        first[index] = true
      } else if update.kind == .reload {
        if inference == nil { inference = ReloadInference(changes) }
        let inferred = inference!.destination(of: update.from)
        guard inferred != update.to else { continue }
        misplacedAt[update.to] = misplaced.count
        misplaced.append((index, inferred))
      }
    }
    guard !misplaced.isEmpty else { return first }
    // Each misplaced reload points to the one whose position UIKit gives
    // it; those on cycles of that map stay, the others go first. Every
    // walk marks its nodes with its number, so each node is walked once.
    var walk = [Int](repeating: -1, count: misplaced.count)
    var onCycle = [Bool](repeating: false, count: misplaced.count)
    for start in misplaced.indices where walk[start] < 0 {
      var node: Int? = start
      while let current = node, walk[current] < 0 {
        walk[current] = start
        node = misplacedAt[misplaced[current].inferred]
      }
      // A node of this walk reached again closes a cycle.
      guard let closing = node, walk[closing] == start else { continue }
      var member = closing
      repeat {
        onCycle[member] = true
        member = misplacedAt[misplaced[member].inferred]!
      } while member != closing
    }
    for (node, reload) in misplaced.enumerated() where !onCycle[node] {
      first[reload.update] = true
    }
    return first
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
