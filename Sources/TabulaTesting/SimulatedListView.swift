import Tabula

// SimulatedListView: the type, its state, and what the view shows. Cells
// (registration, reuse, which rows have one) are in
// SimulatedListView+Cells.swift; reloads and batch updates, checked with
// BatchRules, in SimulatedListView+Updates.swift.

/// The shared machinery of ``SimulatedTableView`` and
/// ``SimulatedCollectionView``: a list view that behaves like UIKit's for
/// everything a data source can observe, and raises what UIKit raises.
///
/// - **Batch updates** are checked with ``BatchRules`` when the outermost
///   batch ends, against the counts the view cached at its last reload or
///   batch (read from the data source at the first update if it never loaded
///   them), exactly as UIKit does. Batches nest; until the outermost one ends,
///   counts, visible rows and cells answer from the old state.
/// - **Cells** are registered per reuse identifier, dequeued from a reuse pool
///   (``SimulatedCell/prepareForReuse()`` runs then), and made only for the
///   rows in the viewport. A reloaded row gets a new cell; a reconfigured row
///   keeps its cell, which the data source must dequeue again under the same
///   identifier.
/// - **Errors** are thrown by the UIKit-style methods (`performBatchUpdates`,
///   `insertRows`, `dequeueReusableCell`, ...) as ``ListViewError`` with
///   UIKit's message. Through the `ListHost` methods, which cannot throw,
///   they are recorded in ``violations`` and the view reloads, so that it
///   keeps agreeing with its data source.
@MainActor
public class SimulatedListView: ListHost {
  /// When batch update completions run.
  public enum AnimationTiming: Sendable {
    /// Right away, before `performBatchUpdates` returns.
    case immediate
    /// On a later turn of the main actor, as after a real animation.
    case nextTurn
    /// When the test calls ``finishAnimations()``.
    case manual
  }

  /// Whose rules and wording apply.
  public let kind: ListViewKind

  /// The data source. Held weakly, as UIKit holds it.
  public weak var hostDataSource: (any ListHostDataSource<SimulatedCell>)?

  /// When batch completions run. Defaults to ``AnimationTiming/nextTurn``.
  public var animationTiming = AnimationTiming.nextTurn

  /// Every rule broken through the non-throwing `ListHost` methods, in order.
  public internal(set) var violations: [ListViewError] = []

  /// How many rows fit in the viewport.
  public var viewportHeight: Int {
    didSet { layOutIfLoaded() }
  }

  /// The flat index of the first row in the viewport (sections' rows laid
  /// end to end).
  public var scrollOffset = 0 {
    didSet { layOutIfLoaded() }
  }

  /// How many times the view reloaded all its data.
  public internal(set) var reloadCount = 0
  /// How many batch updates the view performed.
  public internal(set) var batchCount = 0
  /// The operations of every batch update the view performed, in order.
  public internal(set) var batchLog: [BatchOperations] = []
  /// How many batches a `ListController` asked to perform without
  /// animation (`ListController/apply(_:animatingDifferences:completion:)`
  /// with `animatingDifferences: false`).
  public internal(set) var unanimatedBatchCount = 0

  var registrations: [String: SimulatedCell.Type] = [:]
  var reusePool: [String: [SimulatedCell]] = [:]
  /// The row counts the view knows, per section; `nil` until first loaded.
  var counts: [Int]?
  /// Every row's identity; a row keeps it while it moves, and its cell with it.
  var rows: [[Int]] = []
  var headers: [String?] = []
  var footers: [String?] = []
  var cells: [Int: SimulatedCell] = [:]
  var nextToken = 0
  var batchDepth = 0
  var batch = BatchOperations()
  var batchBefore: [Int] = []
  /// Sections (after indices) whose titles the batch being built refreshes.
  var titleRefreshes: [Int] = []
  var reconfiguring: (path: ItemPath, cell: SimulatedCell)?
  var waitingCompletions: [@MainActor () -> Void] = []

  init(kind: ListViewKind, viewportHeight: Int) {
    self.kind = kind
    self.viewportHeight = viewportHeight
  }

  // MARK: What the view shows

  /// The number of sections the view shows (its cached count).
  public var numberOfSections: Int { counts?.count ?? 0 }

  /// The number of rows the view shows in a section (its cached count).
  ///
  /// - Precondition: `section` is one of the sections the view shows;
  ///   otherwise this traps naming the section and the valid range.
  public func numberOfRows(inSectionAt section: Int) -> Int {
    checkSection(section)
    return counts?[section] ?? 0
  }

  /// The header title the view shows for a section.
  ///
  /// - Precondition: `section` is one of the sections the view shows;
  ///   otherwise this traps naming the section and the valid range.
  public func headerTitle(forSectionAt section: Int) -> String? {
    checkSection(section)
    return headers[section]
  }

  /// The footer title the view shows for a section.
  ///
  /// - Precondition: `section` is one of the sections the view shows;
  ///   otherwise this traps naming the section and the valid range.
  public func footerTitle(forSectionAt section: Int) -> String? {
    checkSection(section)
    return footers[section]
  }

  /// Traps with a message naming `section` and the valid range unless the
  /// view shows that section.
  private func checkSection(_ section: Int) {
    let count = numberOfSections
    guard section < 0 || section >= count else { return }
    let shown: String
    switch count {
    case 0: shown = "no sections"
    case 1: shown = "1 section (valid section index is 0)"
    default: shown = "\(count) sections (valid section indices are 0..<\(count))"
    }
    preconditionFailure("section \(section) is out of range: the \(kind.viewName) shows \(shown)")
  }

  /// The paths of the rows in the viewport, in order.
  public var visibleItemPaths: [ItemPath] {
    guard let counts else { return [] }
    var paths: [ItemPath] = []
    let end = scrollOffset + viewportHeight
    var flat = 0
    for (section, count) in counts.enumerated() {
      if flat + count <= scrollOffset {
        flat += count
        continue
      }
      for item in 0..<count {
        if flat >= end { return paths }
        if flat >= scrollOffset { paths.append(ItemPath(section: section, item: item)) }
        flat += 1
      }
    }
    return paths
  }

  /// The cell in the viewport at `path`, if the row is visible.
  public func visibleCell(at path: ItemPath) -> SimulatedCell? {
    guard path.section >= 0, path.section < rows.count, path.item >= 0,
      path.item < rows[path.section].count
    else { return nil }
    return cells[rows[path.section][path.item]]
  }

  /// The cells in the viewport, in order.
  public var visibleCells: [SimulatedCell] { visibleItemPaths.compactMap(visibleCell(at:)) }

  /// Simulates a tap on the row at `path`: the data source hears of it.
  public func selectItem(at path: ItemPath) {
    hostDataSource?.didSelectItem(at: path)
  }

  /// Simulates a tap on the header of the section at `section`.
  public func selectHeader(inSectionAt section: Int) {
    hostDataSource?.didSelectHeader(inSectionAt: section)
  }
}
