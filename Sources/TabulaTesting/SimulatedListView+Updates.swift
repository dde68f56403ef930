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
    guard !batch.isOpen else {
      violations.append(
        ListViewError("reloadData() is not allowed inside a batch update", strict: true))
      return
    }
    noteUpdateInsideMoveCallback("reloadData()")
    updateCounts.reloadCount += 1
    for (token, cell) in display.cells {
      endDisplaying(cell, token: token)
      cellPool.enqueue(cell)
    }
    prefetching.cancelAll().report(to: hostDataSource)
    display.cells = [:]
    dropSectionViews()
    loadWithoutCells(hostDataSource?.itemCounts ?? [])
    layOut()
    // UIKit's reload deselects every row; a data source's selection shows again.
    viewSelection.removeAll()
    syncSelectionWithDataSource()
  }

  /// Records an update made inside the data source's move callback, which
  /// UIKit's documentation warns against: the user's move is not
  /// committed yet (`hasUncommittedUpdates`), and an update then
  /// interferes with it. Apply once the callback returned.
  func noteUpdateInsideMoveCallback(_ update: String) {
    guard isInMoveCallback else { return }
    violations.append(
      ListViewError(
        "\(update) inside \(kind.moveCallbackName): the \(kind.viewName) has uncommitted "
          + "updates (the user's move); update once the callback returned", strict: true))
  }

  /// Performs the operations `updates` makes as one animated batch, checked
  /// when the outermost batch ends.
  ///
  /// - Throws: ``ListViewError`` with UIKit's message; the view is then
  ///   unchanged (UIKit would have crashed).
  public func performBatchUpdates(
    _ updates: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) throws(ListViewError) {
    if !batch.isOpen {
      noteUpdateInsideMoveCallback("a batch update")
      if !structure.isLoaded { loadWithoutCells(hostDataSource?.itemCounts ?? []) }
      batch.begin(countsBefore: structure.counts)
    }
    batch.depth += 1
    updates()
    batch.depth -= 1
    guard !batch.isOpen else {
      if let completion { batch.waitingCompletions.append { completion(true) } }
      return
    }
    let (operations, refreshes) = batch.takeRecorded()
    let after = hostDataSource?.itemCounts ?? []
    let result = try BatchRules.apply(
      operations, before: batch.countsBefore, after: after, kind: kind)
    // The heights follow the batch in place when it is exactly the
    // changeset `performBatch` was given; else they are rebuilt.
    let changes = batch.takeChangeset(makingExactly: operations)
    commit(result, after: after, changes: changes)
    // Titles of updated sections are part of the batch: they are read now,
    // from the data the batch shows, before the completion can run (with
    // `.immediate` timing it may apply a newer snapshot at once).
    for section in refreshes {
      structure.headers[section] = hostDataSource?.headerTitle(forSectionAt: section) ?? nil
      structure.footers[section] = hostDataSource?.footerTitle(forSectionAt: section) ?? nil
      refreshSectionViews(ofSectionAt: section)
      heightIndex.setHeights(
        header: sectionHeaderHeight(section),
        footer: sectionFooterHeight(section), ofSectionAt: section)
    }
    // A header that came, went or changed its height moved the rows below
    // it; a replaced section view is made anew.
    if !refreshes.isEmpty { layOut() }
    updateCounts.batchCount += 1
    batchLog.append(operations)
    if let completion { schedule { completion(true) } }
  }

  /// Runs the completions of batches whose animations are waiting, when
  /// ``animationTiming`` is ``AnimationTiming/manual``.
  public func finishAnimations() {
    for completion in batch.takeWaitingCompletions() { completion() }
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
    if batch.isOpen {
      add(&batch.operations)
    } else {
      try performBatchUpdates { add(&self.batch.operations) }
    }
  }

  /// Performs one stage of a `StagedChangeset` as a batch update,
  /// checked by the same rules whether `animated` or not. A broken rule is
  /// recorded in ``violations`` and the view reloads.
  public func performBatch(
    _ changes: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    if !animated { updateCounts.unanimatedBatchCount += 1 }
    let operations = BatchOperations(changes)
    // The first row in the viewport keeps its place on screen when the
    // data source's scrollAnchoring says so (the glue's job on UIKit, where
    // a batch keeps the content offset instead), unless the list rests at
    // its top.
    let anchoring = hostDataSource?.scrollAnchoring ?? .firstVisibleRow
    if !batch.isOpen, structure.isLoaded,
      anchoring.anchors(contentOffset: contentOffset, top: 0),
      let anchor = ScrollAnchor(index: heightIndex, contentOffset: contentOffset)
    {
      batch.pendingAnchor = (anchor, BatchPositionMap(changes), structure.counts)
    }
    if !batch.isOpen { batch.pendingChangeset = (changes, operations) }
    do {
      try performBatchUpdates(
        {
          updateData()
          self.batch.operations.append(operations)
          self.batch.titleRefreshes += changes.sectionUpdates.map(\.to)
        }, completion: { _ in completion() })
      // Rows the batch moved or reloaded: the data source's selection by id
      // shows at their new paths (the glue's sync after each batch).
      if !batch.isOpen, hostDataSource?.managesSelection == true {
        viewSelection.removeAll()
        syncSelectionWithDataSource()
      }
    } catch {
      violations.append(error)
      batch.pendingAnchor = nil
      batch.pendingChangeset = nil
      batch.depth = 0
      reloadData()
      schedule(completion)
    }
  }

  /// Takes in counts, new row identities and titles, without making cells
  /// (a reload, or counts read at the first update: rule 1).
  private func loadWithoutCells(_ loaded: [Int]) {
    structure = ListHostStructure(counts: loaded, texts: hostDataSource)
    identities.rows = identities.freshRows(loaded)
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
      let token = identities.token(at: path)
      if let cell = display.cells.removeValue(forKey: token) { leaving.append((cell, token)) }
    }
    defer {
      for (cell, token) in leaving {
        endDisplaying(cell, token: token)
        cellPool.enqueue(cell)
      }
    }
    // Prefetched rows follow their rows; deleted ones are forgotten.
    prefetching.follow { result.rowTargets[$0.section][$0.item] }
    identities.rows = identities.rowsAfterBatch(from: result.rowSources)
    carrySections(from: result.sectionSources)
    structure.counts = after
    moveSectionViews(result.sectionSources)
    // Rows keep their heights through the batch; new rows are estimated,
    // and so are reconfigured ones (their content changed).
    if sizing.layoutDefault != nil {
      sizing.forgetSelfSizedHeights(changed: result.reconfigured, rows: identities.rows)
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
    if let (anchor, map, oldCounts) = batch.pendingAnchor,
      let offset = anchor.contentOffset(after: map, oldCounts: oldCounts, in: heightIndex)
    {
      scroll(to: offset)
    } else {
      scroll(to: contentOffset)
    }
    batch.pendingAnchor = nil
    layOut()
    for path in result.reconfigured {
      guard let cell = visibleCell(at: path), let source = hostDataSource else { continue }
      display.reconfiguring = (path, cell)
      let returned = source.cell(for: self, at: path)
      showRowControls(of: source, on: returned, at: path)
      display.reconfiguring = nil
      if returned !== cell {
        violations.append(
          ListViewError(
            "the data source returned a different cell when reconfiguring the item at "
              + "\(path)", strict: true))
      }
    }
    // Reconfigured self-sizing cells measure themselves again.
    if !result.reconfigured.isEmpty, let layoutDefault = sizing.layoutDefault,
      selfSizeVisibleCells(default: layoutDefault)
    {
      layOut()
    }
  }

  /// The sections' titles and view ids after a batch whose sections come
  /// from `sectionSources` (before indices; `nil` for a new section, whose
  /// are read from the data source).
  private func carrySections(from sectionSources: [Int?]) {
    let old = structure
    let oldIDs = identities
    structure.headers = sectionSources.enumerated().map { target, source in
      source.map { old.headers[$0] } ?? hostDataSource?.headerTitle(forSectionAt: target) ?? nil
    }
    structure.footers = sectionSources.enumerated().map { target, source in
      source.map { old.footers[$0] } ?? hostDataSource?.footerTitle(forSectionAt: target) ?? nil
    }
    identities.headerViewIDs = sectionSources.enumerated().map { target, source in
      source.map { oldIDs.headerViewIDs[$0] }
        ?? hostDataSource?.sectionViewReuseIdentifier(ofKind: .header, inSectionAt: target)
    }
    identities.footerViewIDs = sectionSources.enumerated().map { target, source in
      source.map { oldIDs.footerViewIDs[$0] }
        ?? hostDataSource?.sectionViewReuseIdentifier(ofKind: .footer, inSectionAt: target)
    }
  }

  private func schedule(_ completion: @escaping @MainActor () -> Void) {
    switch animationTiming {
    case .immediate: completion()
    case .nextTurn: Task { @MainActor in completion() }
    case .manual: batch.waitingCompletions.append(completion)
    }
  }
}
