import Tabula

// User edits from the keyboard: space toggles the selection of the cursor
// row; `m` picks the row up, the arrows carry the cursor to where it goes,
// Enter drops it there and Esc puts it down where it was; `d` deletes the
// selection (or the cursor row) once `y` confirms; `z` undoes, `Z` redoes.
// As on UIKit, a move is the view's first: it moves its own row, then tells
// the data source, which adopts it without a batch.

extension TerminalListView {
  /// Handles an editing key (the ``keyMap``'s selection, delete, undo and
  /// redo keys, and `m`); returns whether it was one (or answered a
  /// prompt). Keys do nothing the data source does not allow
  /// (`canMoveItem(at:)`, `canDeleteItem(at:)`).
  @discardableResult
  public func handleEditingKey(_ key: Key) -> Bool {
    if editing.pendingDelete != nil {
      // Any key answers the prompt; only `y` deletes. The rows are found
      // again now: updates since `d` may have moved them.
      editing.pendingDelete = nil
      editing.prompt = nil
      let paths = rowsToDelete()
      if key == .character("y") && !paths.isEmpty { hostDataSource?.userDeleteItems(at: paths) }
      return true
    }
    if let carried = carrying {
      switch key {
      case .enter:
        drop(carried)
        return true
      case .escape:
        carrying = nil
        prompt = nil
        select(carried)
        return true
      case .up, .down, .pageUp, .pageDown, .home, .end:
        return false  // the cursor carries it
      default:
        return true  // nothing else while a row is carried
      }
    }
    if key == .character("m") {
      guard let selection, hostDataSource?.canMoveItem(at: selection) == true else { return true }
      carrying = selection
      prompt = strings.movePrompt
      return true
    }
    guard let listKey = ListKey(key) else { return false }
    switch keyMap.action(for: listKey) {
    case .toggleSelection:
      if let selection { hostDataSource?.userToggleSelection(at: selection) }
    case .delete:
      let paths = rowsToDelete()
      guard !paths.isEmpty else { return true }
      editing.pendingDelete = paths.count
      prompt = strings.deletePrompt(paths.count)
    case .undo:
      hostDataSource?.undoUserEdit()
    case .redo:
      hostDataSource?.redoUserEdit()
    default:
      return false
    }
    return true
  }

  /// The selected rows, else the cursor's, that the data source lets go.
  private func rowsToDelete() -> [ItemPath] {
    let selected = hostDataSource?.selectedItemPaths ?? []
    return (selected.isEmpty ? selection.map { [$0] } ?? [] : selected).filter {
      hostDataSource?.canDeleteItem(at: $0) == true
    }
  }

  /// Drops the carried row at the cursor's row (where the data source says
  /// it lands): the view moves its own row first, then the data source
  /// hears of it.
  private func drop(_ carried: ItemPath) {
    carrying = nil
    prompt = nil
    guard let source = hostDataSource, let proposed = selection, rowExists(carried) else { return }
    let target = source.targetPath(forMovingItemAt: carried, to: proposed)
    guard target != carried, structure.canMoveRow(from: carried, to: target) else {
      select(carried)
      return
    }
    var move = Changeset()
    move.itemMoves = [ItemMove(from: carried, to: target)]
    follow(move, animated: false) { source.userMovedItem(from: carried, to: target) }
    updateCounts.userMoveCount += 1
    select(target)
  }
}
