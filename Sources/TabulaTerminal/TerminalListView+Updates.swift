import Tabula

// Reloads and batch updates: cells, highlights and the selection follow their
// rows through each batch (BatchPositionMap); inserted and updated rows on
// screen are highlighted.

extension TerminalListView {
  /// Reads every count and title again; cells are made anew as rows show.
  public func reloadData() {
    reloadCount += 1
    for cell in cells.values { recycle(cell) }
    cells = [:]
    highlights = [:]
    readStructure()
    if let selection, rowExists(selection) == false { self.selection = nil }
    if let selectedHeader, !headerIsSelectable(selectedHeader) { self.selectedHeader = nil }
    if cursorLine == nil { placeCursorAtStart() }
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
    let selectedLine = cursorLine.map { $0 - topLine }
    let anchor = topAnchor
    let oldCounts = counts
    updateData()
    if let source = hostDataSource {
      // Rows keep their measured lines through the batch; new rows take
      // their estimates until they are drawn.
      counts = (0..<source.numberOfSections).map { source.numberOfItems(inSectionAt: $0) }
      headers = counts.indices.map { source.headerTitle(forSectionAt: $0) }
      lineIndex.apply(
        batch, numberOfItems: { self.counts[$0] },
        headerHeight: { self.headers[$0] == nil ? 0 : 1 },
        itemHeight: { self.estimatedLines(at: $0) })
    } else {
      readStructure()
    }
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

    // The cursor stays on its row (or header), or on the row that took its
    // place.
    if let selected = selection {
      if let target = map.newPath(of: selected) {
        selection = target
      } else {
        selection = nearestRow(to: selected)
      }
    } else if let header = selectedHeader {
      if let target = map.newSection(of: header), headerIsSelectable(target) {
        selectedHeader = target
      } else if headerIsSelectable(min(header, counts.count - 1)) {
        // Its section is gone: the header now in its place takes the cursor.
        selectedHeader = min(header, counts.count - 1)
      } else {
        selectedHeader = nil
        selection = nearestRow(to: ItemPath(section: header, item: 0))
      }
    }
    // What the user reads stays put: the cursor row when it is on screen,
    // else the first row on screen (or, if it left, its nearest surviving
    // neighbour).
    if let cursorLine, let selectedLine, selectedLine >= 0, selectedLine < height {
      topLine = cursorLine - selectedLine
    } else if let anchor,
      let target = survivor(of: anchor.path, through: map, oldCounts: oldCounts)
    {
      restore(
        Anchor(path: target, distance: target == map.newPath(of: anchor.path) ? anchor.distance : 0)
      )
    } else if let cursorLine, let selectedLine {
      topLine = cursorLine - selectedLine
    }
    if cursorLine == nil { placeCursorAtStart() }
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
    func isOnScreen(_ path: ItemPath) -> Bool {
      let first = line(of: path)
      return first < topLine + height && first + lineCount(of: path) > topLine
    }
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

  /// Where the old row at `path` is after the batch `map` reads, or, when
  /// it is gone, its nearest surviving neighbour (the next rows first, then
  /// the ones before).
  func survivor(of path: ItemPath, through map: BatchPositionMap, oldCounts: [Int]) -> ItemPath? {
    if let target = map.newPath(of: path) { return target }
    var after = path
    var before = path
    while true {
      var moved = false
      if let next = Self.row(after: after, in: oldCounts) {
        if let target = map.newPath(of: next) { return target }
        after = next
        moved = true
      }
      if let previous = Self.row(before: before, in: oldCounts) {
        if let target = map.newPath(of: previous) { return target }
        before = previous
        moved = true
      }
      if !moved { return nil }
    }
  }

  private static func row(after path: ItemPath, in counts: [Int]) -> ItemPath? {
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

  private static func row(before path: ItemPath, in counts: [Int]) -> ItemPath? {
    if path.item > 0 { return ItemPath(section: path.section, item: path.item - 1) }
    var section = path.section - 1
    while section >= 0 {
      if counts[section] > 0 { return ItemPath(section: section, item: counts[section] - 1) }
      section -= 1
    }
    return nil
  }

  /// How many rows are highlighted now: at most the rows on screen.
  var highlightCount: Int { highlights.count }
}
