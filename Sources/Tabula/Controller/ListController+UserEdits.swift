// The user's edits, as the controller's public API: each forwards to
// UserEdits (Controller/UserEdits/), which runs them through the
// UserEditList boundary this extension implements.

extension ListController {
  /// Whether the user may move the row at `path`: its presenter's
  /// ``Presenter/canMove(_:)`` (no row moves without presenters, unless
  /// ``canMove`` says), and only when the controller can keep the move:
  /// it owns its data, or the source it follows is a ``WritableSource``
  /// (a read-only source would undo the move at its next snapshot; that is
  /// reported once).
  public func canMoveItem(at path: ItemPath) -> Bool {
    userEdits.canMoveItem(at: path)
  }

  /// Whether the user may delete the row at `path`. With ``commitDelete``
  /// set (the app deletes): ``canDelete``'s answer, yes without one. Else
  /// ``canDelete``'s answer or the row's presenter's
  /// ``Presenter/canDelete(_:)``, and only when the controller can keep
  /// the delete (as for moves).
  public func canDeleteItem(at path: ItemPath) -> Bool {
    userEdits.canDeleteItem(at: path)
  }

  /// What a drop of the rows with `ids` at `destination` would do
  /// (``ListDropProposal``): a move there, or ``ListDropProposal/Operation/forbidden``
  /// when a row cannot move (``canMoveItem(at:)``), ``movePolicy`` keeps
  /// it in its section, ``canDrop`` refuses, a folder would go under
  /// itself, a row goes into a row of a list that is not an outline, or
  /// the destination is outside the list. Ids the list no longer shows
  /// (removed during the drag) are left out; with none left the proposal
  /// is ``ListDropProposal/Operation/cancel``.
  public func dropProposal(
    forMovingItemsWithIDs ids: [Item.ID], to destination: ListDropDestination
  ) -> ListDropProposal {
    userEdits.dropProposal(forMovingItemsWithIDs: ids, to: destination)
  }

  /// Moves the rows with `ids` to `destination` as the user's edit, in
  /// the order the list shows them (a folder brings its rows along; a row
  /// dragged with its folder stays in it): animated, written back as one
  /// edit (``WritableSource`` writes them in one go: one transaction of a
  /// database list), one undo step ("Move 3 Items") that puts every row
  /// back. Ids the list no longer shows are left out. Returns whether the
  /// rows moved; a drop ``dropProposal(forMovingItemsWithIDs:to:)``
  /// refuses moves nothing and returns `false`.
  ///
  /// ``willUserMoveItem`` and ``didUserMoveItem`` hear the drop as moves
  /// made one after another, as UIKit's `moveRowAt` calls give them: each
  /// row that changes place once, in the order the rows end, each path
  /// read in the data as the moves before it left it (so an app that
  /// applies each move to its own array in turn ends with the list's
  /// order). ``moveTarget``, which redirects a single row's move, does not
  /// apply (``canDrop`` decides drops).
  ///
  /// Each row is placed by its new neighbours' ids (``UserEdit/Placement``),
  /// so a drop made while a transaction is on its way lands among the rows
  /// it shows, and one whose neighbours vanish lands at the nearest still
  /// there.
  @discardableResult
  public func userMoveItems(withIDs ids: [Item.ID], to destination: ListDropDestination) -> Bool {
    userEdits.userMoveItems(withIDs: ids, to: destination)
  }

  /// The rows a drag that starts on the row at `path` takes: the row's
  /// own id first, then, when it is one of several selected rows, every
  /// other selected row that can move, in list order; none when the row
  /// cannot move.
  public func dragItemIDs(startingAt path: ItemPath) -> [Item.ID] {
    userEdits.dragItemIDs(startingAt: path)
  }

  /// What a drop of `count` items from outside at `destination` would do:
  /// a copy between rows when the list makes placeholders for such drops
  /// (``dropPlaceholder``), else ``ListDropProposal/Operation/cancel``; a
  /// destination outside the list, or onto a row, and any in an outline
  /// (whose rows are its tree's), is forbidden.
  public func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal
  {
    userEdits.dropProposal(forExternalItemCount: count, at: destination)
  }

  /// Inserts `count` items dropped from outside the list just before the
  /// row at `path` (of the list as it shows; an `item` equal to the
  /// section's count is its end): ``dropPlaceholder``'s rows show there at
  /// once, and `load` then makes the items.
  ///
  /// - Owning its data, the list holds the placeholders as rows, and the
  ///   loaded items replace them in one animated change: one undo step
  ///   ("Add 2 Items").
  /// - Following a source, the placeholders are the list's own, kept where
  ///   their neighbours put them through every snapshot the source
  ///   publishes. The loaded items the source's snapshot does not hold yet
  ///   are written to it where the placeholders were, as one user edit
  ///   (a ``WritableSource`` that inserts, as ``StaticSource`` does; one
  ///   undo step). A load that stores its items itself (a database list's
  ///   rows, inserted with SQL) returns once the source shows them (wait
  ///   for it to be idle): nothing more is written.
  ///
  /// Several drops may load at once. A drop that cannot be shown (its
  /// placeholders' ids are taken, or an update applied meanwhile removed
  /// its section: ``ListDropError``) is declined: nothing shows, `load` is
  /// not called, and it is reported and announced as a failed load is.
  /// When `load` throws, the placeholders go, the error goes to
  /// ``didFailToLoadDrop`` (else ``TabulaLog``), and the failure is
  /// announced (``ListAnnouncement/dropFailed(count:message:)``). The task
  /// returned ends with whether the items came.
  ///
  /// - Precondition: ``dropPlaceholder`` is set, `count` > 0, and `path`
  ///   is an insertion point of the list (else this traps naming the valid
  ///   range). A host's drop is checked by
  ///   ``dropProposal(forExternalItemCount:at:)`` before it gets here.
  @discardableResult
  public func insertDroppedItems(
    count: Int, at path: ItemPath, load: @escaping @MainActor () async throws -> [Item]
  ) -> Task<Bool, Never> {
    userEdits.insertDroppedItems(count: count, at: path, load: load)
  }

  /// Deletes the items with `ids` as the user's edit (the delete key, a
  /// delete of the selection): animated, written back, one undo step. Ids
  /// the list does not have are ignored (a row another writer removed
  /// meanwhile has nothing left to delete). Unlike
  /// ``deleteItems(at:)``, which edits the list the controller owns like an
  /// array, this is undoable and written back to the connected source.
  public func userDeleteItems(withIDs ids: [Item.ID]) {
    userEdits.userDeleteItems(withIDs: ids)
  }

  /// Deletes the selected items as one user edit ("Delete 3 Items"):
  /// animated, written back, undoable. Items that cannot be deleted stay.
  public func userDeleteSelectedItems() {
    userEdits.userDeleteSelectedItems()
  }

  /// Takes back the last user edit (``history``'s ``EditHistory/undoName``):
  /// the rows go back where they were, animated, and the source is written
  /// as for the edit itself. A row goes back by its nearest neighbour
  /// still there: before the row it came before, else after the row it
  /// came after, else at its old index in its section
  /// (``UserEdit/Placement``); a database list puts an undone delete back
  /// by its old rank. With nothing to undo, nothing happens. A step that
  /// cannot be taken back any more (another writer removed its rows or
  /// section) is reported and dropped.
  public func undo() {
    userEdits.undo()
  }

  /// Does again the last edit ``undo()`` took back.
  public func redo() {
    userEdits.redo()
  }

  /// Returns once every user edit written so far is saved (or failed, and
  /// was reported): a database list saves off the main actor.
  public func waitUntilWritten() async {
    await userEdits.waitUntilWritten()
  }

  /// Runs a row action's handler (a swipe action's, a context menu's);
  /// with `item`, the row is hidden meanwhile and comes back, animated, if
  /// the handler throws (reported to ``didFailSwipeAction``, else
  /// ``TabulaLog``). Returns whether it succeeded.
  @discardableResult
  public func runAction(
    _ handler: @MainActor () async throws -> Void, removing item: Item?, title: String
  ) async -> Bool {
    await userEdits.runAction(handler, removing: item, title: title)
  }

  /// Moves the item `id` to `destination` (a path of the list after the
  /// item left its place) as the user's edit: animated, written back
  /// through a ``WritableSource`` (or kept, owning the data), one undo step
  /// ("Move Item"), with ``willUserMoveItem`` and ``didUserMoveItem``.
  /// What VoiceOver's move actions do, and what an app's own move command
  /// can do. A move the row's presenter, ``movePolicy`` or ``moveTarget``
  /// refuses does nothing and returns `false`.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` for an id the list does
  ///   not hold;
  ///   ``SnapshotError/insertionPathOutOfRange(_:sectionCount:itemCount:)``
  ///   for a destination outside the list, with the valid range; nothing
  ///   changes then.
  @discardableResult
  public func userMoveItem(withID id: Item.ID, to destination: ItemPath) throws(SnapshotError)
    -> Bool
  {
    try userEdits.userMoveItem(withID: id, to: destination)
  }

  /// The path of the row with `id` in the list as it shows, if it shows
  /// it.
  public func shownPath(of id: Item.ID) -> ItemPath? {
    _snapshot.path(of: id)
  }

  /// Makes the placeholder rows of drops from outside: what a loading row
  /// of the list's item type is (a case of an enum of rows, a row with an
  /// id of its own), given a number no other placeholder of the list gets
  /// (0, 1, 2... across every drop), so that an id made of it
  /// (`Chore(id: -1 - number)`) is unique while several drops load. The
  /// list takes such drops only when it is set.
  public var dropPlaceholder: (@MainActor (_ number: Int) -> Item)? {
    get { userEdits.state.hooks.dropPlaceholder }
    set { userEdits.state.hooks.dropPlaceholder = newValue }
  }

  /// Hears a drop from outside whose items failed to load (its
  /// placeholders are gone): the error and the number of items. Without
  /// it, the failure goes to ``TabulaLog``.
  public var didFailToLoadDrop: (@MainActor (_ error: any Error, _ count: Int) -> Void)? {
    get { userEdits.state.hooks.didFailToLoadDrop }
    set { userEdits.state.hooks.didFailToLoadDrop = newValue }
  }

  /// Makes items of what a host's drop from outside carries (UIKit's
  /// `NSItemProvider`s): what a host's drop loads with placeholder rows
  /// (see ``insertDroppedItems(count:at:load:)``). The glue of each host
  /// offers it typed.
  package var loadDroppedPayloads: (@MainActor (_ payloads: [AnyObject]) async throws -> [Item])? {
    get { userEdits.state.hooks.loadDroppedItems }
    set { userEdits.state.hooks.loadDroppedItems = newValue }
  }

  /// Describes a row dragged out of the list (UIKit: an `NSItemProvider`).
  package var dragPayloadOfItem: (@MainActor (_ item: Item) -> AnyObject?)? {
    get { userEdits.state.hooks.dragPayload }
    set { userEdits.state.hooks.dragPayload = newValue }
  }
}

extension ListController: UserEditList {
  var shown: Snapshot<SectionModel, Item> { _snapshot }

  var latest: Snapshot<SectionModel, Item> { latestSnapshot }

  func apply(edited snapshot: Snapshot<SectionModel, Item>) {
    apply(snapshot, completion: nil)
  }

  func adoptShown(_ snapshot: Snapshot<SectionModel, Item>) {
    _snapshot = snapshot
  }

  func hostMoveEnded() {
    guard transactions.pending != nil else { return }
    Task { @MainActor in self.startNextTransaction() }
  }

  var isAnnouncing: Bool { _host?.isAnnouncing == true }

  func presenterAllows(_ edit: PresenterEdit, of item: Item) -> Bool {
    guard let (editing, model) = presenterEditing(of: item) else { return false }
    switch edit {
    case .move: return editing.canMove(model)
    case .delete: return editing.canDelete(model)
    }
  }

  func presenterSwipeActions(of item: Item, edge: SwipeEdge) -> [SwipeAction] {
    guard let (editing, model) = presenterEditing(of: item) else { return [] }
    return editing.swipeActions(model, edge)
  }

  /// The editing answers of `item`'s presenter, and the model they take;
  /// `nil` without presenters or without one for the model.
  private func presenterEditing(of item: Item) -> (PresenterEntry<Cell>.Editing, Any)? {
    guard let presenters, case let model = Self.model(of: item),
      let resolved = Self.resolved(model, in: presenters)
    else { return nil }
    return (resolved.entry.editing, model)
  }
}
