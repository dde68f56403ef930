/// Owns the snapshot a list shows and drives one ``ListHost`` with animated
/// batch updates it accepts.
///
/// ```swift
/// let controller = ListController(host: tableView) { host, path, contact in
///   let cell = host.dequeueCell(withReuseIdentifier: "contact", for: path)
///   cell.textLabel?.text = contact.name
///   return cell
/// }
/// controller.apply(snapshot)                   // animated
/// await controller.apply(next, animated: true) // returns once the view shows it
/// ```
///
/// ## Transactions
///
/// Each ``apply(_:animated:completion:)`` is a transaction: diff the snapshot
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
/// more than ``reloadThreshold`` operations, or a non-animated apply, reloads
/// the view instead.
@MainActor
public final class ListController<SectionModel: Diffable, Item: Diffable, Cell>: ListDataSource {
  /// Makes the cell for an item: dequeue it from the host, configure it.
  public typealias CellProvider =
    @MainActor (
      _ host: any ListHost<Cell>, _ path: ItemPath, _ item: Item
    ) -> Cell

  /// The snapshot the host shows now (during a multi-stage update, the
  /// current stage's).
  public var snapshot: Snapshot<SectionModel, Item> { _snapshot }

  @usableFromInline var _snapshot: Snapshot<SectionModel, Item>

  /// Diffs and stages, specialised for the item type where the controller is
  /// created (this generic class itself is compiled once, for every type).
  @usableFromInline let _stage:
    @Sendable (
      Snapshot<SectionModel, Item>, Snapshot<SectionModel, Item>,
      @escaping @Sendable (Item, Item) -> UpdateKind
    ) -> StagedChangeset<SectionModel, Item>

  /// The host this controller drives.
  public let host: any ListHost<Cell>

  /// Makes and configures cells.
  public var cellProvider: CellProvider

  /// Whether a changed item's cell can be refreshed in place (`.reconfigure`)
  /// or must be replaced (`.reload`). Runs off the main actor for large diffs.
  public var updateKind: @Sendable (_ old: Item, _ new: Item) -> UpdateKind = { _, _ in
    .reconfigure
  }

  /// The number of operations above which an animated apply reloads the view
  /// instead (a huge change animates poorly anyway); `nil` never does.
  public var reloadThreshold: Int?

  /// The combined size of the two snapshots above which the diff runs on a
  /// background task instead of the main actor.
  public var backgroundDiffThreshold = 20_000

  /// Called when the user selects an item.
  public var didSelect: (@MainActor (_ item: Item, _ path: ItemPath) -> Void)?

  /// The height of an item for a list of a given width, or `nil` for the
  /// host's default.
  public var heightProvider:
    (@MainActor (_ item: Item, _ path: ItemPath, _ width: Double) -> Double?)?

  /// The snapshot most recently passed to `apply`: what the view will show
  /// once the transactions in flight end.
  public var latestSnapshot: Snapshot<SectionModel, Item> {
    pending?.snapshot ?? running ?? snapshot
  }

  /// Whether a transaction is running.
  public var isUpdating: Bool { running != nil }

  private struct Transaction {
    var snapshot: Snapshot<SectionModel, Item>
    var animated: Bool
    var completions: [@MainActor () -> Void]
  }

  private var pending: Transaction?
  private var running: Snapshot<SectionModel, Item>?

  /// Creates a controller that shows `snapshot` in `host` and becomes its
  /// data source.
  @inlinable
  public init(
    host: some ListHost<Cell>,
    snapshot: Snapshot<SectionModel, Item> = Snapshot(),
    cellProvider: @escaping CellProvider
  ) {
    self.host = host
    self._snapshot = snapshot.withoutMarks
    self.cellProvider = cellProvider
    self._stage = { old, new, updateKind in
      StagedChangeset(from: old, to: new, updateKind: updateKind)
    }
    host.listDataSource = self
    host.reloadData()
  }

  /// Shows `snapshot`, animating the differences from what the view shows.
  ///
  /// - Parameters:
  ///   - snapshot: The data to show.
  ///   - animated: `false` reloads the view instead of animating.
  ///   - completion: Runs once the view shows this snapshot (or a newer one
  ///     that replaced it while it waited).
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, animated: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    if var waiting = pending {
      waiting.snapshot = Self.carryingMarks(of: waiting.snapshot, into: snapshot)
      waiting.animated = animated
      if let completion { waiting.completions.append(completion) }
      pending = waiting
    } else {
      pending = Transaction(
        snapshot: snapshot, animated: animated, completions: completion.map { [$0] } ?? [])
    }
    startNextTransaction()
  }

  /// Shows `snapshot` and returns once the view shows it (or a newer one).
  public func apply(_ snapshot: Snapshot<SectionModel, Item>, animated: Bool = true) async {
    await withCheckedContinuation { continuation in
      apply(snapshot, animated: animated) { continuation.resume() }
    }
  }

  /// Refreshes the cells of the given items in place, without a new snapshot.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for ids not in the latest
  ///   snapshot; nothing is refreshed then.
  public func reconfigureItems(
    _ ids: [Item.ID], completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    var next = latestSnapshot
    try next.reconfigureItems(ids)
    apply(next, completion: completion)
  }

  /// Replaces the cells of the given items, without a new snapshot.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for ids not in the latest
  ///   snapshot; nothing is reloaded then.
  public func reloadItems(
    _ ids: [Item.ID], completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    var next = latestSnapshot
    try next.reloadItems(ids)
    apply(next, completion: completion)
  }

  // MARK: Transactions

  private func startNextTransaction() {
    guard running == nil, let transaction = pending else { return }
    pending = nil
    running = transaction.snapshot
    let old = snapshot
    let new = transaction.snapshot
    guard transaction.animated else {
      reload(new, then: transaction)
      return
    }
    let updateKind = updateKind
    let stage = _stage
    if old.numberOfItems + new.numberOfItems > backgroundDiffThreshold {
      Task {
        let staged = await Task.detached(priority: .userInitiated) {
          stage(old, new, updateKind)
        }.value
        self.perform(staged, target: new, transaction: transaction)
      }
    } else {
      perform(stage(old, new, updateKind), target: new, transaction: transaction)
    }
  }

  private func perform(
    _ staged: StagedChangeset<SectionModel, Item>, target: Snapshot<SectionModel, Item>,
    transaction: Transaction
  ) {
    if let reloadThreshold,
      staged.reduce(0, { $0 + $1.changeset.count }) > reloadThreshold
    {
      reload(target, then: transaction)
    } else {
      performStage(0, of: staged, target: target, transaction: transaction)
    }
  }

  private func performStage(
    _ index: Int, of staged: StagedChangeset<SectionModel, Item>,
    target: Snapshot<SectionModel, Item>, transaction: Transaction
  ) {
    guard index < staged.count else {
      _snapshot = target.withoutMarks
      finish(transaction)
      return
    }
    let stage = staged[index]
    host.performBatch(
      stage.changeset, updateData: { self._snapshot = stage.snapshot },
      completion: {
        self.performStage(index + 1, of: staged, target: target, transaction: transaction)
      })
  }

  private func reload(_ new: Snapshot<SectionModel, Item>, then transaction: Transaction) {
    _snapshot = new.withoutMarks
    host.reloadData()
    finish(transaction)
  }

  private func finish(_ transaction: Transaction) {
    running = nil
    for completion in transaction.completions { completion() }
    startNextTransaction()
  }

  /// `new`, with the reload and reconfigure marks of `replaced` added for the
  /// items and sections `new` still has: a refresh asked for is never lost.
  private static func carryingMarks(
    of replaced: Snapshot<SectionModel, Item>, into new: Snapshot<SectionModel, Item>
  ) -> Snapshot<SectionModel, Item> {
    guard !replaced.markedItems.isEmpty || !replaced.reloadedSectionIDs.isEmpty else {
      return new
    }
    var merged = new
    var reloads: [Item.ID] = []
    var reconfigures: [Item.ID] = []
    for (id, kind) in replaced.markedItems where new.contains(itemWithID: id) {
      if kind == .reload { reloads.append(id) } else { reconfigures.append(id) }
    }
    try? merged.reloadItems(reloads)
    try? merged.reconfigureItems(reconfigures)
    try? merged.reloadSections(replaced.reloadedSectionIDs.filter(new.contains(sectionWithID:)))
    return merged
  }

  // MARK: ListDataSource

  /// The number of sections of ``snapshot``.
  public var numberOfSections: Int { snapshot.numberOfSections }

  /// The number of items in a section of ``snapshot``.
  public func numberOfItems(inSection section: Int) -> Int {
    snapshot.numberOfItems(inSection: section)
  }

  /// The cell for the item at `path`, from the ``cellProvider``.
  public func cell(for host: any ListHost<Cell>, at path: ItemPath) -> Cell {
    cellProvider(host, path, snapshot[path])
  }

  /// The section model's ``HeaderTitleProviding/headerTitle``, if it has one.
  public func headerTitle(forSection section: Int) -> String? {
    (snapshot.sections[section] as? any HeaderTitleProviding)?.headerTitle
  }

  /// The section model's ``HeaderTitleProviding/footerTitle``, if it has one.
  public func footerTitle(forSection section: Int) -> String? {
    (snapshot.sections[section] as? any HeaderTitleProviding)?.footerTitle
  }

  /// The ``heightProvider``'s answer for the item at `path`.
  public func height(forItemAt path: ItemPath, width: Double) -> Double? {
    heightProvider?(snapshot[path], path, width)
  }

  /// Calls ``didSelect`` with the item at `path`.
  public func didSelectItem(at path: ItemPath) {
    guard let item = snapshot.item(at: path) else { return }
    didSelect?(item, path)
  }
}
