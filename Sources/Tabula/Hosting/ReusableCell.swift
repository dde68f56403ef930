/// A cell a ``CellReusePool`` can keep: one made from its class with a
/// reuse identifier, which it keeps, and prepared again before it is reused
/// (`TabulaTesting`'s `SimulatedCell`, `TabulaTerminal`'s `TerminalCell`).
@MainActor
package protocol ReusableCell: AnyObject {
  /// The identifier the cell was made and dequeued under.
  var reuseIdentifier: String { get }

  /// Makes a cell of the class, for `reuseIdentifier`.
  init(reuseIdentifier: String)

  /// Prepares the cell before it is used again (UIKit's
  /// `prepareForReuse()`), counting its reuses.
  func recycle()
}
