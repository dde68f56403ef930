import Tabula

/// What a ``SimulatedListView`` knows of its rows and sections beyond the
/// shared `ListHostStructure` (counts and titles): every row's identity,
/// which its cell follows through moves, and the reuse identifiers of the
/// sections' header and footer views. Until the outermost batch ends, they
/// are those before the batch.
struct SimulatedIdentities {
  /// Every row's identity; a row keeps it while it moves, and its cell with it.
  var rows: [[Int]] = []
  /// The identity (token) the newest row was given: new rows count on
  /// from it.
  var lastToken = 0
  /// The reuse identifiers of the sections' header views.
  var headerViewIDs: [String?] = []
  /// The reuse identifiers of the sections' footer views.
  var footerViewIDs: [String?] = []

  /// Whether a section shows a header or footer view.
  var hasSectionViews: Bool {
    headerViewIDs.contains { $0 != nil } || footerViewIDs.contains { $0 != nil }
  }

  /// The reuse identifier of the view of `kind` of `section`, as last read.
  func sectionViewID(_ kind: SectionViewKind, _ section: Int) -> String? {
    kind == .header ? headerViewIDs[section] : footerViewIDs[section]
  }

  /// The identity of the row at `path`.
  func token(at path: ItemPath) -> Int { rows[path.section][path.item] }

  /// New row identities for sections of `counts` rows.
  mutating func freshRows(_ counts: [Int]) -> [[Int]] {
    var token = lastToken
    var result: [[Int]] = []
    result.reserveCapacity(counts.count)
    for count in counts {
      result.append(Array((token + 1)..<(token + 1 + count)))
      token += count
    }
    lastToken = token
    return result
  }

  /// The row identities after a batch whose rows come from `rowSources`
  /// (before paths; `nil` for a new row, which gets a new identity).
  mutating func rowsAfterBatch(from rowSources: [[ItemPath?]]) -> [[Int]] {
    var token = lastToken
    var newRows: [[Int]] = []
    newRows.reserveCapacity(rowSources.count)
    for sources in rowSources {
      var section: [Int] = []
      section.reserveCapacity(sources.count)
      for source in sources {
        if let source {
          section.append(rows[source.section][source.item])
        } else {
          token += 1
          section.append(token)
        }
      }
      newRows.append(section)
    }
    lastToken = token
    return newRows
  }
}
