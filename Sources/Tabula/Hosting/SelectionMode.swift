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

extension SelectionMode {
  /// The selection flags a host view with a selection of its own (UIKit's)
  /// needs to show a selection of this mode.
  public struct ViewFlags: Sendable, Hashable {
    /// UIKit's `allowsMultipleSelection`: ``SelectionMode/multiple``, so
    /// that several selected ids (a SwiftUI binding's, `selectAll()`) show.
    public var allowsMultipleSelection: Bool
    /// UIKit's `allowsMultipleSelectionDuringEditing`:
    /// ``SelectionMode/multiple``.
    public var allowsMultipleSelectionDuringEditing: Bool

    /// The flags for `mode`.
    public init(_ mode: SelectionMode) {
      allowsMultipleSelection = mode == .multiple
      allowsMultipleSelectionDuringEditing = mode == .multiple
    }
  }
}
