import Tabula

// Reloads and batch updates. A batch is checked with BatchRules when the
// outermost one ends, against the counts the view cached, exactly as UIKit
// does; a valid one is committed (rows keep their identities and cells
// through moves), a broken rule throws UIKit's message.

extension SimulatedListView {
  /// Reloads every count, title and visible cell from the data source.
  ///
  /// Inside a batch update this is not allowed: the call is recorded in
  /// ``violations`` and ignored.
  public func reloadData() {
    guard batchDepth == 0 else {
      violations.append(
        ListViewError("reloadData() is not allowed inside a batch update", strict: true))
      return
    }
    reloadCount += 1
    for (token, cell) in cells {
      endDisplaying(cell, token: token)
      enqueue(cell)
    }
    cancelAllPrefetching()
    cells = [:]
    dropSectionViews()
    loadWithoutCells(dataSourceCounts())
    layOut()
  }

  /// Performs the operations `updates` makes as one animated batch, checked
  /// when the outermost batch ends.
  ///
  /// - Throws: ``ListViewError`` with UIKit's message; the view is then
  ///   unchanged (UIKit would have crashed).
  public func performBatchUpdates(
    _ updates: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) throws(ListViewError) {
    if batchDepth == 0 {
      batchBefore = counts ?? dataSourceCounts()
      if counts == nil { loadWithoutCells(batchBefore) }
      batch = BatchOperations()
      titleRefreshes = []
    }
    batchDepth += 1
    updates()
    batchDepth -= 1
    guard batchDepth == 0 else {
      if let completion { waitingCompletions.append { completion(true) } }
      return
    }
    let operations = batch
    let refreshes = titleRefreshes
    batch = BatchOperations()
    titleRefreshes = []
    let after = dataSourceCounts()
    let result = try BatchRules.apply(operations, before: batchBefore, after: after, kind: kind)
    // The heights follow the batch in place when it is exactly the
    // changeset `performBatch` was given; else they are rebuilt.
    let changes = pendingChangeset.flatMap { $0.operations == operations ? $0.changes : nil }
    pendingChangeset = nil
    commit(result, after: after, changes: changes)
    // Titles of updated sections are part of the batch: they are read now,
    // from the data the batch shows, before the completion can run (with
    // `.immediate` timing it may apply a newer snapshot at once).
    for section in refreshes {
      headers[section] = hostDataSource?.headerTitle(forSectionAt: section) ?? nil
      footers[section] = hostDataSource?.footerTitle(forSectionAt: section) ?? nil
      refreshSectionViews(ofSectionAt: section)
      heightIndex.setHeights(
        header: sectionHeaderHeight(section),
        footer: sectionFooterHeight(section), ofSectionAt: section)
    }
    // A header that came, went or changed its height moved the rows below
    // it; a replaced section view is made anew.
    if !refreshes.isEmpty { layOut() }
    batchCount += 1
    batchLog.append(operations)
    if let completion { schedule { completion(true) } }
  }

  /// Runs the completions of batches whose animations are waiting, when
  /// ``animationTiming`` is ``AnimationTiming/manual``.
  public func finishAnimations() {
    let completions = waitingCompletions
    waitingCompletions = []
    for completion in completions { completion() }
  }

  /// Deletes sections (before indices).
  public func deleteSections(at sections: [Int]) throws(ListViewError) {
    try record { $0.deleteSections += sections }
  }

  /// Inserts sections (after indices).
  public func insertSections(at sections: [Int]) throws(ListViewError) {
    try record { $0.insertSections += sections }
  }

  /// Reloads sections (before indices).
  public func reloadSections(at sections: [Int]) throws(ListViewError) {
    try record { $0.reloadSections += sections }
  }

  /// Moves a section (before index to after index), as UIKit's
  /// `moveSection(_:toSection:)`.
  public func moveSection(_ section: Int, toSection newSection: Int) throws(ListViewError) {
    try record { $0.moveSections.append(IndexMove(from: section, to: newSection)) }
  }

  func deletePaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.deleteRows += paths }
  }

  func insertPaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.insertRows += paths }
  }

  func reloadPaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.reloadRows += paths }
  }

  func reconfigurePaths(_ paths: [ItemPath]) throws(ListViewError) {
    try record { $0.reconfigureRows += paths }
  }

  func movePath(_ path: ItemPath, to newPath: ItemPath) throws(ListViewError) {
    try record { $0.moveRows.append(ItemMove(from: path, to: newPath)) }
  }

  /// Adds an operation to the batch, or performs it as a batch of its own.
  private func record(_ add: (inout BatchOperations) -> Void) throws(ListViewError) {
    if batchDepth > 0 {
      add(&batch)
    } else {
      try performBatchUpdates { add(&self.batch) }
    }
  }

  /// Performs one stage of a `StagedChangeset` as a batch update,
  /// checked by the same rules whether `animated` or not. A broken rule is
  /// recorded in ``violations`` and the view reloads.
  public func performBatch(
    _ changes: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    if !animated { unanimatedBatchCount += 1 }
    let operations = BatchOperations(changes)
    // The first row in the viewport keeps its place on screen (the glue's
    // job on UIKit, where a batch keeps the content offset instead).
    if batchDepth == 0, let counts,
      let anchor = ScrollAnchor(index: heightIndex, contentOffset: contentOffset)
    {
      pendingAnchor = (anchor, BatchPositionMap(changes), counts)
    }
    if batchDepth == 0 { pendingChangeset = (changes, operations) }
    do {
      try performBatchUpdates(
        {
          updateData()
          self.batch.append(operations)
          self.titleRefreshes += changes.sectionUpdates.map(\.to)
        }, completion: { _ in completion() })
    } catch {
      violations.append(error)
      pendingAnchor = nil
      pendingChangeset = nil
      batchDepth = 0
      reloadData()
      schedule(completion)
    }
  }

  /// New row identities for sections of `counts` rows.
  private func freshRows(_ counts: [Int]) -> [[Int]] {
    var token = nextToken
    var result: [[Int]] = []
    result.reserveCapacity(counts.count)
    for count in counts {
      result.append(Array((token + 1)..<(token + 1 + count)))
      token += count
    }
    nextToken = token
    return result
  }

  private func dataSourceCounts() -> [Int] {
    guard let source = hostDataSource else { return [] }
    return (0..<source.numberOfSections).map { source.numberOfItems(inSectionAt: $0) }
  }

  /// Takes in counts, new row identities and titles, without making cells
  /// (a reload, or counts read at the first update: rule 1).
  private func loadWithoutCells(_ loaded: [Int]) {
    counts = loaded
    rows = freshRows(loaded)
    headers = loaded.indices.map { hostDataSource?.headerTitle(forSectionAt: $0) ?? nil }
    footers = loaded.indices.map { hostDataSource?.footerTitle(forSectionAt: $0) ?? nil }
    readSectionViewIDs(loaded.count)
    heightIndex = estimatedIndex(loaded)
    scroll(to: contentOffset)
  }

  /// Makes the view show the state after a valid batch.
  private func commit(_ result: BatchResult, after: [Int], changes: Changeset?) {
    // Cells of deleted and reloaded rows are still on screen, animating out,
    // while the new rows get their cells: they return to the pool afterwards.
    // Only visible rows have cells, so only those are looked at.
    // As on UIKit, they end displaying once the new cells are in place.
    var leaving: [(cell: SimulatedCell, token: Int)] = []
    for path in visibleItemPaths where result.rowTargets[path.section][path.item] == nil {
      let token = rows[path.section][path.item]
      if let cell = cells.removeValue(forKey: token) { leaving.append((cell, token)) }
    }
    defer {
      for (cell, token) in leaving {
        endDisplaying(cell, token: token)
        enqueue(cell)
      }
    }
    // Prefetched rows follow their rows; deleted ones are forgotten.
    prefetched = prefetched.compactMapValues { result.rowTargets[$0.section][$0.item] }
    // Plain loops: a main-actor closure per row would pay an isolation check each.
    var token = nextToken
    var newRows: [[Int]] = []
    newRows.reserveCapacity(result.rowSources.count)
    for sources in result.rowSources {
      var section: [Int] = []
      section.reserveCapacity(sources.count)
      for source in sources {
        if let source {
          section.append(rows[source.section][source.item])
        } else {
          token += 1
          section.append(token)
        }
      }
      newRows.append(section)
    }
    nextToken = token
    rows = newRows
    headers = result.sectionSources.enumerated().map { target, source in
      source.map { headers[$0] } ?? hostDataSource?.headerTitle(forSectionAt: target) ?? nil
    }
    footers = result.sectionSources.enumerated().map { target, source in
      source.map { footers[$0] } ?? hostDataSource?.footerTitle(forSectionAt: target) ?? nil
    }
    headerViewIDs = result.sectionSources.enumerated().map { target, source in
      source.map { headerViewIDs[$0] }
        ?? hostDataSource?.sectionViewReuseIdentifier(ofKind: .header, inSectionAt: target)
    }
    footerViewIDs = result.sectionSources.enumerated().map { target, source in
      source.map { footerViewIDs[$0] }
        ?? hostDataSource?.sectionViewReuseIdentifier(ofKind: .footer, inSectionAt: target)
    }
    moveSectionViews(result.sectionSources)
    // Rows keep their heights through the batch; new rows are estimated,
    // and so are reconfigured ones (their content changed).
    if layoutDefault != nil {
      forgetSelfSizedHeights(changed: result.reconfigured)
      heightIndex = estimatedIndex(after)  // laid out by the sections' layouts
    } else if !asksHeights {
      heightIndex = estimatedIndex(after)  // every row is rowHeight tall
    } else if let changes {
      heightIndex.apply(
        changes, numberOfItems: { after[$0] },
        headerHeight: sectionHeaderHeight,
        footerHeight: sectionFooterHeight,
        itemHeight: { self.estimatedHeight(at: $0) })
    } else {
      let oldHeights = (0..<heightIndex.numberOfSections).map(heightIndex.heights(inSectionAt:))
      let reconfigured = Set(result.reconfigured)
      heightIndex = HeightIndex(
        itemCounts: after, headerHeight: sectionHeaderHeight,
        footerHeight: sectionFooterHeight,
        itemHeight: { path in
          guard let source = result.rowSources[path.section][path.item],
            !reconfigured.contains(path)
          else { return self.estimatedHeight(at: path) }
          return oldHeights[source.section][source.item]
        })
    }
    counts = after
    if let (anchor, map, oldCounts) = pendingAnchor,
      let offset = anchor.contentOffset(after: map, oldCounts: oldCounts, in: heightIndex)
    {
      scroll(to: offset)
    } else {
      scroll(to: contentOffset)
    }
    pendingAnchor = nil
    layOut()
    for path in result.reconfigured {
      guard let cell = visibleCell(at: path), let source = hostDataSource else { continue }
      reconfiguring = (path, cell)
      let returned = source.cell(for: self, at: path)
      reconfiguring = nil
      if returned !== cell {
        violations.append(
          ListViewError(
            "the data source returned a different cell when reconfiguring the item at "
              + "\(path)", strict: true))
      }
    }
    // Reconfigured self-sizing cells measure themselves again.
    if !result.reconfigured.isEmpty, let layoutDefault, selfSizeVisibleCells(default: layoutDefault)
    {
      layOut()
    }
  }

  private func schedule(_ completion: @escaping @MainActor () -> Void) {
    switch animationTiming {
    case .immediate: completion()
    case .nextTurn: Task { @MainActor in completion() }
    case .manual: waitingCompletions.append(completion)
    }
  }
}
