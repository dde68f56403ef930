import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// The shared-storage diff of small edits: the common ends of leaves with the
/// same label stay out of its candidates, and what is left (one item a
/// side, for an edit of one item) is read off directly. Each diff is checked
/// against the full diff of the same pair and against UIKit's rules.
@Suite("Diffs of one-item edits")
struct SharedDiffTests {
  /// The candidates the shared diff of `old` and `new` would match.
  func candidateCounts(_ old: TestSnapshot, _ new: TestSnapshot) -> (old: Int, new: Int)? {
    guard
      let (oldLeaves, newLeaves) = _TreeDifference._unsharedLeaves(
        old._store.shared!.tree.root, new._store.shared!.tree.root, limit: 1000)
    else { return nil }
    let (oldSide, newSide) = _TreeDifference._candidates(oldLeaves, newLeaves)
    return (oldSide.positions.count, newSide.positions.count)
  }

  /// Checks the diff of `old` to `new`, and of `new` to `old`, against the
  /// full diff and UIKit's rules.
  func expectExactDiffs(
    _ old: TestSnapshot, _ new: TestSnapshot, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    for (from, to) in [(old, new), (new, old)] {
      let shared = try #require(
        Changeset._sharedDiff(
          from, to, updateKind: { _, _ in .reconfigure }, avoidingSamePositionMoves: false),
        "\(label): the shared diff ran", sourceLocation: sourceLocation)
      let full = Changeset(from: from.withFlatStorage(), to: to.withFlatStorage())
      #expect(
        shared.itemMoves.count == full.itemMoves.count, "\(label): moves are minimal",
        sourceLocation: sourceLocation)
      #expect(
        shared.itemInserts.count == full.itemInserts.count
          && shared.itemDeletes.count == full.itemDeletes.count
          && shared.itemUpdates.count == full.itemUpdates.count
          && shared.sectionUpdates == full.sectionUpdates,
        "\(label): \(shared) against the full diff's \(full)", sourceLocation: sourceLocation)
      #expect(
        applyChangeset(shared, to: from, serving: to) == DisplayedList(to.withoutMarks),
        "\(label): \(shared) turns one into the other", sourceLocation: sourceLocation)
      var shown = DisplayedList(from)
      for stage in StagedChangeset(from: from, to: to).stages {
        try shown.apply(stage, kind: .table)
      }
      #expect(
        shown == DisplayedList(to.withoutMarks), "\(label): the staged batches obey UIKit's rules",
        sourceLocation: sourceLocation)
    }
  }

  @Test("an edit of one item leaves one candidate a side, and its diff is the full diff's")
  func oneItemEdits() throws {
    // Section 0 holds ids 0, 3, 6, ...; 1 holds 1, 4, ...; 2 holds 2, 5, ...
    let (base, _) = try sharedSnapshot(count: 6000, sections: 4)
    let items = try #require(base.items(inSection: base.sections[0].id))
    typealias Edit = (
      label: String, maximum: (old: Int, new: Int), edit: (inout TestSnapshot) throws -> Void
    )
    let edits: [Edit] = [
      ("update the first item", (1, 1), { try $0.updateItems([TestItem(id: 0, content: 1)]) }),
      ("update the 700th item", (1, 1), { try $0.updateItems([TestItem(id: 2100, content: 1)]) }),
      ("update an item to the same content", (1, 1), { try $0.updateItems([TestItem(id: 2103)]) }),
      ("reconfigure an item", (0, 0), { try $0.reconfigureItems([2106]) }),
      (
        "insert after the 100th item", (0, 1),
        { try $0.insertItems([TestItem(id: -1)], afterItem: 300) }
      ),
      (
        "insert before a section's first item", (0, 1),
        { try $0.insertItems([TestItem(id: -1)], beforeItem: 1) }
      ),
      ("delete the 500th item", (1, 0), { try $0.deleteItems([1500]) }),
      ("delete a section's last item", (1, 0), { try $0.deleteItems([items.last!.id]) }),
      (
        "move an item after the next (a swap in one leaf)", (2, 2),
        { try $0.moveItem(903, afterItem: 906) }
      ),
      ("move an item 1,000 ahead", (1, 1), { try $0.moveItem(903, afterItem: 3903) }),
      ("move an item 1,000 back", (1, 1), { try $0.moveItem(3903, beforeItem: 903) }),
      ("move an item to another section", (1, 1), { try $0.moveItem(903, beforeItem: 1000) }),
      (
        "move an item to an empty section", (1, 1),
        {
          try $0.moveItem(from: $0.path(of: 903)!, to: ItemPath(section: 3, item: 0))
        }
      ),
      (
        "delete one item and insert another in its place", (1, 1),
        {
          try $0.insertItems([TestItem(id: -1)], afterItem: 1203)
          try $0.deleteItems([1203])
        }
      ),
    ]
    // The same edits of a version whose nodes are patched already (a leaf's
    // second edit applies its patch to its own arrays, so the common ends
    // are found by reading the items).
    var patched = base
    try patched.updateItems(items.prefix(40).map { TestItem(id: $0.id, content: 9) })
    try patched.updateItems([TestItem(id: 2101, content: 9), TestItem(id: 1501, content: 9)])
    for (label, maximum, edit) in edits {
      for (version, name) in [(base, label), (patched, "\(label), of a patched version")] {
        var edited = version
        try edit(&edited)
        let counts = try #require(candidateCounts(version, edited))
        #expect(
          counts.old <= maximum.old && counts.new <= maximum.new,
          "\(name): \(counts) candidates, at most \(maximum)")
        try expectExactDiffs(version, edited, name)
      }
    }
  }

  @Test("a move within one leaf leaves the items between its two places, and stays minimal")
  func movesWithinALeaf() throws {
    let (base, _) = try sharedSnapshot(count: 6000, sections: 4)
    for distance in [1, 2, 5, 20] {
      var edited = base
      try edited.moveItem(1500, afterItem: 1500 + 3 * distance)
      let counts = try #require(candidateCounts(base, edited))
      #expect(counts.old <= distance + 1 && counts.new <= distance + 1, "\(counts)")
      try expectExactDiffs(base, edited, "move \(distance) ahead")
    }
  }
}
