/// The controls a row shows in editing mode: a delete control and a reorder
/// handle. A host whose cells do not show them by themselves (UIKit's list
/// cells in a collection view, unlike a table's rows) adds them for the
/// rows its data source lets the user delete or move
/// (``ListEditingSource/editingControls(forItemAt:)``).
public struct EditingControls: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: UInt8

  /// Controls from their bits.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// A delete control (UIKit's `.delete()` cell accessory).
  public static let delete = EditingControls(rawValue: 1 << 0)
  /// A reorder handle (UIKit's `.reorder()` cell accessory).
  public static let reorder = EditingControls(rawValue: 1 << 1)
}
