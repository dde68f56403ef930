import Tabula

/// A user edit a ``TerminalListView`` has under way from the keyboard: the
/// row picked up to move (`m`), the delete waiting for `y` (how many rows it
/// asked about), and what the view asks of the user meanwhile, for the
/// app's status line. The view's ``TerminalListView/carrying`` and
/// ``TerminalListView/prompt`` forward here.
struct TerminalEditing {
  /// The row the user picked up to move, if any.
  var carrying: ItemPath?
  /// Set while a `d` waits for `y`: how many rows it asked about.
  var pendingDelete: Int?
  /// What the view asks of the user now, if anything.
  var prompt: String?

  /// Ends any edit under way (a move, a delete asked about), with its prompt.
  mutating func cancel() {
    carrying = nil
    pendingDelete = nil
    prompt = nil
  }
}
