import Tabula

/// Where a ``TerminalListView``'s cursor rests: on a row, on a section
/// header (only when headers take the cursor), or nowhere; and whether
/// headers take it. The view's ``TerminalListView/selection``,
/// ``TerminalListView/selectedHeader`` and
/// ``TerminalListView/selectsHeaders`` forward here; the view moves the
/// cursor with keys and batches and keeps it on screen.
struct TerminalCursor {
  /// The row under the cursor, if any.
  var row: ItemPath?
  /// The section whose header is under the cursor, if any.
  var header: Int?
  /// Whether section headers take the cursor too.
  var takesHeaders = false
}
