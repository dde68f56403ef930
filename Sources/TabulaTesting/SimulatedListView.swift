import Tabula

// SimulatedListView: the type, its state in named parts (the host model it
// shares with TabulaTerminal's list view: ListHostViewport,
// ListHostStructure, ListHostPrefetching, ListHostUpdateCounts,
// CellReusePool; and its own: SimulatedSizing, SimulatedIdentities,
// SimulatedDisplay, BatchInProgress: each in a file of its own), and what
// the view shows. Cells (registration, reuse,
// which rows have one) are in SimulatedListView+Cells.swift; reloads and
// batch updates, checked with BatchRules, in SimulatedListView+Updates.swift.

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
public class SimulatedListView: ListHost, ListUpdateCounting {
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

  /// The app's own delegate, beside the data source: it hears taps, cells
  /// shown and gone and prefetches after the data source does, and its
  /// heights win (`DelegateComposition`). Held weakly, as UIKit holds it.
  public weak var delegate: (any SimulatedListViewDelegate)?

  /// When batch completions run. Defaults to ``AnimationTiming/nextTurn``.
  public var animationTiming = AnimationTiming.nextTurn

  /// Every rule broken through the non-throwing `ListHost` methods, in order.
  public internal(set) var violations: [ListViewError] = []

  /// Whether VoiceOver runs: cells offer their rows' accessibility actions
  /// (``SimulatedCell/accessibilityActionNames``) and the list announces
  /// (``announcements``) only then, as on UIKit. Turned on while cells
  /// show, it makes them offer their actions at once, as TabulaUIKit does
  /// when UIKit says VoiceOver or Switch Control started.
  public var isVoiceOverRunning = false {
    didSet {
      guard isVoiceOverRunning != oldValue, let source = hostDataSource else { return }
      for path in visibleItemPaths {
        if let cell = visibleCell(at: path) { showRowControls(of: source, on: cell, at: path) }
      }
    }
  }

  /// What the list announced (`ListHost.announce(_:)`), in order:
  /// what VoiceOver would have said.
  public internal(set) var announcements: [String] = []

  // The view's state, in parts of their own (each file says what it owns).

  /// The viewport's height and its top, in points.
  var viewport: ListHostViewport
  /// The sizing settings and the heights self-sizing cells measured.
  var sizing = SimulatedSizing()

  // Beside `sizing`, not in it: its builders read the sizes while it changes.
  /// Every row's height as the view knows it: measured for rows that were
  /// in the viewport, estimated for the others.
  public internal(set) var heightIndex = HeightIndex()

  /// What the view shows, as it believes it: counts and titles.
  var structure = ListHostStructure()
  /// Row identities and section view ids, beside the structure.
  var identities = SimulatedIdentities()
  /// The cells and section views on screen.
  var display = SimulatedDisplay()
  /// The cell classes registered, the cells waiting for reuse, prototypes.
  let cellPool = CellReusePool<SimulatedCell>()
  /// The section view classes registered and the views waiting for reuse.
  let sectionViewPool = CellReusePool<SimulatedCell>()
  /// The batch update being built and the completions waiting.
  var batch = BatchInProgress()
  /// The rows prefetched for the data source.
  var prefetching = ListHostPrefetching()
  /// What the view counted of its updates: reloads, batches, moves.
  public internal(set) var updateCounts = ListHostUpdateCounts()
  /// Whether the view is inside its data source's move callback, the
  /// user's move not committed yet (UIKit's `hasUncommittedUpdates`).
  var isInMoveCallback = false

  init(kind: ListViewKind, viewportHeight: Int) {
    self.kind = kind
    viewport = ListHostViewport(height: Double(viewportHeight))
  }

  // MARK: Viewport and sizes

  /// The viewport's height in points: with the default ``rowHeight`` of 1,
  /// the number of rows that fit.
  public var viewportHeight: Int {
    get { Int(viewport.height) }
    set {
      viewport.height = Double(newValue)
      layOutIfLoaded()
    }
  }

  /// The list's width in points, which heights are asked for (320 by
  /// default). Changing it measures the rows again, the first row in the
  /// viewport keeping its place.
  public var width: Double {
    get { sizing.width }
    set {
      let oldValue = sizing.width
      sizing.width = newValue
      guard newValue != oldValue, structure.isLoaded else { return }
      sizing.selfSizedHeights = [:]
      let anchor = ScrollAnchor(index: heightIndex, contentOffset: contentOffset)
      heightIndex = estimatedIndex(structure.counts)
      if let anchor { scroll(to: anchor.contentOffset(in: heightIndex)) }
      layOut()
    }
  }

  /// Whether row heights come from the data source: its
  /// `height(forItemAt:width:)` for the rows in the viewport, its
  /// `estimatedHeight(forItemAt:width:)` for the others (a table view whose
  /// delegate answers `heightForRowAt` and `estimatedHeightForRowAt`). Off
  /// by default: every row is ``rowHeight`` tall, and positions count rows.
  public var asksHeights: Bool {
    get { sizing.asksHeights }
    set {
      let oldValue = sizing.asksHeights
      sizing.asksHeights = newValue
      guard newValue != oldValue, structure.isLoaded else { return }
      heightIndex = estimatedIndex(structure.counts)
      layOut()
    }
  }

  /// The height of a row whose data source answers no height or estimate
  /// (UITableView's `rowHeight`): 1 point by default, so that positions
  /// count rows.
  public var rowHeight: Double {
    get { sizing.rowHeight }
    set { sizing.rowHeight = newValue }
  }

  /// The height of a section header with a title or a view (0 by default;
  /// with ``asksHeights``, a view's height is the data source's
  /// `sectionViewHeight(ofKind:inSectionAt:width:)` when it answers one);
  /// sections without either have none.
  public var headerHeight: Double {
    get { sizing.headerHeight }
    set { sizing.headerHeight = newValue }
  }

  /// The height of a section footer with a title or a view (0 by default),
  /// as ``headerHeight``.
  public var footerHeight: Double {
    get { sizing.footerHeight }
    set { sizing.footerHeight = newValue }
  }

  /// The top of the viewport, in points from the top of the content
  /// (UIScrollView's `contentOffset.y`). The rows in the viewport are
  /// measured exactly (the data source's `height(forItemAt:width:)`), the
  /// others estimated; measuring keeps the first row in the viewport where
  /// it is. Through `ListHost.performBatch`, the first row in the viewport
  /// (or its nearest surviving neighbour) keeps its place on screen, as the
  /// UIKit glue keeps it, when the data source's `scrollAnchoring` says so
  /// and the list does not rest at its top.
  public var contentOffset: Double {
    get { viewport.top }
    set {
      viewport.top = newValue
      layOutIfLoaded()
    }
  }

  /// The height of the content: headers, rows and footers, measured or
  /// estimated.
  public var contentHeight: Double { heightIndex.contentHeight }

  /// The flat index of the first row in the viewport (sections' rows laid
  /// end to end); setting it scrolls that row to the top.
  public var scrollOffset: Int {
    get {
      guard let first = visibleItemPaths.first else { return 0 }
      return (0..<first.section).reduce(first.item) {
        $0 + heightIndex.numberOfItems(inSectionAt: $1)
      }
    }
    set {
      var remaining = max(0, newValue)
      for section in 0..<heightIndex.numberOfSections {
        let count = heightIndex.numberOfItems(inSectionAt: section)
        if remaining < count {
          contentOffset = heightIndex.offset(ofItemAt: ItemPath(section: section, item: remaining))
          return
        }
        remaining -= count
      }
      contentOffset = heightIndex.contentHeight
    }
  }

  /// How many rows ahead of the scroll direction are prefetched (10 by
  /// default; 0: none). Rows in that window are reported to the data
  /// source's `prefetchItems(at:)`, and those that leave it without coming
  /// on screen to `cancelPrefetchingItems(at:)`, as UIKit's prefetching
  /// data sources hear of them.
  public var prefetchRowCount: Int {
    get { prefetching.rowCount }
    set { prefetching.rowCount = newValue }
  }

  // MARK: Counts of updates

  /// The operations of every batch update the view performed, in order.
  public internal(set) var batchLog: [BatchOperations] = []

  /// How many times a cell class was registered (by the test or by a data
  /// source on first use).
  public var cellRegistrationCount: Int { cellPool.registrationCount }

  /// How many times a section view class was registered.
  public var sectionViewRegistrationCount: Int { sectionViewPool.registrationCount }

  // MARK: What the view shows

  /// The number of sections the view shows (its cached count).
  public var numberOfSections: Int { structure.numberOfSections }

  /// The number of rows the view shows in a section (its cached count).
  ///
  /// - Precondition: `section` is one of the sections the view shows;
  ///   otherwise this traps naming the section and the valid range.
  public func numberOfRows(inSectionAt section: Int) -> Int {
    checkSection(section)
    return structure.counts[section]
  }

  /// The header title the view shows for a section.
  ///
  /// - Precondition: `section` is one of the sections the view shows;
  ///   otherwise this traps naming the section and the valid range.
  public func headerTitle(forSectionAt section: Int) -> String? {
    checkSection(section)
    return structure.headers[section]
  }

  /// The footer title the view shows for a section.
  ///
  /// - Precondition: `section` is one of the sections the view shows;
  ///   otherwise this traps naming the section and the valid range.
  public func footerTitle(forSectionAt section: Int) -> String? {
    checkSection(section)
    return structure.footers[section]
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
    guard structure.isLoaded else { return [] }
    let paths = viewport.itemPaths(in: heightIndex)
    guard sizing.layoutDefault != nil, let first = paths.first else { return paths }
    // In a grid, the items of the first row before the one that carries the
    // row's height start where it does: they show too.
    let start = heightIndex.offset(ofItemAt: first)
    var before: [ItemPath] = []
    var item = first.item - 1
    while item >= 0,
      heightIndex.offset(ofItemAt: ItemPath(section: first.section, item: item)) == start
    {
      before.append(ItemPath(section: first.section, item: item))
      item -= 1
    }
    return before.reversed() + paths
  }

  /// The cell in the viewport at `path`, if the row is visible.
  public func visibleCell(at path: ItemPath) -> SimulatedCell? {
    guard structure.hasRow(at: path) else { return nil }
    return display.cells[identities.token(at: path)]
  }

  /// The cells in the viewport, in order.
  public var visibleCells: [SimulatedCell] { visibleItemPaths.compactMap(visibleCell(at:)) }

  /// UIKit's `allowsMultipleSelection`: whether the view's own selection
  /// (``selectedItemPaths``) may hold several rows outside editing. `false`
  /// by default, as in UIKit: selecting a row then deselects the others.
  public var allowsMultipleSelection = false

  /// UIKit's `allowsMultipleSelectionDuringEditing`: the same, while
  /// ``isEditing``.
  public var allowsMultipleSelectionDuringEditing = false

  /// UIKit's `isEditing`: which of the two flags above applies.
  public var isEditing = false

  /// The rows the view shows selected, in list order: UIKit's
  /// `indexPathsForSelectedRows`, kept by the view's own rules
  /// (``setSelected(_:at:)``). A data source that keeps the selection
  /// (`managesSelection`) has the view mirror it, as TabulaUIKit's glue
  /// does: after each batch and reload, and on every change.
  public var selectedItemPaths: [ItemPath] { viewSelection.sorted() }

  /// The view's own selection (see ``selectedItemPaths``).
  var viewSelection: Set<ItemPath> = []

  /// What the view shows behind its rows while it has none (a
  /// `ListController`'s `emptyState`), as a UIKit view's `backgroundView`.
  public internal(set) var emptyState: EmptyState?

  /// Shows `state` behind the list (records it in ``emptyState``).
  public func showEmptyState(_ state: EmptyState?) {
    emptyState = state
  }

  /// Simulates a tap on the empty state's button, if it shows one.
  public func tapEmptyStateAction() {
    emptyState?.action?()
  }

  /// Simulates a tap on the row at `path`, as UIKit handles it: the view
  /// selects the row (deselecting the others unless several rows may be
  /// selected, ``allowsMultipleSelectionNow``) and the data source hears of
  /// it, then the ``delegate``. Where several rows may be selected, a tap
  /// on a selected row deselects it instead (`didDeselectItem`).
  public func selectItem(at path: ItemPath) {
    if allowsMultipleSelectionNow, viewSelection.contains(path) {
      setSelected(false, at: path)
      DelegateComposition.notify(
        tabula: { hostDataSource?.didDeselectItem(at: path) },
        app: { delegate?.listView(self, didDeselectItemAt: path) })
      return
    }
    setSelected(true, at: path)
    DelegateComposition.notify(
      tabula: { hostDataSource?.didSelectItem(at: path) },
      app: { delegate?.listView(self, didSelectItemAt: path) })
  }

  /// Simulates a tap on the header of the section at `section`.
  public func selectHeader(inSectionAt section: Int) {
    hostDataSource?.didSelectHeader(inSectionAt: section)
  }
}
