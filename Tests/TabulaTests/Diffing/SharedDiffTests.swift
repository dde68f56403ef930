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
      let (oldLeaves, newLeaves) = Changeset._unsharedLeaves(
        old._shared!.tree.root, new._shared!.tree.root, limit: 1000)
    else { return nil }
    let (oldSide, newSide) = Changeset._candidates(oldLeaves, newLeaves)
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

  @Test(
    "the unshared leaves are exactly the leaves one version holds and the other does not",
    arguments: 0..<3)
  func unsharedLeavesAgainstSets(seed: UInt64) throws {
    // Edits that keep the trees' shape (updates, moves and inserts without
    // a split), and ones that change it (splits, dropped leaves, a new or
    // collapsed root, relabelling where labels are 4 apart).
    var (snapshot, _) = try sharedSnapshot(count: 3000, sections: 3)
    if seed == 2 {
      let items = snapshot.items
      snapshot._shared = _PersistentItems(
        items: items, hashes: items.map { IDHashing.hash($0.id) }, labelSpacing: 4,
        starts: snapshot._shared!.starts.array)
    }
    var random = SeededRandom(seed: seed)
    var versions = [snapshot]
    var nextID = 100_000
    for _ in 0..<300 {
      let ids = snapshot.items.map(\.id)
      let id = ids[random.int(in: 0..<ids.count)]
      switch random.int(in: 0..<8) {
      case 0, 1: try snapshot.updateItems([TestItem(id: id, content: random.int(in: 1...9))])
      case 2, 3: try snapshot.moveItem(id, afterItem: ids[random.int(in: 0..<ids.count)])
      case 4, 5:
        let count = random.chance(0.2) ? random.int(in: 20...200) : 1
        try snapshot.insertItems((0..<count).map { TestItem(id: nextID + $0) }, afterItem: id)
        nextID += count
      default:
        let count = random.chance(0.2) ? min(ids.count / 2, random.int(in: 20...400)) : 1
        let start = random.int(in: 0...(ids.count - count))
        try snapshot.deleteItems(Array(ids[start..<(start + count)]))
      }
      versions.append(snapshot)
    }
    func leaves(_ version: TestSnapshot) -> [(_ItemChunk<TestItem>, Int)] {
      var leaves: [(_ItemChunk<TestItem>, Int)] = []
      version._shared!.tree.forEachLeaf { leaves.append(($0, $1)) }
      return leaves
    }
    func expected(_ mine: [(_ItemChunk<TestItem>, Int)], _ theirs: [(_ItemChunk<TestItem>, Int)])
      -> [String]
    {
      let held = Set(theirs.map { ObjectIdentifier($0.0) })
      return mine.filter { !held.contains(ObjectIdentifier($0.0)) }.map { "\($0.0.label)@\($0.1)" }
    }
    func described(_ leaves: [(_ItemChunk<TestItem>, Int)]) -> [String] {
      leaves.map { "\($0.0.label)@\($0.1)" }
    }
    var pairs: [(Int, Int)] = []
    for index in versions.indices.dropFirst() {
      pairs.append((index - 1, index))  // one edit
      pairs.append((max(0, index - 1 - random.int(in: 1...20)), index))  // several
      pairs.append((random.int(in: 0..<versions.count), index))  // any two
    }
    for (from, to) in pairs {
      let old = versions[from]._shared!.tree.root
      let new = versions[to]._shared!.tree.root
      let oldLeaves = leaves(versions[from])
      let newLeaves = leaves(versions[to])
      let walked = try #require(Changeset._unsharedLeaves(old, new, limit: .max))
      #expect(
        described(walked.old) == expected(oldLeaves, newLeaves), "\(from) to \(to): old side")
      #expect(
        described(walked.new) == expected(newLeaves, oldLeaves), "\(from) to \(to): new side")
      let byLevel = try #require(Changeset._unsharedLeavesByLevel(old, 0, new, 0, limit: .max))
      #expect(described(byLevel.old) == described(walked.old), "\(from) to \(to): by level")
      #expect(described(byLevel.new) == described(walked.new), "\(from) to \(to): by level")
    }
    // Past the limit, no leaves: the full diff runs.
    let first = versions[0]._shared!.tree.root
    let last = versions.last!._shared!.tree.root
    let differing = try #require(Changeset._unsharedLeaves(first, last, limit: .max))
    let total = differing.old.count + differing.new.count
    #expect(Changeset._unsharedLeaves(first, last, limit: total) != nil)
    #expect(Changeset._unsharedLeaves(first, last, limit: total - 1) == nil)
  }

  @Test(
    "dropping the nodes two levels share keeps exactly the unshared ones, near or far apart",
    arguments: 0..<4)
  func droppingSharedNodes(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var nextAddress: UInt = 1
    func addresses(_ count: Int) -> [UInt] {
      defer { nextAddress += UInt(count) }
      return (0..<count).map { nextAddress + UInt($0) }
    }
    for round in 0..<500 {
      let shared = addresses(random.int(in: 0...120))
      // Each side: the shared nodes in order, with runs of its own nodes
      // (short ones, and now and then one longer than the walk looks
      // ahead) between them.
      func side() -> (all: [UInt], own: [UInt]) {
        var all: [UInt] = []
        var own: [UInt] = []
        for index in 0...shared.count {
          if random.chance(0.1) {
            let run = addresses(random.chance(0.2) ? random.int(in: 9...30) : random.int(in: 1...3))
            all += run
            own += run
          }
          if index < shared.count { all.append(shared[index]) }
        }
        return (all, own)
      }
      let (oldAll, oldOwn) = side()
      let (newAll, newOwn) = side()
      func entries(_ addresses: [UInt]) -> [Changeset._NodeEntry] {
        addresses.enumerated().map { Changeset._NodeEntry(address: $1, start: $0, height: 0) }
      }
      var old = entries(oldAll)
      var new = entries(newAll)
      Changeset._dropShared(&old, &new)
      #expect(old.map(\.address) == oldOwn, "round \(round): old side")
      #expect(new.map(\.address) == newOwn, "round \(round): new side")
      // Each kept entry keeps its start.
      #expect(old.allSatisfy { oldAll[$0.start] == $0.address })
      #expect(new.allSatisfy { newAll[$0.start] == $0.address })
    }
  }
}
