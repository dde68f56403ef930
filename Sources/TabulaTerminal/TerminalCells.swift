import Tabula

/// The cells a ``TerminalListView`` holds outside its reuse pool: the cells
/// of the rows on screen by path, those the data source was told appeared
/// (with the path they were last drawn at), those of rows a batch removed
/// (recycled after the next render's new cells appeared), the one a
/// reconfigure is asking the data source for again, and the cells section
/// views are configured on, one per reuse identifier.
@MainActor
struct TerminalCells {
  /// The cells of the rows on screen, by path.
  var byPath: [ItemPath: TerminalCell] = [:]
  /// The cells on screen that the data source was told appeared, with the
  /// path they were last drawn at.
  var displayed: [ObjectIdentifier: ItemPath] = [:]
  /// Cells of rows a batch removed, recycled after the next render's new
  /// cells appeared.
  var leaving: [TerminalCell] = []
  /// The row being reconfigured and its cell, which the data source gets
  /// back when it dequeues a cell for that row.
  var reconfiguring: (path: ItemPath, cell: TerminalCell)?
  /// The cells section views are configured on, one per reuse identifier.
  var sectionCells: [String: TerminalCell] = [:]

  /// Moves the cells with their rows through a batch (`newPath`: where a
  /// row went, `nil` if it left); the cells of rows that left are leaving.
  mutating func follow(_ newPath: (ItemPath) -> ItemPath?) {
    var moved: [ItemPath: TerminalCell] = [:]
    for (path, cell) in byPath {
      if let target = newPath(path) {
        moved[target] = cell
      } else {
        leaving.append(cell)
      }
    }
    byPath = moved
  }
}
