import Tabula

// Layout-driven sizes, as a collection view with Tabula's compositional
// layout has them: each section laid out by its `SectionLayout` (rows of
// columns, fixed or self-sizing heights, spacing, insets), item sizes never
// asked of the data source. Self-sizing cells measure themselves when they
// come on screen (a `SizableCell`'s fitting height for the item's width), as
// UIKit asks a cell's preferred layout attributes; off screen they are
// estimated.

extension SimulatedListView {
  /// The section layout of `section`: the data source's, else the default.
  func sectionLayout(_ section: Int, default layout: SectionLayout) -> SectionLayout {
    hostDataSource?.sectionLayout(forSectionAt: section) ?? layout
  }

  /// Heights laid out by the sections' layouts, for sections of `counts`
  /// items. The rows of a section of several columns are items side by
  /// side: the last item of each row carries the row's height (its tallest
  /// item, and the line spacing below it) and the others none, so every
  /// item of a row starts where the row does.
  func layoutIndex(_ counts: [Int], default layout: SectionLayout) -> HeightIndex {
    let layouts = counts.indices.map { sectionLayout($0, default: layout) }
    var rowHeights: [[Double]] = []
    for (section, count) in counts.enumerated() {
      let layout = layouts[section]
      let rowCount = (count + layout.columns - 1) / layout.columns
      var heights = [Double](repeating: layout.itemHeight.points, count: rowCount)
      if layout.itemHeight.isEstimated {
        for item in 0..<count {
          guard let measured = sizing.selfSizedHeights[identities.rows[section][item]] else {
            continue
          }
          let row = item / layout.columns
          // The first measured item replaces the estimate; later ones widen it.
          heights[row] =
            item % layout.columns == 0 || !isMeasured(section, row, before: item, layout)
            ? measured : max(heights[row], measured)
        }
      }
      rowHeights.append(heights)
    }
    return HeightIndex(
      itemCounts: counts,
      headerHeight: { self.layoutHeaderHeight($0, layouts[$0]) },
      footerHeight: { self.layoutFooterHeight($0, layouts[$0]) },
      itemHeight: { path in
        let layout = layouts[path.section]
        let count = counts[path.section]
        let row = path.item / layout.columns
        let lastOfRow = path.item % layout.columns == layout.columns - 1 || path.item == count - 1
        guard lastOfRow else { return 0 }
        let lastRow = row == rowHeights[path.section].count - 1
        return rowHeights[path.section][row] + (lastRow ? 0 : layout.lineSpacing)
      })
  }

  /// Whether an item of `row` before `item` has measured itself.
  private func isMeasured(_ section: Int, _ row: Int, before item: Int, _ layout: SectionLayout)
    -> Bool
  {
    (row * layout.columns..<item).contains {
      sizing.selfSizedHeights[identities.rows[section][$0]] != nil
    }
  }

  /// The header's height (with the top inset): the section presenter's
  /// height when it answers one, else the layout's, when the section has a
  /// header view or title.
  private func layoutHeaderHeight(_ section: Int, _ layout: SectionLayout) -> Double {
    layout.insets.top
      + boundaryHeight(.header, section, title: structure.headers[section], layout.headerHeight)
  }

  /// The footer's height (with the bottom inset), as the header's.
  private func layoutFooterHeight(_ section: Int, _ layout: SectionLayout) -> Double {
    layout.insets.bottom
      + boundaryHeight(.footer, section, title: structure.footers[section], layout.footerHeight)
  }

  private func boundaryHeight(
    _ kind: SectionViewKind, _ section: Int, title: String?, _ height: SectionLayout.Height
  ) -> Double {
    let hasView = identities.sectionViewID(kind, section) != nil
    guard hasView || title != nil else { return 0 }
    if hasView,
      let answered = hostDataSource?.sectionViewHeight(
        ofKind: kind, inSectionAt: section, width: width)
    {
      return answered
    }
    return height.points
  }

  /// Lets the self-sizing cells on screen measure themselves for their
  /// item's width; when a row's height changed, lays the content out
  /// again, the first row in the viewport keeping its place. Returns
  /// whether anything moved.
  func selfSizeVisibleCells(default layout: SectionLayout) -> Bool {
    var changed = false
    for path in visibleItemPaths {
      let sectionLayout = sectionLayout(path.section, default: layout)
      let token = identities.token(at: path)
      guard sectionLayout.itemHeight.isEstimated,
        let cell = display.cells[token] as? any SizableCell
      else { continue }
      let height = cell.fittingHeight(forWidth: sectionLayout.itemWidth(inWidth: width))
      guard height.isFinite, height >= 0 else { continue }
      if sizing.selfSizedHeights[token] != height {
        sizing.selfSizedHeights[token] = height
        changed = true
      }
    }
    guard changed, structure.isLoaded else { return false }
    let anchor = ScrollAnchor(index: heightIndex, contentOffset: contentOffset)
    heightIndex = layoutIndex(structure.counts, default: layout)
    scroll(to: anchor?.contentOffset(in: heightIndex) ?? contentOffset)
    return true
  }
}

extension SimulatedCollectionView {
  /// Lays the view out as a `UICollectionView` with Tabula's compositional
  /// layout (`UICollectionViewCompositionalLayout.tabula(default:)` in
  /// `TabulaUIKit`) whose default section layout is this: each section by
  /// its data source's `sectionLayout(forSectionAt:)` (its section
  /// presenter's `SectionLayout`), else this one. Item sizes come from the
  /// layout, never from the data source's heights: fixed, or estimated until
  /// the cell on screen measures itself (a `SizableCell`'s fitting height
  /// for the item's width). `nil` (the default): rows of ``SimulatedListView/rowHeight``, or
  /// the data source's heights with ``SimulatedListView/asksHeights``, as a flow layout whose
  /// delegate sizes items.
  public var compositionalLayout: SectionLayout? {
    get { sizing.layoutDefault }
    set {
      sizing.layoutDefault = newValue
      sizing.selfSizedHeights = [:]
      guard structure.isLoaded else { return }
      heightIndex = estimatedIndex(structure.counts)
      scroll(to: contentOffset)
      layOut()
    }
  }
}
