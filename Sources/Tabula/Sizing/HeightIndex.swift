/// Where every row of a list is, vertically: the heights of its section
/// headers, rows and footers laid end to end, with the offset of any row
/// and the row under any offset in O(log n).
///
/// A host keeps one for the list it shows and updates it with each batch
/// update it performs (``apply(_:numberOfItems:headerHeight:footerHeight:itemHeight:)``) and each
/// height it learns (``setHeight(_:ofItemAt:)``), never rebuilding it for a
/// small change. Rows not measured yet hold an estimate.
///
/// ```swift
/// var index = HeightIndex(itemCounts: [3, 2]) { path in path.item == 0 ? 80 : 44 }
/// index.offset(ofItemAt: ItemPath(section: 1, item: 1))   // 80 + 44 + 44 + 80 = 248
/// index.itemPath(atOffset: 130)                           // [0, 2]
/// index.setHeight(120, ofItemAt: ItemPath(section: 0, item: 1))
/// index.contentHeight                                     // 368
/// ```
///
/// Each section is a header, its rows and a footer; headers and footers
/// have heights too (zero when the list has none). Heights are finite and
/// not negative: anything else traps, naming the row.
///
/// - Complexity: Item lookups and single-row changes O(log n); section
///   inserts and removals O(s + log n) for s sections; a batch of k
///   changes O(k log n), or O(n) when k is a large fraction of n (then the
///   index is rebuilt, which is cheaper).
public struct HeightIndex {
  /// One section's heights.
  struct Section {
    var header: Double
    var rows: SumTree
    var footer: Double
    var total: Double { header + rows.total + footer }
  }

  /// What is at an offset.
  public enum Element: Hashable, Sendable {
    /// The header of a section.
    case header(Int)
    /// A row.
    case item(ItemPath)
    /// The footer of a section.
    case footer(Int)
  }

  var sections: [Section]
  /// Each section's total height, for offsets across sections.
  var totals: SumTree

  /// An empty list.
  public init() {
    sections = []
    totals = SumTree()
  }

  /// A list of `itemCounts.count` sections with `itemCounts[s]` rows each,
  /// all `rowHeight` tall (a list of fixed-height rows), with section
  /// headers and footers of `headerHeight(section)` and
  /// `footerHeight(section)` (none by default).
  ///
  /// - Complexity: O(n / 48) allocations and copies, n the rows.
  public init(
    itemCounts: [Int], rowHeight: Double, headerHeight: (Int) -> Double = { _ in 0 },
    footerHeight: (Int) -> Double = { _ in 0 }
  ) {
    let height = HeightIndex.checked(rowHeight, of: .item(ItemPath(section: 0, item: 0)))
    let run = [Double](repeating: height, count: SumTree.leafCapacity)
    var sections: [Section] = []
    sections.reserveCapacity(itemCounts.count)
    for (section, count) in itemCounts.enumerated() {
      var builder = SumTreeBuilder(capacity: count)
      var remaining = count
      run.withUnsafeBufferPointer { run in
        while remaining > 0 {
          let step = min(remaining, run.count)
          builder.append(contentsOf: UnsafeBufferPointer(rebasing: run[..<step]))
          remaining -= step
        }
      }
      sections.append(
        Section(
          header: HeightIndex.checked(headerHeight(section), of: .header(section)),
          rows: builder.build(),
          footer: HeightIndex.checked(footerHeight(section), of: .footer(section))))
    }
    self.sections = sections
    totals = SumTree(sections.map(\.total))
  }

  /// A list of `itemCounts.count` sections with `itemCounts[s]` rows each,
  /// of heights `itemHeight(path)`, with section headers and footers of
  /// `headerHeight(section)` and `footerHeight(section)` (none by default).
  ///
  /// - Complexity: O(n), n the rows, plus the calls.
  public init(
    itemCounts: [Int], headerHeight: (Int) -> Double = { _ in 0 },
    footerHeight: (Int) -> Double = { _ in 0 }, itemHeight: (ItemPath) -> Double
  ) {
    var sections: [Section] = []
    sections.reserveCapacity(itemCounts.count)
    for (section, count) in itemCounts.enumerated() {
      var heights: [Double] = []
      heights.reserveCapacity(count)
      for item in 0..<count {
        let path = ItemPath(section: section, item: item)
        heights.append(HeightIndex.checked(itemHeight(path), of: .item(path)))
      }
      sections.append(
        Section(
          header: HeightIndex.checked(headerHeight(section), of: .header(section)),
          rows: SumTree(heights),
          footer: HeightIndex.checked(footerHeight(section), of: .footer(section))))
    }
    self.sections = sections
    totals = SumTree(sections.map(\.total))
  }

  // MARK: Reading

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of rows in the section at `section`.
  public func numberOfItems(inSectionAt section: Int) -> Int {
    checkSection(section)
    return sections[section].rows.count
  }

  /// The number of rows in every section.
  ///
  /// - Complexity: O(s).
  public var totalItemCount: Int { sections.reduce(0) { $0 + $1.rows.count } }

  /// The height of everything: every header, row and footer.
  public var contentHeight: Double { totals.total }

  /// The height of the row at `path`.
  ///
  /// - Complexity: O(log n).
  public func height(ofItemAt path: ItemPath) -> Double {
    checkItem(path)
    return sections[path.section].rows.value(at: path.item)
  }

  /// Where the row at `path` starts.
  ///
  /// - Complexity: O(log n).
  public func offset(ofItemAt path: ItemPath) -> Double {
    checkItem(path)
    let section = sections[path.section]
    // Added in the order element(atOffset:) adds them: the row found at
    // this offset is this row, whatever the rounding.
    return section.rows.sum(
      before: path.item, from: totals.sum(before: path.section) + section.header)
  }

  /// Where the section at `section` starts: the top of its header.
  ///
  /// - Complexity: O(log s).
  public func offset(ofSectionAt section: Int) -> Double {
    checkSection(section, allowingEnd: true)
    return totals.sum(before: section)
  }

  /// The height of the header of the section at `section`.
  public func headerHeight(ofSectionAt section: Int) -> Double {
    checkSection(section)
    return sections[section].header
  }

  /// The height of the footer of the section at `section`.
  public func footerHeight(ofSectionAt section: Int) -> Double {
    checkSection(section)
    return sections[section].footer
  }

  /// The heights of the rows of the section at `section`, in order.
  ///
  /// - Complexity: O(r), r the section's rows.
  public func heights(inSectionAt section: Int) -> [Double] {
    checkSection(section)
    return sections[section].rows.values
  }

  /// The header, row or footer under `offset`, and where it starts; `nil`
  /// outside `0..<contentHeight`. Elements of height zero are never under
  /// an offset.
  ///
  /// - Complexity: O(log n).
  public func element(atOffset offset: Double) -> (element: Element, start: Double)? {
    guard let (section, sectionStart) = totals.position(containing: offset) else { return nil }
    let heights = sections[section]
    let rowsStart = sectionStart + heights.header
    if offset < rowsStart { return (.header(section), sectionStart) }
    if let (item, start) = heights.rows.position(containing: offset, from: rowsStart) {
      return (.item(ItemPath(section: section, item: item)), start)
    }
    return (.footer(section), rowsStart + heights.rows.total)
  }

  /// The row under `offset`, or, when a header or footer is there, the
  /// first row after it (`nil` if there is none).
  ///
  /// - Complexity: O(log n), plus the sections without rows skipped.
  public func itemPath(atOffset offset: Double) -> ItemPath? {
    guard let (element, _) = element(atOffset: max(0, offset)) else { return nil }
    switch element {
    case .item(let path): return path
    case .header(let section): return firstItem(from: section)
    case .footer(let section): return firstItem(from: section + 1)
    }
  }

  /// The rows that overlap `range` (a viewport), in order.
  ///
  /// - Complexity: O(v log n), v the rows returned.
  public func itemPaths(in range: Range<Double>) -> [ItemPath] {
    guard var path = itemPath(atOffset: range.lowerBound) else { return [] }
    var paths: [ItemPath] = []
    while offset(ofItemAt: path) < range.upperBound {
      if height(ofItemAt: path) > 0 || offset(ofItemAt: path) >= range.lowerBound {
        paths.append(path)
      }
      guard let next = item(after: path) else { break }
      path = next
    }
    return paths
  }

  /// The row after `path`, across sections.
  public func item(after path: ItemPath) -> ItemPath? {
    if path.item + 1 < sections[path.section].rows.count {
      return ItemPath(section: path.section, item: path.item + 1)
    }
    return firstItem(from: path.section + 1)
  }

  /// The row before `path`, across sections.
  public func item(before path: ItemPath) -> ItemPath? {
    if path.item > 0 { return ItemPath(section: path.section, item: path.item - 1) }
    var section = path.section - 1
    while section >= 0 {
      let count = sections[section].rows.count
      if count > 0 { return ItemPath(section: section, item: count - 1) }
      section -= 1
    }
    return nil
  }

  private func firstItem(from section: Int) -> ItemPath? {
    var section = section
    while section < sections.count {
      if sections[section].rows.count > 0 { return ItemPath(section: section, item: 0) }
      section += 1
    }
    return nil
  }

  // MARK: Changing

  /// Sets the height of the row at `path`.
  ///
  /// - Precondition: `path` is a row of the index, and `height` is finite
  ///   and not negative.
  /// - Complexity: O(log n).
  public mutating func setHeight(_ height: Double, ofItemAt path: ItemPath) {
    checkItem(path)
    let height = HeightIndex.checked(height, of: .item(path))
    sections[path.section].rows.set(height, at: path.item)
    totals.set(sections[path.section].total, at: path.section)
  }

  /// Sets the heights of the header and footer of the section at `section`.
  ///
  /// - Complexity: O(log s).
  public mutating func setHeights(header: Double, footer: Double, ofSectionAt section: Int) {
    checkSection(section)
    sections[section].header = HeightIndex.checked(header, of: .header(section))
    sections[section].footer = HeightIndex.checked(footer, of: .footer(section))
    totals.set(sections[section].total, at: section)
  }

  /// Inserts a row of `height` at `path`.
  ///
  /// - Complexity: O(log n).
  public mutating func insertItem(height: Double, at path: ItemPath) {
    checkSection(path.section)
    precondition(
      path.item >= 0 && path.item <= sections[path.section].rows.count,
      HeightIndex.insertionMessage(path, count: sections[path.section].rows.count))
    let height = HeightIndex.checked(height, of: .item(path))
    sections[path.section].rows.insert(height, at: path.item)
    totals.set(sections[path.section].total, at: path.section)
  }

  /// Removes the row at `path`; returns its height.
  ///
  /// - Complexity: O(log n).
  @discardableResult
  public mutating func removeItem(at path: ItemPath) -> Double {
    checkItem(path)
    let height = sections[path.section].rows.remove(at: path.item)
    totals.set(sections[path.section].total, at: path.section)
    return height
  }

  /// Inserts a section at `section` with rows of `itemHeights`.
  ///
  /// - Complexity: O(s + r), s the sections and r the new rows.
  public mutating func insertSection(
    at section: Int, header: Double = 0, itemHeights: [Double], footer: Double = 0
  ) {
    checkSection(section, allowingEnd: true)
    for (item, height) in itemHeights.enumerated() {
      _ = HeightIndex.checked(height, of: .item(ItemPath(section: section, item: item)))
    }
    insert(
      Section(
        header: HeightIndex.checked(header, of: .header(section)), rows: SumTree(itemHeights),
        footer: HeightIndex.checked(footer, of: .footer(section))), at: section)
  }

  /// Removes the section at `section` with its rows.
  ///
  /// - Complexity: O(s + log s).
  public mutating func removeSection(at section: Int) {
    checkSection(section)
    _ = removeSectionEntry(at: section)
  }

  mutating func insert(_ entry: Section, at section: Int) {
    sections.insert(entry, at: section)
    totals.insert(entry.total, at: section)
  }

  mutating func removeSectionEntry(at section: Int) -> Section {
    totals.remove(at: section)
    return sections.remove(at: section)
  }
}
