// The controller's public settings and hooks, kept in its named parts.

extension ListController {
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

  /// What the list shows while it has no rows (a message, a load, an
  /// error with a retry button), behind the list: no placeholder row in
  /// the snapshot. `nil` shows nothing.
  ///
  /// ```swift
  /// list.emptyState = .message("No contacts match “\(query)”")
  /// ```
  public var emptyState: EmptyState? {
    get { status.empty.state }
    set {
      status.empty.state = newValue
      showEmptyStateIfNeeded()
    }
  }

  /// Tells the host to show or hide the empty state when the list's
  /// emptiness or the state changed.
  func showEmptyStateIfNeeded() {
    if case .some(let state) = status.empty.update(itemCount: _snapshot.numberOfItems) {
      _host?.showEmptyState(state)
    }
  }

  // MARK: Transactions

  /// Whether a changed item's cell can be refreshed in place (`.reconfigure`)
  /// or must be replaced (`.reload`). Runs off the main actor for large
  /// diffs. With presenters, a row whose presenter or reuse identifier
  /// changes is reloaded in any case.
  public var updateKind: @Sendable (_ old: Item, _ new: Item) -> UpdateKind {
    get { transactions.settings.updateKind }
    set { transactions.settings.updateKind = newValue }
  }

  /// The number of operations above which an animated apply reloads the view
  /// instead (a huge change animates poorly anyway); `nil` never does.
  public var reloadThreshold: Int? {
    get { transactions.settings.reloadThreshold }
    set { transactions.settings.reloadThreshold = newValue }
  }

  /// The combined size of the two snapshots above which the diff runs on a
  /// background task instead of the main actor (with
  /// ``TransactionTiming/afterAnimations`` only: ``TransactionTiming/immediate``
  /// always diffs on the main actor).
  public var backgroundDiffThreshold: Int {
    get { transactions.settings.backgroundDiffThreshold }
    set { transactions.settings.backgroundDiffThreshold = newValue }
  }

  /// When transactions reach the view: after the animations of the one
  /// before (``TransactionTiming/afterAnimations``, the default), or before
  /// `apply` returns, as Apple's diffable data sources
  /// (``TransactionTiming/immediate``).
  public var transactionTiming: TransactionTiming {
    get { transactions.settings.timing }
    set { transactions.settings.timing = newValue }
  }

  /// Whether the view keeps the first visible row in place through a batch
  /// update (``ScrollAnchoring/firstVisibleRow``, the default, except while
  /// the list rests at its top) or leaves its content offset alone, as
  /// Apple's diffable data sources do (``ScrollAnchoring/none``).
  public var scrollAnchoring: ScrollAnchoring {
    get { transactions.settings.scrollAnchoring }
    set { transactions.settings.scrollAnchoring = newValue }
  }

  /// Whether a row the user may move (``canMoveItem(at:)``) shows a
  /// reorder handle in editing mode, and a row the user may delete
  /// (``canDeleteItem(at:)``) a delete control, where the view's cells need
  /// them added (a collection view's list cells: Tabula adds `.reorder()`
  /// and `.delete()` accessories shown while editing; a table shows them by
  /// itself). On by default; the drop-in data sources turn it off, as
  /// Apple's leave the accessories to the app.
  public var showsEditingControls: Bool {
    get { userEdits.state.rules.showsEditingControls }
    set { userEdits.state.rules.showsEditingControls = newValue }
  }

  /// The controls the row at `path` shows in editing mode (see
  /// ``showsEditingControls``).
  public func editingControls(forItemAt path: ItemPath) -> EditingControls {
    guard userEdits.state.rules.showsEditingControls else { return [] }
    var controls: EditingControls = []
    if canMoveItem(at: path) { controls.insert(.reorder) }
    if canDeleteItem(at: path) { controls.insert(.delete) }
    return controls
  }

  // MARK: Heights

  /// The height of an item for a list of a given width, or `nil` for the
  /// host's default, when there are no ``presenters``. Cached like
  /// presenters' answers; setting it drops the answers cached before.
  public var heightProvider:
    (@MainActor (_ item: Item, _ path: ItemPath, _ width: Double) -> Double?)?
  {
    get { rowHeights.provider }
    set { rowHeights.provider = newValue }
  }

  // MARK: Taps and selection

  /// Called when the user selects an item (after its presenter, if any).
  public var didSelect: (@MainActor (_ item: Item, _ path: ItemPath) -> Void)? {
    get { selection.hooks.didSelect }
    set { selection.hooks.didSelect = newValue }
  }

  /// Called when the user selects a section's header: with a
  /// ``CollapsingSource``, to collapse or expand it.
  ///
  /// ```swift
  /// controller.didSelectHeader = { section, _ in try? mail.toggleSection(section.id) }
  /// ```
  public var didSelectHeader: (@MainActor (_ section: SectionModel, _ index: Int) -> Void)? {
    get { selection.hooks.didSelectHeader }
    set { selection.hooks.didSelectHeader = newValue }
  }

  /// How many rows the user may select: ``SelectionMode/none`` by default.
  /// Setting it to fewer rows than are selected deselects all.
  public var selectionMode: SelectionMode {
    get { selection.state.mode }
    set {
      let old = selection.state.mode
      let changed = selection.state.setMode(newValue)
      if changed || old != newValue { _host?.selectionDidChange() }
      if changed { selection.hooks.selectionDidChange?() }
    }
  }

  /// Whether the list is in editing mode (UIKit's `isEditing`): hosts show
  /// selection marks and move handles, and a tap toggles the selection in
  /// ``SelectionMode/multiple``.
  public var isEditing: Bool {
    get { selection.state.isEditing }
    set {
      guard newValue != selection.state.isEditing else { return }
      selection.state.isEditing = newValue
      selection.hooks.editingDidChange?()
    }
  }

  /// Called when ``isEditing`` changes.
  public var editingDidChange: (@MainActor () -> Void)? {
    get { selection.hooks.editingDidChange }
    set { selection.hooks.editingDidChange = newValue }
  }

  /// Called when the selection changes (a tap, an edit that deleted a
  /// selected row, ``select(_:)``...).
  public var selectionDidChange: (@MainActor () -> Void)? {
    get { selection.hooks.selectionDidChange }
    set { selection.hooks.selectionDidChange = newValue }
  }

  // MARK: User edits

  /// Whether the user may move a row (overrides the presenters'
  /// ``Presenter/canMove(_:)``).
  public var canMove: (@MainActor (_ item: Item, _ path: ItemPath) -> Bool)? {
    get { userEdits.state.rules.canMove }
    set { userEdits.state.rules.canMove = newValue }
  }

  /// Where the user may drop rows they move (``MovePolicy/anywhere`` by
  /// default).
  public var movePolicy: MovePolicy {
    get { userEdits.state.rules.movePolicy }
    set { userEdits.state.rules.movePolicy = newValue }
  }

  /// Whether rows dragged together may be dropped at a destination (the
  /// app's rules, after ``canMoveItem(at:)`` and ``movePolicy``): a drop
  /// it refuses shows a forbidden sign and moves nothing. Every
  /// destination by default.
  public var canDrop: (@MainActor (_ items: [Item], _ destination: ListDropDestination) -> Bool)? {
    get { userEdits.state.rules.canDrop }
    set { userEdits.state.rules.canDrop = newValue }
  }

  /// Redirects a single row's move (the reorder control, VoiceOver's
  /// moves): given the row, where it comes from and where it would land
  /// (after ``movePolicy``), the path it lands at (`from` keeps it in
  /// place). Drags of rows are decided by ``canDrop``.
  public var moveTarget:
    (@MainActor (_ item: Item, _ from: ItemPath, _ proposed: ItemPath) -> ItemPath)?
  {
    get { userEdits.state.rules.moveTarget }
    set { userEdits.state.rules.moveTarget = newValue }
  }

  /// Whether the user may delete a row (overrides the presenters'
  /// ``Presenter/canDelete(_:)``).
  public var canDelete: (@MainActor (_ item: Item, _ path: ItemPath) -> Bool)? {
    get { userEdits.state.rules.canDelete }
    set { userEdits.state.rules.canDelete = newValue }
  }

  /// The user edits that can be undone and redone (``undo()``, ``redo()``).
  public var history: EditHistory<SectionModel, Item> { userEdits.state.history }

  /// Called when ``history`` changes (an edit, an undo, a redo): the UIKit
  /// glue registers undo steps then, a terminal shows the name.
  public var historyDidChange: (@MainActor () -> Void)? {
    get { userEdits.state.hooks.historyDidChange }
    set { userEdits.state.hooks.historyDidChange = newValue }
  }

  /// Names undo steps from a verb ("Move", "Delete", "Add") and the items
  /// ("Move Contact", "Delete 3 Contacts"); without it, ``strings``'
  /// ``ListStrings/undoName`` words them from the verb and the count
  /// ("Move Item", "Delete 3 Items").
  public var editName: (@MainActor (_ verb: String, _ items: [Item]) -> String)? {
    get { userEdits.state.rules.editName }
    set { userEdits.state.rules.editName = newValue }
  }

  /// Hears a swipe action whose handler threw (with the action's title);
  /// without it, the error goes to ``TabulaLog``. A row the action removed
  /// is back by then.
  public var didFailSwipeAction: (@MainActor (_ error: any Error, _ title: String) -> Void)? {
    get { userEdits.state.hooks.didFailSwipeAction }
    set { userEdits.state.hooks.didFailSwipeAction = newValue }
  }

  /// Called when the user moved a row the list lets move, before the list
  /// takes the move in: ``snapshot`` and ``latestSnapshot`` do not show it
  /// yet (Apple's `reorderingHandlers.willReorder`). The item, the path it
  /// leaves and the path it lands at, in the data (``latestSnapshot``).
  /// ``didUserMoveItem`` follows. A drop of several rows is heard as moves
  /// one after another, as UIKit's `moveRowAt` calls give them: each path
  /// read as the moves before it left the data.
  public var willUserMoveItem:
    (@MainActor (_ item: Item, _ from: ItemPath, _ to: ItemPath) -> Void)?
  {
    get { userEdits.state.hooks.willUserMoveItem }
    set { userEdits.state.hooks.willUserMoveItem = newValue }
  }

  /// Called after the user moved a row and the list kept the move (the
  /// snapshot shows it, and it was handed to the connected source): the
  /// item, the path it left and the path it is at, in the data, as
  /// ``willUserMoveItem`` heard them (several rows: one move after
  /// another, so an app applying each to its own array in turn keeps the
  /// list's order). A refused move (see ``canMove``, ``moveTarget``) is
  /// not reported here.
  public var didUserMoveItem: (@MainActor (_ item: Item, _ from: ItemPath, _ to: ItemPath) -> Void)?
  {
    get { userEdits.state.hooks.didUserMoveItem }
    set { userEdits.state.hooks.didUserMoveItem = newValue }
  }

  /// The user deleted rows (a swipe, the delete control in editing mode):
  /// UIKit's `commit(_:forRowAt:)`. When set, every row may be deleted
  /// (unless ``canDelete`` says otherwise), a delete is handed to it with
  /// the rows' items and paths, and the list changes nothing itself: the
  /// app removes them from its data and applies a snapshot without them
  /// (or keeps them, to ask first). Rows ``canDeleteItem(at:)`` refuses are
  /// left out. ``userDeleteItems(withIDs:)`` still deletes.
  ///
  /// ```swift
  /// list.commitDelete = { deleted, _ in
  ///   contacts.removeAll { contact in deleted.contains { $0.id == contact.id } }
  ///   show(contacts)
  /// }
  /// ```
  public var commitDelete: (@MainActor (_ items: [Item], _ paths: [ItemPath]) -> Void)? {
    get { userEdits.state.hooks.handleUserDelete }
    set { userEdits.state.hooks.handleUserDelete = newValue }
  }

  /// The former name of ``commitDelete``.
  @available(*, deprecated, renamed: "commitDelete")
  public var handleUserDelete: (@MainActor (_ items: [Item], _ paths: [ItemPath]) -> Void)? {
    get { commitDelete }
    set { commitDelete = newValue }
  }

  /// Answers section header and footer titles in place of the section
  /// models' ``HeaderTitleProviding`` answers: the kind, the section's
  /// model and its index. Ask the host to reload the sections to show new
  /// titles.
  public var sectionTitle:
    (@MainActor (_ kind: SectionViewKind, _ section: SectionModel, _ index: Int) -> String?)?
  {
    get { presentation.sectionTitle }
    set { presentation.sectionTitle = newValue }
  }

  /// Hears a user edit the connected ``WritableSource`` could not write;
  /// without it, the error goes to ``TabulaLog``. The list has gone back
  /// to the source's snapshot by then.
  public var didFailToWrite:
    (@MainActor (_ error: any Error, _ edit: UserEdit<SectionModel, Item>) -> Void)?
  {
    get { userEdits.state.hooks.didFailToWrite }
    set { userEdits.state.hooks.didFailToWrite = newValue }
  }
}
