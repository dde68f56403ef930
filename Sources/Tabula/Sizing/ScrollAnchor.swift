/// What the user is reading: a row and how far the top of the viewport is
/// from the row's top. A host captures it before a batch update or a
/// re-measure and restores it after, so that rows inserted above the
/// viewport, or rows above it changing height, move nothing on screen.
///
/// ```swift
/// let anchor = ScrollAnchor(index: heights, contentOffset: contentOffset)
/// heights.apply(batch, numberOfItems: counts) { estimate($0) }
/// contentOffset = anchor?.contentOffset(
///   after: BatchPositionMap(batch), oldCounts: oldCounts, in: heights) ?? contentOffset
/// ```
///
/// When the anchor row is deleted (or reloaded), its nearest surviving
/// neighbour takes its place: the next rows first, then the ones before.
public struct ScrollAnchor: Equatable, Sendable {
  /// The row.
  public var path: ItemPath
  /// The content offset less the row's offset: positive when the row's
  /// top is above the viewport, negative when a header is above the row.
  public var distance: Double

  /// An anchor on `path`, `distance` from the top of the viewport.
  public init(path: ItemPath, distance: Double) {
    self.path = path
    self.distance = distance
  }

  /// The first row at or below `contentOffset` (under it, or the first row
  /// after the header or footer under it); `nil` for a list without rows.
  ///
  /// - Complexity: O(log n).
  public init?(index: HeightIndex, contentOffset: Double) {
    guard let path = index.itemPath(atOffset: max(0, contentOffset)) else { return nil }
    self.init(path: path, distance: contentOffset - index.offset(ofItemAt: path))
  }

  /// The content offset that keeps the anchor where it was once the
  /// heights in `index` changed (rows measured, rows above resized).
  public func contentOffset(in index: HeightIndex) -> Double {
    index.offset(ofItemAt: path) + distance
  }

  /// The content offset that keeps the anchor row where it was after the
  /// batch `map` reads, with `index` already updated: the row at its new
  /// path, or, when it is gone, its nearest surviving neighbour's top at
  /// the top of the viewport. `nil` when no row survives.
  ///
  /// - Parameters:
  ///   - map: The batch's position map.
  ///   - oldCounts: The rows per section before the batch.
  ///   - index: The heights after the batch.
  /// - Complexity: O(log n) plus the rows walked to find a survivor.
  public func contentOffset(
    after map: BatchPositionMap, oldCounts: [Int], in index: HeightIndex
  ) -> Double? {
    if let target = map.newPath(of: path) { return index.offset(ofItemAt: target) + distance }
    guard let target = Self.nearestSurvivor(of: path, through: map, oldCounts: oldCounts) else {
      return nil
    }
    return index.offset(ofItemAt: target)
  }

  /// Where the nearest row to `path` that stays in the batch is after it:
  /// the rows after `path` and before it are tried in turn, nearest first.
  /// Rows the batch moves elsewhere do not count: they are not near any
  /// more.
  public static func nearestSurvivor(
    of path: ItemPath, through map: BatchPositionMap, oldCounts: [Int]
  ) -> ItemPath? {
    var after: ItemPath? = path
    var before: ItemPath? = path
    while after != nil || before != nil {
      after = after.flatMap { row(after: $0, in: oldCounts) }
      if let after, !map.moves(after), let target = map.newPath(of: after) { return target }
      before = before.flatMap { row(before: $0, in: oldCounts) }
      if let before, !map.moves(before), let target = map.newPath(of: before) { return target }
    }
    return nil
  }

  private static func row(after path: ItemPath, in counts: [Int]) -> ItemPath? {
    if path.section < counts.count && path.item + 1 < counts[path.section] {
      return ItemPath(section: path.section, item: path.item + 1)
    }
    var section = path.section + 1
    while section < counts.count {
      if counts[section] > 0 { return ItemPath(section: section, item: 0) }
      section += 1
    }
    return nil
  }

  private static func row(before path: ItemPath, in counts: [Int]) -> ItemPath? {
    if path.item > 0 { return ItemPath(section: path.section, item: path.item - 1) }
    var section = min(path.section, counts.count) - 1
    while section >= 0 {
      if counts[section] > 0 { return ItemPath(section: section, item: counts[section] - 1) }
      section -= 1
    }
    return nil
  }
}
