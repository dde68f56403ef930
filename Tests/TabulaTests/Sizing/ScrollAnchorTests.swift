import TabulaTestSupport
import Testing

@testable import Tabula

/// The survivor a reader expects, found without `BatchPositionMap`: walking
/// the rows of `old` after `path` in order, then the rows before it nearest
/// first, the first one that stays where the batch `changes` left it (not
/// deleted, reloaded, moved or in a deleted section), at its path in `new`.
func naiveNearestSurvivor(
  of path: ItemPath, changes: Changeset, old: TestSnapshot, new: TestSnapshot
) -> ItemPath? {
  var rows: [ItemPath] = []
  for section in old.sections.indices {
    for item in 0..<old.numberOfItems(inSectionAt: section) {
      rows.append(ItemPath(section: section, item: item))
    }
  }
  let leaving =
    Set(changes.itemDeletes + changes.itemMoves.map(\.from))
    .union(changes.itemUpdates.filter { $0.kind == .reload }.map(\.from))
  let deletedSections = Set(changes.sectionDeletes)
  func stays(_ row: ItemPath) -> Bool {
    !leaving.contains(row) && !deletedSections.contains(row.section)
  }
  let position = rows.firstIndex(of: path)!
  let after = rows[(position + 1)...]
  let before = rows[..<position].reversed()
  guard let survivor = (after + before).first(where: stays) else { return nil }
  return new.path(of: old[survivor].id)
}

@Suite("ScrollAnchor: the row being read, and who takes its place")
struct ScrollAnchorTests {
  /// The map of the batch that deletes `deleted` (old paths) from sections
  /// of `counts` rows.
  func deleting(_ deleted: [ItemPath]) -> BatchPositionMap {
    var changes = Changeset()
    changes.itemDeletes = deleted.sorted()
    return BatchPositionMap(changes)
  }

  @Test("the anchor and the row after it deleted: the next row takes its place, not the one above")
  func nextRowsFirst() {
    let path = ItemPath(section: 0, item: 2)
    let map = deleting([path, ItemPath(section: 0, item: 3)])
    // Old rows 0...5: 4 (now at 2) is next; 1 is above.
    #expect(
      ScrollAnchor.nearestSurvivor(of: path, through: map, oldCounts: [6])
        == ItemPath(section: 0, item: 2))
  }

  @Test("every row after the anchor goes first, across sections, before any row above")
  func acrossSections() {
    let path = ItemPath(section: 0, item: 1)
    // Section 0: rows 0, 1 (anchor), 2; section 1 empty; section 2: rows 0, 1.
    let map = deleting([
      path, ItemPath(section: 0, item: 2), ItemPath(section: 2, item: 0),
    ])
    #expect(
      ScrollAnchor.nearestSurvivor(of: path, through: map, oldCounts: [3, 0, 2])
        == ItemPath(section: 2, item: 0), "old [2, 1], the first row after that stays")
    // Nothing after survives: the nearest row above.
    let allAfter = deleting([
      path, ItemPath(section: 0, item: 2), ItemPath(section: 2, item: 0),
      ItemPath(section: 2, item: 1),
    ])
    #expect(
      ScrollAnchor.nearestSurvivor(of: path, through: allAfter, oldCounts: [3, 0, 2])
        == ItemPath(section: 0, item: 0))
    // Nothing survives.
    let everything = deleting([
      ItemPath(section: 0, item: 0), path, ItemPath(section: 0, item: 2),
      ItemPath(section: 2, item: 0), ItemPath(section: 2, item: 1),
    ])
    #expect(
      ScrollAnchor.nearestSurvivor(of: path, through: everything, oldCounts: [3, 0, 2]) == nil)
  }

  @Test("rows the batch moves away, reloads or deletes with their section do not count")
  func movedRowsSkipped() throws {
    let old = try TestSnapshot(
      sections: [
        SnapshotSection(section("A"), items: items([0, 1, 2, 3])),
        SnapshotSection(section("B"), items: items([4, 5])),
        SnapshotSection(section("C"), items: items([6, 7])),
      ])
    // 1 (the anchor) goes; 2 is reloaded; 3 moves to C; B goes with its
    // rows: the next row that stays is 6.
    var new = try TestSnapshot(
      sections: [
        SnapshotSection(section("A"), items: items([0, 2])),
        SnapshotSection(section("C"), items: items([6, 7, 3])),
      ])
    try new.reloadItems([2])
    let staged = StagedChangeset(from: old, to: new)
    #expect(staged.count == 1)
    let changes = staged[0].changeset
    #expect(changes.itemMoves.map(\.from) == [ItemPath(section: 0, item: 3)])
    let survivor = ScrollAnchor.nearestSurvivor(
      of: ItemPath(section: 0, item: 1), through: BatchPositionMap(changes),
      oldCounts: [4, 2, 2])
    #expect(survivor == new.withoutMarks.path(of: 6))
  }

  @Test("every deletion of up to 7 rows in 3 sections, every anchor: equal to a naive walk")
  func everySmallDeletion() throws {
    let counts = [3, 0, 4]
    var rows: [ItemPath] = []
    for (section, count) in counts.enumerated() {
      for item in 0..<count { rows.append(ItemPath(section: section, item: item)) }
    }
    var ids = 0
    let old = try TestSnapshot(
      sections: counts.enumerated().map { section, count in
        defer { ids += count }
        return SnapshotSection(
          Tabula.SectionInfo(id: "\(section)"), items: items(Array(ids..<ids + count)))
      })
    var checked = 0
    for mask in 0..<(1 << rows.count) {
      let deleted = rows.indices.filter { mask & (1 << $0) != 0 }.map { rows[$0] }
      var new = old
      try new.deleteItems(deleted.map { old[$0].id })
      let changes = Changeset(from: old, to: new)
      let map = BatchPositionMap(changes)
      for anchor in deleted {
        #expect(
          ScrollAnchor.nearestSurvivor(of: anchor, through: map, oldCounts: counts)
            == naiveNearestSurvivor(of: anchor, changes: changes, old: old, new: new),
          "anchor \(anchor), deleted \(deleted)")
        checked += 1
      }
    }
    #expect(checked == 448)  // 7 rows × 2^6 subsets of the others
  }

  @Test("random staged batches, every row as the anchor: equal to a naive walk")
  func randomBatches() {
    var random = SeededRandom(seed: 15)
    var checked = 0
    for _ in 0..<300 {
      let (old, next) = randomPair(&random, maxItems: 40)
      var shown = old
      for stage in StagedChangeset(from: old, to: next) {
        let changes = stage.changeset
        let map = BatchPositionMap(changes)
        let counts = shown.sections.indices.map { shown.numberOfItems(inSectionAt: $0) }
        for section in shown.sections.indices {
          for item in 0..<counts[section] {
            let path = ItemPath(section: section, item: item)
            #expect(
              ScrollAnchor.nearestSurvivor(of: path, through: map, oldCounts: counts)
                == naiveNearestSurvivor(of: path, changes: changes, old: shown, new: stage.snapshot),
              "anchor \(path) in \(changes)")
            checked += 1
          }
        }
        shown = stage.snapshot
      }
    }
    #expect(checked > 5000)
  }
}
