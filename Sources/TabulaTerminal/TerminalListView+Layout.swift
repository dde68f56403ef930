import Tabula

// Layout: headers take a line, rows as many lines as their cells need. A
// HeightIndex holds every line count (rows not drawn yet by their
// estimate), so the element on a line and the line of a row are found in
// O(log n); rows on screen are measured as they are drawn, the first row on
// screen (or the cursor's) keeping its place, and the cursor keeps its line
// across batches and resizing.

extension TerminalListView {
  /// What a line shows: a header, line `line` of a row, or a footer.
  enum Element {
    case header(Int)
    case row(ItemPath, line: Int)
    case footer(Int)
  }

  /// How many lines the list has: headers, rows and footers.
  var totalLines: Int { Int(lineIndex.contentHeight) }

  /// Reads the counts, headers and footers from the data source; rows take
  /// their estimated line counts until they are drawn.
  func readStructure() {
    guard let source = hostDataSource else {
      structure = ListHostStructure()
      lineIndex = HeightIndex()
      return
    }
    readStructure(of: source)
    lineIndex = HeightIndex(
      itemCounts: structure.counts, headerHeight: { self.headerLines($0) },
      footerHeight: { self.footerLines($0) },
      itemHeight: { self.estimatedLines(at: $0) })
  }

  /// Reads the counts and every section's header and footer line: the
  /// text of its section view (a ``TerminalCell`` its section presenter
  /// configures: text, then detail), else its title.
  func readStructure(of source: any ListHostDataSource<TerminalCell>) {
    structure = ListHostStructure(counts: source.itemCounts, texts: source) {
      self.sectionLine($0, $1, source)
    }
  }

  /// The lines the header of `section` takes: 1, or 0 without one.
  func headerLines(_ section: Int) -> Double { structure.headers[section] == nil ? 0 : 1 }

  /// The lines the footer of `section` takes: 1, or 0 without one.
  func footerLines(_ section: Int) -> Double { structure.footers[section] == nil ? 0 : 1 }

  /// The text of the section's view of `kind`, if it has one. The view is
  /// configured on a cell kept per reuse identifier, prepared for reuse
  /// first.
  private func sectionLine(
    _ kind: SectionViewKind, _ section: Int, _ source: any ListHostDataSource<TerminalCell>
  ) -> String? {
    guard let identifier = source.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section)
    else { return nil }
    let view: TerminalCell
    if let kept = cells.sectionCells[identifier] {
      kept.recycle()
      view = kept
    } else {
      view = cellClass(for: identifier).init(reuseIdentifier: identifier)
      cells.sectionCells[identifier] = view
    }
    source.configureSectionView(view, ofKind: kind, inSectionAt: section)
    return view.detail.isEmpty ? view.text : "\(view.text)  \(view.detail)"
  }

  /// The lines a row not drawn yet is given: the data source's estimate,
  /// rounded, at least one.
  func estimatedLines(at path: ItemPath) -> Double {
    guard let estimate = hostDataSource?.estimatedHeight(forItemAt: path, width: Double(width)),
      estimate.isFinite
    else { return 1 }
    return max(1, estimate.rounded())
  }

  /// What is on `line`.
  ///
  /// - Precondition: `0 <= line < totalLines`.
  func element(at line: Int) -> Element {
    guard let (element, start) = lineIndex.element(atOffset: Double(line)) else {
      preconditionFailure("line \(line) is outside the list's \(totalLines) lines")
    }
    switch element {
    case .header(let section): return .header(section)
    case .item(let path): return .row(path, line: line - Int(start))
    case .footer(let section): return .footer(section)
    }
  }

  /// The first line of the row at `path`.
  func line(of path: ItemPath) -> Int { Int(lineIndex.offset(ofItemAt: path)) }

  /// The number of lines of the row at `path`.
  func lineCount(of path: ItemPath) -> Int { Int(lineIndex.height(ofItemAt: path)) }

  /// The lines the row at `path` takes, counted from the top of the list
  /// (headers and rows laid end to end): measured if the row was drawn,
  /// else its estimate. ``topLine`` is the first line on screen.
  ///
  /// - Precondition: the list has a row at `path`.
  public func lines(ofItemAt path: ItemPath) -> Range<Int> {
    precondition(rowExists(path), "the list has no row at \(path)")
    let first = line(of: path)
    return first..<(first + lineCount(of: path))
  }

  /// The line of the header of `section`.
  func headerLine(of section: Int) -> Int { Int(lineIndex.offset(ofSectionAt: section)) }

  /// Whether the list has a row at `path`.
  func rowExists(_ path: ItemPath) -> Bool { structure.hasRow(at: path) }

  /// Whether the row at `path` is on screen, wholly or in part.
  func isOnScreen(_ path: ItemPath) -> Bool {
    viewport.shows(lineIndex.offset(ofItemAt: path), length: lineIndex.height(ofItemAt: path))
  }

  /// Keeps the first line shown within the list.
  func clampScroll() {
    viewport.scroll(to: viewport.top, contentHeight: lineIndex.contentHeight)
  }

  /// Measures the row at `path` with its cell (made if needed) and records
  /// its line count; returns it.
  @discardableResult
  func measure(_ path: ItemPath) -> Int {
    let lines = max(1, Int(cell(at: path).fittingHeight(forWidth: Double(width))))
    if lines != lineCount(of: path) {
      lineIndex.setHeight(Double(lines), ofItemAt: path)
    }
    return lines
  }

  /// Measures the rows on screen, top down. The top row's first line does
  /// not move (rows above it are not touched), so what the user reads stays
  /// where it was; a row that grew pushes the ones below it down.
  func layOutScreen() {
    var line = topLine
    while line < min(topLine + height, totalLines) {
      switch element(at: line) {
      case .header, .footer:
        line += 1
      case .row(let path, let within):
        line += measure(path) - within
      }
    }
  }
}
