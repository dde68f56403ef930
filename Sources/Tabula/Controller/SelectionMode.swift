/// How many rows the user may select.
public enum SelectionMode: Sendable, Hashable {
  /// None: taps only reach the presenters and `didSelect`.
  case none
  /// One row at a time: a tap selects it instead of the one before.
  case single
  /// Any number of rows: in editing mode a tap toggles a row (and the
  /// terminal's space does in any mode); outside it, a tap only opens it.
  case multiple
}
