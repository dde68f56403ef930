/// A source of outline rows: a tree whose nodes expand and collapse, shown
/// as one section. Expanding or collapsing a visible node reports exactly
/// the rows it inserts or deletes below the node (and its own row's new
/// marker), so a connected ``ListController`` animates it without diffing
/// the list.
///
/// ```swift
/// let folders = OutlineSource(Outline(tree), in: SectionInfo(id: "folders"))
/// controller.connect(to: folders)
/// try folders.expand(inbox.id)   // the rows under inbox animate in
/// ```
///
/// ## Lazy children
///
/// A node marked with ``setChildrenUnloaded(_:)`` shows a disclosure marker
/// without children. Expanding it shows a loading row (a
/// ``LoadingPlaceholder``) and calls the `loadChildren` closure; the
/// children replace the row when they arrive, or an ``ErrorPlaceholder``
/// does when the load fails (``retryChildren(of:)`` tries again). A load
/// that a collapse, a newer load or a new tree made stale is never applied.
/// Placeholder rows need items that can hold them: ``AnyItem`` items get
/// them for free; other item types pass `makePlaceholder`.
@MainActor
public final class OutlineSource<SectionModel: Diffable, Item: Diffable>: ChangeReportingSource,
  OutlineControlling
{
  /// Loads the children of a node.
  public typealias ChildrenLoader = @Sendable (Item) async throws -> [TreeNode<Item>]

  /// The tree and its expansion state.
  public private(set) var outline: Outline<Item>
  /// The visible rows.
  public private(set) var snapshot: Snapshot<SectionModel, OutlineRow<Item>>
  /// How ``snapshot`` was made from the one before, when the last change
  /// was a toggle of a visible node; `nil` after other changes.
  public private(set) var lastChange: SnapshotChange<SectionModel, OutlineRow<Item>>?
  /// The section the rows are in.
  public let section: SectionModel

  private let loadChildren: ChildrenLoader?
  private let makePlaceholder: (@Sendable (any Diffable) -> Item)?
  private var loads: [Item.ID: (generation: Int, task: Task<Void, Never>)] = [:]
  private var nextLoad = 0
  private let observers = ObserverList()
  /// Toggling and building rows, specialised for the item type where the
  /// source is created (this generic class itself is compiled once, for
  /// every type).
  @usableFromInline let _toggling: OutlineToggling<SectionModel, Item>
  @usableFromInline let _rows:
    @Sendable (Outline<Item>, SectionModel) -> Snapshot<SectionModel, OutlineRow<Item>>

  /// A source showing `outline` in `section`; `loadChildren` loads the
  /// children of nodes marked unloaded, and `makePlaceholder` makes the
  /// loading and error rows (`nil`: none).
  ///
  /// - Precondition: The outline's rows have unique ids (a placeholder's
  ///   id is not a node's).
  @inlinable
  public convenience init(
    _ outline: Outline<Item> = Outline(), in section: SectionModel,
    loadChildren: ChildrenLoader? = nil,
    makePlaceholder: (@Sendable (any Diffable) -> Item)?
  ) {
    self.init(
      outline: outline, section: section, loadChildren: loadChildren,
      makePlaceholder: makePlaceholder,
      toggling: { (outline, id, shown, change) throws(TreeError) in
        try outline.toggling(id, shown: shown, change)
      },
      rows: { outline, section in
        do {
          return try outline.snapshot(in: section)
        } catch {
          preconditionFailure("an outline row's id is also another's: \(error)")
        }
      })
  }

  @usableFromInline
  init(
    outline: Outline<Item>, section: SectionModel, loadChildren: ChildrenLoader?,
    makePlaceholder: (@Sendable (any Diffable) -> Item)?,
    toggling: @escaping OutlineToggling<SectionModel, Item>,
    rows:
      @escaping @Sendable (Outline<Item>, SectionModel) -> Snapshot<
        SectionModel, OutlineRow<Item>
      >
  ) {
    self.outline = outline
    self.section = section
    self.loadChildren = loadChildren
    self.makePlaceholder = makePlaceholder
    self._toggling = toggling
    self._rows = rows
    self.snapshot = rows(outline, section)
  }

  /// The rows shown, as loaded: ``LoadingState/loaded``, or
  /// ``LoadingState/noContent`` without rows (``LoadingState/init(loadedItemCount:)``).
  public var state: LoadingState { LoadingState(loadedItemCount: snapshot.numberOfItems) }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  // MARK: Expanding and collapsing

  /// Shows the children of `id` (a loading row first, if they must load).
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public func expand(_ id: Item.ID) throws(TreeError) {
    guard !outline.isExpanded(id) else {
      _ = try outline.position(of: id).orThrow(id)
      return
    }
    try toggleRows(of: id) { (outline) throws(TreeError) in try outline.expand(id) }
    if outline.unloadedIDs.contains(id), outline.tree.descendantCount(of: id) == 0 {
      startLoad(of: id)
    }
  }

  /// Hides the children of `id`; a load of them in flight is dropped.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public func collapse(_ id: Item.ID) throws(TreeError) {
    guard outline.isExpanded(id) else {
      _ = try outline.position(of: id).orThrow(id)
      return
    }
    // A load in flight is dropped, and its loading row goes with the rows.
    let loading = loads.removeValue(forKey: id) != nil
    try toggleRows(of: id) { (outline) throws(TreeError) in
      try outline.collapse(id)
      if loading { try outline.setChildrenPlaceholder(nil, for: id) }
    }
  }

  /// Expands `id` and every node under it that has children; those whose
  /// children must load show a loading row, as ``expand(_:)`` does.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public func expandSubtree(_ id: Item.ID) throws(TreeError) {
    try outline.expandSubtree(id)
    publish(nil)
    startLoadsOfExpandedNodes()
  }

  /// Expands every node that has children; those whose children must load
  /// show a loading row, as ``expand(_:)`` does.
  public func expandAll() {
    outline.expandAll()
    publish(nil)
    startLoadsOfExpandedNodes()
  }

  /// Collapses every node.
  public func collapseAll() {
    outline.collapseAll()
    cancelLoads()
    publish(nil)
  }

  /// Expands the ancestors of `id`, so that it is shown.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public func reveal(_ id: Item.ID) throws(TreeError) {
    try outline.reveal(id)
    publish(nil)
  }

  // MARK: Changing the tree

  /// Shows `tree` instead (a newer version, as a database read gives): nodes
  /// keep their expansion state; moved nodes' rows move. The same name as
  /// ``Outline/replaceTree(_:)``, which it calls.
  public func replaceTree(_ tree: Tree<Item>) {
    cancelLoads()
    outline.replaceTree(tree)
    publish(nil)
  }

  /// The former name of ``replaceTree(_:)``.
  @available(*, deprecated, renamed: "replaceTree(_:)")
  public func setTree(_ tree: Tree<Item>) {
    replaceTree(tree)
  }

  /// Edits the tree (insert, delete, move, update), keeping the state.
  ///
  /// - Throws: What the edit throws (a ``TreeError``); nothing changes then.
  public func editTree<Failure: Error>(_ edit: (inout Tree<Item>) throws(Failure) -> Void)
    throws(Failure)
  {
    try outline.editTree(edit)
    publish(nil)
  }

  /// Marks the node `id` as having children that are not loaded: it shows a
  /// disclosure marker, and expanding it loads them.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public func setChildrenUnloaded(_ id: Item.ID) throws(TreeError) {
    try outline.setChildrenUnloaded(true, for: id)
    publish(nil)
  }

  /// Loads the children of `id` again, after a failure.
  ///
  /// - Throws: ``TreeError/unknownIDs(_:)``; nothing changes then.
  public func retryChildren(of id: Item.ID) throws(TreeError) {
    try outline.setChildrenUnloaded(true, for: id)
    startLoad(of: id)
  }

  /// Returns once no load of children runs.
  public func waitForLoads() async {
    while let (_, load) = loads.first { await load.task.value }
  }

  // MARK: Rows

  /// Toggles `id` with `change`, and when its row is shown, edits the
  /// snapshot where the rows under it are, reporting exactly that change.
  private func toggleRows(of id: Item.ID, _ change: (inout Outline<Item>) throws(TreeError) -> Void)
    throws(TreeError)
  {
    guard let (next, change) = try _toggling(&outline, id, snapshot, change) else { return }
    snapshot = next
    lastChange = change
    observers.notify()
  }

  /// Shows the outline's rows afresh; `change` is how they came from the
  /// previous ones, if known.
  private func publish(_ change: SnapshotChange<SectionModel, OutlineRow<Item>>?) {
    snapshot = rows()
    lastChange = change
    observers.notify()
  }

  private func rows() -> Snapshot<SectionModel, OutlineRow<Item>> {
    _rows(outline, section)
  }

  // MARK: Loading children

  /// Starts loading the children of every expanded node that has none
  /// loaded and none loading, so that no node stays expanded and empty.
  private func startLoadsOfExpandedNodes() {
    let waiting = outline.unloadedIDs.filter { id in
      outline.isExpanded(id) && loads[id] == nil && outline.tree.descendantCount(of: id) == 0
    }
    for id in waiting { startLoad(of: id) }
  }

  private func startLoad(of id: Item.ID) {
    guard let loadChildren, let node = outline.tree.item(withID: id) else { return }
    nextLoad += 1
    let generation = nextLoad
    loads[id]?.task.cancel()
    showPlaceholder(LoadingPlaceholder(.children(String(reflecting: id))), for: id)
    let task = Task { [weak self] in
      let result: Result<[TreeNode<Item>], any Error>
      do {
        result = .success(try await loadChildren(node))
      } catch {
        result = .failure(error)
      }
      self?.finishLoad(of: id, generation: generation, result)
    }
    loads[id] = (generation, task)
  }

  private func finishLoad(
    of id: Item.ID, generation: Int, _ result: Result<[TreeNode<Item>], any Error>
  ) {
    // A collapse, a newer load or a new tree made this one stale.
    guard loads[id]?.generation == generation, outline.tree.contains(id) else { return }
    loads[id] = nil
    do {
      switch result {
      case .success(let children):
        var next = outline
        try next.editTree { (tree) throws(TreeError) in
          try tree.replaceChildren(of: id, with: children)
        }
        try next.setChildrenPlaceholder(nil, for: id)
        try next.setChildrenUnloaded(false, for: id)
        outline = next
        publish(nil)
      case .failure(let error):
        showPlaceholder(
          ErrorPlaceholder(.children(String(reflecting: id)), message: String(describing: error)),
          for: id)
      }
    } catch {
      showPlaceholder(
        ErrorPlaceholder(.children(String(reflecting: id)), message: error.description), for: id)
    }
  }

  private func showPlaceholder(_ placeholder: some Diffable, for id: Item.ID) {
    guard let makePlaceholder else { return }
    try? outline.setChildrenPlaceholder(makePlaceholder(placeholder), for: id)
    publish(nil)
  }

  private func cancelLoads() {
    for (id, load) in loads {
      load.task.cancel()
      try? outline.setChildrenPlaceholder(nil, for: id)
    }
    loads = [:]
  }
}

/// Toggles a node (the change) and returns the edited rows and their
/// change when the node is shown; see `Outline.toggling(_:shown:_:)`.
@usableFromInline
typealias OutlineToggling<SectionModel: Diffable, Item: Diffable> =
  @MainActor (
    inout Outline<Item>, Item.ID, Snapshot<SectionModel, OutlineRow<Item>>,
    (inout Outline<Item>) throws(TreeError) -> Void
  ) throws(TreeError) -> (
    Snapshot<SectionModel, OutlineRow<Item>>, SnapshotChange<SectionModel, OutlineRow<Item>>
  )?

extension OutlineSource where Item == AnyItem {
  /// A source showing `outline` in `section`, with Tabula's loading and
  /// error rows under nodes whose children load with `loadChildren`.
  @inlinable
  public convenience init(
    _ outline: Outline<AnyItem> = Outline(), in section: SectionModel,
    loadChildren: ChildrenLoader? = nil
  ) {
    self.init(
      outline, in: section, loadChildren: loadChildren, makePlaceholder: { AnyItem($0) })
  }
}

extension Optional {
  /// The value, or ``TreeError/unknownIDs(_:)`` naming `id`.
  fileprivate func orThrow(_ id: some Hashable) throws(TreeError) -> Wrapped {
    guard let self else { throw .unknownIDs([String(reflecting: id)]) }
    return self
  }
}
