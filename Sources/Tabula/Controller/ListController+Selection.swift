// Selection by id: which rows are selected is a set of item ids
// (SelectionState), so it survives every update: a moved row stays
// selected, a deleted row leaves the selection, a reloaded row keeps it.
// Hosts read it per row (through HostEvents); the UIKit glue mirrors it
// into the view's own selection after each batch. A tap reaches the item's
// presenter first, then `didSelect`.

extension ListController {
  /// The ids of the selected items, in the order they were selected: items
  /// of the latest snapshot applied (``latestSnapshot``), shown or about
  /// to be, as a SwiftUI selection binding states them.
  public var selectedIDs: [Item.ID] {
    let latest = latestSnapshot
    return selection.state.ids.filter { latest.contains(itemWithID: $0) }
  }

  /// The paths of the selected items in the list on screen, in list order.
  public var selectedItemPaths: [ItemPath] {
    selectedIDs.compactMap { _snapshot.path(of: $0) }.sorted()
  }

  /// Selects the item with `id` (in ``SelectionMode/single``, instead of
  /// the one selected before). Ignored with ``SelectionMode/none`` or an id
  /// that the latest snapshot applied (``latestSnapshot``) does not hold:
  /// a row that an update running or waiting adds can be selected at once.
  public func select(_ id: Item.ID) {
    changeSelection { $0.select(id, shown: latestSnapshot.contains(itemWithID: id)) }
  }

  /// Deselects the item with `id`.
  public func deselect(_ id: Item.ID) {
    changeSelection { $0.deselect(id) }
  }

  /// Selects the item with `id`, or deselects it if it was selected.
  public func toggleSelection(_ id: Item.ID) {
    changeSelection { $0.toggle(id, shown: latestSnapshot.contains(itemWithID: id)) }
  }

  /// Makes the selection exactly `ids`, as a SwiftUI selection binding
  /// states it: ids missing from it are deselected, new ones selected, with
  /// one ``selectionDidChange``. Ids the latest snapshot applied
  /// (``latestSnapshot``) does not hold yet (a restored selection, one set
  /// before a source's first load) are awaited
  /// (``awaitedSelection``): each is selected when a snapshot brings its
  /// row, until the selection is changed otherwise (a tap, ``select(_:)``,
  /// ``deselectAll()``...). Returns whether the selected ids changed.
  @discardableResult
  public func setSelection(_ ids: Set<Item.ID>) -> Bool {
    let latest = latestSnapshot
    var changed = false
    changeSelection { state in
      changed = state.set(ids) { latest.contains(itemWithID: $0) }
      return changed
    }
    return changed
  }

  /// The ids ``setSelection(_:)`` was given that the list does not hold
  /// yet: each is selected when its row arrives. A selection binding
  /// holds them beside ``selectedIDs``.
  public var awaitedSelection: Set<Item.ID> { selection.state.awaited }

  /// Selects every item (``SelectionMode/multiple`` only).
  public func selectAll() {
    changeSelection { $0.selectAll(latestSnapshot.items.map(\.id)) }
  }

  /// Deselects every item.
  public func deselectAll() {
    changeSelection { $0.deselectAll() }
  }

  // MARK: What the host tells

  /// Whether the item at `path` is selected.
  func isItemSelected(at path: ItemPath) -> Bool {
    guard !selection.state.ids.isEmpty, let item = _snapshot.item(at: path) else { return false }
    return selection.state.contains(item.id)
  }

  /// A tap on the item at `path`: the selection it makes (see
  /// ``SelectionMode``), then the item's presenter (if it has one), then
  /// ``didSelect``.
  func didSelectItem(at path: ItemPath) {
    guard let item = _specialised.item(self, path) else { return }
    let before = selection.state
    changeSelection { $0.tap(item.id) }
    // A host that selected the row itself (UIKit, several rows allowed)
    // shows the selection the tap made, even none.
    if selection.state == before, selection.state.mode != .none { _host?.selectionDidChange() }
    if let presenters {
      let model = Self.model(of: item)
      if let resolved = Self.resolved(model, in: presenters) {
        resolved.entry.events.didSelect(model, Self.context(resolved, for: item, at: path))
      }
    }
    selection.hooks.didSelect?(item, path)
    retryIfErrorRow(item, inSectionAt: path.section)
  }

  /// A tap on an error row of the connected source (a failed load, a
  /// failed page) tries that load again.
  @discardableResult
  func retryIfErrorRow(_ item: Item, inSectionAt section: Int) -> Bool {
    guard let source = retryingSource(for: item) else { return false }
    source.retry(sectionAt: section)
    return true
  }

  /// The connected source that retries the load `item` stands for, if
  /// `item` is an error row (a failed load, a failed page).
  func retryingSource(for item: Item) -> (any RetryingSource)? {
    guard let source = connection?.retrier,
      let row = item as Any as? AnyItem,
      row.base is ErrorPlaceholder || row.base is PageErrorPlaceholder
    else { return nil }
    return source
  }

  /// A tap on a section's header: ``didSelectHeader`` with the section's
  /// model; an index outside ``snapshot`` (a stale tap) is ignored.
  func didSelectHeader(inSectionAt section: Int) {
    guard section >= 0 && section < _snapshot.numberOfSections else { return }
    selection.hooks.didSelectHeader?(_snapshot.sections[section], section)
  }

  /// Deselects the item at `path`, which the host deselected. In
  /// ``SelectionMode/multiple`` outside editing, where a host that allows
  /// several selected rows deselects one on a tap, the tap opens the row
  /// instead (as a tap on any row does there) and it stays selected.
  func didDeselectItem(at path: ItemPath) {
    guard let item = _snapshot.item(at: path) else { return }
    guard selection.state.mode != .multiple || selection.state.isEditing else {
      didSelectItem(at: path)
      _host?.selectionDidChange()
      return
    }
    deselect(item.id)
  }

  /// The host's request to toggle the selection of the item at `path`
  /// (the terminal's space key).
  func userToggleSelection(at path: ItemPath) {
    guard let item = _snapshot.item(at: path) else { return }
    toggleSelection(item.id)
  }

  /// Drops the ids the latest snapshot no longer holds (after a
  /// transaction or an edit): a deleted row leaves the selection; a row
  /// that an update still waiting adds keeps it. Awaited ids whose rows
  /// arrived are selected.
  func pruneSelection() {
    let latest = latestSnapshot
    changeSelection { state in
      let pruned = state.keep { latest.contains(itemWithID: $0) }
      let adopted = state.adoptAwaited { latest.contains(itemWithID: $0) }
      return pruned || adopted
    }
  }

  /// Applies a transition of the selection, and tells the host and
  /// ``selectionDidChange`` if it changed it.
  private func changeSelection(_ transition: (inout SelectionState<Item.ID>) -> Bool) {
    guard transition(&selection.state) else { return }
    _host?.selectionDidChange()
    selection.hooks.selectionDidChange?()
  }
}
