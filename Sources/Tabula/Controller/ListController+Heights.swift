// Heights: asked of the presenter (or the height provider) once per item,
// then cached until the item's content, the width or the presenters change.

extension ListController {
  /// A height answered for an item, and what it depends on.
  struct CachedHeight {
    let item: Item
    let width: Double
    /// The `heightVersion` it was answered under.
    let version: Int
    let height: Double?
  }

  /// The height of the item at `path`: its presenter's (or the
  /// ``heightProvider``'s) answer, cached until the item's content, the width
  /// or the presenters change; `nil` (the host's default) for a model no
  /// presenter presents.
  public func height(forItemAt path: ItemPath, width: Double) -> Double? {
    guard let item = _item(self, path) else { _outOfRange(path) }
    let version = heightVersion
    if let cached = heights[item.id], cached.width == width, cached.version == version,
      cached.item.isContentEqual(to: item)
    {
      return cached.height
    }
    let height: Double?
    if let presenters {
      let model = Self.model(of: item)
      height = Self.resolved(model, in: presenters).flatMap {
        $0.entry.height(model, width, $0.style)
      }
    } else {
      height = heightProvider?(item, path, width)
    }
    heights[item.id] = CachedHeight(item: item, width: width, version: version, height: height)
    return height
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
