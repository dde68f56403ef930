/// Apple's diffable data sources, for any ``ListHost``: what TabulaUIKit's
/// `TableViewDataSource` and `CollectionViewDataSource` are made of, and
/// what tests drive on a simulated view.
///
/// It shows ``DiffableSnapshot``s through a ``ListController`` (Tabula's
/// diff and staging: minimal moves, batches the host accepts), with cells
/// from a cell provider given the host, the path and the item identifier,
/// as Apple's:
///
/// ```swift
/// let table = SimulatedTableView()
/// let dataSource = DiffableDataSource<SimulatedTableView, Section, Int>(host: table) {
///   host, path, id in
///   let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
///   cell.text = "Row \(id)"
///   return cell
/// }
/// var snapshot = DiffableSnapshot<Section, Int>()
/// snapshot.appendSections([.main])
/// snapshot.appendItems([1, 2, 3])
/// dataSource.apply(snapshot)
/// ```
///
/// ## Differences from Apple's
///
/// - Edits Apple's snapshot stops the app for are recorded in the
///   snapshot's ``DiffableSnapshot/problems`` and reported through
///   ``TabulaLog`` when it is applied; the rest of each edit is applied.
/// - A cell provider that returns `nil` (Apple's data source stops the
///   app) gets the host's fallback cell for that row, reported once per
///   item through ``TabulaLog``.
/// - `apply` is main-actor only: an apply from another actor does not
///   compile in Swift 6 (Apple's is `nonisolated` and asserts at run time
///   that it is always called from the same queue).
/// - A large diff runs on the main actor, as Apple's does when applied
///   from the main queue (Tabula's ``ListController`` can diff it off the
///   main actor instead: ``TransactionTiming/afterAnimations``).
/// - User moves are kept by the data source (``snapshot()`` shows them)
///   before ``didMoveItem`` hears them, and after ``willMoveItem`` did;
///   user deletes go to ``commitDelete`` and change nothing themselves, as
///   Apple's `commit` does.
/// - Several rows dragged and dropped at once are one reorder: one
///   ``willReorder`` and one ``didReorder``, and ``willMoveItem`` and
///   ``didMoveItem`` (a table's `moveRowAt`) hear the moves one after
///   another, each path read as the moves before it left the data, so an
///   app that applies each to its own array in turn keeps the list's
///   order. Every section a reorder touches has its section transaction,
///   whether it was applied from a section snapshot or not.
/// - An apply made inside the host's move callback (an app that applies
///   from `moveRowAt`, the rows under a moved outline folder) reaches the
///   host once the callback returned, never inside it (UIKit's
///   `hasUncommittedUpdates`); ``snapshot()`` answers it at once.
///
/// ## Apple's timing
///
/// As with Apple's, once `apply` returns the host shows the snapshot
/// applied, and every query answers it: ``snapshot()``,
/// ``itemIdentifier(for:)``, ``path(for:)``, ``sectionIdentifier(for:)``,
/// ``index(for:)``. The controller runs with ``TransactionTiming/immediate``:
/// an apply during an animation does not wait for it, and every batch of a
/// staged update is handed to the host before `apply` returns. While a
/// batch is being handed over, the queries answer the batch's data, which
/// the host's callbacks ask about. Completions run after the animations,
/// on a later turn of the main actor, never inside `apply`. Rows inserted
/// above the viewport push the content down, as with Apple's
/// (``ScrollAnchoring/none``).
@MainActor
public final class DiffableDataSource<
  Host: ListHost, SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
> {
  /// The snapshot type.
  public typealias Snapshot = DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// Makes the cell of an item: the host, the item's path and identifier.
  /// `nil` shows the host's fallback cell (reported).
  public typealias CellProvider =
    @MainActor (_ host: Host, _ path: ItemPath, _ itemIdentifier: ItemIdentifierType) -> Host.Cell?

  /// The controller under the data source: Tabula's transactions, selection
  /// and user edits, for the day an app wants more.
  public let controller: ListController<Snapshot.Section, Snapshot.Item, Host.Cell>

  /// Whether the user may move the row at a path (`false` without it, as
  /// Apple's `canMoveRowAt`).
  public var canMoveItem: (@MainActor (_ path: ItemPath) -> Bool)?
  /// Whether the user may delete the row at a path (`false` without it, as
  /// Apple's `canEditRowAt`).
  public var canDeleteItem: (@MainActor (_ path: ItemPath) -> Bool)?
  /// Hears a move the user made, before ``snapshot()`` shows it.
  public var willMoveItem: (@MainActor (_ from: ItemPath, _ to: ItemPath) -> Void)?
  /// Hears a move the user made, once ``snapshot()`` shows it.
  public var didMoveItem: (@MainActor (_ from: ItemPath, _ to: ItemPath) -> Void)?
  /// Hears a delete the user asked for (a swipe, the delete control); the
  /// rows stay until a snapshot without them is applied.
  public var commitDelete: (@MainActor (_ path: ItemPath) -> Void)?
  /// Section header and footer titles, by section index (none without it).
  public var sectionTitle: (@MainActor (_ kind: SectionViewKind, _ section: Int) -> String?)? {
    didSet {
      guard let title = sectionTitle else {
        controller.sectionTitle = nil
        return
      }
      controller.sectionTitle = { kind, _, index in title(kind, index) }
    }
  }

  /// Hears a reorder the user made, before ``snapshot()`` shows it: the
  /// transaction from ``snapshot()`` to the snapshot with the move (and, in
  /// a section shown from a section snapshot, its outline's change).
  public var willReorder:
    (@MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?
  /// Hears a reorder the user made, once ``snapshot()`` shows it.
  public var didReorder:
    (@MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>) -> Void)?

  /// What hears and steers the user's expanding and collapsing in sections
  /// shown from section snapshots.
  public var sectionSnapshotHandlers = DiffableSectionSnapshotHandlers<ItemIdentifierType>()
  /// Hears that an item shown from a section snapshot was expanded or
  /// collapsed: the host's glue refreshes the disclosure of its cell.
  public var didChangeExpansion:
    (@MainActor (_ item: ItemIdentifierType, _ expanded: Bool) -> Void)?

  /// The outlines of the sections applied from section snapshots, each
  /// showing exactly its visible items.
  var outlines: [SectionIdentifierType: DiffableSectionSnapshot<ItemIdentifierType>] = [:]
  /// The reorder between ``willReorder`` and ``didReorder``.
  var reorder: Reorder?

  /// Items whose cell provider returned `nil`, reported once each.
  private let nilCells = ReportOnce<ItemIdentifierType>()

  /// A data source for `host` with cells from `cellProvider`; it becomes
  /// the host's data source, showing an empty snapshot.
  @inlinable
  public convenience init(host: Host, cellProvider: @escaping CellProvider) {
    // The controller is made here, inlined where the data source is made,
    // so that its diff and staging are specialised for the identifier
    // types (as a ListController made in the app's code is).
    self.init(host: host, cellProvider: cellProvider) { provide in
      ListController(host: host, cellProvider: provide)
    }
  }

  @usableFromInline
  init(
    host: Host, cellProvider: @escaping CellProvider,
    makeController: (
      @escaping ListController<Snapshot.Section, Snapshot.Item, Host.Cell>.CellProvider
    ) -> ListController<Snapshot.Section, Snapshot.Item, Host.Cell>
  ) {
    let nilCells = nilCells
    let provide: ListController<Snapshot.Section, Snapshot.Item, Host.Cell>.CellProvider = {
      [unowned host] anyHost, path, item in
      if let cell = cellProvider(host, path, item.id) { return cell }
      _ = nilCells.report(
        item.id,
        "the cell provider returned nil for item \(String(reflecting: item.id)) at \(path): "
          + "the row shows a fallback cell (Apple's data source stops the app here)")
      return anyHost.fallbackCell(
        for: path, message: "no cell for item \(String(reflecting: item.id))")
    }
    controller = makeController(provide)
    controller.transactionTiming = .immediate
    controller.scrollAnchoring = .none
    controller.showsEditingControls = false
    // Whole reorders, through the controller's own hooks: its public
    // move hooks stay the app's.
    controller.userEdits.state.hooks.willUserReorder = { [weak self] in self?.userWillReorder($0) }
    controller.userEdits.state.hooks.didUserReorder = { [weak self] in self?.userDidReorder($0) }
    controller.moveTarget = { [weak self] _, from, proposed in
      self?.outlineMoveTarget(from: from, proposed: proposed) ?? proposed
    }
    controller.canDrop = { [weak self] items, destination in
      self?.keepsOutlineRows(items, at: destination) ?? false
    }
    controller.canMove = { [weak self] _, path in self?.canMoveItem?(path) ?? false }
    controller.canDelete = { [weak self] _, path in self?.canDeleteItem?(path) ?? false }
    controller.commitDelete = { [weak self] _, paths in
      for path in paths { self?.commitDelete?(path) }
    }
  }

  // MARK: Applying snapshots

  /// Shows `snapshot`: the difference animated (or not), then
  /// `completion`. Applies queue up and run in order.
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    report(snapshot)
    let snapshot = keepOutlines(shownIn: snapshot)
    controller.apply(
      snapshot.snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot` and returns once the host shows it.
  public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true) async {
    report(snapshot)
    let snapshot = keepOutlines(shownIn: snapshot)
    await controller.apply(snapshot.snapshot, animatingDifferences: animatingDifferences)
  }

  /// Shows `snapshot` by reloading the host, without a diff, then
  /// `completion`.
  public func applySnapshotUsingReloadData(
    _ snapshot: Snapshot, completion: (@MainActor () -> Void)? = nil
  ) {
    report(snapshot)
    let snapshot = keepOutlines(shownIn: snapshot)
    controller.applyUsingReloadData(snapshot.snapshot, completion: completion)
  }

  /// Shows `snapshot` by reloading the host, and returns once it does.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot) async {
    report(snapshot)
    let snapshot = keepOutlines(shownIn: snapshot)
    await controller.applyUsingReloadData(snapshot.snapshot)
  }

  /// The last snapshot applied (with the user's moves), without reload
  /// and reconfigure marks; while a batch is being handed to the host, the
  /// batch's data.
  public func snapshot() -> Snapshot {
    Snapshot(current.withoutMarks)
  }

  /// What the queries answer: while the controller hands a batch to the
  /// host, the batch's data (which the host's callbacks ask about); else
  /// the last snapshot applied, which the host shows once `apply` returns.
  var current: Tabula.Snapshot<Snapshot.Section, Snapshot.Item> {
    controller.transactions.isPerformingBatch ? controller.snapshot : controller.latestSnapshot
  }

  /// Sends the problems of the edits that made `snapshot` to ``TabulaLog``.
  private func report(_ snapshot: Snapshot) {
    for problem in snapshot.problems { TabulaLog.report(problem) }
  }

  // MARK: Identifiers and paths

  /// The identifier of the item at `path` of ``snapshot()``, if any.
  ///
  /// - Complexity: O(1).
  public func itemIdentifier(for path: ItemPath) -> ItemIdentifierType? {
    current.item(at: path)?.id
  }

  /// The path of `itemIdentifier` in ``snapshot()``, if it has it.
  ///
  /// - Complexity: O(1).
  public func path(for itemIdentifier: ItemIdentifierType) -> ItemPath? {
    current.path(of: itemIdentifier)
  }

  /// The identifier of the section at `index` of ``snapshot()``, if any.
  public func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
    let snapshot = current
    return index >= 0 && index < snapshot.numberOfSections ? snapshot.sections[index].id : nil
  }

  /// The index of the section `identifier` in ``snapshot()``, if it has it.
  ///
  /// - Complexity: O(1).
  public func index(for identifier: SectionIdentifierType) -> Int? {
    current.sectionIndex(of: identifier)
  }

  /// The number of sections of ``snapshot()``.
  public var numberOfSections: Int { current.numberOfSections }

  /// The number of items in the section at `index` of ``snapshot()``; 0
  /// for an index it does not have.
  public func numberOfItems(inSectionAt index: Int) -> Int {
    let snapshot = current
    return index >= 0 && index < snapshot.numberOfSections
      ? snapshot.numberOfItems(inSectionAt: index) : 0
  }
}
