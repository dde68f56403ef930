#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// The rows of a fetched list, in order, as parallel arrays: rowids, items,
/// section keys, and the order keys of every row laid end to end (one
/// allocation, not one per row).
@usableFromInline
struct FetchedRows<Item: Sendable>: Sendable {
  @usableFromInline var rowIDs: [Int64] = []
  @usableFromInline var items: [Item] = []
  @usableFromInline var sections: [String] = []
  @usableFromInline var keys: [DatabaseValue] = []
  @usableFromInline let keyCount: Int

  @usableFromInline
  init(keyCount: Int) { self.keyCount = keyCount }

  @inlinable
  var count: Int { rowIDs.count }

  @inlinable
  mutating func append(rowID: Int64, item: Item, section: String, keys rowKeys: [DatabaseValue]) {
    rowIDs.append(rowID)
    items.append(item)
    sections.append(section)
    keys.append(contentsOf: rowKeys)
  }

  /// Appends the rows `range` of `other`.
  @inlinable
  mutating func append(contentsOf other: FetchedRows, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    rowIDs.append(contentsOf: other.rowIDs[range])
    items.append(contentsOf: other.items[range])
    sections.append(contentsOf: other.sections[range])
    keys.append(
      contentsOf: other.keys[(range.lowerBound * keyCount)..<(range.upperBound * keyCount)])
  }

  @inlinable
  mutating func reserveCapacity(_ capacity: Int) {
    rowIDs.reserveCapacity(capacity)
    items.reserveCapacity(capacity)
    sections.reserveCapacity(capacity)
    keys.reserveCapacity(capacity * keyCount)
  }

  /// Whether row `left` of `self` comes before row `right` of `other` in
  /// `ordering` (then by rowid), comparing as SQLite does.
  @inlinable
  func row(_ left: Int, precedes right: Int, of other: FetchedRows, in ordering: [FetchedOrdering])
    -> Bool
  {
    for (index, order) in ordering.enumerated() {
      var comparison = compareSQLite(
        keys[left * keyCount + index], other.keys[right * keyCount + index],
        caseInsensitive: order.caseInsensitive)
      if !order.ascending { comparison = -comparison }
      if comparison != 0 { return comparison < 0 }
    }
    return rowIDs[left] < other.rowIDs[right]
  }

  /// The positions of the rows whose rowids are in `wanted`, in order.
  ///
  /// - Complexity: O(n) integer comparisons for a few rowids.
  func positions(of wanted: [Int64]) -> [Int] {
    let set = wanted.count > 16 ? Set(wanted) : []
    var positions: [Int] = []
    rowIDs.withUnsafeBufferPointer { rowIDs in
      for position in rowIDs.indices {
        let rowID = rowIDs[position]
        if wanted.count <= 16 ? wanted.contains(rowID) : set.contains(rowID) {
          positions.append(position)
        }
      }
    }
    return positions
  }

  /// Gives the row at each position its new keys (the key columns in
  /// ordering order), `section` to the row at `moved`, and puts that row at
  /// its place: the others keep their order (a relabelled window keeps it).
  ///
  /// - Complexity: a memory move and O(log n) comparisons.
  mutating func update(
    _ changes: [(position: Int, keys: [DatabaseValue])], moved: Int?, section: String?,
    ordering: [FetchedOrdering]
  ) {
    for change in changes {
      for (offset, key) in change.keys.enumerated() {
        keys[change.position * keyCount + offset] = key
      }
    }
    guard let position = moved else { return }
    if let section { sections[position] = section }
    let rowID = rowIDs.remove(at: position)
    let item = items.remove(at: position)
    let rowSection = sections.remove(at: position)
    let rowKeys = Array(keys[(position * keyCount)..<((position + 1) * keyCount)])
    keys.removeSubrange((position * keyCount)..<((position + 1) * keyCount))
    var single = FetchedRows(keyCount: keyCount)
    single.append(rowID: rowID, item: item, section: rowSection, keys: rowKeys)
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if row(middle, precedes: 0, of: single, in: ordering) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    rowIDs.insert(rowID, at: low)
    items.insert(item, at: low)
    sections.insert(rowSection, at: low)
    keys.insert(contentsOf: rowKeys, at: low * keyCount)
  }

  /// `current` without the rows in `removing`, with the rows of `adding`
  /// merged in at their places. Each added row is placed by binary search,
  /// and unchanged rows are copied in runs.
  ///
  /// - Complexity: O(n + k log n) comparisons for k added rows.
  @inlinable
  static func merge(
    _ current: FetchedRows, removing: Set<Int64>, adding: FetchedRows,
    ordering: [FetchedOrdering]
  ) -> FetchedRows {
    // The rows kept: runs between removed ones. A few removals are found by
    // comparing integers, without hashing every rowid.
    let removed = Array(removing)
    var kept = FetchedRows(keyCount: current.keyCount)
    kept.reserveCapacity(current.count + adding.count)
    var runStart = 0
    current.rowIDs.withUnsafeBufferPointer { rowIDs in
      for position in rowIDs.indices {
        let rowID = rowIDs[position]
        let isRemoved =
          removed.count <= 16 ? removed.contains(rowID) : removing.contains(rowID)
        if isRemoved {
          kept.append(contentsOf: current, runStart..<position)
          runStart = position + 1
        }
      }
    }
    kept.append(contentsOf: current, runStart..<current.count)
    guard adding.count > 0 else { return kept }

    // The added rows in order, and where each goes among the kept ones.
    let order = adding.rowIDs.indices.sorted {
      adding.row($0, precedes: $1, of: adding, in: ordering)
    }
    var result = FetchedRows(keyCount: current.keyCount)
    result.reserveCapacity(kept.count + adding.count)
    var copied = 0
    for added in order {
      var low = copied
      var high = kept.count
      while low < high {
        let middle = (low + high) / 2
        if kept.row(middle, precedes: added, of: adding, in: ordering) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      result.append(contentsOf: kept, copied..<low)
      result.append(contentsOf: adding, added..<(added + 1))
      copied = low
    }
    result.append(contentsOf: kept, copied..<kept.count)
    return result
  }
}
