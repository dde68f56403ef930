// The cell lifecycle, from the host to the presenters: a row appears and
// leaves the screen (one end per appearance, through reloads, deletes and
// moves), and rows about to appear are prefetched.

extension ListController {
  /// The number of cells on screen that appeared and have not left.
  public var displayedCellCount: Int { displayed.count }

  /// Tells the item's presenter that `cell` is about to appear at `path`
  /// (a position in ``snapshot``), and remembers the model for
  /// ``didEndDisplaying(_:forItemAt:)``. Cells are objects: their identity
  /// pairs the two calls.
  func willDisplay(_ cell: Cell, forItemAt path: ItemPath) {
    guard let item = _specialised.item(self, path) else { return }
    var model: Any = item
    var presenter: PresenterEntry<Cell>?
    var context: PresentationContext?
    if let presenters {
      model = Self.model(of: item)
      if let resolved = Self.resolved(model, in: presenters) {
        presenter = resolved.entry
        context = Self.context(resolved, for: item, at: path)
      }
    }
    // A cell shown again without having ended ends its first model first.
    if let earlier = displayed.appear(cell as AnyObject, with: model, presenter: presenter) {
      earlier.presenter?.events.didEndDisplaying(cell, earlier.model)
    }
    if let presenter, let context { presenter.events.willDisplay(cell, model, context) }
    if displayed.reportsVisibleRows, let observer = connection?.rowObserver {
      observer.rowDidShow(
        path.item, inSectionAt: path.section,
        screenRows: max(1, _host?.visibleItemPaths.count ?? 0))
    }
  }

  /// Whether the rows that appear are told to the connected source when it
  /// observes them (a ``PagedSource`` loads its next page as the reader
  /// nears the end; a ``ComposedSource`` tells the child whose section it
  /// is), so that paging needs no scroll callback in the app. On by
  /// default.
  public var reportsVisibleRows: Bool {
    get { displayed.reportsVisibleRows }
    set { displayed.reportsVisibleRows = newValue }
  }

  /// Tells the presenter of the model `cell` appeared with that it left the
  /// screen; a cell that never appeared (or already left) is ignored.
  func didEndDisplaying(_ cell: Cell, forItemAt path: ItemPath) {
    guard let appearance = displayed.end(cell as AnyObject) else { return }
    appearance.presenter?.events.didEndDisplaying(cell, appearance.model)
  }

  /// Tells the presenters of the items at `paths` to prefetch.
  func prefetchItems(at paths: [ItemPath]) {
    forEachPresented(at: paths) { entry, model in entry.events.prefetch(model) }
  }

  /// Tells the presenters of the items at `paths` to cancel prefetching.
  func cancelPrefetchingItems(at paths: [ItemPath]) {
    forEachPresented(at: paths) { entry, model in entry.events.cancelPrefetching(model) }
  }

  private func forEachPresented(
    at paths: [ItemPath], _ body: (PresenterEntry<Cell>, Any) -> Void
  ) {
    guard let presenters else { return }
    for path in paths {
      guard let item = _snapshot.item(at: path) else { continue }
      let model = Self.model(of: item)
      if let resolved = Self.resolved(model, in: presenters) { body(resolved.entry, model) }
    }
  }
}
