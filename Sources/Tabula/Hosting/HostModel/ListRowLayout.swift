/// A list's sections as one run of rows, as AppKit's `NSTableView` shows
/// them: each section a group row (its header) followed by its items, or,
/// without group rows, its items only. Maps the table's row numbers to the
/// list's paths and back.
///
/// ```swift
/// let layout = ListRowLayout(itemCounts: [2, 3], groupRows: true)
/// layout.rowCount                           // 7: group, 2 items, group, 3 items
/// layout.row(of: ItemPath(section: 1, item: 0))  // 4
/// layout[4]                                 // .item(ItemPath(section: 1, item: 0))
/// ```
///
/// - Complexity: O(s) to make for s sections; O(1) from a path to a row,
///   O(log s) from a row to a path.
public struct ListRowLayout: Sendable, Equatable {
  /// What a row of the table shows.
  public enum Row: Hashable, Sendable {
    /// The group row of the section at this index.
    case group(Int)
    /// The item at this path.
    case item(ItemPath)
  }

  /// Each section's first row (its group row, if any), then the row count.
  private let starts: [Int]
  /// Whether each section begins with a group row.
  public let groupRows: Bool

  /// The rows of sections holding `itemCounts` items.
  public init(itemCounts: [Int], groupRows: Bool) {
    var starts: [Int] = []
    starts.reserveCapacity(itemCounts.count + 1)
    var row = 0
    for count in itemCounts {
      starts.append(row)
      row += count + (groupRows ? 1 : 0)
    }
    starts.append(row)
    self.starts = starts
    self.groupRows = groupRows
  }

  /// The number of rows.
  public var rowCount: Int { starts[starts.count - 1] }

  /// The number of sections.
  public var sectionCount: Int { starts.count - 1 }

  /// The number of items in the section at `section`.
  public func itemCount(inSectionAt section: Int) -> Int {
    starts[section + 1] - firstItemRow(ofSectionAt: section)
  }

  /// The group row of the section at `section`, if sections have them.
  public func groupRow(ofSectionAt section: Int) -> Int? { groupRows ? starts[section] : nil }

  /// The row of the section's first item (where it would be, if empty).
  public func firstItemRow(ofSectionAt section: Int) -> Int {
    starts[section] + (groupRows ? 1 : 0)
  }

  /// The row of the item at `path`.
  public func row(of path: ItemPath) -> Int { firstItemRow(ofSectionAt: path.section) + path.item }

  /// The rows of the items of the section at `section`.
  public func itemRows(ofSectionAt section: Int) -> Range<Int> {
    firstItemRow(ofSectionAt: section)..<starts[section + 1]
  }

  /// What the row at `row` shows.
  ///
  /// - Precondition: `row` is below ``rowCount`` (else this traps naming
  ///   the valid range).
  public subscript(row: Int) -> Row {
    precondition(row >= 0 && row < rowCount, "row \(row) is outside the rows 0..<\(rowCount)")
    // The last section starting at or before `row`: an empty section
    // without a group row has no row, and is skipped.
    var low = 0
    var high = sectionCount - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= row { low = middle } else { high = middle - 1 }
    }
    if groupRows && row == starts[low] { return .group(low) }
    return .item(ItemPath(section: low, item: row - firstItemRow(ofSectionAt: low)))
  }
}
