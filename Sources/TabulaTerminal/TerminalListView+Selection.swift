import Tabula

// The cursor: keys move it, Enter selects its row, and it stays on screen.

extension TerminalListView {
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

  /// The first row of the list, if it has one.
  func firstRow() -> ItemPath? {
    counts.firstIndex { $0 > 0 }.map { ItemPath(section: $0, item: 0) }
  }

  /// The last row of the list, if it has one.
  private func lastRow() -> ItemPath? {
    counts.lastIndex { $0 > 0 }.map { ItemPath(section: $0, item: counts[$0] - 1) }
  }

  /// The row at the same position as a deleted one, or the closest before it.
  func nearestRow(to path: ItemPath) -> ItemPath? {
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

  /// Scrolls so that the cursor's row (and its header, at the top of a
  /// section) is on screen.
  func revealSelection() {
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
