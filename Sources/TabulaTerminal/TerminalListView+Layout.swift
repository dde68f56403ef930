import Tabula

// Layout: one line per header and row, found by binary search over the
// sections, and the scroll position kept within the list.

extension TerminalListView {
  /// What a line shows.
  enum Element {
    case header(Int)
    case row(ItemPath)
  }

  /// How many lines the list has: headers and rows.
  var totalLines: Int { lineStarts[lineStarts.count - 1] }

  /// Reads the counts and header titles from the data source, and where
  /// each section's lines start.
  func readStructure() {
    guard let source = hostDataSource else {
      counts = []
      headers = []
      lineStarts = [0]
      return
    }
    counts = (0..<source.numberOfSections).map { source.numberOfItems(inSectionAt: $0) }
    headers = counts.indices.map { source.headerTitle(forSectionAt: $0) }
    var starts = [0]
    starts.reserveCapacity(counts.count + 1)
    for section in counts.indices {
      starts.append(starts[section] + (headers[section] == nil ? 0 : 1) + counts[section])
    }
    lineStarts = starts
  }

  /// What is on `line`: found by binary search over the sections.
  func element(at line: Int) -> Element {
    var low = 0
    var high = counts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= line { low = middle } else { high = middle - 1 }
    }
    let offset = line - lineStarts[low]
    if headers[low] != nil {
      return offset == 0 ? .header(low) : .row(ItemPath(section: low, item: offset - 1))
    }
    return .row(ItemPath(section: low, item: offset))
  }

  /// The line of the row at `path`.
  func line(of path: ItemPath) -> Int {
    lineStarts[path.section] + (headers[path.section] == nil ? 0 : 1) + path.item
  }

  /// Whether the list has a row at `path`.
  func rowExists(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < counts.count && path.item >= 0
      && path.item < counts[path.section]
  }

  /// Keeps the first line shown within the list.
  func clampScroll() {
    topLine = max(0, min(topLine, totalLines - height))
  }
}
