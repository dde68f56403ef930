/// What a ``ListHost`` asks of its rows' cells: the cells themselves, their
/// heights, and when they come and go (display, prefetching, text size).
///
/// One of the capabilities that make up a ``ListHostDataSource``.
@MainActor
public protocol ListCellSource<Cell>: AnyObject {
  /// The kind of cell the host shows.
  associatedtype Cell

  /// The configured cell for the item at `path`, dequeued from `host`.
  func cell(for host: any ListHost<Cell>, at path: ItemPath) -> Cell

  /// The height of the item at `path` for a list `width` wide, or `nil` for
  /// the host's default.
  func height(forItemAt path: ItemPath, width: Double) -> Double?

  /// A cheap guess at the height of the item at `path` (a row off screen,
  /// not measured yet), or `nil` for the host's default.
  func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double?

  /// The height of the section's view of `kind` for a list `width` wide, or
  /// `nil` for the host's default.
  func sectionViewHeight(ofKind kind: SectionViewKind, inSectionAt section: Int, width: Double)
    -> Double?

  /// `cell` is about to appear for the item at `path` (in the data the host
  /// shows). Hosts call it once per cell that comes on screen, and later
  /// ``didEndDisplaying(_:forItemAt:)`` once for the same cell.
  func willDisplay(_ cell: Cell, forItemAt path: ItemPath)

  /// `cell` left the screen; `path` is where its row was in the data the
  /// host showed (the row may be deleted by now).
  func didEndDisplaying(_ cell: Cell, forItemAt path: ItemPath)

  /// The items at `paths` are about to come on screen.
  func prefetchItems(at paths: [ItemPath])

  /// The items at `paths`, prefetched, will not come on screen after all.
  func cancelPrefetchingItems(at paths: [ItemPath])

  /// The user's text size changed (Dynamic Type): the data source drops
  /// the heights it answered, and tells the host
  /// (``ListHost/heightsDidChange()``).
  func textSizeDidChange()
}

extension ListCellSource {
  /// No estimate: the host's default.
  public func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double? { nil }

  /// The host's default.
  public func sectionViewHeight(
    ofKind kind: SectionViewKind, inSectionAt section: Int, width: Double
  ) -> Double? { nil }

  /// Ignored.
  public func willDisplay(_ cell: Cell, forItemAt path: ItemPath) {}

  /// Ignored.
  public func didEndDisplaying(_ cell: Cell, forItemAt path: ItemPath) {}

  /// Ignored.
  public func prefetchItems(at paths: [ItemPath]) {}

  /// Ignored.
  public func cancelPrefetchingItems(at paths: [ItemPath]) {}

  /// Nothing: the data source keeps no heights.
  public func textSizeDidChange() {}
}
