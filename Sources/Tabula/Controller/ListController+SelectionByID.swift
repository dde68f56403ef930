// Selection by id: which rows are selected is a set of item ids, so it
// survives every update: a moved row stays selected, a deleted row leaves
// the selection, a reloaded row keeps it. Hosts read it per row
// (`isItemSelected(at:)`); the UIKit glue mirrors it into the view's own
// selection after each batch.

/// How many rows the user may select.
public enum SelectionMode: Sendable, Hashable {
  /// None: taps only reach the presenters and `didSelect`.
  case none
  /// One row at a time: a tap selects it instead of the one before.
  case single
  /// Any number of rows: in editing mode a tap toggles a row (and the
  /// terminal's space does in any mode); outside it, a tap only opens it.
  case multiple
}

extension ListController {
  /// The ids of the selected items, in the order they were selected.
  public var selectedIDs: [Item.ID] { selection.filter { _snapshot.contains(itemWithID: $0) } }

  /// Whether the controller keeps the selection: any
  /// ``SelectionMode`` but ``SelectionMode/none``.
  public var managesSelection: Bool { selectionMode != .none }

  /// Whether the item at `path` is selected.
  public func isItemSelected(at path: ItemPath) -> Bool {
    guard !selection.isEmpty, let item = _snapshot.item(at: path) else { return false }
    return selectionSet.contains(item.id)
  }

  /// The paths of the selected items in the list on screen, in list order.
  public var selectedItemPaths: [ItemPath] {
    selectedIDs.compactMap { _snapshot.path(of: $0) }.sorted()
  }

  /// Selects the item with `id` (in ``SelectionMode/single``, instead of
  /// the one selected before). Ignored with ``SelectionMode/none`` or an id
  /// the list does not show.
  public func select(_ id: Item.ID) {
    guard selectionMode != .none, _snapshot.contains(itemWithID: id), !selectionSet.contains(id)
    else { return }
    if selectionMode == .single { setSelection([id]) } else { setSelection(selection + [id]) }
  }

  /// Deselects the item with `id`.
  public func deselect(_ id: Item.ID) {
    guard selectionSet.contains(id) else { return }
    setSelection(selection.filter { $0 != id })
  }

  /// Selects the item with `id`, or deselects it if it was selected.
  public func toggleSelection(_ id: Item.ID) {
    if selectionSet.contains(id) { deselect(id) } else { select(id) }
  }

  /// Selects every item (``SelectionMode/multiple`` only).
  public func selectAll() {
    guard selectionMode == .multiple else { return }
    setSelection(_snapshot.items.map(\.id))
  }

  /// Deselects every item.
  public func deselectAll() {
    guard !selection.isEmpty else { return }
    setSelection([])
  }

  /// Deletes the selected items as one user edit ("Delete 3 Contacts"):
  /// animated, written back, undoable. Items that cannot be deleted stay.
  public func deleteSelectedItems() {
    let deletable = selectedItemPaths.filter { canDeleteItem(at: $0) }
    deleteItems(withIDs: deletable.map { _snapshot[$0].id })
  }

  /// Deselects the item at `path`, which the host deselected.
  public func didDeselectItem(at path: ItemPath) {
    guard let item = _snapshot.item(at: path) else { return }
    deselect(item.id)
  }

  /// The host's request to toggle the selection of the item at `path`
  /// (the terminal's space key).
  public func userToggleSelection(at path: ItemPath) {
    guard let item = _snapshot.item(at: path) else { return }
    toggleSelection(item.id)
  }

  func setSelection(_ ids: [Item.ID]) {
    selection = ids
    selectionSet = Set(ids)
    selectionDidChange?()
  }

  /// Drops the ids the list no longer shows (after a transaction or an
  /// edit): a deleted row leaves the selection.
  func pruneSelection() {
    guard !selection.isEmpty else { return }
    let kept = selection.filter { _snapshot.contains(itemWithID: $0) }
    if kept.count != selection.count { setSelection(kept) }
  }
}
