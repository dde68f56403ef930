/// What a ``ListHost`` asks of its data: counts, cells, titles, heights, and
/// what to do with a selection, an edit, a drop or a key. ``ListController``
/// is the usual one.
///
/// It is the sum of one protocol a capability, each with defaults for what
/// a data source may leave out:
///
/// - ``ListContentSource``: sections, rows, titles, section views and
///   layouts, taps on headers, scroll anchoring;
/// - ``ListCellSource``: cells, heights, display and prefetching;
/// - ``ListSelectionSource``: taps and the selection;
/// - ``ListEditingSource``: moves, deletes, swipe actions, undo;
/// - ``ListDragSource``: drags and drops;
/// - ``ListAccessibilitySource``: row actions and the host's own words;
/// - ``ListKeySource``: the keyboard.
///
/// A host asks the whole; code that serves one capability (a host's drag
/// and drop glue, say) can take just that protocol.
@MainActor
public protocol ListHostDataSource<Cell>:
  ListContentSource, ListCellSource, ListSelectionSource, ListEditingSource, ListDragSource,
  ListAccessibilitySource, ListKeySource
{}

extension ListHostDataSource {
  /// Performs `action`, one of the swipe actions offered earlier for the
  /// row with `id` (``ListEditingSource/itemID(at:)``), on that row where it
  /// shows now (the list may have changed while the actions showed, as
  /// UIKit keeps them open). Returns `false`, doing nothing, when the row
  /// is gone.
  @discardableResult
  public func performSwipeAction(_ action: SwipeAction, forItemWithID id: AnyHashable) -> Bool {
    guard let path = path(ofDraggedItemWithID: id) else { return false }
    performSwipeAction(action, forItemAt: path)
    return true
  }
}
