// Swipe actions: a delete is a user edit (written back, undoable); another
// action runs its handler, and one that removes its row hides it at once
// (from every snapshot applied, the source's included) until the handler
// ends: the row comes back, animated, if it throws, or shows as the source
// says if it succeeds without removing it.

extension UserEdits {
  /// The swipe actions of the item at `path` on `edge`: its presenter's
  /// (``Presenter/trailingSwipeActions(for:)``), with ``SwipeAction/delete(title:symbolName:)``
  /// only if the row can be deleted (``canDeleteItem(at:)``); a row the
  /// user may delete has a delete among its trailing actions, as UIKit's
  /// rows with the delete editing style do (titled by ``strings``), so
  /// that a list cell's delete control, which shows the trailing actions,
  /// always has one.
  func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction] {
    guard let item = list.shown.item(at: path) else { return [] }
    var actions = list.presenterSwipeActions(of: item, edge: edge)
    let deletable = canDeleteItem(at: path)
    actions.removeAll { $0.isDelete && !deletable }
    if edge == .trailing, deletable, !actions.contains(where: \.isDelete) {
      actions.append(.delete(title: list.strings.delete))
    }
    return actions
  }

  /// Performs `action` on the item at `path` (of the list on screen).
  func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath) {
    guard let item = list.shown.item(at: path) else { list.shown._outOfRange(path) }
    guard let handler = action.handler else {
      userDeleteItems(at: [path])
      return
    }
    task {
      await self.runAction(handler, removing: action.removesRow ? item : nil, title: action.title)
    }
  }

  /// What ListController's public `runAction` does (documented there).
  @discardableResult
  func runAction(
    _ handler: @MainActor () async throws -> Void, removing item: Item?, title: String
  ) async -> Bool {
    if let item {
      var next = list.latest
      let placement = next.path(of: item.id).map { next.placement(at: $0) }
      state.hide(item.id, placement: placement)
      if list.isAnnouncing { state.deletedByUser.insert(item.id) }
      if placement != nil {
        _trapping { () throws(SnapshotError) in try next.deleteItems([item.id]) }
        list.apply(edited: next)
      }
    }
    var failure: (any Error)?
    do {
      try await handler()
    } catch {
      failure = error
    }
    if let item {
      let placement = state.unhide(item.id)
      // What the source says now (the row, unless the handler removed it
      // from the data), or, owning the data, the row back where it was.
      if let source = list.connection?.source {
        list.apply(edited: state.visible(source.snapshot))
      } else if failure != nil, let placement {
        var next = list.latest
        try? next.apply(.insert(items: [placement]))
        list.apply(edited: next)
      }
    }
    if let failure {
      if let didFailSwipeAction = state.hooks.didFailSwipeAction {
        didFailSwipeAction(failure, title)
      } else {
        TabulaLog.note("the swipe action \(title) failed: \(failure)")
      }
      return false
    }
    return true
  }
}
