// The edit layer: every edit the user makes on screen, in one place.
// - UserEdits+Moves: a row the host moved (UIKit's moveRowAt), a move by
//   id (VoiceOver's, an app's command), whether a row may move or go;
// - UserEdits+Drops: drags of one row or many, within the list, and
//   DropPlan, where they land;
// - UserEdits+ExternalDrops: drops from outside, with placeholder rows;
// - UserEdits+Deletes: deletes, undo and redo;
// - UserEdits+SwipeActions: swipe actions and other row actions;
// - UserEdits+WriteBack: writing edits to the source, and failures.
// The list it serves is a UserEditList; ListController keeps the public
// API and forwards here.

/// Runs the edits a list's user makes: moves, drops (from within the list
/// and from outside), deletes, swipe actions, undo and redo. It decides
/// what each does, writes it back through the source the list follows (or
/// applies it, when the list owns its data) and records it in the history.
///
/// It reaches its list only through ``UserEditList``: what is shown, what
/// is newest, apply, announce, the source's capabilities.
@MainActor
final class UserEdits<SectionModel: Diffable, Item: Diffable> {
  /// The list whose edits these are (it owns this object).
  unowned let list: any UserEditList<SectionModel, Item>
  /// The rules, hooks, history and what runs.
  var state = UserEditState<SectionModel, Item>()

  init(list: any UserEditList<SectionModel, Item>) {
    self.list = list
  }

  /// Runs `body` on a new task on the main actor that keeps the list alive
  /// until it ends: a drop still loading, a swipe action's handler, a
  /// correction after a host's callback finish as they would with the
  /// list in hand.
  @discardableResult
  func task<Result: Sendable>(
    _ body: @escaping @MainActor () async -> Result
  ) -> Task<Result, Never> {
    let list = self.list
    return Task { @MainActor in
      defer { withExtendedLifetime(list) {} }
      return await body()
    }
  }
}
