/// A source that wants to know how far the reader got: a paged source
/// loads its next page as the rows near its end appear. A ``ListController``
/// tells the source it is connected to as cells appear
/// (``ListController/reportsVisibleRows``, on by default), on every host,
/// so that an app needs no scroll callback of its own; a ``ComposedSource``
/// passes it to the child whose section the row is in.
@MainActor
public protocol VisibleRowsObserving: AnyObject {
  /// The rows through `lastVisibleItem` (an item index in its section)
  /// showed, on a screen of `screenRows` rows.
  func rowsDidShow(through lastVisibleItem: Int, screenRows: Int)

  /// The row `item` of the section at `section` (in this source's
  /// snapshot) is about to show, on a screen of `screenRows` rows. By
  /// default ``rowsDidShow(through:screenRows:)`` with `item`.
  func rowDidShow(_ item: Int, inSectionAt section: Int, screenRows: Int)
}

extension VisibleRowsObserving {
  /// ``rowsDidShow(through:screenRows:)`` with `item`: a source of one
  /// section needs no more.
  public func rowDidShow(_ item: Int, inSectionAt section: Int, screenRows: Int) {
    rowsDidShow(through: item, screenRows: screenRows)
  }
}

extension PagedSource: VisibleRowsObserving {}

extension ComposedSource: VisibleRowsObserving {
  /// Passes the row to the child whose section it is in, if that child
  /// observes rows (a paged feed below a grid of highlights), with the
  /// section's index among the child's own.
  public func rowDidShow(_ item: Int, inSectionAt section: Int, screenRows: Int) {
    for index in children.indices {
      let range = sectionRange(ofChildAt: index)
      guard range.contains(section) else { continue }
      (children[index] as? any VisibleRowsObserving)?.rowDidShow(
        item, inSectionAt: section - range.lowerBound, screenRows: screenRows)
      return
    }
  }

  /// Passes the rows to the last child that observes rows (without a
  /// section, the child the list ends with): use
  /// ``rowDidShow(_:inSectionAt:screenRows:)``, which the controller calls.
  public func rowsDidShow(through lastVisibleItem: Int, screenRows: Int) {
    let observer = children.last { $0 is any VisibleRowsObserving } as? any VisibleRowsObserving
    observer?.rowsDidShow(through: lastVisibleItem, screenRows: screenRows)
  }
}
