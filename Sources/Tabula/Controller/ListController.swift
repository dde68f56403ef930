// ListController: a coordinator of named parts, each in a file of its own
// with tests of its own:
// - TransactionQueue (the order and coalescing of applies) and
//   TransactionSettings; ListController+Transactions.swift runs them;
// - CellRegistrations (the identifiers the host can dequeue) and
//   DisplayedCells (the cell lifecycle's pairing);
// - RowHeights (Sizing/HeightCache.swift: heights cached by what answered
//   them, and the averages that estimate the rest);
// - SelectionState (ids, mode, editing, and its transitions);
// - UserEdits (UserEdits/): the user's moves, drops, deletes, swipe
//   actions, undo and redo, reaching the controller only through the
//   UserEditList boundary; its UserEditState holds the app's rules, the
//   history, epochs, saves in flight and rows hidden by swipes;
// - SourceConnection (the source followed) and PresenterTracking (what the
//   host last saw of the registry);
// - HostEvents: what the host asks and tells, kept out of the public API.
// The extensions are the controller's concerns: +Transactions, +Editing
// (edits of the latest snapshot), +Cells, +SectionViews, +Heights,
// +Lifecycle, +Selection, +Resources, +Presenters, +Connection, and
// +UserEdits (the edits' public API, forwarded to UserEdits).

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
/// ``applyUsingReloadData(_:completion:)`` always does. With
/// ``transactionTiming`` set to ``TransactionTiming/immediate`` (Apple's
/// timing, which the drop-in data sources use), no transaction waits: each
/// apply diffs on the main actor and hands all of its batches to the host
/// before it returns, and completions run after the animations.
///
/// ## Presenters
///
/// With a registry, the controller dequeues and configures each cell with the
/// presenter for its model (an ``AnyItem`` is unwrapped first), sends
/// selections to it, caches heights per item until the item's content, the
/// width or the registry changes, reloads (rather than reconfigures) an
/// updated row whose presenter or reuse identifier changed, and refreshes the
/// visible rows when the registry changes (a new style).
/// ``reconfigureVisibleRows(with:for:subject:)`` hands a resource to the visible rows that want
/// it.
///
/// A model that no presenter presents (a new kind of row from a server) does
/// not stop the app: its row shows the host's
/// ``ListHost/fallbackCell(for:message:)``, its height is the host's default,
/// a selection reaches only ``didSelect``, and the
/// ``PresenterError`` message is reported to ``TabulaLog`` once per model
/// type.
@MainActor
public final class ListController<SectionModel: Diffable, Item: Diffable, Cell> {
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
  // The read cursor is of this snapshot: any change forgets it.
  @exclusivity(unchecked) @usableFromInline var _snapshot: Snapshot<SectionModel, Item> {
    didSet { _readCursor = _ReadCursor() }
  }

  /// The work specialised for the item type where the controller is
  /// created (this generic class itself is compiled once, for every type).
  @usableFromInline let _specialised: Specialisation

  /// The host this controller drives.
  ///
  /// The controller holds it weakly, as UIKit holds its data source and a
  /// diffable data source its view: the view's owner keeps it.
  ///
  /// - Precondition: The host still exists; reading this after it went
  ///   away traps with a message saying so (the controller itself does
  ///   nothing once its host is gone).
  public var host: any ListHost<Cell> {
    guard let host = _host else {
      preconditionFailure(
        "the ListController's host is gone: the controller holds it weakly, as UIKit holds a "
          + "data source; keep the view alive (in a view or view controller) while the list is used"
      )
    }
    return host
  }

  /// The host, held weakly (by ``events``, the link to it).
  var _host: (any ListHost<Cell>)? { events.host }

  /// Makes and configures cells, when there are no ``presenters``.
  public var cellProvider: CellProvider?

  // (Read for every cell made; a read copies the value and no access to it
  // calls out, so the runtime's exclusivity check is left out.)
  /// What records the models each row's configuration reads, so that a
  /// change to one (an `@Observable` model's property) updates that row
  /// alone, in place, without a snapshot: `TabulaObservation`'s
  /// `ObservationTracker()`, say. `nil` (the default) tracks nothing.
  ///
  /// A row on screen whose tracked reads change is configured again (by
  /// its presenter's `configure`, on the same cell; with a ``cellProvider``,
  /// as a reconfigure of its item); a row off screen is configured afresh
  /// when it appears.
  @exclusivity(unchecked) public var configurationTracking: (any ConfigurationTracking)?

  /// The presenters that make, configure and update cells, if any.
  public let presenters: PresenterRegistry<Cell>?

  /// What the list tells its user of its data: the words, announcements,
  /// the source's last state, the empty state.
  var status = ListStatusState()
  /// The transaction running and the one waiting, with their completions.
  var transactions = TransactionQueue<SectionModel, Item>()
  /// The reuse identifiers the host is known to dequeue.
  @usableFromInline let cellRegistrations = CellRegistrations()
  /// Where the host last read the shown snapshot, so that rows read in
  /// order (a scroll) find their items without walking shared storage
  /// again; forgotten whenever ``_snapshot`` changes. (No access to it
  /// calls out, so the runtime's exclusivity check is left out.)
  @exclusivity(unchecked) @usableFromInline var _readCursor = _ReadCursor<Item>()
  /// Heights answered, per item, and how to answer them.
  var rowHeights = RowHeights<Item>()
  /// The cells on screen, with the models they appeared with.
  var displayed = DisplayedCells<PresenterEntry<Cell>>()
  /// The selection, by id, and who hears of taps and its changes.
  var selection = SelectionTracking<SectionModel, Item>()
  /// The user's edits: what runs them, with their rules, hooks, history,
  /// saves and hidden rows.
  lazy var userEdits = UserEdits(list: self)
  /// The data source this controller follows, if any.
  var connection: SourceConnection<SectionModel, Item>?
  /// What the host last saw of the presenters.
  var presentation = PresenterTracking<SectionModel>()
  /// The link to the host: the host, held weakly, and the host's data
  /// source, which passes answers and events on to this controller.
  private var events: HostEvents<SectionModel, Item, Cell>!

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
      specialised: Specialisation())
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
      specialised: Specialisation())
  }

  @usableFromInline
  init(
    host: some ListHost<Cell>, snapshot: Snapshot<SectionModel, Item>,
    cellProvider: CellProvider?, presenters: PresenterRegistry<Cell>?,
    specialised: Specialisation
  ) {
    self._snapshot = snapshot.withoutMarks
    self.cellProvider = cellProvider
    self.presenters = presenters
    self._specialised = specialised
    presentation.shownSectionVersion = presenters?.sectionVersion ?? 0
    presentation.shownPresenterVersion = presenters?.version ?? 0
    presentation.observation = presenters?.observeChanges { [weak self] in
      self?.presentationChanged()
    }
    events = HostEvents(self, host: host)
    if let existing = host.hostDataSource, existing is any ControllerEvents {
      // Another controller drives this view still: the view takes this
      // one, and the other's settings (emptyState, commitDelete...) are
      // not carried over.
      TabulaLog.report(
        "a second ListController attaches to a \(type(of: host)) that another one still drives: "
          + "the view takes the new one, without the first one's settings. Make one controller "
          + "per view, or let the first go before making the next (a lazy controller made "
          + "before the view loads can run viewDidLoad inside its own initializer, which makes "
          + "a first one)")
    }
    host.hostDataSource = events
    host.reloadData()
  }

  /// The diff, the staging, the item at a path and the cell at a path,
  /// specialised for the item type where the controller is created.
  @usableFromInline
  struct Specialisation {
    @usableFromInline let diff:
      @Sendable (
        Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>,
        @escaping @Sendable (Item, Item) -> UpdateKind
      ) -> Changeset
    @usableFromInline let staging:
      @Sendable (Changeset, Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>) ->
        StagedChangeset<SectionModel, Item>
    /// The item at a path of the shown snapshot, read in place (in this
    /// generic class, `_snapshot[path]` would copy the whole snapshot value
    /// for every cell).
    @usableFromInline let item: @MainActor (ListController, ItemPath) -> Item?
    /// Makes the cell at a path: the path of every row that scrolls into
    /// view.
    @usableFromInline let makeCell:
      @MainActor (ListController, any ListHost<Cell>, ItemPath) -> Cell

    @inlinable
    init() {
      diff = { old, new, updateKind in
        Changeset._diff(old, new, updateKind: updateKind, avoidingSamePositionMoves: true)
      }
      staging = { changes, old, new in StagedChangeset(staging: changes, from: old, to: new) }
      item = { controller, path in controller._shownItem(at: path) }
      makeCell = { controller, host, path in controller._presentCell(host, path) }
    }
  }
}
