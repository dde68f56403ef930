import Tabula

// Section views (headers and footers from section presenters), as UIKit
// handles them: registered per reuse identifier, dequeued from a reuse pool,
// made only for the sections on screen, configured again in place when their
// section is updated, replaced when the reuse identifier changes.

extension SimulatedListView {
  /// A section's header or footer slot.
  struct SectionViewSlot: Hashable {
    let section: Int
    let kind: SectionViewKind
  }

  /// Registers a view class for section views dequeued under `identifier`
  /// (UIKit: `register(_:forHeaderFooterViewReuseIdentifier:)`, or
  /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`).
  public func register(
    _ viewClass: SimulatedCell.Type, forSectionViewReuseIdentifier identifier: String
  ) {
    sectionViewPool.register(viewClass, forReuseIdentifier: identifier)
  }

  /// Whether a view class is registered for section views under
  /// `identifier`: a table view can tell, a collection view cannot (`nil`),
  /// as with cells.
  public func hasSectionViewRegistration(
    ofKind kind: SectionViewKind, forReuseIdentifier identifier: String
  ) -> Bool? {
    self.kind == .table ? sectionViewPool.cellClass(forReuseIdentifier: identifier) != nil : nil
  }

  /// Registers `viewClass` for section views under `identifier` when it is
  /// a ``SimulatedCell`` class; `false` otherwise.
  public func registerSectionView(
    _ viewClass: Any.Type, ofKind kind: SectionViewKind, forReuseIdentifier identifier: String
  ) -> Bool {
    sectionViewPool.register(anyClass: viewClass, forReuseIdentifier: identifier)
  }

  /// The view of `kind` the view shows for the section at `section`, if the
  /// section has one and it is on screen.
  ///
  /// - Precondition: `section` is one of the sections the view shows.
  public func sectionView(ofKind kind: SectionViewKind, inSectionAt section: Int)
    -> SimulatedCell?
  {
    _ = numberOfRows(inSectionAt: section)  // checks the section
    return display.sectionViews[SectionViewSlot(section: section, kind: kind)]
  }

  /// How many section views wait in their reuse pool.
  public var sectionViewPoolCount: Int { sectionViewPool.waitingCount }

  /// Reads the reuse identifiers of the views of `sections` from the data
  /// source.
  func readSectionViewIDs(_ count: Int) {
    identities.headerViewIDs = (0..<count).map {
      hostDataSource?.sectionViewReuseIdentifier(ofKind: .header, inSectionAt: $0)
    }
    identities.footerViewIDs = (0..<count).map {
      hostDataSource?.sectionViewReuseIdentifier(ofKind: .footer, inSectionAt: $0)
    }
  }

  /// Sends every section view to the reuse pool (a reload).
  func dropSectionViews() {
    for view in display.sectionViews.values { sectionViewPool.enqueue(view) }
    display.sectionViews = [:]
  }

  /// Moves the section views with their sections through a batch: views of
  /// deleted or reloaded sections go to the pool.
  func moveSectionViews(_ sectionSources: [Int?]) {
    var targets: [Int: Int] = [:]
    for (target, source) in sectionSources.enumerated() {
      if let source { targets[source] = target }
    }
    var moved: [SectionViewSlot: SimulatedCell] = [:]
    for (slot, view) in display.sectionViews {
      if let target = targets[slot.section] {
        moved[SectionViewSlot(section: target, kind: slot.kind)] = view
      } else {
        sectionViewPool.enqueue(view)
      }
    }
    display.sectionViews = moved
  }

  /// Reads an updated section's views again: a view whose reuse identifier
  /// is unchanged is configured again in place, another one leaves (the
  /// next layout makes its replacement).
  func refreshSectionViews(ofSectionAt section: Int) {
    let oldIDs = (
      identities.sectionViewID(.header, section), identities.sectionViewID(.footer, section)
    )
    identities.headerViewIDs[section] =
      hostDataSource?.sectionViewReuseIdentifier(ofKind: .header, inSectionAt: section)
    identities.footerViewIDs[section] =
      hostDataSource?.sectionViewReuseIdentifier(ofKind: .footer, inSectionAt: section)
    for (kind, oldID) in [(SectionViewKind.header, oldIDs.0), (.footer, oldIDs.1)] {
      let slot = SectionViewSlot(section: section, kind: kind)
      guard let view = display.sectionViews[slot] else { continue }
      if oldID == identities.sectionViewID(kind, section) {
        hostDataSource?.configureSectionView(view, ofKind: kind, inSectionAt: section)
      } else {
        display.sectionViews[slot] = nil
        sectionViewPool.enqueue(view)
      }
    }
  }

  /// Gives the headers and footers on screen their views and sends the
  /// others to the pool.
  func layOutSectionViews() {
    var onScreen: Set<SectionViewSlot> = []
    let sectionCount = heightIndex.numberOfSections
    // Most lists have no section views: nothing to find on screen.
    if identities.hasSectionViews, viewport.height > 0, sectionCount > 0 {
      // The sections from the one at the top to the one at the bottom (the
      // last when the content ends above the bottom).
      let first =
        heightIndex.element(atOffset: viewport.top).map { section(of: $0.element) } ?? 0
      let last =
        viewport.bottom >= heightIndex.contentHeight
        ? sectionCount - 1
        : heightIndex.element(atOffset: viewport.bottom).map { section(of: $0.element) }
          ?? sectionCount - 1
      for section in first...max(first, last) {
        let start = heightIndex.offset(ofSectionAt: section)
        let header = heightIndex.headerHeight(ofSectionAt: section)
        let footerHeight = heightIndex.footerHeight(ofSectionAt: section)
        // The footer ends where the next section starts (O(log n), not a
        // sum over the section's rows).
        let end =
          section + 1 < sectionCount
          ? heightIndex.offset(ofSectionAt: section + 1) : heightIndex.contentHeight
        let footer = end - footerHeight
        if viewport.shows(start, length: header) && identities.headerViewIDs[section] != nil {
          onScreen.insert(SectionViewSlot(section: section, kind: .header))
        }
        if viewport.shows(footer, length: footerHeight)
          && identities.footerViewIDs[section] != nil
        {
          onScreen.insert(SectionViewSlot(section: section, kind: .footer))
        }
      }
    }
    for (slot, view) in display.sectionViews where !onScreen.contains(slot) {
      display.sectionViews[slot] = nil
      sectionViewPool.enqueue(view)
    }
    for slot in onScreen where display.sectionViews[slot] == nil {
      guard let id = identities.sectionViewID(slot.kind, slot.section) else { continue }
      let view = dequeueSectionView(id, kind: slot.kind)
      hostDataSource?.configureSectionView(view, ofKind: slot.kind, inSectionAt: slot.section)
      display.sectionViews[slot] = view
    }
  }

  private func section(of element: HeightIndex.Element) -> Int {
    switch element {
    case .header(let section), .footer(let section): return section
    case .item(let path): return path.section
    }
  }

  /// A section view from the pool or new. An unregistered identifier gives
  /// a plain view on a table view (whose glue makes a plain
  /// `UITableViewHeaderFooterView`); a collection view raises, as UIKit
  /// does, and the view shows a plain one.
  private func dequeueSectionView(_ identifier: String, kind: SectionViewKind) -> SimulatedCell {
    if let view = sectionViewPool.reusedCell(withReuseIdentifier: identifier) { return view }
    if let viewClass = sectionViewPool.cellClass(forReuseIdentifier: identifier) {
      return viewClass.init(reuseIdentifier: identifier)
    }
    if self.kind == .collection {
      let element =
        kind == .header
        ? "UICollectionElementKindSectionHeader" : "UICollectionElementKindSectionFooter"
      violations.append(
        ListViewError(
          "could not dequeue a view of kind: \(element) with identifier \(identifier) - must "
            + "register a nib or a class for the identifier or connect a prototype cell in a "
            + "storyboard"))
    }
    return SimulatedCell(reuseIdentifier: identifier)
  }
}
