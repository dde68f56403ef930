/// A row of a ``TerminalListView``: a title, detail text aligned to the
/// right, and their styles. Presenters fill it, as they fill a table view
/// cell; the list view draws it on one line.
@MainActor
open class TerminalCell {
  /// The identifier the cell was dequeued under.
  public let reuseIdentifier: String
  /// The main text.
  public var text = ""
  /// Text aligned to the right edge (a date, a count), if any.
  public var detail = ""
  /// How the main text looks.
  public var style = TextStyle.plain
  /// How the detail looks.
  public var detailStyle = TextStyle(dim: true)
  /// The id of the item the cell shows, as its configuration set it.
  public var representedID: AnyHashable?
  /// How many times the cell was prepared for reuse.
  public private(set) var reuseCount = 0

  /// Makes a cell; the list view calls this when its reuse pool is empty.
  public required init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Resets the cell before it is reused. Subclasses call `super`.
  open func prepareForReuse() {
    text = ""
    detail = ""
    style = .plain
    detailStyle = TextStyle(dim: true)
    representedID = nil
  }

  func recycle() {
    reuseCount += 1
    prepareForReuse()
  }
}
