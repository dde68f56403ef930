// Section snapshots (outlines) on a DiffableDataSource, as Apple's
// UICollectionViewDiffableDataSource has them: a section applied from a
// DiffableSectionSnapshot shows its visible items, and the data source keeps
// the outline, so that snapshot(for:) gives it back and a tap on a
// disclosure expands or collapses it. An outline that was only expanded or
// collapsed since snapshot(for:) handed it out is applied by inserting and
// deleting the rows under the items that changed, without a diff.

extension DiffableDataSource {
  /// Shows `sectionSnapshot`'s visible items as the section `section`
  /// (appended after the last section when the snapshot has none), the
  /// difference animated (or not), then `completion`; the data source keeps
  /// the outline. Its problems, and items it shares with other sections
  /// (left out of it), are reported to ``TabulaLog``.
  ///
  /// - Complexity: For a snapshot from ``snapshot(for:)`` only expanded or
  ///   collapsed since, the rows shown or hidden; otherwise a diff of the
  ///   list.
  public func apply(
    _ sectionSnapshot: DiffableSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    for problem in sectionSnapshot.problems { TabulaLog.report(problem) }
    var outline = sectionSnapshot
    outline.problems = []
    if let current = outlines[section], let origin = outline._origin,
      origin === current._origin,
      toggle(
        section, from: current, to: outline, animatingDifferences: animatingDifferences,
        completion: completion)
    {
      return
    }
    show(outline, in: section, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `sectionSnapshot` as the section `section`, and returns once the
  /// host shows it.
  public func apply(
    _ sectionSnapshot: DiffableSectionSnapshot<ItemIdentifierType>,
    to section: SectionIdentifierType, animatingDifferences: Bool = true
  ) async {
    await withCheckedContinuation { continuation in
      apply(sectionSnapshot, to: section, animatingDifferences: animatingDifferences) {
        continuation.resume()
      }
    }
  }

  /// The outline of the section `section`: the one last applied to it,
  /// with the user's expansions; for a section applied from a whole
  /// snapshot, its items as roots; empty for a section ``snapshot()`` does
  /// not have.
  public func snapshot(for section: SectionIdentifierType)
    -> DiffableSectionSnapshot<ItemIdentifierType>
  {
    if let outline = outlines[section] { return outline }
    var flat = DiffableSectionSnapshot<ItemIdentifierType>()
    flat.append(current.items(inSection: section)?.map(\.id) ?? [])
    return flat
  }

  /// Expands `item` if it is collapsed, else collapses it, as a tap on its
  /// disclosure does: ``sectionSnapshotHandlers`` are asked first
  /// (`shouldExpandItem`, `shouldCollapseItem`), told (`willExpandItem`,
  /// `willCollapseItem`) and, for an expansion, give the children to show
  /// (`snapshotForExpandingParent`); then the outline is applied. Returns
  /// whether it changed: `false` for an item without children, outside a
  /// section snapshot, or that a handler kept as it is.
  @discardableResult
  public func toggleExpansion(of item: ItemIdentifierType) -> Bool {
    guard let section = current.section(ofItem: item)?.id, var outline = outlines[section],
      outline._nodes[item]?.children.isEmpty == false
    else { return false }
    let handlers = sectionSnapshotHandlers
    if outline.isExpanded(item) {
      guard handlers.shouldCollapseItem?(item) ?? true else { return false }
      handlers.willCollapseItem?(item)
      outline.collapse([item])
    } else {
      guard handlers.shouldExpandItem?(item) ?? true else { return false }
      handlers.willExpandItem?(item)
      if let children = handlers.snapshotForExpandingParent {
        outline.replace(childrenOf: item, using: children(item, outline.snapshot(of: item)))
      }
      outline.expand([item])
    }
    apply(outline, to: section)
    return true
  }

  /// Where `item` is in the outline of its section: its depth and whether
  /// it is a leaf, collapsed or expanded; `nil` for an item outside a
  /// section applied from a section snapshot. What the host's glue shows
  /// (indentation, a disclosure).
  ///
  /// - Complexity: O(depth).
  public func outlinePosition(of item: ItemIdentifierType) -> OutlinePosition? {
    guard let section = current.section(ofItem: item)?.id else { return nil }
    return outlines[section]?.place(of: item)
  }

  // MARK: Showing an outline

  /// Shows `outline` in `section` by a diff: the section's items become
  /// its visible items, and the outline is kept as the section's new
  /// version. Items other sections hold (shown, or hidden in their
  /// outlines) are taken out of it, reported: every item the data source
  /// holds, shown or hidden, is unique, so that expanding never meets one
  /// twice.
  func show(
    _ outline: DiffableSectionSnapshot<ItemIdentifierType>, in section: SectionIdentifierType,
    animatingDifferences: Bool, completion: (@MainActor () -> Void)?
  ) {
    var outline = outline
    var next = DiffableSnapshot(controller.latestSnapshot.withoutMarks)
    if !next.snapshot.contains(sectionWithID: section) { next.appendSections([section]) }
    let others = outlines.filter { $0.key != section }.values
    let elsewhere = outline.items.filter { item in
      next.sectionIdentifier(containingItem: item).map { $0 != section }
        ?? others.contains { $0.contains(item) }
    }
    if !elsewhere.isEmpty {
      TabulaLog.report(
        "DiffableDataSource.apply(_:to:): items of the section snapshot for "
          + "\(IdentifierChecks.name(section)) are in other sections already, left out with "
          + "the items under them: "
          + elsewhere.map { IdentifierChecks.name($0) }.joined(separator: ", "))
      outline.delete(elsewhere)
    }
    // Rows that stay but change depth or disclosure are configured again
    // (their cells show both).
    let previous = outlines[section]
    let shownBefore = Set(next.itemIdentifiers(inSection: section))
    let visible = outline.visibleItems
    let changed = visible.filter { item in
      shownBefore.contains(item) && previous?.place(of: item) != outline.place(of: item)
    }
    next.deleteItems(Array(shownBefore))
    next.appendItems(visible, toSection: section)
    next.reconfigureItems(changed)
    keep(outline, for: section)
    controller.apply(
      next.snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `outline`, which differs from `current` (the section's kept
  /// version) only in what is expanded, by inserting and deleting the rows
  /// under each item that changed: no diff. Returns `false`, doing
  /// nothing, when that cannot be done (the section is gone, or a row to
  /// show is in another section): the caller diffs.
  private func toggle(
    _ section: SectionIdentifierType, from current: DiffableSectionSnapshot<ItemIdentifierType>,
    to outline: DiffableSectionSnapshot<ItemIdentifierType>, animatingDifferences: Bool,
    completion: (@MainActor () -> Void)?
  ) -> Bool {
    let base = controller.latestSnapshot
    guard base.markedItems.isEmpty, base.reloadedSectionIDs.isEmpty,
      let sectionIndex = base.sectionIndex(of: section)
    else { return false }
    // The net changes, in the order they were made; each step shows the
    // rows under one item as the states before it leave them.
    var state = current
    var steps: [(Tabula.Snapshot<Snapshot.Section, Snapshot.Item>, Changeset)] = []
    var next = base
    var seen: Set<ItemIdentifierType> = []
    for item in outline._toggled where seen.insert(item).inserted {
      let expanded = outline.isExpanded(item)
      guard expanded != current.isExpanded(item) else { continue }
      let visible = state.isVisible(item)
      let removed = visible && !expanded ? state.visibleDescendants(of: item) : []
      if expanded { state._expanded.insert(item) } else { state._expanded.remove(item) }
      guard visible else { continue }
      let inserted = expanded ? state.visibleDescendants(of: item) : []
      // The rows are new to the list: no other section holds them.
      guard let row = next.path(of: item)?.item else { return false }
      var edited = next
      do {
        try edited.replaceItems(
          inSectionAt: sectionIndex, subrange: (row + 1)..<(row + 1 + removed.count),
          with: inserted.map(Snapshot.Item.init))
      } catch {
        return false
      }
      var changes = Changeset()
      changes.itemDeletes = removed.indices.map {
        ItemPath(section: sectionIndex, item: row + 1 + $0)
      }
      changes.itemInserts = inserted.indices.map {
        ItemPath(section: sectionIndex, item: row + 1 + $0)
      }
      steps.append((edited, changes))
      next = edited
    }
    keep(outline, for: section)
    var previous = base
    for (index, (snapshot, changes)) in steps.enumerated() {
      controller.apply(
        snapshot, changes: SnapshotChange(from: previous, changes: changes),
        animatingDifferences: animatingDifferences,
        completion: index == steps.count - 1 ? completion : nil)
      previous = snapshot
    }
    if steps.isEmpty, let completion {
      // Nothing on screen changed: the completion still runs after apply.
      controller.apply(base, animatingDifferences: animatingDifferences, completion: completion)
    }
    for item in seen where current.isExpanded(item) != outline.isExpanded(item) {
      didChangeExpansion?(item, outline.isExpanded(item))
    }
    return true
  }

  /// Keeps `outline` as the section's new version: snapshots handed out
  /// before no longer count as only expanded since.
  func keep(
    _ outline: DiffableSectionSnapshot<ItemIdentifierType>, for section: SectionIdentifierType
  ) {
    var kept = outline
    kept._origin = SectionSnapshotOrigin()
    kept._toggled = []
    kept.problems = []
    outlines[section] = kept
  }

  /// Keeps the outline of each section that `snapshot` (a whole snapshot
  /// applied over it) shows as its visible items, or as its visible items
  /// less some it deleted (deleted from the outline too, with the items
  /// under them); forgets the others: those sections are flat from then
  /// on. An item `snapshot` shows in another section is taken out of the
  /// outline that hid it (reported): every item stays unique, shown or
  /// hidden. Returns `snapshot` with the rows whose depth or disclosure
  /// changed marked to be reconfigured (their cells show both).
  func keepOutlines(shownIn snapshot: Snapshot) -> Snapshot {
    guard !outlines.isEmpty else { return snapshot }
    var marked = snapshot
    for (section, current) in outlines {
      guard let items = snapshot.snapshot.items(inSection: section)?.map(\.id) else {
        outlines[section] = nil
        continue
      }
      var outline: DiffableSectionSnapshot<ItemIdentifierType>? = current
      if items != current.visibleItems {
        let kept = Set(items)
        outline!.delete(current.visibleItems.filter { !kept.contains($0) })
        if outline!.visibleItems != items { outline = nil }
      }
      if var outline {
        let hiddenElsewhere = snapshot.snapshot.sections.indices.flatMap { index in
          snapshot.snapshot.sections[index].id == section
            ? [] : snapshot.snapshot.items(inSectionAt: index).map(\.id).filter(outline.contains)
        }
        if !hiddenElsewhere.isEmpty {
          TabulaLog.report(
            "DiffableDataSource.apply(_:): items hidden in the outline of "
              + "\(IdentifierChecks.name(section)) are shown in other sections: taken out of "
              + "the outline with the items under them: "
              + hiddenElsewhere.map { IdentifierChecks.name($0) }.joined(separator: ", "))
          outline.delete(hiddenElsewhere)
        }
        if outline != current { keep(outline, for: section) }
      } else {
        outlines[section] = nil
      }
      marked.reconfigureItems(items.filter { current.place(of: $0) != outline?.place(of: $0) })
    }
    return marked
  }
}

extension DiffableSectionSnapshot {
  /// What a row of `item` shows of the outline: its level, and whether it
  /// has children and is expanded; `nil` for an item the snapshot does not
  /// have.
  func place(of item: ItemIdentifierType) -> OutlinePosition? {
    guard let node = _nodes[item] else { return nil }
    return OutlinePosition(
      depth: level(of: item),
      disclosure: node.children.isEmpty ? .leaf : isExpanded(item) ? .expanded : .collapsed)
  }

  /// The items under `item` that show when it does, in order.
  func visibleDescendants(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    var items: [ItemIdentifierType] = []
    walk(_nodes[item]?.children ?? [], into: &items) { _expanded.contains($0) }
    return items
  }
}
