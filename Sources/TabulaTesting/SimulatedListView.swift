import Tabula

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
///   UIKit's message. Through the ``ListHost`` methods, which cannot throw,
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

  /// Every rule broken through the non-throwing ``ListHost`` methods, in order.
  public private(set) var violations: [ListViewError] = []

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
  public private(set) var reloadCount = 0
  /// How many batch updates the view performed.
  public private(set) var batchCount = 0
  /// The operations of every batch update the view performed, in order.
  public private(set) var batchLog: [BatchOperations] = []
  /// How many batches a ``Tabula/ListController`` asked to perform without
  /// animation (``Tabula/ListController/apply(_:animatingDifferences:completion:)``
  /// with `animatingDifferences: false`).
  public private(set) var unanimatedBatchCount = 0

  private var registrations: [String: SimulatedCell.Type] = [:]
  private var reusePool: [String: [SimulatedCell]] = [:]
  /// The row counts the view knows, per section; `nil` until first loaded.
  private var counts: [Int]?
  /// Every row's identity; a row keeps it while it moves, and its cell with it.
  private var rows: [[Int]] = []
  private var headers: [String?] = []
  private var footers: [String?] = []
  private var cells: [Int: SimulatedCell] = [:]
  private var nextToken = 0
  private var batchDepth = 0
  private var batch = BatchOperations()
  private var batchBefore: [Int] = []
  /// Sections (after indices) whose titles the batch being built refreshes.
  private var titleRefreshes: [Int] = []
  private var reconfiguring: (path: ItemPath, cell: SimulatedCell)?
  private var waitingCompletions: [@MainActor () -> Void] = []

  init(kind: ListViewKind, viewportHeight: Int) {
    self.kind = kind
    self.viewportHeight = viewportHeight
  }

  // MARK: Cells

  /// Registers a cell class for a reuse identifier.
  public func register(_ cellClass: SimulatedCell.Type, forReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass
  }

  /// A cell registered under `identifier`, from the reuse pool or new.
  ///
  /// - Throws: UIKit's error for an unregistered identifier, or for a
  ///   different identifier than the cell being reconfigured at `path`.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for path: ItemPath
  ) throws(ListViewError) -> SimulatedCell {
    guard let cellClass = registrations[identifier] else {
      throw ListViewError(
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
          + "class for the identifier or connect a prototype cell in a storyboard")
    }
    if let reconfiguring, reconfiguring.path == path {
      guard reconfiguring.cell.reuseIdentifier == identifier else {
        throw ListViewError(
          "Attempted to dequeue a cell for a different registration or reuse identifier than "
            + "the existing cell when reconfiguring an item")
      }
      return reconfiguring.cell
    }
    if let cell = reusePool[identifier]?.popLast() {
      cell.recycle()
      return cell
    }
    return cellClass.init(reuseIdentifier: identifier)
  }

  /// The number of cells waiting in the reuse pool.
  public var reusePoolCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }

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

  // MARK: Reloading

  /// Reloads every count, title and visible cell from the data source.
  ///
  /// Inside a batch update this is not allowed: the call is recorded in
  /// ``violations`` and ignored.
  public func reloadData() {
    guard batchDepth == 0 else {
      violations.append(
        ListViewError("reloadData() is not allowed inside a batch update", strict: true))
      return
    }
    reloadCount += 1
    for cell in cells.values { enqueue(cell) }
    cells = [:]
    loadWithoutCells(dataSourceCounts())
    layOut()
  }

  // MARK: Batch updates

  /// Performs the operations `updates` makes as one animated batch, checked
  /// when the outermost batch ends.
  ///
  /// - Throws: ``ListViewError`` with UIKit's message; the view is then
  ///   unchanged (UIKit would have crashed).
  public func performBatchUpdates(
    _ updates: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) throws(ListViewError) {
    if batchDepth == 0 {
      batchBefore = counts ?? dataSourceCounts()
      if counts == nil { loadWithoutCells(batchBefore) }
      batch = BatchOperations()
      titleRefreshes = []
    }
    batchDepth += 1
    updates()
    batchDepth -= 1
    guard batchDepth == 0 else {
      if let completion { waitingCompletions.append { completion(true) } }
      return
    }
    let operations = batch
    let refreshes = titleRefreshes
    batch = BatchOperations()
    titleRefreshes = []
    let after = dataSourceCounts()
    let result = try BatchRules.apply(operations, before: batchBefore, after: after, kind: kind)
    commit(result, after: after)
    // Titles of updated sections are part of the batch: they are read now,
    // from the data the batch shows, before the completion can run (with
    // `.immediate` timing it may apply a newer snapshot at once).
    for section in refreshes {
      headers[section] = hostDataSource?.headerTitle(forSectionAt: section) ?? nil
      footers[section] = hostDataSource?.footerTitle(forSectionAt: section) ?? nil
    }
    batchCount += 1
    batchLog.append(operations)
    if let completion { schedule { completion(true) } }
  }

  /// Runs the completions of batches whose animations are waiting, when
  /// ``animationTiming`` is ``AnimationTiming/manual``.
  public func finishAnimations() {
    let completions = waitingCompletions
    waitingCompletions = []
    for completion in completions { completion() }
  }

  /// Deletes sections (before indices).
  public func deleteSections(at sections: [Int]) throws(ListViewError) {
    try record { $0.deleteSections += sections }
  }

  /// Inserts sections (after indices).
  public func insertSections(at sections: [Int]) throws(ListViewError) {
    try record { $0.insertSections += sections }
  }

  /// Reloads sections (before indices).
  public func reloadSections(at sections: [Int]) throws(ListViewError) {
    try record { $0.reloadSections += sections }
  }

  /// Moves a section (before index to after index).
  public func moveSection(at section: Int, to newSection: Int) throws(ListViewError) {
    try record { $0.moveSections.append(IndexMove(from: section, to: newSection)) }
  }

  func deletePaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.deleteRows += paths }
  }

  func insertPaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.insertRows += paths }
  }

  func reloadPaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.reloadRows += paths }
  }

  func reconfigurePaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.reconfigureRows += paths }
  }

  func movePath(_ path: ItemPath, to newPath: ItemPath) throws(ListViewError) {
    try record { $0.moveRows.append(ItemMove(from: path, to: newPath)) }
  }

  /// Adds an operation to the batch, or performs it as a batch of its own.
  private func record(_ add: (inout BatchOperations) -> Void) throws(ListViewError) {
    if batchDepth > 0 {
      add(&batch)
    } else {
      try performBatchUpdates { add(&self.batch) }
    }
  }

  // MARK: ListHost

  /// Performs one stage of a ``Tabula/StagedChangeset`` as a batch update,
  /// checked by the same rules whether `animated` or not. A broken rule is
  /// recorded in ``violations`` and the view reloads.
  public func performBatch(
    _ changes: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    if !animated { unanimatedBatchCount += 1 }
    let operations = BatchOperations(changes)
    do {
      try performBatchUpdates(
        {
          updateData()
          self.batch.append(operations)
          self.titleRefreshes += changes.sectionUpdates.map(\.to)
        }, completion: { _ in completion() })
    } catch {
      violations.append(error)
      batchDepth = 0
      reloadData()
      schedule(completion)
    }
  }

  /// The reuse identifier of the plain cells ``fallbackCell(for:message:)``
  /// makes (registered by the view itself).
  public static let fallbackReuseIdentifier = "Tabula.fallback"

  /// A plain ``SimulatedCell`` whose ``SimulatedCell/text`` is `message`,
  /// reused like any cell, under ``fallbackReuseIdentifier``.
  public func fallbackCell(for path: ItemPath, message: String) -> SimulatedCell {
    let cell: SimulatedCell
    if let reused = reusePool[Self.fallbackReuseIdentifier]?.popLast() {
      reused.recycle()
      cell = reused
    } else {
      cell = SimulatedCell(reuseIdentifier: Self.fallbackReuseIdentifier)
    }
    cell.text = message
    return cell
  }

  /// A cell from ``dequeueReusableCell(withReuseIdentifier:for:)``; an error
  /// is recorded in ``violations`` and a plain cell returned.
  public func dequeueCell(withReuseIdentifier identifier: String, for path: ItemPath)
    -> SimulatedCell
  {
    do {
      return try dequeueReusableCell(withReuseIdentifier: identifier, for: path)
    } catch {
      violations.append(error)
      return SimulatedCell(reuseIdentifier: identifier)
    }
  }

  // MARK: Implementation

  /// New row identities for sections of `counts` rows.
  private func freshRows(_ counts: [Int]) -> [[Int]] {
    var token = nextToken
    var result: [[Int]] = []
    result.reserveCapacity(counts.count)
    for count in counts {
      result.append(Array((token + 1)..<(token + 1 + count)))
      token += count
    }
    nextToken = token
    return result
  }

  private func dataSourceCounts() -> [Int] {
    guard let source = hostDataSource else { return [] }
    return (0..<source.numberOfSections).map { source.numberOfItems(inSectionAt: $0) }
  }

  /// Takes in counts, new row identities and titles, without making cells
  /// (a reload, or counts read at the first update: rule 1).
  private func loadWithoutCells(_ loaded: [Int]) {
    counts = loaded
    rows = freshRows(loaded)
    headers = loaded.indices.map { hostDataSource?.headerTitle(forSectionAt: $0) ?? nil }
    footers = loaded.indices.map { hostDataSource?.footerTitle(forSectionAt: $0) ?? nil }
  }

  /// Makes the view show the state after a valid batch.
  private func commit(_ result: BatchResult, after: [Int]) {
    // Cells of deleted and reloaded rows are still on screen, animating out,
    // while the new rows get their cells: they return to the pool afterwards.
    // Only visible rows have cells, so only those are looked at.
    var leaving: [SimulatedCell] = []
    for path in visibleItemPaths where result.rowTargets[path.section][path.item] == nil {
      let token = rows[path.section][path.item]
      if let cell = cells.removeValue(forKey: token) { leaving.append(cell) }
    }
    defer { leaving.forEach(enqueue) }
    // Plain loops: a main-actor closure per row would pay an isolation check each.
    var token = nextToken
    var newRows: [[Int]] = []
    newRows.reserveCapacity(result.rowSources.count)
    for sources in result.rowSources {
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
    nextToken = token
    rows = newRows
    headers = result.sectionSources.enumerated().map { target, source in
      source.map { headers[$0] } ?? hostDataSource?.headerTitle(forSectionAt: target) ?? nil
    }
    footers = result.sectionSources.enumerated().map { target, source in
      source.map { footers[$0] } ?? hostDataSource?.footerTitle(forSectionAt: target) ?? nil
    }
    counts = after
    layOut()
    for path in result.reconfigured {
      guard let cell = visibleCell(at: path), let source = hostDataSource else { continue }
      reconfiguring = (path, cell)
      let returned = source.cell(for: self, at: path)
      reconfiguring = nil
      if returned !== cell {
        violations.append(
          ListViewError(
            "the data source returned a different cell when reconfiguring the item at "
              + "\(path)", strict: true))
      }
    }
  }

  private func layOutIfLoaded() {
    if counts != nil { layOut() }
  }

  /// Gives every visible row a cell and recycles the cells of the others.
  private func layOut() {
    let visible = visibleItemPaths
    let visibleTokens = Set(visible.map { rows[$0.section][$0.item] })
    for (token, cell) in cells where !visibleTokens.contains(token) {
      enqueue(cell)
      cells[token] = nil
    }
    guard let source = hostDataSource else { return }
    for path in visible {
      let token = rows[path.section][path.item]
      if cells[token] == nil { cells[token] = source.cell(for: self, at: path) }
    }
  }

  private func enqueue(_ cell: SimulatedCell) {
    reusePool[cell.reuseIdentifier, default: []].append(cell)
  }

  private func schedule(_ completion: @escaping @MainActor () -> Void) {
    switch animationTiming {
    case .immediate: completion()
    case .nextTurn: Task { @MainActor in completion() }
    case .manual: waitingCompletions.append(completion)
    }
  }
}
