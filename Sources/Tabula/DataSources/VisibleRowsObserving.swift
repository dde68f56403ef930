/// A source that wants to know how far the reader got: a paged source
/// loads its next page as the rows near its end appear. A ``ListController``
/// with ``ListController/reportsVisibleRows`` tells the source it is
/// connected to as cells appear, on every host, so that an app needs no
/// scroll callback of its own.
@MainActor
public protocol VisibleRowsObserving: AnyObject {
  /// The rows through `lastVisibleItem` (an item index in its section)
  /// showed, on a screen of `screenRows` rows.
  func rowsDidShow(through lastVisibleItem: Int, screenRows: Int)
}

extension PagedSource: VisibleRowsObserving {}
