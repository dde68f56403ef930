// Heights: asked of the presenter (or the height provider), or measured on
// the host's prototype cell, once per item; cached until the item's content,
// the width, its presenter or its style changes. Estimates for rows not
// measured yet: the cached answer, the presenter's estimate, or the running
// average of measured rows.

extension ListController {
  /// A height answered for an item, and what it depends on.
  struct CachedHeight {
    let item: Item
    let width: Double
    /// The presenter's id and style it was answered by, or the
    /// `heightVersion` of the height provider's answer.
    let presenter: Int
    let style: PresentationStyle?
    let height: Double?

    func isValid(for item: Item, width: Double, presenter: Int, style: PresentationStyle?) -> Bool {
      self.width == width && self.presenter == presenter && self.style == style
        && self.item.isContentEqual(to: item)
    }
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
    guard let item = _item(self, path) else { _outOfRange(path) }
    guard let presenters else {
      let version = heightVersion
      if let cached = heights[item.id],
        cached.isValid(
          for: item, width: width, presenter: -version - 2, style: nil)
      {
        return cached.height
      }
      let height = heightProvider?(item, path, width).map { checkedHeight($0, of: item) }
      remember(height, of: item, width: width, presenter: -version - 2, style: nil)
      return height
    }
    let model = Self.model(of: item)
    guard let resolved = Self.resolved(model, in: presenters) else { return nil }
    let entry = resolved.entry
    if let cached = heights[item.id],
      cached.isValid(
        for: item, width: width, presenter: entry.id, style: resolved.style)
    {
      return cached.height
    }
    var height = entry.height(model, width, resolved.style)
    if height == nil && entry.measuresCells {
      height = measure(model, with: resolved, at: path, width: width)
    }
    height = height.map { checkedHeight($0, of: item) }
    remember(height, of: item, width: width, presenter: entry.id, style: resolved.style)
    return height
  }

  /// A cheap height for the item at `path`, for a row not on screen: its
  /// cached height when one is valid, else its presenter's
  /// ``Presenter/estimatedHeight(for:width:style:)``, else the average of
  /// the heights its presenter answered or measured so far, else the
  /// average over all presenters; `nil` (the host's default) before any.
  /// Never measures.
  public func estimatedHeight(forItemAt path: ItemPath, width: Double) -> Double? {
    guard let item = _item(self, path) else { _outOfRange(path) }
    guard let presenters else {
      if let cached = heights[item.id], cached.width == width { return cached.height }
      return average(of: Int.min)
    }
    let model = Self.model(of: item)
    guard let resolved = Self.resolved(model, in: presenters) else { return nil }
    if let cached = heights[item.id],
      cached.isValid(
        for: item, width: width, presenter: resolved.entry.id, style: resolved.style)
    {
      return cached.height
    }
    if let estimate = resolved.entry.estimatedHeight(model, width, resolved.style) {
      return checkedHeight(estimate, of: item)
    }
    return average(of: resolved.entry.id) ?? average(of: Int.min)
  }

  /// Configures the host's prototype cell for `model` and asks it its
  /// height; `nil` when the host has no prototype cells or the cell cannot
  /// say (it is not a ``SizableCell``).
  private func measure(
    _ model: Any, with resolved: PresenterRegistry<Cell>.Resolved, at path: ItemPath,
    width: Double
  ) -> Double? {
    let identifier = resolved.entry.reuseIdentifier(model, resolved.style)
    guard
      cellRegistrations.prepareCell(
        identifier, cellClass: resolved.entry.cellClass(model), on: host,
        presenter: resolved.entry.presenterName(model)),
      let cell = host.prototypeCell(withReuseIdentifier: identifier),
      let sizable = cell as? any SizableCell
    else { return nil }
    resolved.entry.configure(cell, model, resolved.context(at: path))
    return sizable.fittingHeight(forWidth: width)
  }

  private func remember(
    _ height: Double?, of item: Item, width: Double, presenter: Int, style: PresentationStyle?
  ) {
    heights[item.id] = CachedHeight(
      item: item, width: width, presenter: presenter, style: style, height: height)
    guard let height else { return }
    for key in [presenter, Int.min] {
      let (sum, count) = heightAverages[key] ?? (0, 0)
      heightAverages[key] = (sum + height, count + 1)
    }
  }

  private func average(of key: Int) -> Double? {
    guard let (sum, count) = heightAverages[key], count > 0 else { return nil }
    return sum / Double(count)
  }

  /// `height` when it is finite and not negative; otherwise reported (once
  /// per model type) and clamped: NaN and negative heights to 0, infinite
  /// ones to the largest finite height.
  private func checkedHeight(_ height: Double, of item: Item) -> Double {
    if height.isFinite && height >= 0 { return height }
    let model = Self.model(of: item)
    if invalidHeightTypes.insert(ObjectIdentifier(type(of: model))).inserted {
      TabulaLog.report(
        "the height of \(type(of: model)) with id \(item.id) is \(height): heights must be "
          + "finite and not negative (read as \(clamped(height)))")
    }
    return clamped(height)
  }

  private func clamped(_ height: Double) -> Double {
    height.isNaN || height < 0 ? 0 : .greatestFiniteMagnitude
  }

  /// Drops the cached heights of items no longer shown, once they outnumber
  /// the shown items (twice over, plus some slack): pruning costs O(n), so it
  /// runs seldom, at the end of a transaction.
  func pruneHeights() {
    if heights.count > 2 * _snapshot.numberOfItems + 64 {
      heights = heights.filter { _snapshot.contains(itemWithID: $0.key) }
    }
  }
}
