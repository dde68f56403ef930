import Tabula

// Drawing: the lines of the screen (headers, rows with their highlights, the
// cursor in inverse video), or the whole list as plain text.

extension TerminalListView {
  /// The view's lines for the current state, exactly ``viewHeight`` of
  /// them: the ``refreshLine`` if one shows, then headers, rows with their
  /// highlights, the cursor in inverse video.
  ///
  /// Only the rows on screen are asked for cells; cells of rows that left
  /// the screen go back to the reuse pool.
  public func render() -> [ScreenLine] {
    let now = clock()
    highlights.dropExpired(at: now)
    // Measuring the rows on screen moves the rows below the top one; the
    // cursor row, when on screen, keeps its line instead (the rows above it
    // give way). Measure, anchor, reveal, until the screen holds still (a
    // row is measured once, so this ends within a few rounds).
    let cursorScreenLine = cursorLine.map { $0 - topLine }.flatMap {
      (0..<height).contains($0) ? $0 : nil
    }
    for _ in 0..<8 {
      let top = topLine
      layOutScreen()
      if let cursorScreenLine, let line = cursorLine {
        topLine = line - cursorScreenLine
        clampScroll()
      }
      revealSelection()
      if topLine == top { break }
    }
    // The cells coming on screen appear before they are drawn (what a
    // presenter does then is in this frame); the data source hears it once
    // per cell, and of its end when the cell is recycled.
    for path in visibleItemPaths {
      let cell = cell(at: path)
      if cells.displayed.updateValue(path, forKey: ObjectIdentifier(cell)) == nil {
        hostDataSource?.willDisplay(cell, forItemAt: path)
      }
    }
    var lines: [ScreenLine] = []
    var shown = Set<ItemPath>()
    var line = topLine
    while line < min(topLine + height, totalLines) && lines.count < height {
      switch element(at: line) {
      case .header(let section):
        lines.append(
          headerLine(structure.headers[section] ?? "", selected: section == selectedHeader))
        line += 1
      case .footer(let section):
        lines.append(footerLine(structure.footers[section] ?? ""))
        line += 1
      case .row(let path, let within):
        shown.insert(path)
        let rowLines = self.rowLines(path, now: now)
        lines += rowLines[within...].prefix(height - lines.count)
        line += rowLines.count - within
      }
    }
    for (path, cell) in cells.byPath where !shown.contains(path) {
      recycle(cell)
      cells.byPath[path] = nil
    }
    for cell in cells.leaving { recycle(cell) }
    cells.leaving = []
    updatePrefetching(shown: shown)
    if shown.isEmpty, let state = emptyState {
      lines += emptyStateLines(state).prefix(height - lines.count)
    }
    while lines.count < height { lines.append(ScreenLine(plain: "").fitted(to: width)) }
    if let refreshLine {
      let banner = ScreenLine([
        StyledText(" " + refreshLine, TextStyle(bold: true, foreground: .cyan))
      ])
      return [banner.truncated(to: width)] + lines
    }
    return lines
  }

  /// The lines of an empty state: its text (or the words' "Loading…") and
  /// its second line, dimmed, and the key that runs its action is not drawn
  /// (the terminal has no button).
  private func emptyStateLines(_ state: EmptyState) -> [ScreenLine] {
    let loading = state.isLoading ? strings.placeholders.loading : nil
    let texts = [state.text ?? loading, state.secondaryText]
    return texts.compactMap { $0 }.map { text in
      ScreenLine([StyledText(" " + TerminalText.inert(text), TextStyle(dim: true))])
        .truncated(to: width).fitted(to: width)
    }
  }

  /// The list as plain text, every header and row (for output that is not a
  /// terminal): cells are made for each row in turn and recycled. Text from
  /// cells and headers is ``TerminalText/inert(_:)``: the only control characters are
  /// the line feeds between lines.
  public func plainText() -> String {
    var output: [String] = []
    for section in structure.counts.indices {
      if let header = structure.headers[section] { output.append(inert(header)) }
      for item in 0..<structure.counts[section] {
        let cell = cell(at: ItemPath(section: section, item: item))
        let detail = cell.detail.isEmpty ? "" : "  \(inert(cell.detail))"
        if cell.wraps {
          let text = cell.textLines(columns: cell.textColumns(inWidth: width))
          output.append("  \(text[0])\(detail)")
          output += text.dropFirst().map { "  \($0)" }
        } else {
          output.append("  \(inert(cell.text))\(detail)")
        }
        recycle(cell)
        cells.byPath[ItemPath(section: section, item: item)] = nil
      }
      if let footer = structure.footers[section] { output.append("  \(inert(footer))") }
    }
    return output.joined(separator: "\n")
  }

  private func headerLine(_ title: String, selected: Bool) -> ScreenLine {
    let label = " \(truncated(title, to: max(1, width - 2))) "
    let rule = String(repeating: "─", count: max(0, width - displayWidth(of: label)))
    return ScreenLine([
      StyledText(label, TextStyle(bold: true, inverse: selected, foreground: .cyan)),
      StyledText(rule, TextStyle(dim: true, inverse: selected)),
    ]).fitted(to: width)
  }

  private func footerLine(_ text: String) -> ScreenLine {
    ScreenLine([StyledText("  " + truncated(text, to: max(1, width - 2)), TextStyle(dim: true))])
      .fitted(to: width)
  }

  /// The lines of the row at `path`: the first with the cursor marker and
  /// the detail, the others with the rest of the wrapped text.
  private func rowLines(_ path: ItemPath, now: Double) -> [ScreenLine] {
    let cell = cell(at: path)
    let isSelected = path == selection
    var style = cell.style
    var detailStyle = cell.detailStyle
    if let highlight = highlights.byPath[path] {
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
    // The cursor, then a mark for a row picked up (⇅) or selected (•).
    let mark =
      path == carrying ? "⇅" : (hostDataSource?.isItemSelected(at: path) == true ? "•" : " ")
    let marker = (isSelected ? "›" : " ") + mark
    let detail = cell.detail.isEmpty ? "" : " \(inert(cell.detail)) "
    let room = cell.textColumns(inWidth: width)
    let markerStyle = isSelected ? TextStyle(bold: true, inverse: true) : .plain
    return cell.textLines(columns: room).enumerated().map { number, text in
      let padding = String(repeating: " ", count: max(0, room - displayWidth(of: text)))
      return ScreenLine([
        StyledText(number == 0 ? marker : "  ", markerStyle),
        StyledText(text + padding, style),
        StyledText(
          number == 0 ? detail : String(repeating: " ", count: displayWidth(of: detail)),
          detailStyle),
      ]).fitted(to: width, fill: style)
    }
  }

  /// Prefetches the ``prefetchRowCount`` rows past the screen in the
  /// direction it last scrolled; cancels those that left the window unseen.
  private func updatePrefetching(shown: Set<ItemPath>) {
    guard let source = hostDataSource else { return }
    prefetching.update(visible: shown, top: viewport.top, in: lineIndex).report(to: source)
  }

  /// The cell for a row on screen, made by the data source when needed.
  func cell(at path: ItemPath) -> TerminalCell {
    if let cell = cells.byPath[path] { return cell }
    let cell = hostDataSource?.cell(for: self, at: path) ?? TerminalCell(reuseIdentifier: "")
    cells.byPath[path] = cell
    return cell
  }

  /// Puts `cell` back in the reuse pool; if it was on screen, the data
  /// source hears that it left.
  func recycle(_ cell: TerminalCell) {
    if let path = cells.displayed.removeValue(forKey: ObjectIdentifier(cell)) {
      hostDataSource?.didEndDisplaying(cell, forItemAt: path)
    }
    cellPool.enqueue(cell)
  }
}
