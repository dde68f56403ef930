import Tabula

/// A list view for terminals: section headers, rows drawn by presenters, a
/// selection cursor and scrolling, driven by a ``Tabula/ListController``
/// like any other ``Tabula/ListHost``.
///
/// ```swift
/// let list = TerminalListView(width: 80, height: 20)
/// let controller = ListController(host: list, presenters: presenters)
/// controller.apply(snapshot)
/// let lines = list.render()   // 20 styled lines for the screen
/// ```
///
/// - **Batch updates show.** Inserted and updated rows are highlighted for
///   ``highlightDuration`` seconds; deleted rows disappear; moved rows land
///   in place. Cells, highlights and the selection follow their rows through
///   each batch (``Tabula/BatchPositionMap``), so a row keeps its cell when
///   other rows come and go.
/// - **Virtualized.** Only the rows on screen have cells and highlights;
///   layout is one line per header and row, found by binary search over the
///   sections. A frame and a batch update cost what is on screen and in the
///   batch, not the length of the list nor of earlier batches.
/// - **Keys.** Up and down move the cursor, Page Up and Page Down by a
///   screen, Home and End to the ends; Enter selects the row (the data
///   source hears of it, and through it the presenters).
@MainActor
public final class TerminalListView: ListHost {
  /// The data source. Held weakly.
  public weak var hostDataSource: (any ListHostDataSource<TerminalCell>)?

  /// The width in columns.
  public private(set) var width: Int
  /// The height in lines.
  public private(set) var height: Int
  /// The first line shown (headers and rows laid end to end).
  public private(set) var topLine = 0
  /// The row under the cursor, if any.
  public private(set) var selection: ItemPath?
  /// How long inserted and updated rows stay highlighted, in seconds.
  public var highlightDuration = 0.8
  /// The current time in seconds, for highlights; replaceable in tests.
  public var clock: @MainActor () -> Double = { monotonicSeconds() }

  /// How many batch updates the view performed.
  public private(set) var batchCount = 0
  /// How many times it reloaded all its data.
  public private(set) var reloadCount = 0

  private enum Highlight {
    case inserted, updated
  }

  private var counts: [Int] = []
  private var headers: [String?] = []
  /// `lineStarts[s]` is the first line of section `s`; one more entry holds
  /// the total.
  private var lineStarts: [Int] = [0]
  private var cells: [ItemPath: TerminalCell] = [:]
  private var highlights: [ItemPath: (kind: Highlight, until: Double)] = [:]
  private var registrations: [String: TerminalCell.Type] = [:]
  private var reusePool: [String: [TerminalCell]] = [:]
  private var reconfiguring: (path: ItemPath, cell: TerminalCell)?

  /// An empty list view of `width` columns × `height` lines.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Uses `cellClass` for cells dequeued as `identifier` (by default every
  /// identifier makes a plain ``TerminalCell``).
  public func register(_ cellClass: TerminalCell.Type, forReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass
  }

  /// Resizes the view (the terminal was resized); the selection stays on
  /// screen.
  public func resize(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    clampScroll()
    revealSelection()
  }

  // MARK: ListHost

  /// Reads every count and title again; cells are made anew as rows show.
  public func reloadData() {
    reloadCount += 1
    for cell in cells.values { recycle(cell) }
    cells = [:]
    highlights = [:]
    readStructure()
    if let selection, rowExists(selection) == false { self.selection = firstRow() }
    if selection == nil { selection = firstRow() }
    clampScroll()
    revealSelection()
  }

  /// Performs one batch: switches the data, moves cells, highlights and the
  /// selection with their rows, and, when `animated`, highlights inserted and
  /// updated rows.
  public func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    let map = BatchPositionMap(batch)
    let selectedLine = selection.map(line(of:)).map { $0 - topLine }
    updateData()
    readStructure()
    batchCount += 1

    var movedCells: [ItemPath: TerminalCell] = [:]
    for (path, cell) in cells {
      if let target = map.newPath(of: path) { movedCells[target] = cell } else { recycle(cell) }
    }
    cells = movedCells
    var movedHighlights: [ItemPath: (kind: Highlight, until: Double)] = [:]
    for (path, highlight) in highlights {
      if let target = map.newPath(of: path) { movedHighlights[target] = highlight }
    }
    highlights = movedHighlights
    for update in batch.itemUpdates where update.kind == .reconfigure {
      if let cell = cells[update.to], let source = hostDataSource {
        reconfiguring = (update.to, cell)
        _ = source.cell(for: self, at: update.to)
        reconfiguring = nil
      }
    }

    // The cursor stays on its row, or on the row that took its place.
    if let selected = selection {
      if let target = map.newPath(of: selected) {
        selection = target
      } else {
        selection = nearestRow(to: selected)
      }
    }
    if let selection, let selectedLine {
      topLine = line(of: selection) - selectedLine
    }
    if selection == nil { selection = firstRow() }
    clampScroll()
    revealSelection()
    if animated { highlightChanges(of: batch) }
    completion()
  }

  /// Highlights the inserted and updated rows that are on screen, and drops
  /// the highlights that expired or left the screen: at most ``height`` are
  /// kept, so a batch costs what is on screen and in the batch, however
  /// many rows earlier batches touched. Rows off screen are not
  /// highlighted: they are not seen changing.
  private func highlightChanges(of batch: Changeset) {
    let now = clock()
    let until = now + highlightDuration
    let screen = topLine..<(topLine + height)
    func isOnScreen(_ path: ItemPath) -> Bool { screen.contains(line(of: path)) }
    for path in batch.itemInserts where isOnScreen(path) { highlights[path] = (.inserted, until) }
    for section in batch.sectionInserts where section < counts.count {
      for item in 0..<min(counts[section], height) {
        let path = ItemPath(section: section, item: item)
        if isOnScreen(path) { highlights[path] = (.inserted, until) }
      }
    }
    for update in batch.itemUpdates where isOnScreen(update.to) {
      highlights[update.to] = (.updated, until)
    }
    highlights = highlights.filter { $0.value.until > now && isOnScreen($0.key) }
  }

  /// How many rows are highlighted now: at most the rows on screen.
  var highlightCount: Int { highlights.count }

  /// The paths of the rows on screen, in order.
  public var visibleItemPaths: [ItemPath] {
    var paths: [ItemPath] = []
    for line in topLine..<min(topLine + height, totalLines) {
      if case .row(let path) = element(at: line) { paths.append(path) }
    }
    return paths
  }

  /// The cell on screen at `path`, if the row is visible and drawn.
  public func visibleCell(at path: ItemPath) -> TerminalCell? {
    guard rowExists(path) else { return nil }
    let line = line(of: path)
    guard line >= topLine && line < topLine + height else { return nil }
    return cells[path]
  }

  /// A cell for `path`: the one being reconfigured there, a reused one, or a
  /// new one.
  public func dequeueCell(withReuseIdentifier identifier: String, for path: ItemPath)
    -> TerminalCell
  {
    if let reconfiguring, reconfiguring.path == path { return reconfiguring.cell }
    if let cell = reusePool[identifier]?.popLast() {
      cell.recycle()
      return cell
    }
    return (registrations[identifier] ?? TerminalCell.self).init(reuseIdentifier: identifier)
  }

  /// A plain cell showing `message` (dimmed), for an item nothing presents.
  public func fallbackCell(for path: ItemPath, message: String) -> TerminalCell {
    let cell = dequeueCell(withReuseIdentifier: "Tabula.fallback", for: path)
    cell.text = message
    cell.style = TextStyle(dim: true)
    return cell
  }

  // MARK: Keys

  /// Handles a navigation key; returns whether the key was one.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    switch key {
    case .up: moveSelection(by: -1)
    case .down: moveSelection(by: 1)
    case .pageUp: moveSelection(by: -max(1, height - 1))
    case .pageDown: moveSelection(by: max(1, height - 1))
    case .home: select(firstRow())
    case .end: select(lastRow())
    case .enter:
      if let selection { hostDataSource?.didSelectItem(at: selection) }
    default: return false
    }
    return true
  }

  /// Puts the cursor on `path` (or nowhere) and scrolls it into view.
  public func select(_ path: ItemPath?) {
    selection = path.flatMap { rowExists($0) ? $0 : nil }
    revealSelection()
  }

  // MARK: Drawing

  /// The view's lines for the current state, exactly ``height`` of them:
  /// headers, rows with their highlights, the cursor in inverse video.
  ///
  /// Only the rows on screen are asked for cells; cells of rows that left
  /// the screen go back to the reuse pool.
  public func render() -> [ScreenLine] {
    let now = clock()
    highlights = highlights.filter { $0.value.until > now }
    var lines: [ScreenLine] = []
    var shown = Set<ItemPath>()
    let end = min(topLine + height, totalLines)
    if topLine < end {
      for line in topLine..<end {
        switch element(at: line) {
        case .header(let section):
          lines.append(headerLine(headers[section] ?? ""))
        case .row(let path):
          shown.insert(path)
          lines.append(rowLine(path, now: now))
        }
      }
    }
    for (path, cell) in cells where !shown.contains(path) {
      recycle(cell)
      cells[path] = nil
    }
    while lines.count < height { lines.append(ScreenLine(plain: "").fitted(to: width)) }
    return lines
  }

  /// The list as plain text, every header and row (for output that is not a
  /// terminal): cells are made for each row in turn and recycled. Text from
  /// cells and headers is ``inert(_:)``: the only control characters are
  /// the line feeds between lines.
  public func plainText() -> String {
    var output: [String] = []
    for section in counts.indices {
      if let header = headers[section] { output.append(inert(header)) }
      for item in 0..<counts[section] {
        let cell = cell(at: ItemPath(section: section, item: item))
        let detail = cell.detail.isEmpty ? "" : "  \(inert(cell.detail))"
        output.append("  \(inert(cell.text))\(detail)")
        recycle(cell)
        cells[ItemPath(section: section, item: item)] = nil
      }
    }
    return output.joined(separator: "\n")
  }

  private func headerLine(_ title: String) -> ScreenLine {
    let label = " \(truncated(title, to: max(1, width - 2))) "
    let rule = String(repeating: "─", count: max(0, width - displayWidth(of: label)))
    return ScreenLine([
      StyledText(label, TextStyle(bold: true, foreground: .cyan)),
      StyledText(rule, TextStyle(dim: true)),
    ]).fitted(to: width)
  }

  private func rowLine(_ path: ItemPath, now: Double) -> ScreenLine {
    let cell = cell(at: path)
    let isSelected = path == selection
    var style = cell.style
    var detailStyle = cell.detailStyle
    if let highlight = highlights[path] {
      let background: TerminalColor = highlight.kind == .inserted ? .green : .yellow
      style.background = background
      style.foreground = .black
      detailStyle.background = background
      detailStyle.foreground = .black
    }
    if isSelected {
      style.inverse = true
      detailStyle.inverse = true
    }
    let marker = isSelected ? "› " : "  "
    let detail = cell.detail.isEmpty ? "" : " \(inert(cell.detail)) "
    let room = max(0, width - displayWidth(of: marker) - displayWidth(of: detail))
    let text = truncated(cell.text, to: room)
    let padding = String(repeating: " ", count: max(0, room - displayWidth(of: text)))
    return ScreenLine([
      StyledText(marker, isSelected ? TextStyle(bold: true, inverse: true) : .plain),
      StyledText(text + padding, style),
      StyledText(detail, detailStyle),
    ]).fitted(to: width, fill: style)
  }

  /// The cell for a row on screen, made by the data source when needed.
  private func cell(at path: ItemPath) -> TerminalCell {
    if let cell = cells[path] { return cell }
    let cell = hostDataSource?.cell(for: self, at: path) ?? TerminalCell(reuseIdentifier: "")
    cells[path] = cell
    return cell
  }

  private func recycle(_ cell: TerminalCell) {
    reusePool[cell.reuseIdentifier, default: []].append(cell)
  }

  // MARK: Layout

  private enum Element {
    case header(Int)
    case row(ItemPath)
  }

  private var totalLines: Int { lineStarts[lineStarts.count - 1] }

  private func readStructure() {
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
  private func element(at line: Int) -> Element {
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

  private func line(of path: ItemPath) -> Int {
    lineStarts[path.section] + (headers[path.section] == nil ? 0 : 1) + path.item
  }

  private func rowExists(_ path: ItemPath) -> Bool {
    path.section >= 0 && path.section < counts.count && path.item >= 0
      && path.item < counts[path.section]
  }

  private func firstRow() -> ItemPath? {
    counts.firstIndex { $0 > 0 }.map { ItemPath(section: $0, item: 0) }
  }

  private func lastRow() -> ItemPath? {
    counts.lastIndex { $0 > 0 }.map { ItemPath(section: $0, item: counts[$0] - 1) }
  }

  /// The row at the same position as a deleted one, or the closest before it.
  private func nearestRow(to path: ItemPath) -> ItemPath? {
    guard !counts.isEmpty else { return nil }
    let section = min(path.section, counts.count - 1)
    if counts[section] > 0 {
      return ItemPath(section: section, item: min(path.item, counts[section] - 1))
    }
    return rowBefore(ItemPath(section: section, item: 0)) ?? firstRow()
  }

  private func rowBefore(_ path: ItemPath) -> ItemPath? {
    if path.item > 0 { return ItemPath(section: path.section, item: path.item - 1) }
    var section = path.section - 1
    while section >= 0 {
      if counts[section] > 0 { return ItemPath(section: section, item: counts[section] - 1) }
      section -= 1
    }
    return nil
  }

  private func rowAfter(_ path: ItemPath) -> ItemPath? {
    if path.item + 1 < counts[path.section] {
      return ItemPath(section: path.section, item: path.item + 1)
    }
    var section = path.section + 1
    while section < counts.count {
      if counts[section] > 0 { return ItemPath(section: section, item: 0) }
      section += 1
    }
    return nil
  }

  private func moveSelection(by steps: Int) {
    guard var current = selection ?? firstRow() else { return }
    for _ in 0..<abs(steps) {
      guard let next = steps > 0 ? rowAfter(current) : rowBefore(current) else { break }
      current = next
    }
    select(current)
  }

  private func clampScroll() {
    topLine = max(0, min(topLine, totalLines - height))
  }

  /// Scrolls so that the cursor's row (and its header, at the top of a
  /// section) is on screen.
  private func revealSelection() {
    guard let selection, rowExists(selection) else {
      clampScroll()
      return
    }
    let line = line(of: selection)
    let first = selection.item == 0 && headers[selection.section] != nil ? line - 1 : line
    if first < topLine { topLine = first }
    if line >= topLine + height { topLine = line - height + 1 }
    clampScroll()
  }
}
