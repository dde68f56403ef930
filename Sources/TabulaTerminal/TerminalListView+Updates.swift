import Tabula

// Reloads and batch updates: cells, highlights and the selection follow their
// rows through each batch (BatchPositionMap); inserted and updated rows on
// screen are highlighted.

extension TerminalListView {
  /// Reads every count and title again; cells are made anew as rows show.
  public func reloadData() {
    updateCounts.reloadCount += 1
    for cell in cells.byPath.values { recycle(cell) }
    for cell in cells.leaving { recycle(cell) }
    cells.byPath = [:]
    cells.leaving = []
    prefetching.cancelAll().report(to: hostDataSource)
    highlights.byPath = [:]
    // A row picked up or a delete asked about were paths of the data before.
    editing.cancel()
    readStructure()
    if let selection, rowExists(selection) == false { self.selection = nil }
    if let selectedHeader, !headerIsSelectable(selectedHeader) { cursor.header = nil }
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
    updateCounts.batchCount += 1
    if !animated { updateCounts.unanimatedBatchCount += 1 }
    follow(batch, animated: animated, updateData: updateData)
    completion()
  }

  /// Takes in `batch`: switches the data, moves cells, highlights and the
  /// cursor with their rows. A batch from the data source, or a move the
  /// user made here.
  func follow(_ batch: Changeset, animated: Bool, updateData: () -> Void) {
    let map = BatchPositionMap(batch)
    let selectedLine = cursorLine.map { $0 - topLine }
    updateData()
    if let source = hostDataSource {
      // Rows keep their measured lines through the batch; new rows take
      // their estimates until they are drawn.
      readStructure(of: source)
      lineIndex.apply(
        batch, numberOfItems: { self.structure.counts[$0] },
        headerHeight: { self.headerLines($0) }, footerHeight: { self.footerLines($0) },
        itemHeight: { self.estimatedLines(at: $0) })
    } else {
      readStructure()
    }

    // A deleted or reloaded row's cell leaves once the new cells appeared
    // (at the next render), as on UIKit.
    cells.follow(map.newPath(of:))
    prefetching.follow(map.newPath(of:))
    highlights.follow(map.newPath(of:))
    // A row picked up follows its row; if another writer deleted it, the
    // move is over.
    if let carried = editing.carrying {
      editing.carrying = map.newPath(of: carried)
      if editing.carrying == nil { editing.prompt = nil }
    }
    for update in batch.itemUpdates where update.kind == .reconfigure {
      if let cell = cells.byPath[update.to], let source = hostDataSource {
        cells.reconfiguring = (update.to, cell)
        _ = source.cell(for: self, at: update.to)
        cells.reconfiguring = nil
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
        cursor.header = target
      } else if headerIsSelectable(min(header, structure.counts.count - 1)) {
        // Its section is gone: the header now in its place takes the cursor.
        cursor.header = min(header, structure.counts.count - 1)
      } else {
        cursor.header = nil
        selection = nearestRow(to: ItemPath(section: header, item: 0))
      }
    }
    // What the user reads stays put: the cursor (always on screen) keeps
    // its line, whatever arrived, left, moved or grew above it; if its row
    // left, the row that took its place takes the cursor there.
    if let cursorLine, let selectedLine {
      topLine = cursorLine - selectedLine
    }
    if cursorLine == nil { placeCursorAtStart() }
    clampScroll()
    revealSelection()
    if animated { highlightChanges(of: batch) }
  }

  /// Highlights the inserted and updated rows that are on screen, and drops
  /// the highlights that expired or left the screen: at most ``height`` are
  /// kept, so a batch costs what is on screen and in the batch, however
  /// many rows earlier batches touched. Rows off screen are not
  /// highlighted: they are not seen changing.
  private func highlightChanges(of batch: Changeset) {
    let now = clock()
    let until = now + highlights.duration
    for path in batch.itemInserts where isOnScreen(path) {
      highlights.byPath[path] = (.inserted, until)
    }
    for section in batch.sectionInserts where section < structure.counts.count {
      for item in 0..<min(structure.counts[section], height) {
        let path = ItemPath(section: section, item: item)
        if isOnScreen(path) { highlights.byPath[path] = (.inserted, until) }
      }
    }
    for update in batch.itemUpdates where isOnScreen(update.to) {
      highlights.byPath[update.to] = (.updated, until)
    }
    highlights.byPath = highlights.byPath.filter {
      $0.value.until > now && isOnScreen($0.key)
    }
  }

  /// How many rows are highlighted now: at most the rows on screen.
  var highlightCount: Int { highlights.byPath.count }
}
