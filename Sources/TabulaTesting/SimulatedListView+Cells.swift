import Tabula

// Cells, as UIKit handles them: registered per reuse identifier, dequeued
// from a reuse pool, and made only for the rows in the viewport.

extension SimulatedListView {
  /// Registers a cell class for a reuse identifier (replacing an earlier
  /// registration, as UIKit does).
  public func register(_ cellClass: SimulatedCell.Type, forReuseIdentifier identifier: String) {
    cellPool.register(cellClass, forReuseIdentifier: identifier)
  }

  /// The cell class registered under `identifier`, if any.
  public func registeredCellClass(forReuseIdentifier identifier: String) -> SimulatedCell.Type? {
    cellPool.cellClass(forReuseIdentifier: identifier)
  }

  /// Whether a cell class is registered under `identifier`, as the view
  /// lets its data source know: a table view can tell (UIKit's
  /// `dequeueReusableCell(withIdentifier:)` answers `nil` without one); a
  /// collection view cannot (`nil`), as UIKit's offers no such call.
  public func hasCellRegistration(forReuseIdentifier identifier: String) -> Bool? {
    kind == .table ? cellPool.cellClass(forReuseIdentifier: identifier) != nil : nil
  }

  /// ``register(_:forReuseIdentifier:)``, for a data source that registers
  /// its presenters' cell classes on first use.
  public func registerCell(_ cellClass: SimulatedCell.Type, forReuseIdentifier identifier: String) {
    register(cellClass, forReuseIdentifier: identifier)
  }

  /// A cell registered under `identifier`, from the reuse pool or new.
  ///
  /// - Throws: UIKit's error for an unregistered identifier, or for a
  ///   different identifier than the cell being reconfigured at `path`.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for path: ItemPath
  ) throws(ListViewError) -> SimulatedCell {
    guard let cellClass = cellPool.cellClass(forReuseIdentifier: identifier) else {
      throw ListViewError(
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
          + "class for the identifier or connect a prototype cell in a storyboard")
    }
    if let reconfiguring = display.reconfiguring, reconfiguring.path == path {
      guard reconfiguring.cell.reuseIdentifier == identifier else {
        throw ListViewError(
          "Attempted to dequeue a cell for a different registration or reuse identifier than "
            + "the existing cell when reconfiguring an item")
      }
      return reconfiguring.cell
    }
    return cellPool.dequeue(withReuseIdentifier: identifier, class: cellClass)
  }

  /// A cell of the class registered under `reuseIdentifier`, kept for
  /// measuring: made once per identifier, never in the viewport or the
  /// reuse pool (`nil` for an unregistered identifier).
  public func prototypeCell(withReuseIdentifier reuseIdentifier: String) -> SimulatedCell? {
    guard let cellClass = cellPool.cellClass(forReuseIdentifier: reuseIdentifier) else {
      return nil
    }
    return cellPool.prototype(withReuseIdentifier: reuseIdentifier, class: cellClass)
  }

  /// The number of cells waiting in the reuse pool.
  public var reusePoolCount: Int { cellPool.waitingCount }

  /// The reuse identifier of the plain cells ``fallbackCell(for:message:)``
  /// makes (registered by the view itself).
  public static let fallbackReuseIdentifier = "Tabula.fallback"

  /// A plain ``SimulatedCell`` whose ``SimulatedCell/text`` is `message`,
  /// reused like any cell, under ``fallbackReuseIdentifier``.
  public func fallbackCell(for path: ItemPath, message: String) -> SimulatedCell {
    let cell = cellPool.dequeue(
      withReuseIdentifier: Self.fallbackReuseIdentifier, class: SimulatedCell.self)
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

  func layOutIfLoaded() {
    if structure.isLoaded { layOut() }
  }

  /// Measures the rows in the viewport (the first one keeping its place),
  /// gives every visible row a cell and recycles the cells of the others.
  func layOut() {
    measureViewport()
    let visible = visibleItemPaths
    let visibleTokens = Set(visible.map(identities.token(at:)))
    for (token, cell) in display.cells where !visibleTokens.contains(token) {
      endDisplaying(cell, token: token)
      cellPool.enqueue(cell)
      display.cells[token] = nil
    }
    guard let source = hostDataSource else { return }
    for path in visible {
      let token = identities.token(at: path)
      display.displayedPaths[token] = path
      if display.cells[token] == nil {
        let cell = source.cell(for: self, at: path)
        showRowControls(of: source, on: cell, at: path)
        display.cells[token] = cell
        DelegateComposition.notify(
          tabula: { source.willDisplay(cell, forItemAt: path) },
          app: { delegate?.listView(self, willDisplay: cell, forItemAt: path) })
      }
    }
    updatePrefetching(visible: visible)
    layOutSectionViews()
    if let layoutDefault = sizing.layoutDefault, selfSizeVisibleCells(default: layoutDefault) {
      layOut()
    }
  }

  /// The data source hears that `cell` (of the row `token`) left the screen.
  func endDisplaying(_ cell: SimulatedCell, token: Int) {
    guard let path = display.displayedPaths.removeValue(forKey: token) else { return }
    DelegateComposition.notify(
      tabula: { hostDataSource?.didEndDisplaying(cell, forItemAt: path) },
      app: { delegate?.listView(self, didEndDisplaying: cell, forItemAt: path) })
  }

  /// Prefetches the ``prefetchRowCount`` rows ahead of the scroll
  /// direction, and cancels those that left that window without coming on
  /// screen; the ``delegate`` hears the prefetches after the data source.
  func updatePrefetching(visible: [ItemPath]) {
    guard let source = hostDataSource else { return }
    prefetching.update(visible: Set(visible), top: contentOffset, in: heightIndex)
      .report(to: source) { delegate?.listView(self, prefetchItemsAt: $0) }
  }

  /// Heights from the data source's estimates (``rowHeight`` without
  /// one), for sections of `counts` rows.
  func estimatedIndex(_ counts: [Int]) -> HeightIndex {
    if let layoutDefault = sizing.layoutDefault {
      return layoutIndex(counts, default: layoutDefault)
    }
    guard asksHeights else {
      return HeightIndex(
        itemCounts: counts, rowHeight: rowHeight,
        headerHeight: sectionHeaderHeight,
        footerHeight: sectionFooterHeight)
    }
    return HeightIndex(
      itemCounts: counts, headerHeight: sectionHeaderHeight,
      footerHeight: sectionFooterHeight,
      itemHeight: { self.estimatedHeight(at: $0) })
  }

  /// The height of the header of `section`: a view's asked height (with
  /// ``asksHeights``), else ``headerHeight`` if it has a view or a title,
  /// else none.
  func sectionHeaderHeight(_ section: Int) -> Double {
    sectionViewHeight(.header, section, title: structure.headers[section], default: headerHeight)
  }

  /// The height of the footer of `section`, as that of its header.
  func sectionFooterHeight(_ section: Int) -> Double {
    sectionViewHeight(.footer, section, title: structure.footers[section], default: footerHeight)
  }

  private func sectionViewHeight(
    _ kind: SectionViewKind, _ section: Int, title: String?, default height: Double
  ) -> Double {
    guard identities.sectionViewID(kind, section) != nil else { return title == nil ? 0 : height }
    guard asksHeights else { return height }
    return hostDataSource?.sectionViewHeight(ofKind: kind, inSectionAt: section, width: width)
      ?? height
  }

  func estimatedHeight(at path: ItemPath) -> Double {
    guard asksHeights else { return rowHeight }
    return hostDataSource?.estimatedHeight(forItemAt: path, width: width) ?? rowHeight
  }

  /// Asks the exact heights of the rows in the viewport until they hold
  /// still; the first row in the viewport keeps its place.
  func measureViewport() {
    guard asksHeights, sizing.layoutDefault == nil else { return }
    for _ in 0..<8 {
      guard let source = hostDataSource,
        let anchor = ScrollAnchor(index: heightIndex, contentOffset: contentOffset)
      else { return }
      var changed = false
      for path in visibleItemPaths {
        let height = DelegateComposition.answer(
          app: delegate?.listView(self, heightForItemAt: path),
          tabula: { source.height(forItemAt: path, width: width) }, view: { rowHeight })
        if height != heightIndex.height(ofItemAt: path) {
          heightIndex.setHeight(height, ofItemAt: path)
          changed = true
        }
      }
      guard changed else { return }
      scroll(to: anchor.contentOffset(in: heightIndex))
    }
  }

  /// Sets the content offset without laying out, kept within the content.
  func scroll(to offset: Double) {
    viewport.scroll(to: offset, contentHeight: heightIndex.contentHeight)
  }
}

extension SimulatedListView {
  /// What TabulaUIKit adds to a row's cell: a collection view's list cell
  /// shows the editing controls its data source gives the row (a table's
  /// row shows its own), and either offers the row's accessibility actions
  /// while VoiceOver runs.
  func showRowControls(
    of source: any ListHostDataSource<SimulatedCell>, on cell: SimulatedCell, at path: ItemPath
  ) {
    cell.editingControls = kind == .table ? [] : source.editingControls(forItemAt: path)
    cell.accessibilityActionNames =
      isVoiceOverRunning ? source.accessibilityActions(forItemAt: path).map(\.name) : []
    cell.accessibilityValue = source.accessibilityValue(forItemAt: path)
  }
}
