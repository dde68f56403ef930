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

  /// Where the row that takes `path`'s place is after the batch `map`
  /// reads: the first row after `path` that stays, or, when none after it
  /// does, the nearest one before it. The rows after come first because
  /// they are the ones the reader was about to read: with the anchor and
  /// the row below it deleted, the row below those moves up to the top of
  /// the viewport, and nothing the reader has not seen is skipped. Rows the
  /// batch deletes, reloads or moves elsewhere do not count: they are not
  /// near any more.
  ///
  /// ```swift
  /// // Rows 0...5 of one section, the reader at 2; the batch deletes 2 and 3.
  /// let survivor = ScrollAnchor.nearestSurvivor(
  ///   of: ItemPath(section: 0, item: 2), through: map, oldCounts: [6])
  /// // ItemPath(section: 0, item: 2): old row 4, the next one that stays
  /// ```
  ///
  /// - Parameters:
  ///   - path: The anchor's path before the batch.
  ///   - map: The batch's position map.
  ///   - oldCounts: The rows per section before the batch.
  /// - Returns: The survivor's path after the batch, or `nil` when no row
  ///   stays.
  /// - Complexity: O(w log k), w the rows walked in sections that stay (a
  ///   deleted section is passed over in one step) and k the batch's
  ///   operations, plus the empty sections passed over.
  public static func nearestSurvivor(
    of path: ItemPath, through map: BatchPositionMap, oldCounts: [Int]
  ) -> ItemPath? {
    func target(_ row: ItemPath) -> ItemPath? {
      map.moves(row) ? nil : map.newPath(of: row)
    }
    // A deleted section is passed over in one step.
    var after = row(after: path, in: oldCounts)
    while let row = after {
      if map.newSection(of: row.section) == nil {
        after = Self.row(
          after: ItemPath(section: row.section, item: oldCounts[row.section] - 1), in: oldCounts)
        continue
      }
      if let target = target(row) { return target }
      after = Self.row(after: row, in: oldCounts)
    }
    var before = row(before: path, in: oldCounts)
    while let row = before {
      if map.newSection(of: row.section) == nil {
        before = Self.row(before: ItemPath(section: row.section, item: 0), in: oldCounts)
        continue
      }
      if let target = target(row) { return target }
      before = Self.row(before: row, in: oldCounts)
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
