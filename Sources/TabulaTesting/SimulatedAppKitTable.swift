import Tabula

/// AppKit's view-based `NSTableView`, simulated, for testing Mac screens on
/// any platform: a `ListHost` that takes its updates as AppKit does.
///
/// The list is one run of rows: each section a group row (its header
/// title) followed by its items, or its items only. A batch is applied the
/// way TabulaAppKit applies one to a real table (`SequentialRowUpdate`):
/// removals, moves and insertions one after another, each index read in
/// the rows the operations before it left, then reloads and in-place
/// configurations. An index outside the rows it is read in is what AppKit
/// throws for (`NSTableViewException`, "NSTableView error
/// inserting/removing/moving row 5 (numberOfRows: 3)."): recorded in
/// ``violations`` with that message, and the table reloads.
///
/// ```swift
/// let table = SimulatedAppKitTable()
/// table.registerCell(SimulatedCell.self, forReuseIdentifier: "row")
/// let list = ListController(host: table) { table, path, item in
///   let cell = table.dequeueCell(withReuseIdentifier: "row", for: path)
///   cell.text = item.name
///   return cell
/// }
/// list.apply(snapshot)
/// table.rowTexts   // ["§Favourites", "Ada", "§Everyone", "Grace", "Linus"]
/// ```
///
/// Every row has its cell (a real table makes views for the rows on screen
/// only); cells of rows that go are reused.
@MainActor
public final class SimulatedAppKitTable: ListHost, ListUpdateCounting {
  /// Rows show simulated cells.
  public typealias Cell = SimulatedCell

  /// What a row of the table shows.
  public enum Row {
    /// A section's group row, with its header title.
    case group(title: String?)
    /// An item's row, with its cell.
    case item(SimulatedCell)
  }

  /// The data source (a `ListController`), held weakly.
  public weak var hostDataSource: (any ListHostDataSource<SimulatedCell>)?
  /// Whether each section begins with a group row.
  public let showsSectionsAsGroupRows: Bool
  /// The rows, in order.
  public private(set) var rows: [Row] = []
  /// What AppKit would have thrown for, in order.
  public private(set) var violations: [ListViewError] = []
  /// The updates the table performed.
  public private(set) var updateCounts = ListHostUpdateCounts()
  /// How many rows the updates removed, moved and inserted.
  public private(set) var rowOperationCount = 0
  /// The selected rows.
  public private(set) var selectedRows: Set<Int> = []

  /// The rows' map to paths, as the data source last answered.
  private var layout: ListRowLayout
  /// The cells, registered classes and prototypes, by reuse identifier.
  private let pool = CellReusePool<SimulatedCell>()
  /// The row configured again in place, and its cell.
  private var reconfiguring: (row: Int, cell: SimulatedCell)?

  /// An empty table; sections show as group rows unless
  /// `showsSectionsAsGroupRows` is `false`.
  public init(showsSectionsAsGroupRows: Bool = true) {
    self.showsSectionsAsGroupRows = showsSectionsAsGroupRows
    layout = ListRowLayout(itemCounts: [], groupRows: showsSectionsAsGroupRows)
  }

  /// Each row's text: "§" and the title for a group row, the cell's text
  /// for an item.
  public var rowTexts: [String] {
    rows.map { row in
      switch row {
      case .group(let title): "§" + (title ?? "")
      case .item(let cell): cell.text
      }
    }
  }

  /// Registers `cellClass` for `reuseIdentifier`.
  public func registerCell(
    _ cellClass: SimulatedCell.Type, forReuseIdentifier reuseIdentifier: String
  ) {
    pool.register(cellClass, forReuseIdentifier: reuseIdentifier)
  }

  /// Whether a class is registered under `reuseIdentifier`.
  public func hasCellRegistration(forReuseIdentifier reuseIdentifier: String) -> Bool? {
    pool.cellClass(forReuseIdentifier: reuseIdentifier) != nil
  }

  // MARK: Loading and updating

  /// Reads every row again from the data source.
  public func reloadData() {
    updateCounts.reloadCount += 1
    for case .item(let cell) in rows { pool.enqueue(cell) }
    layout = currentLayout()
    rows = (0..<layout.rowCount).map(makeRow)
    selectedRows = []
    syncSelection()
  }

  /// Applies `batch` one operation after another, as AppKit does
  /// (`SequentialRowUpdate`).
  public func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    updateCounts.batchCount += 1
    if !animated { updateCounts.unanimatedBatchCount += 1 }
    let before = layout
    updateData()
    let after = currentLayout()
    perform(SequentialRowUpdate(batch, from: before, to: after), layout: after)
    completion()
  }

  /// Performs `update` as a table's `beginUpdates()`... `endUpdates()`
  /// would, its data source now answering with `layout`'s rows: an index
  /// outside the rows it is read in is recorded in ``violations`` with
  /// AppKit's message, and the table reloads.
  public func perform(_ update: SequentialRowUpdate, layout after: ListRowLayout) {
    layout = after
    var selected = selectedRows
    func outside(_ row: Int, _ count: Int) -> Bool {
      guard row < 0 || row >= count else { return false }
      violations.append(
        ListViewError(
          "NSTableView error inserting/removing/moving row \(row) (numberOfRows: \(count))."))
      reloadData()
      return true
    }
    for row in update.removals.reversed() {
      if outside(row, rows.count) { return }
      if case .item(let cell) = rows.remove(at: row) { pool.enqueue(cell) }
      selected = Set(selected.compactMap { $0 == row ? nil : $0 > row ? $0 - 1 : $0 })
      rowOperationCount += 1
    }
    for move in update.moves {
      if outside(move.from, rows.count) || outside(move.to, rows.count) { return }
      rows.insert(rows.remove(at: move.from), at: move.to)
      selected = Set(
        selected.map { row in
          if row == move.from { return move.to }
          var shifted = row
          if row > move.from { shifted -= 1 }
          if shifted >= move.to { shifted += 1 }
          return shifted
        })
      rowOperationCount += 1
    }
    for row in update.insertions {
      if outside(row, rows.count + 1) { return }
      rows.insert(makeRow(row), at: row)
      selected = Set(selected.map { $0 >= row ? $0 + 1 : $0 })
      rowOperationCount += 1
    }
    guard rows.count == layout.rowCount else {
      violations.append(
        ListViewError(
          "the table shows \(rows.count) rows after the update, where its data source says "
            + "\(layout.rowCount) (Tabula's wording: the rows and the data no longer agree)"))
      reloadData()
      return
    }
    for row in update.reloads + update.updatedGroupRows {
      if case .item(let cell) = rows[row] { pool.enqueue(cell) }
      rows[row] = makeRow(row)
    }
    for row in update.reconfigures {
      guard case .item(let cell) = rows[row], case .item(let path) = layout[row],
        let source = hostDataSource
      else { continue }
      reconfiguring = (row, cell)
      _ = source.cell(for: self, at: path)
      reconfiguring = nil
    }
    selectedRows = selected
    syncSelection()
  }

  // MARK: Cells

  /// Every item row's path (every row has its cell).
  public var visibleItemPaths: [ItemPath] {
    (0..<layout.rowCount).compactMap { row in
      if case .item(let path) = layout[row] { return path }
      return nil
    }
  }

  /// The cell of the item at `path`.
  public func visibleCell(at path: ItemPath) -> SimulatedCell? {
    let row = layout.row(of: path)
    guard row < rows.count, case .item(let cell) = rows[row] else { return nil }
    return cell
  }

  /// The cell being configured again in place, a reused one, or a new one
  /// of the class registered (a plain `SimulatedCell` when none is).
  public func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath)
    -> SimulatedCell
  {
    if let (row, cell) = reconfiguring, row == layout.row(of: path) { return cell }
    return pool.dequeue(
      withReuseIdentifier: reuseIdentifier,
      class: pool.cellClass(forReuseIdentifier: reuseIdentifier) ?? SimulatedCell.self)
  }

  /// A cell that shows `message`.
  public func fallbackCell(for path: ItemPath, message: String) -> SimulatedCell {
    let cell = pool.dequeue(withReuseIdentifier: "Tabula.fallback", class: SimulatedCell.self)
    cell.text = message
    return cell
  }

  // MARK: Selection

  /// The user clicks the row at `row`: an item's row is selected (the
  /// others deselected, unless the data source selects several), as the
  /// table's delegate hears it; a group row is not selectable.
  public func clickRow(_ row: Int) {
    guard row >= 0, row < rows.count, case .item(let path) = layout[row],
      let source = hostDataSource, source.selectionMode != .none
    else { return }
    if source.selectionMode == .multiple, selectedRows.contains(row) {
      selectedRows.remove(row)
      source.didDeselectItem(at: path)
      return
    }
    if source.selectionMode != .multiple {
      for other in selectedRows where other != row {
        if case .item(let otherPath) = layout[other] { source.didDeselectItem(at: otherPath) }
      }
      selectedRows = []
    }
    selectedRows.insert(row)
    source.didSelectItem(at: path)
  }

  /// Shows the data source's selection.
  public func selectionDidChange() { syncSelection() }

  /// The selected rows, from the data source's selection when it keeps
  /// one.
  private func syncSelection() {
    guard let source = hostDataSource, source.managesSelection else { return }
    selectedRows = Set(source.selectedItemPaths.map { layout.row(of: $0) })
  }

  // MARK: Reading the data source

  private func currentLayout() -> ListRowLayout {
    ListRowLayout(itemCounts: hostDataSource?.itemCounts ?? [], groupRows: showsSectionsAsGroupRows)
  }

  /// The row at `row` of the current layout, made from the data source.
  private func makeRow(_ row: Int) -> Row {
    switch layout[row] {
    case .group(let section):
      return .group(title: hostDataSource?.headerTitle(forSectionAt: section))
    case .item(let path):
      guard let source = hostDataSource else {
        return .item(fallbackCell(for: path, message: "no data source"))
      }
      return .item(source.cell(for: self, at: path))
    }
  }
}
