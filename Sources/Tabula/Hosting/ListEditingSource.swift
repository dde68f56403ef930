/// What a ``ListHost`` asks and tells of the user's edits of single rows:
/// moves, deletes, swipe actions, editing controls, undo and redo.
///
/// One of the capabilities that make up a ``ListHostDataSource``.
@MainActor
public protocol ListEditingSource: AnyObject {
  /// Whether the user may pick up the item at `path` to move it (UIKit's
  /// `canMoveRowAt`).
  func canMoveItem(at path: ItemPath) -> Bool

  /// Where an item the user drags from `source` lands when dropped at
  /// `proposed` (UIKit's `targetIndexPathForMoveFromRowAt`): `proposed`, a
  /// redirected path, or `source` to keep it in place.
  func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath

  /// The user moved the item at `source` to `destination` (a path after the
  /// move, as `moveRow(at:to:)` means it), and the host shows it there
  /// already (UIKit's `moveRowAt`): the data source adopts the move without
  /// a batch.
  func userMovedItem(from source: ItemPath, to destination: ItemPath)

  /// Whether the user may delete the item at `path` (UIKit: the editing
  /// style `.delete`, a swipe to delete).
  func canDeleteItem(at path: ItemPath) -> Bool

  /// The user asked to delete the items at `paths` (UIKit's commit of the
  /// `.delete` editing style): the data source deletes them, with a batch
  /// the host animates. The host has not removed them itself.
  func userDeleteItems(at paths: [ItemPath])

  /// The swipe actions of the item at `path` on `edge`, in order.
  func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction]

  /// The user chose `action` on the item at `path`.
  func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath)

  /// The id of the item at `path` of the list as the host shows it: what a
  /// host keeps to find a row again later (the row whose swipe actions
  /// show), after updates moved it.
  func itemID(at path: ItemPath) -> AnyHashable?

  /// The controls the row at `path` shows in editing mode, on a host whose
  /// cells need them added (see ``EditingControls``).
  func editingControls(forItemAt path: ItemPath) -> EditingControls

  /// The user asked to take back the last edit (the terminal's `z`).
  func undoUserEdit()

  /// The user asked to do the last undone edit again (the terminal's `Z`).
  func redoUserEdit()
}

extension ListEditingSource {
  /// Rows do not move.
  public func canMoveItem(at path: ItemPath) -> Bool { false }

  /// `proposed`.
  public func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    proposed
  }

  /// Ignored: a data source whose rows cannot move never hears of a move.
  public func userMovedItem(from source: ItemPath, to destination: ItemPath) {}

  /// Rows are not deleted.
  public func canDeleteItem(at path: ItemPath) -> Bool { false }

  /// Ignored: a data source whose rows cannot be deleted never hears of it.
  public func userDeleteItems(at paths: [ItemPath]) {}

  /// None.
  public func swipeActions(forItemAt path: ItemPath, edge: SwipeEdge) -> [SwipeAction] { [] }

  /// Ignored: there are no swipe actions.
  public func performSwipeAction(_ action: SwipeAction, forItemAt path: ItemPath) {}

  /// None: rows are not found again by id.
  public func itemID(at path: ItemPath) -> AnyHashable? { nil }

  /// None: the app adds the controls its cells show.
  public func editingControls(forItemAt path: ItemPath) -> EditingControls { [] }

  /// Ignored: no history.
  public func undoUserEdit() {}

  /// Ignored: no history.
  public func redoUserEdit() {}
}
