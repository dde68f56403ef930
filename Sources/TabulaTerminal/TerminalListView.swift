import Tabula

// TerminalListView: the type, its state in named parts (the host model it
// shares with TabulaTesting's simulated views: ListHostViewport,
// ListHostStructure, ListHostPrefetching, ListHostUpdateCounts,
// CellReusePool; and its own: TerminalCursor, TerminalCells,
// TerminalHighlights, TerminalEditing: each in a file of its own), and the
// cells and rows a data source asks about. Its other concerns are extensions
// in files of their own: TerminalListView+Updates.swift (reloads and batches,
// highlights), +Selection.swift (keys and the cursor), +Drawing.swift (lines
// for the screen, plain text) and +Layout.swift (one line per header and
// row).

/// A list view for terminals: section headers, rows drawn by presenters, a
/// selection cursor and scrolling, driven by a `ListController`
/// like any other `ListHost`.
///
/// ```swift
/// let list = TerminalListView(width: 80, height: 20)
/// let controller = ListController<SectionInfo, AnyItem, TerminalCell>(
///   host: list, presenters: presenters)
/// controller.apply(snapshot)
/// let lines = list.render()   // 20 styled lines for the screen
/// ```
///
/// - **Batch updates show.** Inserted and updated rows are highlighted for
///   ``highlightDuration`` seconds; deleted rows disappear; moved rows land
///   in place. Cells, highlights and the selection follow their rows through
///   each batch (`BatchPositionMap`), so a row keeps its cell when
///   other rows come and go.
/// - **Virtualized.** Only the rows on screen have cells and highlights;
///   layout is one line per header and row, found by binary search over the
///   sections. A frame and a batch update cost what is on screen and in the
///   batch, not the length of the list nor of earlier batches.
/// - **Keys.** Up and down move the cursor, Page Up and Page Down by a
///   screen, Home and End to the ends; Enter selects the row (the data
///   source hears of it, and through it the presenters). With
///   ``selectsHeaders`` the cursor stops on headers too, and Enter there
///   selects the header (a `CollapsingSource` collapses the section).
@MainActor
public final class TerminalListView: ListHost, ListUpdateCounting {
  /// The data source. Held weakly.
  public weak var hostDataSource: (any ListHostDataSource<TerminalCell>)?

  /// The words the view shows of its own (its prompts, the loading
  /// line): the data source's, else English.
  var strings: ListStrings { hostDataSource?.strings ?? ListStrings() }

  /// A line shown above the rows while a refresh runs ("↻ Refreshing…"),
  /// or `nil`. The rows give it a line at the bottom of the screen; the
  /// first row on screen stays where it is.
  public var refreshLine: String? {
    didSet {
      guard (oldValue == nil) != (refreshLine == nil) else { return }
      height = max(1, viewHeight - (refreshLine == nil ? 0 : 1))
      clampScroll()
      revealSelection()
    }
  }

  /// What the view shows while it has no rows (a `ListController`'s
  /// `emptyState`): its text and second line, dimmed, at the top.
  public internal(set) var emptyState: EmptyState?

  /// Shows `state` while the list has no rows.
  public func showEmptyState(_ state: EmptyState?) {
    emptyState = state
  }

  // The view's state, in parts of their own (each file says what it owns).

  /// The lines the rows take of the screen, and the first line shown.
  var viewport: ListHostViewport
  /// What the view shows: counts, and header and footer lines (a section
  /// view's text, else the title).
  var structure = ListHostStructure()
  /// The line counts of headers (1 or 0), rows and footers, in list order:
  /// beside `structure`, not in it, as its builders read the structure
  /// while it changes.
  var lineIndex = HeightIndex()
  /// Where the cursor rests.
  var cursor = TerminalCursor()
  /// The cells on screen, leaving, being reconfigured, and for section views.
  var cells = TerminalCells()
  /// The cell classes registered, the cells waiting for reuse, prototypes.
  let cellPool = CellReusePool<TerminalCell>()
  /// The rows highlighted after batches.
  var highlights = TerminalHighlights()
  /// The rows prefetched for the data source.
  var prefetching = ListHostPrefetching()
  /// A move or delete under way from the keyboard.
  var editing = TerminalEditing()
  /// What the view counted of its updates: reloads, batches, moves.
  public internal(set) var updateCounts = ListHostUpdateCounts()

  /// An empty list view of `width` columns × `height` lines.
  public init(width: Int, height: Int) {
    self.width = width
    viewHeight = height
    viewport = ListHostViewport(height: Double(height))
  }

  /// The width in columns.
  public internal(set) var width: Int

  /// The lines the rows take: the view's height (``viewHeight``), less the
  /// refresh line while one shows.
  public internal(set) var height: Int {
    get { Int(viewport.height) }
    set { viewport.height = Double(newValue) }
  }

  /// The view's height in lines, the refresh line included.
  public private(set) var viewHeight: Int

  /// The first line shown (headers and rows laid end to end).
  public internal(set) var topLine: Int {
    get { Int(viewport.top) }
    set { viewport.top = Double(newValue) }
  }

  /// The row under the cursor, if any.
  public internal(set) var selection: ItemPath? {
    get { cursor.row }
    set { cursor.row = newValue }
  }

  /// The section whose header is under the cursor, if any (only with
  /// ``selectsHeaders``).
  public var selectedHeader: Int? { cursor.header }

  /// Whether section headers take the cursor too, so that Enter on a header
  /// reports it to the data source (`didSelectHeader(inSectionAt:)`): for
  /// sections that collapse, whose header is all that shows of them.
  /// Off by default: the cursor moves from row to row.
  public var selectsHeaders: Bool {
    get { cursor.takesHeaders }
    set {
      cursor.takesHeaders = newValue
      if !newValue && selectedHeader != nil {
        cursor.header = nil
        placeCursorAtStart()
      }
    }
  }

  /// The last announcement of the list's data source (a load that ended
  /// or failed, rows removed by someone else: `ListAnnouncement`),
  /// for a status line; set it to `nil` once shown long enough.
  public var announcement: String?

  /// Keeps `message` as the ``announcement``.
  public func announce(_ message: String) {
    announcement = message
  }

  /// `true`: a status line can show announcements.
  public var isAnnouncing: Bool { true }

  /// Which key does what: `ListKeyMap.terminal` unless set (the
  /// keys of iPad and Mac lists, with letters where a terminal has no ⌘).
  public var keyMap = ListKeyMap.terminal

  /// How long inserted and updated rows stay highlighted, in seconds.
  public var highlightDuration: Double {
    get { highlights.duration }
    set { highlights.duration = newValue }
  }

  /// The current time in seconds, for highlights; replaceable in tests.
  public var clock: @MainActor () -> Double {
    get { highlights.clock }
    set { highlights.clock = newValue }
  }

  /// How many rows beyond the screen, in the direction the view last
  /// scrolled, are reported to the data source's `prefetchItems(at:)` (10
  /// by default; 0: none). Rows that leave that window without showing are
  /// reported to `cancelPrefetchingItems(at:)`.
  public var prefetchRowCount: Int {
    get { prefetching.rowCount }
    set { prefetching.rowCount = newValue }
  }

  /// The row the user picked up to move (`m`), if any.
  public internal(set) var carrying: ItemPath? {
    get { editing.carrying }
    set { editing.carrying = newValue }
  }

  /// What the view asks of the user now (a move under way, a delete to
  /// confirm), for the app's status line; `nil` otherwise.
  public internal(set) var prompt: String? {
    get { editing.prompt }
    set { editing.prompt = newValue }
  }

  /// Uses `cellClass` for cells dequeued as `identifier` (by default every
  /// identifier makes a plain ``TerminalCell``).
  public func register(_ cellClass: TerminalCell.Type, forReuseIdentifier identifier: String) {
    cellPool.register(cellClass, forReuseIdentifier: identifier)
  }

  /// Whether a cell class is registered under `identifier` (a data source
  /// registers its presenters' cell classes when not).
  public func hasCellRegistration(forReuseIdentifier identifier: String) -> Bool? {
    cellPool.cellClass(forReuseIdentifier: identifier) != nil
  }

  /// ``register(_:forReuseIdentifier:)``.
  public func registerCell(_ cellClass: TerminalCell.Type, forReuseIdentifier identifier: String) {
    register(cellClass, forReuseIdentifier: identifier)
  }

  /// Whether a class is registered for section views under `identifier`
  /// (section views and cells share the terminal's registrations).
  public func hasSectionViewRegistration(
    ofKind kind: SectionViewKind, forReuseIdentifier identifier: String
  ) -> Bool? {
    cellPool.cellClass(forReuseIdentifier: identifier) != nil
  }

  /// Registers `viewClass` for section views under `identifier` when it is
  /// a ``TerminalCell`` class; `false` otherwise.
  public func registerSectionView(
    _ viewClass: Any.Type, ofKind kind: SectionViewKind, forReuseIdentifier identifier: String
  ) -> Bool {
    cellPool.register(anyClass: viewClass, forReuseIdentifier: identifier)
  }

  /// Resizes the view (the terminal was resized). A new width re-wraps
  /// every row: rows are measured again as they show, and the cursor's row
  /// (or header) keeps its line on screen.
  public func resize(width: Int, height: Int) {
    let width = max(1, width)
    let height = max(1, height)
    let cursorScreenLine = cursorLine.map { $0 - topLine }
    viewHeight = height
    self.height = max(1, height - (refreshLine == nil ? 0 : 1))
    if width != self.width {
      self.width = width
      readStructure()
      if let selection, rowExists(selection) { measure(selection) }
      if let cursorScreenLine, let line = cursorLine { topLine = line - cursorScreenLine }
    }
    clampScroll()
    revealSelection()
  }

  /// The paths of the rows on screen (wholly or in part), in order.
  public var visibleItemPaths: [ItemPath] { viewport.itemPaths(in: lineIndex) }

  /// The cell on screen at `path`, if the row is visible and drawn.
  public func visibleCell(at path: ItemPath) -> TerminalCell? {
    guard rowExists(path), isOnScreen(path) else { return nil }
    return cells.byPath[path]
  }

  /// A cell for `path`: the one being reconfigured there, a reused one, or a
  /// new one.
  public func dequeueCell(withReuseIdentifier identifier: String, for path: ItemPath)
    -> TerminalCell
  {
    if let reconfiguring = cells.reconfiguring, reconfiguring.path == path {
      return reconfiguring.cell
    }
    return cellPool.dequeue(withReuseIdentifier: identifier, class: cellClass(for: identifier))
  }

  /// A cell of kind `identifier` kept for measuring (a presenter that
  /// measures its cells): made once per identifier, never drawn.
  public func prototypeCell(withReuseIdentifier identifier: String) -> TerminalCell? {
    cellPool.prototype(withReuseIdentifier: identifier, class: cellClass(for: identifier))
  }

  /// The class registered for `identifier`, else ``TerminalCell``.
  func cellClass(for identifier: String) -> TerminalCell.Type {
    cellPool.cellClass(forReuseIdentifier: identifier) ?? TerminalCell.self
  }

  /// A plain cell showing `message` (dimmed), for an item nothing presents.
  public func fallbackCell(for path: ItemPath, message: String) -> TerminalCell {
    let cell = dequeueCell(withReuseIdentifier: "Tabula.fallback", for: path)
    cell.text = message
    cell.style = TextStyle(dim: true)
    return cell
  }
}
