import Tabula

// The cursor: keys move it, Enter selects its row (or, with selectsHeaders,
// its header), and it stays on screen.

extension TerminalListView {
  /// Handles a key through ``keyMap`` (`ListKeyMap.terminal`):
  /// navigation (arrows, paging, Home, End), Enter, outline keys (→, ←,
  /// `*`: the data source opens and closes folders) and the editing keys
  /// (`space`, `m`, `d`, `z`, `Z`: see ``handleEditingKey(_:)``); returns
  /// whether the key was one.
  @discardableResult
  public func handle(_ key: Key) -> Bool {
    if handleEditingKey(key) { return true }
    guard let listKey = ListKey(key), let action = keyMap.action(for: listKey) else { return false }
    switch action {
    case .focusPrevious: moveCursor(by: -1)
    case .focusNext: moveCursor(by: 1)
    case .focusPageUp: moveCursor(by: -max(1, height - 1))
    case .focusPageDown: moveCursor(by: max(1, height - 1))
    case .focusFirst: placeCursor(onLine: 0)
    case .focusLast: placeCursor(onLine: totalLines - 1)
    case .open:
      if let selectedHeader {
        hostDataSource?.didSelectHeader(inSectionAt: selectedHeader)
      } else if let selection {
        hostDataSource?.didSelectItem(at: selection)
      }
    case .expand, .collapse, .expandAll:
      let result = hostDataSource?.handleKey(listKey, focusedAt: selection, pageSize: height)
      guard let result, result != .ignored else { return false }
      if case .focus(let path) = result { select(path) }
    case .toggleSelection, .delete, .undo, .redo:
      return false  // handleEditingKey's
    }
    return true
  }

  /// Puts the cursor on `path` (or nowhere) and scrolls it into view.
  public func select(_ path: ItemPath?) {
    selection = path.flatMap { rowExists($0) ? $0 : nil }
    cursor.header = nil
    revealSelection()
  }

  /// Puts the cursor on the header of the section at `section` and scrolls
  /// it into view; ignored unless ``selectsHeaders`` is on and the section
  /// has a header.
  public func selectHeader(inSectionAt section: Int) {
    guard headerIsSelectable(section) else { return }
    cursor.header = section
    selection = nil
    revealSelection()
  }

  /// Whether the cursor may rest on the header of `section`.
  func headerIsSelectable(_ section: Int) -> Bool {
    selectsHeaders && structure.hasHeader(inSectionAt: section)
  }

  /// The line under the cursor, if there is a cursor.
  var cursorLine: Int? {
    if let selection { return rowExists(selection) ? line(of: selection) : nil }
    guard let selectedHeader, selectedHeader < structure.counts.count,
      structure.headers[selectedHeader] != nil
    else { return nil }
    return headerLine(of: selectedHeader)
  }

  /// Puts the cursor where it starts: the first line that takes it.
  func placeCursorAtStart() {
    if selectsHeaders { placeCursor(onLine: 0) } else { select(structure.firstRow) }
  }

  /// The row at the same position as a deleted one, or the closest before it.
  func nearestRow(to path: ItemPath) -> ItemPath? {
    let counts = structure.counts
    guard !counts.isEmpty else { return nil }
    let section = min(path.section, counts.count - 1)
    if counts[section] > 0 {
      return ItemPath(section: section, item: min(path.item, counts[section] - 1))
    }
    return lineIndex.item(before: ItemPath(section: section, item: 0)) ?? structure.firstRow
  }

  /// Puts the cursor on `line` (clamped to the list): on its row, or on its
  /// header when headers take the cursor. Without ``selectsHeaders``, a
  /// header line puts it on the section's nearest row instead.
  private func placeCursor(onLine line: Int) {
    guard totalLines > 0 else { return select(nil) }
    switch element(at: max(0, min(line, totalLines - 1))) {
    case .row(let path, _): select(path)
    case .header(let section):
      if selectsHeaders {
        selectHeader(inSectionAt: section)
      } else {
        select(line <= 0 ? structure.firstRow : structure.lastRow)
      }
    case .footer(let section):
      // The section's last row, or the nearest one above it.
      select(lineIndex.item(before: ItemPath(section: section + 1, item: 0)) ?? structure.firstRow)
    }
  }

  private func moveCursor(by steps: Int) {
    if selectsHeaders {
      guard let current = cursorLine else { return placeCursor(onLine: 0) }
      // Footers do not take the cursor: it moves on past them.
      var target = current + steps
      let step = steps < 0 ? -1 : 1
      while target > 0 && target < totalLines - 1, case .footer = element(at: target) {
        target += step
      }
      return placeCursor(onLine: target)
    }
    guard var current = selection ?? structure.firstRow else { return }
    for _ in 0..<abs(steps) {
      guard let next = steps > 0 ? lineIndex.item(after: current) : lineIndex.item(before: current)
      else { break }
      current = next
    }
    select(current)
  }

  /// Scrolls so that the cursor's line (and the header above a section's
  /// first row) is on screen.
  func revealSelection() {
    guard let line = cursorLine else {
      clampScroll()
      return
    }
    var first = line
    var last = line
    if let selection {
      if selection.item == 0, structure.headers[selection.section] != nil { first -= 1 }
      last = line + lineCount(of: selection) - 1
    }
    // The whole row shows (its top, when it is taller than the screen).
    if last >= topLine + height { topLine = last - height + 1 }
    if first < topLine || line < topLine { topLine = min(first, line) }
    clampScroll()
  }
}
