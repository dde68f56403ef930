// Items shown straight from an array: the common screen's apply, which
// builds the snapshot and never stops the app for the data's sake.

extension ListController where SectionModel == SectionInfo {
  /// Shows `items` in sections by `key` (a section per key, titled with
  /// it, as ``Snapshot/init(grouping:by:sectionOrder:)`` makes them), the
  /// difference animated (or not).
  ///
  /// ```swift
  /// list.apply(contacts, groupedBy: \.initial, sectionOrder: .ascending)
  /// ```
  ///
  /// Data never stops the app: an item whose id repeats an earlier one's
  /// is left out, and the problem is reported to ``TabulaLog`` naming the
  /// ids and their positions; keys whose titles coincide (two sections with
  /// one id) are reported and the list stays as it was.
  ///
  /// - Complexity: Expected O(n + s log s), and the diff.
  public func apply<Key: Hashable & CustomStringConvertible>(
    _ items: some Sequence<Item>, groupedBy key: (Item) -> Key,
    sectionOrder: SectionOrder<Key> = .firstAppearance, animatingDifferences: Bool = true,
    completion: (@MainActor () -> Void)? = nil
  ) {
    applyLeavingRepeatsOut(
      Array(items), animatingDifferences: animatingDifferences, completion: completion
    ) { items throws(SnapshotError) in
      try Snapshot(grouping: items, by: key, sectionOrder: sectionOrder)
    }
  }

  /// Shows `items` in one section (`section`, untitled by default), the
  /// difference animated (or not). An item whose id repeats an earlier
  /// one's is left out and reported, as
  /// ``apply(_:groupedBy:sectionOrder:animatingDifferences:completion:)``
  /// does.
  ///
  /// - Complexity: Expected O(n), and the diff.
  public func apply(
    _ items: some Sequence<Item>, in section: SectionInfo = SectionInfo(id: "items"),
    animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) {
    applyLeavingRepeatsOut(
      Array(items), animatingDifferences: animatingDifferences, completion: completion
    ) { items throws(SnapshotError) in try Snapshot(items, in: section) }
  }

  /// Applies the snapshot `build` makes of `items`; on repeated ids,
  /// reports them and builds again without the repeats; on another error,
  /// reports it and shows what shows.
  private func applyLeavingRepeatsOut(
    _ items: [Item], animatingDifferences: Bool, completion: (@MainActor () -> Void)?,
    build: ([Item]) throws(SnapshotError) -> Snapshot<SectionInfo, Item>
  ) {
    let snapshot: Snapshot<SectionInfo, Item>
    do {
      do {
        snapshot = try build(items)
      } catch .duplicateItemIDs(let duplicates) {
        TabulaLog.report("\(SnapshotError.duplicateItemIDs(duplicates)): the repeats are left out")
        var seen = Set<Item.ID>()
        snapshot = try build(items.filter { seen.insert($0.id).inserted })
      }
    } catch {
      TabulaLog.report("\(error): the list stays as it was")
      snapshot = latestSnapshot
    }
    apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
  }
}
