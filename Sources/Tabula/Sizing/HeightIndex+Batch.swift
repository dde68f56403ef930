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
    // A rebuild costs O(n) whatever the batch; each structural change in
    // place O(log n) at a much larger constant than a rebuild's per row
    // (BENCHMARKS.md, `sizing.batch`, has the figures).
    var reloads = 0
    for update in batch.itemUpdates where update.kind == .reload { reloads += 1 }
    let structural = batch.count - batch.sectionUpdates.count - batch.itemUpdates.count + reloads
    if rebuilding ?? (structural * 256 > totalItemCount + sections.count) {
      rebuild(
        batch, numberOfItems: numberOfItems, headerHeight: headerHeight,
        footerHeight: footerHeight, itemHeight: itemHeight)
    } else {
      applyIncrementally(
        batch, numberOfItems: numberOfItems, headerHeight: headerHeight,
        footerHeight: footerHeight, itemHeight: itemHeight)
      for update in batch.itemUpdates where update.kind == .reconfigure {
        setHeight(itemHeight(update.to), ofItemAt: update.to)
      }
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

  /// The index after `batch`, made in one pass over every row: runs of
  /// surviving rows are copied leaf by leaf into the new trees.
  private mutating func rebuild(
    _ batch: Changeset, numberOfItems: (Int) -> Int, headerHeight: (Int) -> Double,
    footerHeight: (Int) -> Double, itemHeight: (ItemPath) -> Double
  ) {
    // Where sections go: only the section operations matter.
    var sectionBatch = Changeset()
    sectionBatch.sectionDeletes = batch.sectionDeletes
    sectionBatch.sectionInserts = batch.sectionInserts
    sectionBatch.sectionMoves = batch.sectionMoves
    let map = BatchPositionMap(sectionBatch)
    // Reconfigured rows stay where they are with a new height: in the
    // stream, a removal plus a new row.
    var removed = HeightIndex.removals(of: batch)
    var arrivalsBySection: [Int: [(item: Int, arrival: Arrival)]] = [:]
    for path in batch.itemInserts {
      arrivalsBySection[path.section, default: []].append((path.item, .new))
    }
    for move in batch.itemMoves {
      arrivalsBySection[move.to.section, default: []].append(
        (move.to.item, .moved(from: move.from)))
    }
    for update in batch.itemUpdates {
      if update.kind == .reconfigure {
        removed[update.from.section, default: []].append(update.from.item)
      }
      arrivalsBySection[update.to.section, default: []].append((update.to.item, .new))
    }
    removed = removed.mapValues { $0.sorted() }
    // Moved rows' heights, read in one sweep per source section.
    var movedHeights: [ItemPath: Double] = [:]
    movedHeights.reserveCapacity(batch.itemMoves.count)
    var sources: [Int: [Int]] = [:]
    for move in batch.itemMoves { sources[move.from.section, default: []].append(move.from.item) }
    var leavesOf: [Int: [SumNode]] = [:]
    for (section, items) in sources {
      let items = items.sorted()
      let leaves = sections[section].rows.leaves
      leavesOf[section] = leaves
      for (item, height) in zip(items, SumTree.values(at: items, in: leaves)) {
        movedHeights[ItemPath(section: section, item: item)] = height
      }
    }
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
      if inserted.contains(section) {
        var builder = SumTreeBuilder(capacity: count)
        for item in 0..<count {
          let path = ItemPath(section: section, item: item)
          builder.append(HeightIndex.checked(itemHeight(path), of: .item(path)))
        }
        rebuilt.append(
          Section(
            header: HeightIndex.checked(headerHeight(section), of: .header(section)),
            rows: builder.build(),
            footer: HeightIndex.checked(footerHeight(section), of: .footer(section))))
        continue
      }
      guard let old = sourceOfSection[section] else {
        preconditionFailure("the batch leaves section \(section) without a source")
      }
      let arrivals = (arrivalsBySection[section] ?? []).sorted { $0.item < $1.item }
      let rows = streamRows(
        of: leavesOf[old] ?? sections[old].rows.leaves, removing: removed[old] ?? [],
        arriving: arrivals, into: section, count: count, movedHeights: movedHeights,
        itemHeight: itemHeight)
      rebuilt.append(
        Section(header: sections[old].header, rows: rows, footer: sections[old].footer))
    }
    sections = rebuilt
    totals = SumTree(rebuilt.map(\.total))
  }

  /// The rows of new section `section`: the rows of the old section whose
  /// leaves are `oldLeaves`, without `removed` (ascending), with `arrivals`
  /// (ascending) at their places.
  private func streamRows(
    of oldLeaves: [SumNode], removing removed: [Int],
    arriving arrivals: [(item: Int, arrival: Arrival)],
    into section: Int, count: Int, movedHeights: [ItemPath: Double],
    itemHeight: (ItemPath) -> Double
  ) -> SumTree {
    let arrivalItems = arrivals.map(\.item) + [Int.max]
    let arrivalHeights = arrivals.map { item, arrival in
      switch arrival {
      case .moved(let from): return movedHeights[from]!
      case .new:
        let path = ItemPath(section: section, item: item)
        return HeightIndex.checked(itemHeight(path), of: .item(path))
      }
    }
    let removed = removed + [Int.max]
    var builder = SumTreeBuilder(capacity: count)
    var nextRemoval = 0
    var nextArrival = 0
    var newItem = 0
    var oldItem = 0
    for node in oldLeaves {
      let leafCount = node.values.count
      var position = 0
      while position < leafCount {
        while arrivalItems[nextArrival] == newItem {
          builder.append(arrivalHeights[nextArrival])
          nextArrival += 1
          newItem += 1
        }
        if removed[nextRemoval] == oldItem {
          nextRemoval += 1
          oldItem += 1
          position += 1
          continue
        }
        // A run of survivors up to the next removal or arrival; a whole
        // leaf is shared, not copied.
        let end =
          position
          + min(
            leafCount - position, removed[nextRemoval] - oldItem,
            arrivalItems[nextArrival] - newItem)
        if position == 0 && end == leafCount {
          builder.append(leaf: node)
        } else {
          node.values.withUnsafeBufferPointer {
            builder.append(contentsOf: UnsafeBufferPointer(rebasing: $0[position..<end]))
          }
        }
        newItem += end - position
        oldItem += end - position
        position = end
      }
    }
    while arrivalItems[nextArrival] == newItem {
      builder.append(arrivalHeights[nextArrival])
      nextArrival += 1
      newItem += 1
    }
    precondition(
      newItem == count && nextArrival == arrivals.count,
      "the batch leaves section \(section) with \(newItem) rows, not \(count)")
    return builder.build()
  }
}
