/// What a list view shows, as the view believes it: the row counts per
/// section and each section's header and footer text, as it last read them
/// from its data source or took them in with a batch. A UIKit view answers
/// from such a cache, not from its data source, until a reload or the
/// outermost batch ends; the package's own list views (`TabulaTesting`'s
/// simulated views, `TabulaTerminal`'s list view) keep one, and the rules a
/// user's move follows.
package struct ListHostStructure: Equatable, Sendable {
  /// Whether the view has read its data source: UIKit reads the counts at
  /// the first layout or update, and shows nothing until then.
  package private(set) var isLoaded = false
  /// The row counts per section.
  package var counts: [Int] = []
  /// Each section's header text, if it has one: its title, or what the
  /// view shows of its section view.
  package var headers: [String?] = []
  /// Each section's footer text, if it has one, as ``headers``.
  package var footers: [String?] = []

  /// Nothing read yet.
  package init() {}

  /// Sections of `counts` rows, loaded, with the texts `source` gives
  /// them: for each section, all headers first, then all footers,
  /// `sectionViewText` (what the view shows of a section view, when it
  /// shows one as text), else the title. Without a source, no texts.
  @MainActor
  package init(
    counts: [Int], texts source: (any ListContentSource)?,
    sectionViewText: (SectionViewKind, Int) -> String? = { _, _ in nil }
  ) {
    isLoaded = true
    self.counts = counts
    headers = counts.indices.map {
      sectionViewText(.header, $0) ?? source?.headerTitle(forSectionAt: $0) ?? nil
    }
    footers = counts.indices.map {
      sectionViewText(.footer, $0) ?? source?.footerTitle(forSectionAt: $0) ?? nil
    }
  }

  /// The number of sections.
  package var numberOfSections: Int { counts.count }

  /// Whether the view shows a row at `path`.
  package func hasRow(at path: ItemPath) -> Bool {
    path.section >= 0 && path.section < counts.count && path.item >= 0
      && path.item < counts[path.section]
  }

  /// Whether the section at `section` shows a header text.
  package func hasHeader(inSectionAt section: Int) -> Bool {
    section >= 0 && section < counts.count && headers[section] != nil
  }

  /// The first row of the list, if it has one.
  package var firstRow: ItemPath? {
    counts.firstIndex { $0 > 0 }.map { ItemPath(section: $0, item: 0) }
  }

  /// The last row of the list, if it has one.
  package var lastRow: ItemPath? {
    counts.lastIndex { $0 > 0 }.map { ItemPath(section: $0, item: counts[$0] - 1) }
  }

  /// Whether the row at `source` can land at `path`, a position counted
  /// after the row left (as UIKit's `moveRow(at:to:)` means it): in a
  /// section of the list, at most one past its last row.
  package func canMoveRow(from source: ItemPath, to path: ItemPath) -> Bool {
    guard path.section >= 0, path.section < counts.count, path.item >= 0 else { return false }
    return path.item <= counts[path.section] - (path.section == source.section ? 1 : 0)
  }

  /// Moves the row at `source` to `target` (see
  /// ``canMoveRow(from:to:)``): the counts of both sections follow.
  ///
  /// - Precondition: the row can move there.
  package mutating func moveRow(from source: ItemPath, to target: ItemPath) {
    precondition(
      hasRow(at: source) && canMoveRow(from: source, to: target),
      "the row at \(source) cannot move to \(target)")
    counts[source.section] -= 1
    counts[target.section] += 1
  }
}

extension ListContentSource {
  /// The number of items in each section, as the data source answers now.
  package var itemCounts: [Int] {
    (0..<numberOfSections).map { numberOfItems(inSectionAt: $0) }
  }
}
