import Tabula

// The view's own selection, as UIKit keeps it: a set of paths, where
// selecting a row in code replaces the selection unless multiple selection
// is allowed (`allowsMultipleSelection`, or while editing
// `allowsMultipleSelectionDuringEditing`). A data source that keeps the
// selection by id has it mirrored here, with the flags its mode asks for,
// exactly as TabulaUIKit's glue does on a UITableView or UICollectionView.

extension SimulatedListView {
  /// Whether the view's selection may hold several rows now: UIKit's rule.
  public var allowsMultipleSelectionNow: Bool {
    isEditing ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection
  }

  /// Selects or deselects the row at `path` in the view's own selection,
  /// as UIKit's `selectRow(at:animated:scrollPosition:)` and
  /// `deselectRow(at:animated:)`: selecting a row deselects the others
  /// unless ``allowsMultipleSelectionNow``.
  public func setSelected(_ selected: Bool, at path: ItemPath) {
    guard selected else {
      viewSelection.remove(path)
      return
    }
    if !allowsMultipleSelectionNow { viewSelection.removeAll() }
    viewSelection.insert(path)
  }

  /// The data source's selection changed: the view mirrors it.
  public func selectionDidChange() {
    syncSelectionWithDataSource()
  }

  /// Makes the view's flags and selection the data source's, when it keeps
  /// one: its mode sets the multiple-selection flags, then rows are
  /// deselected and selected through ``setSelected(_:at:)``, so that a
  /// flag left unset shows (one row of several).
  func syncSelectionWithDataSource() {
    guard let source = hostDataSource, source.managesSelection else { return }
    let flags = SelectionMode.ViewFlags(source.selectionMode)
    allowsMultipleSelection = flags.allowsMultipleSelection
    allowsMultipleSelectionDuringEditing = flags.allowsMultipleSelectionDuringEditing
    let wanted = Set(source.selectedItemPaths)
    for path in viewSelection.subtracting(wanted) { setSelected(false, at: path) }
    for path in wanted.subtracting(viewSelection).sorted() { setSelected(true, at: path) }
  }
}
