import Tabula

/// What a ``TerminalListView`` shows, as it last read it from its data
/// source: the row counts per section and each section's header and footer
/// line (its section view's text, else its title; `nil`: no line). The
/// lines each takes are the view's `lineIndex`, which is built from these.
struct TerminalStructure {
  /// The row counts per section.
  var counts: [Int] = []
  /// Each section's header line, if it has one.
  var headers: [String?] = []
  /// Each section's footer line, if it has one.
  var footers: [String?] = []

  /// Whether the list has a row at `path`.
  func hasRow(at path: ItemPath) -> Bool {
    path.section >= 0 && path.section < counts.count && path.item >= 0
      && path.item < counts[path.section]
  }

  /// Whether the section at `section` has a header line.
  func hasHeader(_ section: Int) -> Bool {
    section >= 0 && section < counts.count && headers[section] != nil
  }

  /// The lines the header of `section` takes: 1, or 0 without one.
  func headerLines(_ section: Int) -> Double { headers[section] == nil ? 0 : 1 }

  /// The lines the footer of `section` takes: 1, or 0 without one.
  func footerLines(_ section: Int) -> Double { footers[section] == nil ? 0 : 1 }

  /// The first row of the list, if it has one.
  var firstRow: ItemPath? {
    counts.firstIndex { $0 > 0 }.map { ItemPath(section: $0, item: 0) }
  }

  /// The last row of the list, if it has one.
  var lastRow: ItemPath? {
    counts.lastIndex { $0 > 0 }.map { ItemPath(section: $0, item: counts[$0] - 1) }
  }
}
