// A batch update applied to the heights, with UIKit's semantics: deletes,
// reloads and move sources at old positions, inserts and move destinations
// at new ones, the other rows keeping their order (as BatchPositionMap and
// BatchRules read a batch). Moved rows and sections keep their heights.

extension HeightIndex {
  /// Applies the batch update `batch`: rows and sections move with their
  /// heights; inserted and reloaded rows, and reconfigured rows, whose
  /// content changed, take `itemHeight(path)` (an estimate, say) at their
  /// new path; inserted sections have `numberOfItems(section)` rows and,
  /// like updated sections, the header and footer heights the closures give.
  ///
  /// ```swift
  /// index.apply(stage.changeset, numberOfItems: dataSource.numberOfItems(inSectionAt:)) {
  ///   path in dataSource.estimatedHeight(forItemAt: path, width: width) ?? 44
  /// }
  /// ```
  ///
  /// - Precondition: `batch` is valid for the index (UIKit's rules).
  /// - Complexity: O(k log n) for k operations; when k is a large part of
  ///   the list, O(n + s), rebuilding the index in one pass instead.
  public mutating func apply(
    _ batch: Changeset, numberOfItems: (Int) -> Int,
    headerHeight: (Int) -> Double = { _ in 0 }, footerHeight: (Int) -> Double = { _ in 0 },
    itemHeight: (ItemPath) -> Double
  ) {
    apply(
      batch, numberOfItems: numberOfItems, headerHeight: headerHeight,
      footerHeight: footerHeight, itemHeight: itemHeight, rebuilding: nil)
  }

  /// ``apply(_:numberOfItems:headerHeight:footerHeight:itemHeight:)``, one
  /// way or the other when `rebuilding` says so (tests), else by the size
  /// of the batch.
  mutating func apply(
    _ batch: Changeset, numberOfItems: (Int) -> Int, headerHeight: (Int) -> Double,
    footerHeight: (Int) -> Double, itemHeight: (ItemPath) -> Double, rebuilding: Bool?
  ) {
    guard !batch.isEmpty else { return }
    let rows = totalItemCount
    if rebuilding ?? (batch.count * 32 > rows + sections.count) {
      rebuild(
        batch, numberOfItems: numberOfItems, headerHeight: headerHeight,
        footerHeight: footerHeight, itemHeight: itemHeight)
    } else {
      applyIncrementally(
        batch, numberOfItems: numberOfItems, headerHeight: headerHeight,
        footerHeight: footerHeight, itemHeight: itemHeight)
    }
    for update in batch.itemUpdates where update.kind == .reconfigure {
      setHeight(itemHeight(update.to), ofItemAt: update.to)
    }
    for update in batch.sectionUpdates {
      setHeights(
        header: headerHeight(update.to), footer: footerHeight(update.to), ofSectionAt: update.to)
    }
  }

  /// The rows a batch removes from each old section (deletes, move sources,
  /// reload sources), and the sections it removes (deletes, move sources).
  private static func removals(of batch: Changeset) -> [Int: [Int]] {
    var removed: [Int: [Int]] = [:]
    for path in batch.itemDeletes { removed[path.section, default: []].append(path.item) }
    for move in batch.itemMoves { removed[move.from.section, default: []].append(move.from.item) }
    for update in batch.itemUpdates where update.kind == .reload {
      removed[update.from.section, default: []].append(update.from.item)
    }
    return removed
  }

  /// What each taken new position receives: a moved row's height, or a
  /// new row's (an insert or a reload).
  private enum Arrival {
    case moved(from: ItemPath)
    case new
  }

  private static func arrivals(of batch: Changeset) -> [ItemPath: Arrival] {
    var arrivals: [ItemPath: Arrival] = [:]
    for path in batch.itemInserts { arrivals[path] = .new }
    for move in batch.itemMoves { arrivals[move.to] = .moved(from: move.from) }
    for update in batch.itemUpdates where update.kind == .reload { arrivals[update.to] = .new }
    return arrivals
  }

  private mutating func applyIncrementally(
    _ batch: Changeset, numberOfItems: (Int) -> Int, headerHeight: (Int) -> Double,
    footerHeight: (Int) -> Double, itemHeight: (ItemPath) -> Double
  ) {
    // Rows leave their old sections, last first; moved rows keep their height.
    var movedHeights: [ItemPath: Double] = [:]
    let movedSources = Set(batch.itemMoves.map(\.from))
    for (section, items) in HeightIndex.removals(of: batch) {
      for item in items.sorted(by: >) {
        let path = ItemPath(section: section, item: item)
        let height = removeItem(at: path)
        if movedSources.contains(path) { movedHeights[path] = height }
      }
    }
    // Sections leave, last first; moved ones keep their rows.
    var movedSections: [Int: Section] = [:]
    let movedSectionSources = Set(batch.sectionMoves.map(\.from))
    for section in Set(batch.sectionDeletes).union(movedSectionSources).sorted(by: >) {
      checkSection(section)
      let entry = removeSectionEntry(at: section)
      if movedSectionSources.contains(section) { movedSections[section] = entry }
    }
    // Sections arrive, first first.
    var arrivingSections: [(index: Int, entry: Section)] = batch.sectionMoves.map {
      ($0.to, movedSections[$0.from]!)
    }
    for section in batch.sectionInserts {
      let heights = (0..<numberOfItems(section)).map { item in
        let path = ItemPath(section: section, item: item)
        return HeightIndex.checked(itemHeight(path), of: .item(path))
      }
      arrivingSections.append(
        (
          section,
          Section(
            header: HeightIndex.checked(headerHeight(section), of: .header(section)),
            rows: SumTree(heights),
            footer: HeightIndex.checked(footerHeight(section), of: .footer(section)))
        ))
    }
    for (section, entry) in arrivingSections.sorted(by: { $0.index < $1.index }) {
      checkSection(section, allowingEnd: true)
      insert(entry, at: section)
    }
    // Rows arrive, first first.
    for (path, arrival) in HeightIndex.arrivals(of: batch).sorted(by: { $0.key < $1.key }) {
      switch arrival {
      case .moved(let from): insertItem(height: movedHeights[from]!, at: path)
      case .new: insertItem(height: itemHeight(path), at: path)
      }
    }
  }

  /// The index after `batch`, made in one pass over every row.
  private mutating func rebuild(
    _ batch: Changeset, numberOfItems: (Int) -> Int, headerHeight: (Int) -> Double,
    footerHeight: (Int) -> Double, itemHeight: (ItemPath) -> Double
  ) {
    let map = BatchPositionMap(batch)
    let removed = HeightIndex.removals(of: batch).mapValues(Set.init)
    let arrivals = HeightIndex.arrivals(of: batch)
    var sourceOfSection: [Int: Int] = [:]
    for old in sections.indices {
      if let new = map.newSection(of: old) { sourceOfSection[new] = old }
    }
    let inserted = Set(batch.sectionInserts)
    let newCount = sections.count - batch.sectionDeletes.count + batch.sectionInserts.count
    var rebuilt: [Section] = []
    rebuilt.reserveCapacity(newCount)
    for section in 0..<newCount {
      let count = numberOfItems(section)
      var heights: [Double] = []
      heights.reserveCapacity(count)
      if inserted.contains(section) {
        for item in 0..<count {
          let path = ItemPath(section: section, item: item)
          heights.append(HeightIndex.checked(itemHeight(path), of: .item(path)))
        }
        rebuilt.append(
          Section(
            header: HeightIndex.checked(headerHeight(section), of: .header(section)),
            rows: SumTree(heights),
            footer: HeightIndex.checked(footerHeight(section), of: .footer(section))))
        continue
      }
      guard let old = sourceOfSection[section] else {
        preconditionFailure("the batch leaves section \(section) without a source")
      }
      let oldRows = sections[old].rows.values
      let gone = removed[old] ?? []
      var next = 0
      for item in 0..<count {
        let path = ItemPath(section: section, item: item)
        switch arrivals[path] {
        case .moved(let from):
          heights.append(sections[from.section].rows.value(at: from.item))
        case .new:
          heights.append(HeightIndex.checked(itemHeight(path), of: .item(path)))
        case nil:
          while gone.contains(next) { next += 1 }
          precondition(next < oldRows.count, "the batch leaves section \(section) short of rows")
          heights.append(oldRows[next])
          next += 1
        }
      }
      rebuilt.append(
        Section(header: sections[old].header, rows: SumTree(heights), footer: sections[old].footer))
    }
    sections = rebuilt
    totals = SumTree(rebuilt.map(\.total))
  }
}
