import Tabula

// User gestures, as UIKit performs them: the view changes its own rows first
// (the user dragged them there), then tells its data source. A batch the
// data source sends afterwards is checked against the view's new state, so a
// data source that did not adopt the gesture breaks UIKit's rules here as it
// would on a device.

extension SimulatedListView {
  /// Simulates the user dragging the row at `source` and dropping it at
  /// `proposed` (a path after the row left, as `moveRow(at:to:)` means it).
  ///
  /// As UIKit does: the data source is asked whether the row can move
  /// (`canMoveItem(at:)`) and where it lands (`targetPath(forMovingItemAt:to:)`),
  /// the view moves the row (its cell goes with it), then the data source
  /// hears `userMovedItem(from:to:)`, then the view lays out the rows that
  /// came into view. No batch update is performed.
  ///
  /// - Returns: Where the row landed, or `nil` when it cannot move (or a
  ///   batch update is under way).
  /// - Precondition: `source` is a row the view shows and `proposed` a
  ///   position for it; a landing path outside the list, from the data
  ///   source, is recorded in ``violations`` and the row stays.
  @discardableResult
  public func userMoveRow(from source: ItemPath, to proposed: ItemPath) -> ItemPath? {
    guard !batch.isOpen, structure.isLoaded, let dataSource = hostDataSource else { return nil }
    precondition(
      structure.hasRow(at: source), "the \(kind.viewName) has no row at \(source) to move")
    precondition(
      structure.canMoveRow(from: source, to: proposed),
      "\(proposed) is not a place for the row at \(source)")
    guard dataSource.canMoveItem(at: source) else { return nil }
    let target = dataSource.targetPath(forMovingItemAt: source, to: proposed)
    guard structure.canMoveRow(from: source, to: target) else {
      violations.append(
        ListViewError(
          "the data source moved the row at \(source) to \(target), which is outside the "
            + "\(kind.viewName)"))
      return nil
    }
    if target != source {
      structure.moveRow(from: source, to: target)
      let token = identities.rows[source.section].remove(at: source.item)
      identities.rows[target.section].insert(token, at: target.item)
      var move = Changeset()
      move.itemMoves = [ItemMove(from: source, to: target)]
      let counts = structure.counts
      heightIndex.apply(
        move, numberOfItems: { counts[$0] }, headerHeight: sectionHeaderHeight,
        footerHeight: sectionFooterHeight, itemHeight: { self.estimatedHeight(at: $0) })
      // What the view keeps by path follows the rows.
      let map = BatchPositionMap(move)
      prefetching.follow { map.newPath(of: $0) }
      display.displayedPaths = display.displayedPaths.compactMapValues { map.newPath(of: $0) }
    }
    updateCounts.userMoveCount += 1
    isInMoveCallback = true
    dataSource.userMovedItem(from: source, to: target)
    isInMoveCallback = false
    // Rows that came into view once the drop settled get their cells from
    // the data source, which knows of the move by now.
    layOut()
    return target
  }

  /// Simulates the user deleting the rows at `paths` (a swipe, the delete
  /// button in editing mode), as UIKit does: the rows the data source lets
  /// go (`canDeleteItem(at:)`) are reported to it
  /// (`userDeleteItems(at:)`), which deletes them with a batch; the view
  /// does not remove them itself.
  ///
  /// - Returns: The paths reported.
  @discardableResult
  public func userDeleteRows(at paths: [ItemPath]) -> [ItemPath] {
    guard !batch.isOpen, structure.isLoaded, let dataSource = hostDataSource else { return [] }
    for path in paths {
      precondition(
        structure.hasRow(at: path), "the \(kind.viewName) has no row at \(path) to delete")
    }
    let allowed = paths.filter { dataSource.canDeleteItem(at: $0) }
    if !allowed.isEmpty { dataSource.userDeleteItems(at: allowed) }
    return allowed
  }

  /// The titles of the swipe actions the data source offers for the row at
  /// `path` on `edge`.
  public func swipeActionTitles(forRowAt path: ItemPath, edge: SwipeEdge = .trailing) -> [String] {
    hostDataSource?.swipeActions(forItemAt: path, edge: edge).map(\.title) ?? []
  }

  /// Simulates the user swiping the row at `path` from `edge` and choosing
  /// the action titled `title` (UIKit's contextual actions): the data
  /// source performs it. Returns `false` when the row offers no such action.
  @discardableResult
  public func userSwipe(rowAt path: ItemPath, edge: SwipeEdge = .trailing, choosing title: String)
    -> Bool
  {
    guard let swipe = userSwipeOpen(rowAt: path, edge: edge) else { return false }
    return userChoose(title, in: swipe)
  }

  /// Simulates the user swiping the row at `path` from `edge` open: its
  /// actions show, as UIKit shows them, until the user chooses one
  /// (``userChoose(_:in:)``), however the list changes meanwhile. `nil`
  /// when the row offers none.
  public func userSwipeOpen(rowAt path: ItemPath, edge: SwipeEdge = .trailing) -> SimulatedSwipe? {
    guard !batch.isOpen, let dataSource = hostDataSource,
      case let actions = dataSource.swipeActions(forItemAt: path, edge: edge), !actions.isEmpty,
      let id = dataSource.itemID(at: path)
    else { return nil }
    return SimulatedSwipe(actions: actions, itemID: id)
  }

  /// Simulates the user choosing the action titled `title` of `swipe`, an
  /// open row's: the data source performs it on that row where it is now,
  /// as TabulaUIKit's contextual actions do. Returns `false` when the
  /// swipe has no such action or the row is gone.
  @discardableResult
  public func userChoose(_ title: String, in swipe: SimulatedSwipe) -> Bool {
    guard !batch.isOpen, let dataSource = hostDataSource,
      let action = swipe.actions.first(where: { $0.title == title })
    else { return false }
    return dataSource.performSwipeAction(action, forItemWithID: swipe.itemID)
  }
}

/// A row's swipe actions the user revealed and has not chosen from yet.
@MainActor
public struct SimulatedSwipe {
  /// The actions, as the data source gave them when the row was swiped.
  public let actions: [SwipeAction]
  /// The row's id.
  public let itemID: AnyHashable
  /// The actions' titles.
  public var titles: [String] { actions.map { $0.title } }
}
