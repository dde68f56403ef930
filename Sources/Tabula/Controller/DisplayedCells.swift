/// The cells on screen, by identity, each with the model it appeared with
/// and what presents it: so that every "did end displaying" reaches the
/// presenter of the model its cell appeared with, once, whatever happened
/// to the row meanwhile (reloaded, moved, deleted).
///
/// A value; cells are objects, and their identity pairs an appearance with
/// its end.
struct DisplayedCells<Presenting> {
  /// What a cell appeared with.
  typealias Appearance = (model: Any, presenter: Presenting?)

  private var appearances: [ObjectIdentifier: Appearance] = [:]
  /// Whether appearances are told to a connected source that observes
  /// visible rows (``ListController/reportsVisibleRows``).
  var reportsVisibleRows = true

  /// The number of cells that appeared and have not ended.
  var count: Int { appearances.count }

  /// Records that `cell` appeared with `model`; returns the appearance it
  /// had not ended (a cell shown again without having ended), which ends
  /// first.
  mutating func appear(_ cell: AnyObject, with model: Any, presenter: Presenting?)
    -> Appearance?
  {
    appearances.updateValue((model, presenter), forKey: ObjectIdentifier(cell))
  }

  /// Ends the appearance of `cell`; `nil` for a cell that never appeared
  /// (or already ended).
  mutating func end(_ cell: AnyObject) -> Appearance? {
    appearances.removeValue(forKey: ObjectIdentifier(cell))
  }
}
