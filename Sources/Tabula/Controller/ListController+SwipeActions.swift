// Swipe actions: a delete is a user edit (written back, undoable); another
// action runs its handler, and one that removes its row hides it at once
// (from every snapshot applied, the source's included) until the handler
// ends: the row comes back, animated, if it throws, or shows as the source
// says if it succeeds without removing it.

extension ListController {
  /// The swipe actions of the item at `path` on `edge`: its presenter's
  /// (``Presenter/trailingSwipeActions(for:)``), with ``SwipeAction/delete(title:symbolName:)``
  /// only if the row can be deleted (``canDeleteItem(at:)``); a row the
  /// user may delete has a delete among its trailing actions, as UIKit's
  /// rows with the delete editing style do (titled by ``strings``), so
  /// that a list cell's delete control, which shows the trailing actions,
  /// always has one.
  func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction] {
    guard let item = _snapshot.item(at: path) else { return [] }
    var actions: [SwipeAction] = []
    if let presenters, case let model = Self.model(of: item),
      let resolved = Self.resolved(model, in: presenters)
    {
      actions = resolved.entry.editing.swipeActions(model, edge)
    }
    let deletable = canDeleteItem(at: path)
    actions.removeAll { $0.isDelete && !deletable }
    if edge == .trailing, deletable, !actions.contains(where: \.isDelete) {
      actions.append(.delete(title: strings.delete))
    }
    return actions
  }

  /// Performs `action` on the item at `path` (of the list on screen).
  func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath) {
    guard let item = _snapshot.item(at: path) else { _outOfRange(path) }
    guard let handler = action.handler else {
      userDeleteItems(at: [path])
      return
    }
    Task {
      await self.runAction(handler, removing: action.removesRow ? item : nil, title: action.title)
    }
  }

  /// Runs a row action's handler (a swipe action's, a context menu's);
  /// with `item`, the row is hidden meanwhile and comes back, animated, if
  /// the handler throws (reported to ``didFailSwipeAction``, else
  /// ``TabulaLog``). Returns whether it succeeded.
  @discardableResult
  public func runAction(
    _ handler: @MainActor () async throws -> Void, removing item: Item?, title: String
  ) async -> Bool {
    if let item {
      var next = latestSnapshot
      let placement = next.path(of: item.id).map { next.placement(at: $0) }
      userEdits.hide(item.id, placement: placement)
      if _host?.isAnnouncing == true { userEdits.deletedByUser.insert(item.id) }
      if placement != nil {
        _trapping { () throws(SnapshotError) in try next.deleteItems([item.id]) }
        apply(next, completion: nil)
      }
    }
    var failure: (any Error)?
    do {
      try await handler()
    } catch {
      failure = error
    }
    if let item {
      let placement = userEdits.unhide(item.id)
      // What the source says now (the row, unless the handler removed it
      // from the data), or, owning the data, the row back where it was.
      if let source = connection?.source {
        apply(userEdits.visible(source.snapshot), completion: nil)
      } else if failure != nil, let placement {
        var next = latestSnapshot
        try? next.apply(.insert(items: [placement]))
        apply(next, completion: nil)
      }
    }
    if let failure {
      if let didFailSwipeAction = userEdits.hooks.didFailSwipeAction {
        didFailSwipeAction(failure, title)
      } else {
        TabulaLog.note("the swipe action \(title) failed: \(failure)")
      }
      return false
    }
    return true
  }
}
