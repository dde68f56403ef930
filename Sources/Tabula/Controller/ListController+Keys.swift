// Keys: a hardware keyboard's or a terminal's, mapped to actions by one
// ListKeyMap and performed here, so that every host answers the same keys.
// The host keeps the focus (UIKit's focus system, the terminal's cursor):
// the controller says where it goes.

extension ListController {
  /// Which key does what (``ListKeyMap/standard`` unless set): the map the
  /// hosts' keys go through (``handleKey(_:focusedAt:pageSize:)``).
  public var keyMap: ListKeyMap {
    get { userEdits.state.rules.keyMap }
    set { userEdits.state.rules.keyMap = newValue }
  }

  /// Does what ``keyMap`` binds `key` to, with the row at `focused` focused
  /// (a path of the list on screen; `nil`: none), in a list `pageSize` rows
  /// high, and says where the host's focus goes:
  ///
  /// - focus keys: the row above or below, a page away, the first or last
  ///   (from nothing, the first or last row);
  /// - ``ListKeyAction/open``: what a tap on the focused row does
  ///   (selection, its presenter, ``didSelect``);
  /// - ``ListKeyAction/toggleSelection``: selects or deselects it
  ///   (``SelectionMode/multiple``; in ``SelectionMode/single`` it selects);
  /// - ``ListKeyAction/delete``: the selected rows that may be deleted,
  ///   else the focused row if it may, as one user edit with undo;
  /// - ``ListKeyAction/undo``, ``ListKeyAction/redo``: the edit history;
  /// - outline keys: the connected ``OutlineSource`` (any
  ///   ``OutlineControlling``) opens or closes the focused folder, or the
  ///   focus goes to its first child or its parent.
  ///
  /// A key the map does not bind is ``ListKeyResult/ignored``; a bound key
  /// with nothing to act on (no focused row, a row that may not be
  /// deleted) is ``ListKeyResult/handled`` and changes nothing.
  public func handleKey(_ key: ListKey, focusedAt focused: ItemPath?, pageSize: Int = 10)
    -> ListKeyResult
  {
    guard let action = userEdits.state.rules.keyMap.action(for: key) else { return .ignored }
    return perform(action, focusedAt: focused, pageSize: pageSize)
  }

  /// Does `action` (see ``handleKey(_:focusedAt:pageSize:)``).
  public func perform(_ action: ListKeyAction, focusedAt focused: ItemPath?, pageSize: Int = 10)
    -> ListKeyResult
  {
    let focused = focused.flatMap { _snapshot.item(at: $0) == nil ? nil : $0 }
    switch action {
    case .focusPrevious, .focusNext, .focusPageUp, .focusPageDown, .focusFirst, .focusLast:
      return focusTarget(action, from: focused, pageSize: max(1, pageSize)).map { .focus($0) }
        ?? .handled
    case .open:
      if let focused { didSelectItem(at: focused) }
    case .toggleSelection:
      if let focused { toggleSelection(_snapshot[focused].id) }
    case .delete:
      let selected = selectedItemPaths.filter { canDeleteItem(at: $0) }
      if !selected.isEmpty {
        userDeleteSelectedItems()
      } else if let focused, canDeleteItem(at: focused) {
        userDeleteItems(withIDs: [_snapshot[focused].id])
      }
    case .undo:
      undo()
    case .redo:
      redo()
    case .expand, .collapse, .expandAll:
      return outlineKey(action, on: focused)
    }
    return .handled
  }

  /// Where a focus key moves the focus from `focused`, through every
  /// section's rows as one run; `nil` in an empty list.
  private func focusTarget(_ action: ListKeyAction, from focused: ItemPath?, pageSize: Int)
    -> ItemPath?
  {
    let shown = _snapshot
    let count = shown.numberOfItems
    guard count > 0 else { return nil }
    let last = count - 1
    let index = focused.flatMap { shown.flatIndex(of: $0) }
    let target: Int
    switch action {
    case .focusPrevious: target = index.map { max(0, $0 - 1) } ?? last
    case .focusNext: target = index.map { min(last, $0 + 1) } ?? 0
    case .focusPageUp: target = index.map { max(0, $0 - pageSize) } ?? 0
    case .focusPageDown: target = index.map { min(last, $0 + pageSize) } ?? last
    case .focusFirst: target = 0
    default: target = last
    }
    return shown.path(atFlatIndex: target)
  }

  /// An outline key on the focused row, through the connected source.
  private func outlineKey(_ action: ListKeyAction, on focused: ItemPath?) -> ListKeyResult {
    guard let focused, let outline = connection?.outline else {
      return .handled
    }
    let row = _snapshot[focused]
    guard let answer = outline.outlineKey(action, on: row) else { return .handled }
    // The parent, or a child of a folder open already: rows on screen.
    guard let focus = answer.focus, let id = focus as? Item.ID, let path = _snapshot.path(of: id)
    else { return .handled }
    return .focus(path)
  }
}
