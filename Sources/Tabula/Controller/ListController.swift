// ListController: the type, its state and its initializers. Each of its
// concerns has a file of its own:
// - ListController+Transactions.swift: apply, and the running of the
//   TransactionQueue (the queue's rules are in TransactionQueue.swift);
// - ListController+Cells.swift: the data source a host reads;
// - ListController+Heights.swift: heights, cached;
// - ListController+Resources.swift: provide(_:key:for:);
// - ListController+Selection.swift: selections, to presenters and didSelect;
// - ListController+Presenters.swift: the registry's answers, and its changes;
// - ListController+Connection.swift: following a SnapshotSource;
// - ListController+Editing.swift: edits of the latest snapshot.

/// Owns the snapshot a list shows and drives one ``ListHost`` with animated
/// batch updates it accepts.
///
/// Cells come from a ``PresenterRegistry`` (each model type has its
/// presenter) or from a closure:
///
/// ```swift
/// let presenters = PresenterRegistry<UITableViewCell>()
/// presenters.register(UserPresenter(), for: User.self)
/// presenters.register(PostPresenter(), for: Post.self)
/// let controller = ListController<SectionInfo, AnyItem, UITableViewCell>(
///   host: tableView, presenters: presenters)
/// controller.apply(feed)                        // animated
/// await controller.apply(next)                  // returns once the view shows it
/// ```
///
/// ## Transactions
///
/// Each ``apply(_:animatingDifferences:completion:)`` is a transaction: diff the snapshot
/// the view shows against the new one, stage the changes
/// (``StagedChangeset``) and perform the stages one after another, waiting
/// for each batch's animation. Transactions run one at a time, in the order
/// they were asked for. While one runs, newer snapshots wait; when several
/// wait, only the latest is applied (reload and reconfigure marks of the
/// skipped ones are kept for items still present), and every caller's
/// completion runs exactly once, when the view shows a snapshot at least as
/// new as theirs.
///
/// A transaction starts at once when none runs: a small diff is computed and
/// sent to the host before `apply` returns. A diff of more than
/// ``backgroundDiffThreshold`` items runs off the main actor. A change with
/// more than ``reloadThreshold`` operations reloads the view instead, as
/// ``applyUsingReloadData(_:completion:)`` always does.
///
/// ## Presenters
///
/// With a registry, the controller dequeues and configures each cell with the
/// presenter for its model (an ``AnyItem`` is unwrapped first), sends
/// selections to it, caches heights per item until the item's content, the
/// width or the registry changes, reloads (rather than reconfigures) an
/// updated row whose presenter or reuse identifier changed, and refreshes the
/// visible rows when the registry changes (a new style).
/// ``provide(_:key:for:)`` hands a resource to the visible rows that want it.
///
/// A model that no presenter presents (a new kind of row from a server) does
/// not stop the app: its row shows the host's
/// ``ListHost/fallbackCell(for:message:)``, its height is the host's default,
/// a selection reaches only ``didSelect``, and the
/// ``PresenterError`` message is reported to ``TabulaLog`` once per model
/// type.
@MainActor
public final class ListController<SectionModel: Diffable, Item: Diffable, Cell>: ListHostDataSource
{
  /// Makes the cell for an item: dequeue it from the host, configure it.
  public typealias CellProvider =
    @MainActor (
      _ host: any ListHost<Cell>, _ path: ItemPath, _ item: Item
    ) -> Cell

  /// The snapshot the host shows now (during a multi-stage update, the
  /// current stage's).
  public var snapshot: Snapshot<SectionModel, Item> { _snapshot }

  // Unchecked: only the main actor touches it, and no access overlaps another
  // (the checks cost a runtime call on every cell's path).
  @exclusivity(unchecked) @usableFromInline var _snapshot: Snapshot<SectionModel, Item>

  /// The diff and the staging, specialised for the item type where the
  /// controller is created (this generic class itself is compiled once, for
  /// every type).
  @usableFromInline let _diff:
    @Sendable (
      Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>,
      @escaping @Sendable (Item, Item) -> UpdateKind
    ) -> Changeset
  @usableFromInline let _staging:
    @Sendable (Changeset, Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>) ->
      StagedChangeset<SectionModel, Item>
  /// The item at a path of the shown snapshot, read in place (in this
  /// generic class, `_snapshot[path]` would copy the whole snapshot value
  /// for every cell).
  @usableFromInline let _item: @MainActor (ListController, ItemPath) -> Item?
  /// Makes the cell at a path, specialised the same way: this is the path of
  /// every row that scrolls into view.
  @usableFromInline let _makeCell: @MainActor (ListController, any ListHost<Cell>, ItemPath) -> Cell

  /// The host this controller drives.
  public let host: any ListHost<Cell>

  /// Makes and configures cells, when there are no ``presenters``.
  public var cellProvider: CellProvider?

  /// The presenters that make, configure and update cells, if any.
  public let presenters: PresenterRegistry<Cell>?

  /// Whether a changed item's cell can be refreshed in place (`.reconfigure`)
  /// or must be replaced (`.reload`). Runs off the main actor for large
  /// diffs. With presenters, a row whose presenter or reuse identifier
  /// changes is reloaded in any case.
  public var updateKind: @Sendable (_ old: Item, _ new: Item) -> UpdateKind = { _, _ in
    .reconfigure
  }

  /// The number of operations above which an animated apply reloads the view
  /// instead (a huge change animates poorly anyway); `nil` never does.
  public var reloadThreshold: Int?

  /// The combined size of the two snapshots above which the diff runs on a
  /// background task instead of the main actor.
  public var backgroundDiffThreshold = 20_000

  /// Called when the user selects an item (after its presenter, if any).
  public var didSelect: (@MainActor (_ item: Item, _ path: ItemPath) -> Void)?

  /// Called when the user selects a section's header: with a
  /// ``CollapsingSource``, to collapse or expand it.
  ///
  /// ```swift
  /// controller.didSelectHeader = { section, _ in try? mail.toggleSection(section.id) }
  /// ```
  public var didSelectHeader: (@MainActor (_ section: SectionModel, _ index: Int) -> Void)?

  /// The height of an item for a list of a given width, or `nil` for the
  /// host's default, when there are no ``presenters``. Cached like
  /// presenters' answers; setting it drops the answers cached before.
  public var heightProvider:
    (@MainActor (_ item: Item, _ path: ItemPath, _ width: Double) -> Double?)?
  {
    didSet { heightVersion += 1 }
  }

  /// The snapshot most recently passed to `apply`: what the view will show
  /// once the transactions in flight end.
  ///
  /// Reload and reconfigure marks are those still to be applied: a waiting
  /// snapshot keeps its marks; the running one (being applied) and the one
  /// on screen have none, so an edit made from them refreshes a row once.
  public var latestSnapshot: Snapshot<SectionModel, Item> {
    transactions.latestSnapshot(shown: _snapshot)
  }

  /// Whether a transaction is running.
  public var isUpdating: Bool { transactions.isRunning }

  /// The data source this controller follows, if any, held strongly while
  /// connected, with the observation of its changes.
  var connection: (source: AnyObject, observation: ObservationToken)?

  /// The registration with ``presenters`` for their changes; released (and
  /// so ended) with the controller.
  private var presentersObservation: ObservationToken?

  /// The transaction running and the one waiting, with their completions.
  var transactions = TransactionQueue<SectionModel, Item>()
  /// The reuse identifiers the host is known to dequeue.
  @usableFromInline var cellRegistrations = CellRegistrations()
  /// The heights answered, per item.
  var heights: [Item.ID: CachedHeight] = [:]
  /// Increases when the presenters change: every height the
  /// ``heightProvider`` answered is stale (presenters' answers are keyed by
  /// presenter and style instead).
  var heightVersion = 0
  /// The measured and answered heights so far, per presenter id (and over
  /// all, key `Int.min`): the estimate of rows not measured yet.
  var heightAverages: [Int: (sum: Double, count: Int)] = [:]
  /// The cells on screen, by identity, with the model each showed when it
  /// appeared and its presenter: what `didEndDisplaying` is sent to.
  var displayed: [ObjectIdentifier: (model: Any, entry: PresenterEntry<Cell>?)] = [:]
  /// Model types whose invalid heights were reported.
  var invalidHeightTypes: Set<ObjectIdentifier> = []
  var reportedSectionViewMismatches: Set<String> = []
  /// Counts the user edits adopted; a transaction staged before the last
  /// one is staged again.
  var userEditEpoch = 0
  /// The ``userEditEpoch`` the running transaction was staged at.
  var stagedEpoch = 0
  var reportedReadOnlySource = false

  /// Whether the user may move a row (overrides the presenters'
  /// ``Presenter/canMove(_:)``).
  public var canMoveItem: (@MainActor (_ item: Item, _ path: ItemPath) -> Bool)?

  /// Where the user may drop rows they move (``MovePolicy/anywhere`` by
  /// default).
  public var movePolicy = MovePolicy.anywhere

  /// Redirects a drop: given the row, where it comes from and where it
  /// would land (after ``movePolicy``), the path it lands at (`from` keeps
  /// it in place).
  public var moveTarget:
    (@MainActor (_ item: Item, _ from: ItemPath, _ proposed: ItemPath) -> ItemPath)?

  /// How many rows the user may select: ``SelectionMode/none`` by default.
  /// Setting it to fewer rows than are selected deselects all.
  public var selectionMode = SelectionMode.none {
    didSet {
      if selectionMode == .none || (selectionMode == .single && selection.count > 1) {
        deselectAll()
      }
    }
  }

  /// Whether the list is in editing mode (UIKit's `isEditing`): hosts show
  /// selection marks and move handles, and a tap toggles the selection in
  /// ``SelectionMode/multiple``.
  public var isEditing = false {
    didSet { if isEditing != oldValue { editingDidChange?() } }
  }

  /// Called when ``isEditing`` changes.
  public var editingDidChange: (@MainActor () -> Void)?

  /// Called when the selection changes (a tap, an edit that deleted a
  /// selected row, ``select(_:)``...).
  public var selectionDidChange: (@MainActor () -> Void)?

  /// The selected ids, in the order selected, and as a set.
  var selection: [Item.ID] = []
  var selectionSet: Set<Item.ID> = []

  /// Whether the user may delete a row (overrides the presenters'
  /// ``Presenter/canDelete(_:)``).
  public var canDeleteItem: (@MainActor (_ item: Item, _ path: ItemPath) -> Bool)?

  /// The user edits that can be undone and redone (``undo()``, ``redo()``).
  public internal(set) var history = EditHistory<SectionModel, Item>()
  /// Follows the saving of the user edits written so far, in order.
  var lastWrite: Task<Void, Never>?

  /// Called when ``history`` changes (an edit, an undo, a redo): the UIKit
  /// glue registers undo steps then, a terminal shows the name.
  public var historyDidChange: (@MainActor () -> Void)?

  /// Names undo steps from a verb ("Move", "Delete") and the items; by
  /// default the verb and the model type: "Move Contact", "Delete 3
  /// Contacts".
  public var editName: (@MainActor (_ verb: String, _ items: [Item]) -> String)?

  /// Hears a swipe action whose handler threw (with the action's title);
  /// without it, the error goes to ``TabulaLog``. A row the action removed
  /// is back by then.
  public var didFailSwipeAction: (@MainActor (_ error: any Error, _ title: String) -> Void)?

  /// Rows hidden while their swipe action runs, and where they were.
  var hiddenIDs: Set<Item.ID> = []
  var hiddenPlacements: [Item.ID: UserEdit<SectionModel, Item>.Placement] = [:]

  /// Hears a user edit the connected ``WritableSource`` could not write;
  /// without it, the error goes to ``TabulaLog``. The list has gone back
  /// to the source's snapshot by then.
  public var didFailToWrite:
    (@MainActor (_ error: any Error, _ edit: UserEdit<SectionModel, Item>) -> Void)?
  /// The registry's `sectionVersion` the host's section views were last
  /// refreshed for.
  var shownSectionVersion = 0
  /// The registry's `version` the visible cells were last refreshed for.
  var shownPresenterVersion = 0

  /// Creates a controller that shows `snapshot` in `host`, with cells from
  /// `cellProvider`, and becomes the host's data source.
  @inlinable
  public convenience init(
    host: some ListHost<Cell>,
    snapshot: Snapshot<SectionModel, Item> = Snapshot(),
    cellProvider: @escaping CellProvider
  ) {
    self.init(
      host: host, snapshot: snapshot, cellProvider: cellProvider, presenters: nil,
      item: { controller, path in controller._snapshot.item(at: path) },
      makeCell: { controller, host, path in controller._presentCell(host, path) },
      diff: { old, new, updateKind in
        Changeset._diff(old, new, updateKind: updateKind, avoidingSamePositionMoves: true)
      },
      staging: { changes, old, new in StagedChangeset(staging: changes, from: old, to: new) })
  }

  /// Creates a controller that shows `snapshot` in `host`, with cells from
  /// the presenters in `presenters`, and becomes the host's data source.
  @inlinable
  public convenience init(
    host: some ListHost<Cell>,
    snapshot: Snapshot<SectionModel, Item> = Snapshot(),
    presenters: PresenterRegistry<Cell>
  ) {
    self.init(
      host: host, snapshot: snapshot, cellProvider: nil, presenters: presenters,
      item: { controller, path in controller._snapshot.item(at: path) },
      makeCell: { controller, host, path in controller._presentCell(host, path) },
      diff: { old, new, updateKind in
        Changeset._diff(old, new, updateKind: updateKind, avoidingSamePositionMoves: true)
      },
      staging: { changes, old, new in StagedChangeset(staging: changes, from: old, to: new) })
  }

  @usableFromInline
  init(
    host: some ListHost<Cell>, snapshot: Snapshot<SectionModel, Item>,
    cellProvider: CellProvider?, presenters: PresenterRegistry<Cell>?,
    item: @escaping @MainActor (ListController, ItemPath) -> Item?,
    makeCell: @escaping @MainActor (ListController, any ListHost<Cell>, ItemPath) -> Cell,
    diff:
      @escaping @Sendable (
        Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>,
        @escaping @Sendable (Item, Item) -> UpdateKind
      ) -> Changeset,
    staging:
      @escaping @Sendable (
        Changeset, Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>
      ) -> StagedChangeset<SectionModel, Item>
  ) {
    self.host = host
    self._snapshot = snapshot.withoutMarks
    self.cellProvider = cellProvider
    self.presenters = presenters
    self._item = item
    self._makeCell = makeCell
    self._diff = diff
    self._staging = staging
    shownSectionVersion = presenters?.sectionVersion ?? 0
    shownPresenterVersion = presenters?.version ?? 0
    presentersObservation = presenters?.observeChanges { [weak self] in
      self?.presentationChanged()
    }
    host.hostDataSource = self
    host.reloadData()
  }

}
