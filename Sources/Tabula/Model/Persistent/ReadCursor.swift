/// Where a reader last read shared storage: the section and the leaf it
/// read in, with their ranges of positions. A reader that goes through a
/// list in order (a view scrolling) finds each next item in the same
/// section and leaf, without walking down either tree again and without
/// reading the storage at all (so a reader of a snapshot it does not own,
/// a controller's, need not copy it).
///
/// A cursor is of one version of the storage: its owner forgets it
/// (``init()``) whenever the storage it reads changes. It keeps the leaf it
/// read alive.
@usableFromInline
struct _ReadCursor<Item: Diffable>: Sendable {
  /// The leaf last read.
  @usableFromInline var leaf: _ItemChunk<Item>?
  /// The position of the leaf's first item.
  @usableFromInline var start = 0
  /// The position after the leaf's last item.
  @usableFromInline var end = 0
  /// The section last read; -1 for none.
  @usableFromInline var section = -1
  /// The position of the section's first item.
  @usableFromInline var sectionStart = 0
  /// The position after the section's last item.
  @usableFromInline var sectionEnd = 0

  /// A cursor that has read nothing.
  @inlinable
  init() {}

  /// Remembers that `leaf`, at positions `leafRange`, was read in section
  /// `section`, at positions `sectionRange`.
  @inlinable
  mutating func read(
    _ leaf: _ItemChunk<Item>, _ leafRange: Range<Int>, section: Int, _ sectionRange: Range<Int>
  ) {
    self.leaf = leaf
    start = leafRange.lowerBound
    end = leafRange.upperBound
    self.section = section
    sectionStart = sectionRange.lowerBound
    sectionEnd = sectionRange.upperBound
  }

  /// The item at `path`, when the cursor holds it (in the section and the
  /// leaf it last read); `nil` when it does not (the caller then reads the
  /// storage, with ``_PersistentItems/item(at:cursor:)``).
  @inlinable @inline(__always)
  func item(at path: ItemPath) -> Item? {
    guard path.section == section, let leaf else { return nil }
    let index = sectionStart &+ path.item
    guard path.item >= 0, index < sectionEnd, index >= start, index < end else { return nil }
    return leaf.item(at: index &- start)
  }
}

extension _PersistentItems {
  /// The item at `path`, or `nil` when `path` is outside the items; the
  /// section and the leaf it is in are left in `cursor` for the next read.
  ///
  /// - Complexity: O(log n + log s) for s sections; O(1) expected once
  ///   the version has a directory.
  @inlinable @inline(never)
  func item(at path: ItemPath, cursor: inout _ReadCursor<Item>) -> Item? {
    if let read = withDirectory({ directory -> Item?? in
      guard path.section >= 0, path.section < directory.sectionCount else { return .some(nil) }
      let range = directory.range(ofSection: path.section)
      guard path.item >= 0, path.item < range.count else { return .some(nil) }
      let index = range.lowerBound &+ path.item
      let (leaf, leafRange) = directory.leafAndRange(containing: index)
      cursor.read(leaf, leafRange, section: path.section, range)
      return leaf.item(at: index &- leafRange.lowerBound)
    }) {
      return read ?? nil
    }
    walked()
    guard path.section >= 0, path.section < starts.sectionCount else { return nil }
    let range = starts.range(ofSection: path.section)
    guard path.item >= 0, path.item < range.count else { return nil }
    let index = range.lowerBound &+ path.item
    let (leaf, offset) = tree.leaf(at: index)
    let start = index &- offset
    cursor.read(leaf, start..<(start &+ leaf.count), section: path.section, range)
    return leaf.item(at: offset)
  }
}
