/// What a ``ListHost`` tells and asks of the selection: taps, which rows
/// are selected, and whether the data source keeps the selection at all.
///
/// One of the capabilities that make up a ``ListHostDataSource``.
@MainActor
public protocol ListSelectionSource: AnyObject {
  /// The user selected the item at `path`.
  func didSelectItem(at path: ItemPath)

  /// Whether the data source keeps the selection (the host then mirrors it;
  /// otherwise the host's own selection is left alone).
  var managesSelection: Bool { get }

  /// How many rows may be selected, which the host's own selection allows
  /// (UIKit's `allowsMultipleSelection` and
  /// `allowsMultipleSelectionDuringEditing` for ``SelectionMode/multiple``).
  var selectionMode: SelectionMode { get }

  /// Whether the item at `path` is selected (the host marks it).
  func isItemSelected(at path: ItemPath) -> Bool

  /// The paths of the selected items, in list order.
  var selectedItemPaths: [ItemPath] { get }

  /// The host deselected the item at `path` (UIKit's `didDeselectRowAt`: a
  /// tap on a selected row in multiple selection).
  func didDeselectItem(at path: ItemPath)

  /// The user toggled the selection of the item at `path` (the terminal's
  /// space key; UIKit reports taps through ``didSelectItem(at:)``).
  func userToggleSelection(at path: ItemPath)
}

extension ListSelectionSource {
  /// `false`: the host's own selection is the app's.
  public var managesSelection: Bool { false }

  /// ``SelectionMode/none``: the host's own selection is the app's.
  public var selectionMode: SelectionMode { .none }

  /// Nothing is selected.
  public func isItemSelected(at path: ItemPath) -> Bool { false }

  /// Nothing is selected.
  public var selectedItemPaths: [ItemPath] { [] }

  /// Ignored.
  public func didDeselectItem(at path: ItemPath) {}

  /// Ignored.
  public func userToggleSelection(at path: ItemPath) {}
}
