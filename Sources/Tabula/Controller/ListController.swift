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
/// let controller = ListController(host: tableView, presenters: presenters)
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

  /// The height of an item for a list of a given width, or `nil` for the
  /// host's default, when there are no ``presenters``. Cached like
  /// presenters' answers.
  public var heightProvider:
    (@MainActor (_ item: Item, _ path: ItemPath, _ width: Double) -> Double?)?

  /// The snapshot most recently passed to `apply`: what the view will show
  /// once the transactions in flight end.
  ///
  /// Reload and reconfigure marks are those still to be applied: a waiting
  /// snapshot keeps its marks; the running one (being applied) and the one
  /// on screen have none, so an edit made from them refreshes a row once.
  public var latestSnapshot: Snapshot<SectionModel, Item> {
    pending?.snapshot ?? running ?? _snapshot
  }

  /// Whether a transaction is running.
  public var isUpdating: Bool { running != nil }

  /// How a transaction reaches the view.
  enum ApplyMode: Comparable {
    /// Batch updates, animated.
    case animated
    /// The same batch updates, without animation.
    case unanimated
    /// `reloadData`, no batch.
    case reload
  }

  private struct Transaction {
    var snapshot: Snapshot<SectionModel, Item>
    var mode: ApplyMode
    var completions: [@MainActor () -> Void]
  }

  private struct CachedHeight {
    let item: Item
    let width: Double
    let version: Int
    let height: Double?
  }

  /// The data source this controller follows, if any, held strongly while
  /// connected, with the observation of its changes.
  var connection: (source: AnyObject, observation: ObservationToken)?

  /// The registration with ``presenters`` for their changes; released (and
  /// so ended) with the controller.
  private var presentersObservation: ObservationToken?

  private var pending: Transaction?
  /// The snapshot of the running transaction, without marks (they are being
  /// applied).
  private var running: Snapshot<SectionModel, Item>?
  private var heights: [Item.ID: CachedHeight] = [:]
  private var heightVersion = 0

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
    presentersObservation = presenters?.observeChanges { [weak self] in
      self?.presentationChanged()
    }
    host.hostDataSource = self
    host.reloadData()
  }

  /// Shows `snapshot` through batch updates of the differences from what
  /// the view shows, animated or not, as `UITableViewDiffableDataSource`'s
  /// `apply(_:animatingDifferences:completion:)` does.
  ///
  /// - Parameters:
  ///   - snapshot: The data to show.
  ///   - animatingDifferences: `false` performs the same batch updates
  ///     without animation (cells that stay keep their state); to reload
  ///     the view instead, use ``applyUsingReloadData(_:completion:)``.
  ///   - completion: Runs once the view shows this snapshot (or a newer one
  ///     that replaced it while it waited).
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    enqueue(snapshot, mode: animatingDifferences ? .animated : .unanimated, completion: completion)
  }

  /// Shows `snapshot` and returns once the view shows it (or a newer one).
  public func apply(
    _ snapshot: Snapshot<SectionModel, Item>, animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { continuation in
      apply(snapshot, animatingDifferences: animatingDifferences) { continuation.resume() }
    }
  }

  /// Shows `snapshot` by reloading the view, without diffing or animation,
  /// as `UITableViewDiffableDataSource`'s `applySnapshotUsingReloadData` does:
  /// every visible cell is made again.
  ///
  /// - Parameter completion: Runs once the view shows this snapshot (or a
  ///   newer one that replaced it while it waited).
  public func applyUsingReloadData(
    _ snapshot: Snapshot<SectionModel, Item>, completion: (@MainActor () -> Void)? = nil
  ) {
    enqueue(snapshot, mode: .reload, completion: completion)
  }

  /// Shows `snapshot` by reloading the view, and returns once it shows it
  /// (or a newer one).
  public func applyUsingReloadData(_ snapshot: Snapshot<SectionModel, Item>) async {
    await withCheckedContinuation { continuation in
      applyUsingReloadData(snapshot) { continuation.resume() }
    }
  }

  /// Queues `snapshot`; a snapshot already waiting is replaced (its marks
  /// and completions carried over). A reload asked for is never downgraded
  /// to batch updates by a later apply; otherwise the latest call decides
  /// whether batches animate.
  private func enqueue(
    _ snapshot: Snapshot<SectionModel, Item>, mode: ApplyMode,
    completion: (@MainActor () -> Void)?
  ) {
    if var waiting = pending {
      waiting.snapshot = Self.carryingMarks(of: waiting.snapshot, into: snapshot)
      waiting.mode = waiting.mode == .reload ? .reload : mode
      if let completion { waiting.completions.append(completion) }
      pending = waiting
    } else {
      pending = Transaction(
        snapshot: snapshot, mode: mode, completions: completion.map { [$0] } ?? [])
    }
    startNextTransaction()
  }

  /// Refreshes the cells of the given items in place, without a new snapshot.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for ids not in the latest
  ///   snapshot; nothing is refreshed then.
  public func reconfigureItems(
    _ ids: [Item.ID], completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    try edit(
      { (snapshot) throws(SnapshotError) in try snapshot.reconfigureItems(ids) },
      completion: completion)
  }

  /// Replaces the cells of the given items, without a new snapshot.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for ids not in the latest
  ///   snapshot; nothing is reloaded then.
  public func reloadItems(
    _ ids: [Item.ID], completion: (@MainActor () -> Void)? = nil
  ) throws(SnapshotError) {
    try edit(
      { (snapshot) throws(SnapshotError) in try snapshot.reloadItems(ids) }, completion: completion)
  }

  // MARK: Presenters

  /// Hands a resource that arrived (an image, a count) to the visible rows
  /// whose presenters want it, which update their cells in place: no diff,
  /// no reload, and rows off screen are not touched (they are configured
  /// afresh when they appear).
  ///
  /// ```swift
  /// controller.provide(image, key: "avatar", for: user.id)
  /// ```
  ///
  /// - Returns: The number of cells updated.
  /// - Precondition: The controller has ``presenters``.
  @discardableResult
  public func provide(_ value: Any, key: String, for subject: AnyHashable? = nil) -> Int {
    guard let presenters else {
      preconditionFailure("provide(_:key:for:) needs a controller created with presenters")
    }
    let resource = ResourceUpdate(key: key, value: value, subject: subject)
    var updated = 0
    for path in host.visibleItemPaths {
      guard let item = _item(self, path) else { continue }
      let model = Self.model(of: item)
      guard let resolved = Self.resolved(model, in: presenters),
        resolved.entry.wants(resource, model), let cell = host.visibleCell(at: path)
      else {
        continue
      }
      resolved.entry.update(cell, model, resource, resolved.context(at: path))
      updated += 1
    }
    return updated
  }

  /// The model a presenter receives for `item`: an ``AnyItem``'s base, or the
  /// item itself.
  @inlinable
  static func model(of item: Item) -> Any {
    if Item.self == AnyItem.self { return unsafeBitCast(item, to: AnyItem.self).base }
    return item
  }

  /// The presenter for `model`, or `nil` (reported once per model type to
  /// ``TabulaLog``) when none presents it.
  @inlinable
  static func resolved(_ model: Any, in presenters: PresenterRegistry<Cell>)
    -> PresenterRegistry<Cell>.Resolved?
  {
    presenters._resolveOrReport(model)
  }

  /// What the fallback cell of a model with no presenter says.
  @usableFromInline
  static func fallbackMessage(for model: Any) -> String {
    "no presenter for model type \(type(of: model))"
  }

  /// A style or presenter changed: heights are stale and visible cells may
  /// need another kind of cell, so those rows are reloaded.
  ///
  /// The visible paths are positions in the snapshot on screen (during a
  /// transaction, the current stage's), so they are read there; the rows are
  /// reloaded in the latest snapshot, those that it still has.
  private func presentationChanged() {
    heightVersion += 1
    let latest = latestSnapshot
    let visible = host.visibleItemPaths.compactMap { path -> Item.ID? in
      guard let id = _item(self, path)?.id, latest.contains(itemWithID: id) else { return nil }
      return id
    }
    guard !visible.isEmpty else { return }
    var next = latest
    // Every id is in `latest`: marking them cannot fail.
    _trapping { () throws(SnapshotError) in try next.reloadItems(visible) }
    apply(next)
  }

  /// Settles update kinds with the presenters: a row whose presenter or
  /// reuse identifier changes needs a new cell.
  private func settleUpdateKinds(
    _ changes: inout Changeset, old: Snapshot<SectionModel, Item>,
    new: Snapshot<SectionModel, Item>
  ) {
    guard let presenters, !changes.itemUpdates.isEmpty else { return }
    for index in changes.itemUpdates.indices where changes.itemUpdates[index].kind == .reconfigure {
      let update = changes.itemUpdates[index]
      let before = Self.model(of: old[update.from])
      let after = Self.model(of: new[update.to])
      // A row without a presenter shows a fallback cell: always replaced.
      guard let oldPresenter = Self.resolved(before, in: presenters),
        let newPresenter = Self.resolved(after, in: presenters)
      else {
        changes.itemUpdates[index].kind = .reload
        continue
      }
      if oldPresenter.entry.id != newPresenter.entry.id
        || oldPresenter.entry.reuseIdentifier(before, oldPresenter.style)
          != newPresenter.entry.reuseIdentifier(after, newPresenter.style)
      {
        changes.itemUpdates[index].kind = .reload
      }
    }
  }

  // MARK: Transactions

  private func startNextTransaction() {
    guard running == nil, let transaction = pending else { return }
    pending = nil
    running = transaction.snapshot.withoutMarks
    let old = _snapshot
    let new = transaction.snapshot
    guard transaction.mode != .reload else {
      reload(new, then: transaction)
      return
    }
    let updateKind = updateKind
    let diff = _diff
    if old.numberOfItems + new.numberOfItems > backgroundDiffThreshold {
      Task {
        let changes = await Task.detached(priority: .userInitiated) {
          diff(old, new, updateKind)
        }.value
        self.stageAndPerform(changes, old: old, new: new, transaction: transaction)
      }
    } else {
      stageAndPerform(diff(old, new, updateKind), old: old, new: new, transaction: transaction)
    }
  }

  private func stageAndPerform(
    _ changes: Changeset, old: Snapshot<SectionModel, Item>, new: Snapshot<SectionModel, Item>,
    transaction: Transaction
  ) {
    var changes = changes
    settleUpdateKinds(&changes, old: old, new: new)
    if let reloadThreshold, changes.count > reloadThreshold {
      reload(new, then: transaction)
    } else {
      performStage(0, of: _staging(changes, old, new), target: new, transaction: transaction)
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
      stage.changeset, animated: transaction.mode == .animated,
      updateData: { self._snapshot = stage.snapshot },
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
    if heights.count > 2 * _snapshot.numberOfItems + 64 {
      heights = heights.filter { _snapshot.contains(itemWithID: $0.key) }
    }
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

  // MARK: ListHostDataSource

  /// The number of sections of ``snapshot``.
  public var numberOfSections: Int { _snapshot.numberOfSections }

  /// The number of items in a section of ``snapshot``.
  public func numberOfItems(inSectionAt section: Int) -> Int {
    _snapshot.numberOfItems(inSectionAt: section)
  }

  /// The cell for the item at `path`: from its presenter, or the
  /// ``cellProvider``. A model no presenter presents gets the host's
  /// ``ListHost/fallbackCell(for:message:)``, and the ``PresenterError``
  /// message is reported to ``TabulaLog`` (once per model type).
  ///
  /// - Precondition: The controller has presenters or a cell provider, and
  ///   `path` is inside ``snapshot`` (else this traps with the
  ///   ``SnapshotError/itemPathOutOfRange(_:sectionCount:itemCount:)``
  ///   message).
  public func cell(for host: any ListHost<Cell>, at path: ItemPath) -> Cell {
    _makeCell(self, host, path)
  }

  /// The body of ``cell(for:at:)``, inlined into the closure the
  /// initializer makes.
  @inlinable
  func _presentCell(_ host: any ListHost<Cell>, _ path: ItemPath) -> Cell {
    guard let item = _snapshot.item(at: path) else { _outOfRange(path) }
    if let presenters {
      let model = Self.model(of: item)
      guard let resolved = Self.resolved(model, in: presenters) else {
        return host.fallbackCell(for: path, message: Self.fallbackMessage(for: model))
      }
      return resolved.entry.present(host, model, resolved.context(at: path))
    }
    guard let cellProvider else {
      preconditionFailure("a ListController needs presenters or a cell provider to make cells")
    }
    return cellProvider(host, path, item)
  }

  /// The section model's ``HeaderTitleProviding/headerTitle``, if it has one.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``; otherwise
  ///   this traps with the
  ///   ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)`` message.
  public func headerTitle(forSectionAt section: Int) -> String? {
    _snapshot._checkSectionIndex(section)
    return (_snapshot._sections[section] as? any HeaderTitleProviding)?.headerTitle
  }

  /// The section model's ``HeaderTitleProviding/footerTitle``, if it has one.
  ///
  /// - Precondition: `section` is a section index of ``snapshot``; otherwise
  ///   this traps with the
  ///   ``SnapshotError/sectionIndexOutOfRange(_:sectionCount:)`` message.
  public func footerTitle(forSectionAt section: Int) -> String? {
    _snapshot._checkSectionIndex(section)
    return (_snapshot._sections[section] as? any HeaderTitleProviding)?.footerTitle
  }

  /// The height of the item at `path`: its presenter's (or the
  /// ``heightProvider``'s) answer, cached until the item's content, the width
  /// or the presenters change; `nil` (the host's default) for a model no
  /// presenter presents.
  public func height(forItemAt path: ItemPath, width: Double) -> Double? {
    guard let item = _item(self, path) else { _outOfRange(path) }
    let version = heightVersion
    if let cached = heights[item.id], cached.width == width, cached.version == version,
      cached.item.isContentEqual(to: item)
    {
      return cached.height
    }
    let height: Double?
    if let presenters {
      let model = Self.model(of: item)
      height = Self.resolved(model, in: presenters).flatMap {
        $0.entry.height(model, width, $0.style)
      }
    } else {
      height = heightProvider?(item, path, width)
    }
    heights[item.id] = CachedHeight(item: item, width: width, version: version, height: height)
    return height
  }

  /// Traps with the snapshot's message for a path outside it.
  @usableFromInline
  func _outOfRange(_ path: ItemPath) -> Never {
    preconditionFailure(
      _snapshot._rangeError(for: path)?.description ?? "item path \(path) is out of range")
  }

  /// Sends the selection to the item's presenter (if it has one), then
  /// calls ``didSelect``.
  public func didSelectItem(at path: ItemPath) {
    guard let item = _item(self, path) else { return }
    if let presenters {
      let model = Self.model(of: item)
      if let resolved = Self.resolved(model, in: presenters) {
        resolved.entry.didSelect(model, resolved.context(at: path))
      }
    }
    didSelect?(item, path)
  }
}
