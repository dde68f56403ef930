// Heights: asked of the presenter (or the height provider), or measured on
// the host's prototype cell, once per item; cached until the item's content,
// the width, its presenter or its style changes (RowHeights, HeightCache).
// Estimates for rows not measured yet: the cached answer, the presenter's
// estimate, or the running average of measured rows.

extension ListController {
  /// Forgets every height answered or measured, and has the host ask again
  /// for the rows on screen, the first of them kept where it is
  /// (``ListHost/heightsDidChange()``); rows off screen are asked as they
  /// come. What a change of the text size (Dynamic Type) needs; hosts
  /// report one through ``ListCellSource/textSizeDidChange()``, and
  /// an app can call this when something else every height depends on
  /// changed.
  public func invalidateHeights() {
    rowHeights.cache.removeAll()
    _host?.heightsDidChange()
  }

  /// The height of the item at `path`: its presenter's answer (or the
  /// ``heightProvider``'s), or, for a presenter that
  /// ``Presenter/measuresCells``, the height its cell needs when configured
  /// on the host's prototype cell; cached until the item's content, the
  /// width, its presenter or its style changes. `nil` (the host's default)
  /// for a model no presenter presents.
  ///
  /// A negative, infinite or NaN answer is reported to ``TabulaLog`` once
  /// per model type, naming the type and the item's id, and read as 0 (NaN)
  /// or clamped.
  public func height(forItemAt path: ItemPath, width: Double) -> Double? {
    guard let item = _specialised.item(self, path) else { _outOfRange(path) }
    guard let presenters else {
      let source = RowHeights<Item>.Source.provider(version: rowHeights.providerVersion)
      if let cached = rowHeights.cache.height(of: item, width: width, source: source) {
        return cached
      }
      let height = rowHeights.provider?(item, path, width).map { checkedHeight($0, of: item) }
      rowHeights.cache.remember(height, of: item, width: width, source: source, group: nil)
      return height
    }
    let model = Self.model(of: item)
    guard let resolved = Self.resolved(model, in: presenters) else { return nil }
    let entry = resolved.entry
    let source = RowHeights<Item>.Source.presenter(id: entry.id, style: resolved.style)
    if let cached = rowHeights.cache.height(of: item, width: width, source: source) {
      return cached
    }
    var height = entry.sizing.height(model, width, resolved.style)
    if height == nil && entry.sizing.measuresCells {
      height = measure(model, with: resolved, at: path, width: width)
    }
    height = height.map { checkedHeight($0, of: item) }
    rowHeights.cache.remember(height, of: item, width: width, source: source, group: entry.id)
    return height
  }

  /// A cheap height for the item at `path`, for a row not on screen: its
  /// cached height when one is valid, else its presenter's
  /// ``Presenter/estimatedHeight(for:width:style:)``, else the average of
  /// the heights its presenter answered or measured so far, else the
  /// average over all presenters; `nil` (the host's default) before any.
  /// Never measures.
  public func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double? {
    guard let item = _specialised.item(self, path) else { _outOfRange(path) }
    guard let presenters else {
      if let cached = rowHeights.cache.anyHeight(of: item.id, width: width) { return cached }
      return rowHeights.cache.average(of: nil)
    }
    let model = Self.model(of: item)
    guard let resolved = Self.resolved(model, in: presenters) else { return nil }
    let source = RowHeights<Item>.Source.presenter(id: resolved.entry.id, style: resolved.style)
    if let cached = rowHeights.cache.height(of: item, width: width, source: source) {
      return cached
    }
    if let estimate = resolved.entry.sizing.estimatedHeight(model, width, resolved.style) {
      return checkedHeight(estimate, of: item)
    }
    return rowHeights.cache.average(of: resolved.entry.id) ?? rowHeights.cache.average(of: nil)
  }

  /// Configures the host's prototype cell for `model` and asks it its
  /// height; `nil` when the host has no prototype cells or the cell cannot
  /// say (it is not a ``SizableCell``).
  private func measure(
    _ model: Any, with resolved: PresenterRegistry<Cell>.Resolved, at path: ItemPath,
    width: Double
  ) -> Double? {
    let identifier = resolved.entry.reuseIdentifier(model, resolved.style)
    guard let host = _host,
      cellRegistrations.prepareCell(
        identifier, cellClass: resolved.entry.cellClass(model), on: host,
        presenter: resolved.entry.presenterName(model)),
      let cell = host.prototypeCell(withReuseIdentifier: identifier),
      let sizable = cell as? any SizableCell
    else { return nil }
    resolved.entry.configure(cell, model, resolved.context(at: path))
    return sizable.fittingHeight(forWidth: width)
  }

  /// `height` when it is finite and not negative; otherwise reported (once
  /// per model type) and clamped: NaN and negative heights to 0, infinite
  /// ones to the largest finite height.
  private func checkedHeight(_ height: Double, of item: Item) -> Double {
    guard let clamped = HeightCache<Item, RowHeights<Item>.Source, Int>.clamped(height) else {
      return height
    }
    let model = Self.model(of: item)
    rowHeights.invalid.report(
      ObjectIdentifier(type(of: model)),
      "the height of \(type(of: model)) with id \(item.id) is \(height): heights must be "
        + "finite and not negative (read as \(clamped))")
    return clamped
  }

  /// Drops the cached heights of items no longer shown, once they outnumber
  /// the shown items: pruning costs O(n), so it runs seldom, at the end of
  /// a transaction.
  func pruneHeights() {
    rowHeights.cache.prune(shownCount: _snapshot.numberOfItems) {
      _snapshot.contains(itemWithID: $0)
    }
  }
}
