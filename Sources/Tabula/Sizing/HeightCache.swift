/// Heights answered per item, each valid while the item's content, the
/// width and what answered it (its `Source`: a presenter and style, or a
/// height provider's version) stay the same; and the running averages of
/// the heights answered, per `Group` (a presenter) and over all, which
/// estimate rows not measured yet.
///
/// A value: a ``ListController`` keeps one, asks it before asking a
/// presenter or measuring a cell, and remembers each answer.
struct HeightCache<Item: Diffable, Source: Hashable, Group: Hashable> {
  /// A height answered, and what it depends on.
  struct Entry {
    let item: Item
    let width: Double
    let source: Source
    let height: Double?
  }

  private var entries: [Item.ID: Entry] = [:]
  /// Sums and counts of the heights answered, per group and (key `nil`)
  /// over all.
  private var averages: [Group?: (sum: Double, count: Int)] = [:]

  /// How many items have a height cached.
  var count: Int { entries.count }

  /// Forgets every height and average (the text size changed: each row
  /// needs measuring again).
  mutating func removeAll() {
    entries.removeAll()
    averages.removeAll()
  }

  /// The height cached for `item` if it is still valid for `width` and
  /// `source`: `.some(nil)` when the answer was "the host's default",
  /// `nil` when there is none or it is stale.
  func height(of item: Item, width: Double, source: Source) -> Double?? {
    guard let entry = entries[item.id], entry.width == width, entry.source == source,
      entry.item.isContentEqual(to: item)
    else { return nil }
    return .some(entry.height)
  }

  /// The height cached for the item with `id` at `width`, whoever answered
  /// it and whatever its content (a cheap estimate).
  func anyHeight(of id: Item.ID, width: Double) -> Double?? {
    guard let entry = entries[id], entry.width == width else { return nil }
    return .some(entry.height)
  }

  /// Remembers `height` (`nil`: the host's default) for `item`, answered
  /// by `source` at `width`, and adds it to the averages of `group` and
  /// of all.
  mutating func remember(
    _ height: Double?, of item: Item, width: Double, source: Source, group: Group?
  ) {
    entries[item.id] = Entry(item: item, width: width, source: source, height: height)
    guard let height else { return }
    var keys: [Group?] = [nil]
    if let group { keys.append(group) }
    for key in keys {
      let (sum, count) = averages[key] ?? (0, 0)
      averages[key] = (sum + height, count + 1)
    }
  }

  /// The average of the heights `group` answered (`nil`: of all), if any.
  func average(of group: Group?) -> Double? {
    guard let (sum, count) = averages[group], count > 0 else { return nil }
    return sum / Double(count)
  }

  /// Drops the heights of items not `shown` once they outnumber the
  /// `shownCount` items shown twice over (plus some slack): pruning is
  /// O(n), so it runs seldom.
  mutating func prune(shownCount: Int, shown: (Item.ID) -> Bool) {
    guard entries.count > 2 * shownCount + 64 else { return }
    entries = entries.filter { shown($0.key) }
  }

  /// `height` when it is finite and not negative; otherwise `nil` and the
  /// height to use instead: 0 for NaN and negative heights, the largest
  /// finite height for infinite ones.
  static func clamped(_ height: Double) -> Double? {
    if height.isFinite && height >= 0 { return nil }
    return height.isNaN || height < 0 ? 0 : .greatestFiniteMagnitude
  }
}
