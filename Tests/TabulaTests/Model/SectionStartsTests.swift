import TabulaTestSupport
import Testing

@testable import Tabula

/// The section starts of shared storage against a plain array of counts:
/// every read, after random edits, in every retained version.
@Suite("Shared storage: section starts that versions share")
struct SectionStartsTests {
  /// The starts of `counts`, with the total last.
  func starts(_ counts: [Int]) -> [Int] {
    var starts = [0]
    for count in counts { starts.append(starts[starts.count - 1] + count) }
    return starts
  }

  /// Checks every read of `tree` against the plain `counts`.
  func expectMatches(
    _ tree: _SectionStarts, _ counts: [Int], _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = starts(counts)
    tree.verify()
    #expect(tree.array == expected, "\(context)", sourceLocation: sourceLocation)
    #expect(tree.sectionCount == counts.count && tree.itemCount == expected.last)
    for section in 0...counts.count {
      let range = tree.range(ofSection: section)
      let expectedRange =
        section == counts.count
        ? expected[section]..<expected[section] : expected[section]..<expected[section + 1]
      guard range == expectedRange else {
        Issue.record(
          "\(context): section \(section) is \(range), expected \(expectedRange)",
          sourceLocation: sourceLocation)
        return
      }
    }
    // Every flat index finds the non-empty section holding it.
    var section = 0
    for flat in 0..<(expected.last ?? 0) {
      while flat >= expected[section + 1] { section += 1 }
      let found = tree.section(containing: flat)
      guard found == (section, expected[section]) else {
        Issue.record(
          "\(context): flat \(flat) is in section \(section) from \(expected[section]), found \(found)",
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  @Test(
    "random count changes, each from a random retained version, at every depth: each version keeps its own starts",
    arguments: [0, 1, 2, 15, 16, 17, 18, 128, 129, 130, 300, 1_025])
  func retainedVersions(sections: Int) {
    var random = SeededRandom(seed: UInt64(sections))
    // Empty sections among full ones, as a live query's groups leave them.
    let counts = (0..<sections).map { _ in random.chance(0.2) ? 0 : random.int(in: 1...5) }
    var versions = [(tree: _SectionStarts(starts: starts(counts)), counts: counts)]
    guard sections > 0 else {
      expectMatches(versions[0].tree, counts, "no sections")
      return
    }
    for _ in 0..<200 {
      let parent = random.chance(0.5) ? versions.count - 1 : random.int(in: 0..<versions.count)
      var (tree, counts) = versions[parent]
      for _ in 0..<random.int(in: 1...3) {
        let section = random.int(in: 0..<sections)
        let delta = random.int(in: -counts[section]...4)
        tree.add(delta, toSection: section)
        counts[section] += delta
      }
      versions.append((tree, counts))
    }
    for (index, version) in versions.enumerated() {
      expectMatches(version.tree, version.counts, "\(sections) sections, version \(index)")
    }
  }

  @Test(
    "the sections whose counts differ between two versions are found by walking only the nodes they do not share",
    arguments: [1, 16, 17, 300, 1_025])
  func differingSections(sections: Int) {
    var random = SeededRandom(seed: 7 + UInt64(sections))
    let counts = (0..<sections).map { _ in random.int(in: 0...3) }
    let base = _SectionStarts(starts: starts(counts))
    var versions = [(tree: base, counts: counts)]
    for _ in 0..<40 {
      var (tree, counts) = versions[random.int(in: 0..<versions.count)]
      let section = random.int(in: 0..<sections)
      let delta = random.int(in: -counts[section]...2)
      tree.add(delta, toSection: section)
      counts[section] += delta
      versions.append((tree, counts))
    }
    for _ in 0..<60 {
      let (first, second) = (
        versions.randomElement(using: &random)!, versions.randomElement(using: &random)!
      )
      let expected = (0..<sections).filter { first.counts[$0] != second.counts[$0] }
      #expect(first.tree.differingSections(from: second.tree) == expected)
    }
    // A version and its unchanged copy share everything.
    #expect(base.differingSections(from: base).isEmpty)
  }

  @Test(
    "an edit copies only its path: one leaf and one node per level above it; none for the last section"
  )
  func editCopiesItsPath() {
    let base = _SectionStarts(starts: starts(Array(repeating: 2, count: 1_000)))
    #expect(base.depth == 2, "1,000 sections: 63 leaves under 8 nodes under the root")
    var edited = base
    edited.add(1, toSection: 517)
    var known = Set<ObjectIdentifier>()
    base.forEachNode { node, _ in known.insert(ObjectIdentifier(node)) }
    var copied: [Int] = []
    edited.forEachNode(skipping: known) { _, level in copied.append(level) }
    #expect(copied.sorted() == [0, 1, 2])
    #expect(base.array == starts(Array(repeating: 2, count: 1_000)), "the base is intact")
    // The last section's count is what the others leave: no node holds it.
    var last = base
    last.add(5, toSection: 999)
    #expect(last.root === base.root && last.range(ofSection: 999) == 1_998..<2_005)
    var only = _SectionStarts(starts: [0, 10])
    let leaf = ObjectIdentifier(only.root)
    let copy = only
    only.add(-4, toSection: 0)
    #expect(ObjectIdentifier(only.root) == leaf && only.array == [0, 6] && copy.array == [0, 10])
    // A value that is the only holder of its nodes changes them in place.
    var unique = _SectionStarts(starts: starts(Array(repeating: 2, count: 1_000)))
    let root = ObjectIdentifier(unique.root)
    unique.add(-2, toSection: 3)
    #expect(ObjectIdentifier(unique.root) == root)
    #expect(unique.range(ofSection: 3) == 6..<6 && unique.range(ofSection: 4) == 6..<8)
  }

  /// 3,000 items in 300 sections in shared storage, every seventh section
  /// empty (between full ones), and its model.
  func manySections() throws -> (TestSnapshot, NaiveModel) {
    var model = NaiveModel((0..<300).map { (section("S\($0)"), [TestItem]()) })
    let full = (0..<300).filter { $0 % 7 != 3 }
    for id in 0..<3_000 { model.sections[full[id % full.count]].items.append(TestItem(id: id)) }
    let snapshot = try TestSnapshot(sections: model.snapshotSections).withSharedStorage()
    return (snapshot, model)
  }

  @Test(
    "snapshots with hundreds of sections in shared storage, empty ones between: random edits from retained versions, and their diffs",
    arguments: TestLength.seeds(short: 1, long: 3))
  func snapshotsWithManySections(seed: UInt64) async throws {
    var random = SeededRandom(seed: 100 + seed)
    let (base, baseModel) = try manySections()
    #expect(try #require(base._store.shared).starts.depth == 2)
    var versions = [(snapshot: base, model: baseModel)]
    var nextID = 100_000
    for step in 0..<200 {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      let parent = random.chance(0.5) ? versions.count - 1 : random.int(in: 0..<versions.count)
      var (snapshot, model) = versions[parent]
      let edit = try randomSharedEdit(&snapshot, &model, &random, nextID: &nextID)
      #expect(snapshot.usesSharedStorage, "step \(step): \(edit)")
      versions.append((snapshot, model))
      // The diff from the parent walks only what the two do not share, and
      // its batches take the parent's list to this one's.
      let old = versions[parent].snapshot
      let changes = try #require(
        Changeset._sharedDiff(
          old, snapshot, updateKind: { _, _ in .reconfigure }, avoidingSamePositionMoves: false),
        "step \(step): \(edit) took the full diff")
      let full = Changeset(from: old.withFlatStorage(), to: snapshot.withFlatStorage())
      #expect(changes.itemMoves.count == full.itemMoves.count, "step \(step): \(edit)")
      #expect(
        applyChangeset(changes, to: old, serving: snapshot) == DisplayedList(snapshot.withoutMarks),
        "step \(step): \(edit)")
    }
    expectIntact(versions, where: { _ in true }, ids: [0, 1, 299, 1_500, 2_999, 100_003])
    for version in versions.suffix(20) {
      #expect(
        version.snapshot.sectionsWithItems.map(\.items) == version.model.sections.map(\.items))
    }
  }

  @Test(
    "edits of sections in shared storage with hundreds of sections: inserted and deleted empty ones keep it shared, and every version stays right"
  )
  func sectionEdits() throws {
    var (snapshot, model) = try manySections()
    var versions = [(snapshot: snapshot, model: model)]
    for (index, anchor) in ["S10", "S150", "S299", "S0"].enumerated() {
      let new = section("N\(index)")
      try snapshot.insertSections([new], afterSection: anchor)
      model = try model.insertingSections([new], at: anchor, after: true).get()
      #expect(snapshot.usesSharedStorage)
      versions.append((snapshot, model))
      // Items into the new section, and out of a far one.
      try snapshot.appendItems([TestItem(id: 50_000 + index)], toSection: new.id)
      model = try model.appending([TestItem(id: 50_000 + index)], toSection: new.id).get()
      let far = model.sections[model.sections.count / 2 + index].items[0].id
      try snapshot.deleteItems([far])
      model = try model.deleting([far]).get()
      versions.append((snapshot, model))
    }
    // Deleting no section changes nothing, and shares every node.
    let unchanged = snapshot
    try snapshot.deleteSections([])
    #expect(snapshot.isIdentical(to: unchanged))
    // Empty sections go, and the storage stays shared.
    try snapshot.deleteSections(["S3", "S10", "S290"])
    model = try model.deletingSections(["S3", "S10", "S290"]).get()
    #expect(snapshot.usesSharedStorage)
    versions.append((snapshot, model))
    try snapshot.moveItem(7, afterItem: 2_999)
    model = try model.moving(7, relativeTo: 2_999, after: true).get()
    versions.append((snapshot, model))
    expectIntact(versions, where: { _ in true }, ids: [0, 7, 2_999, 50_000, 50_003])
  }

  @Test(
    "two siblings that put one new item at the same place, at the end of one section and at the start of the next: their diff moves it across"
  )
  func siblingsAcrossABoundary() throws {
    let (base, _) = try manySections()
    // Sections 4 and 5 are full and follow each other.
    let firstOfNext = try #require(base.items(inSectionAt: 5).first).id
    let item = TestItem(id: 90_000)
    var atEnd = base
    try atEnd.appendItems([item], toSection: "S4")
    var atStart = base
    try atStart.insertItems([item], beforeItem: firstOfNext)
    #expect(atEnd.items == atStart.items, "the same items in the same order")
    #expect(
      atEnd.path(of: 90_000)?.section == 4
        && atStart.path(of: 90_000) == ItemPath(section: 5, item: 0))
    // Whatever the shared diff decides, the batches must show the change.
    let staged = StagedChangeset(from: atEnd, to: atStart)
    var shown = DisplayedList(atEnd)
    for stage in staged.stages { try shown.apply(stage, kind: .table) }
    #expect(shown == DisplayedList(atStart))
    if let changes = Changeset._sharedDiff(
      atEnd, atStart, updateKind: { _, _ in .reconfigure }, avoidingSamePositionMoves: false)
    {
      #expect(applyChangeset(changes, to: atEnd, serving: atStart) == DisplayedList(atStart))
    }
  }

  @Test("one snapshot with hundreds of sections read from several tasks at once")
  func concurrentReads() async throws {
    var (snapshot, _) = try manySections()
    try snapshot.moveItem(7, afterItem: 2_999)  // a version that shares nodes with its base
    let shared = snapshot
    let sums = await withTaskGroup(of: Int.self) { group in
      for task in 0..<4 {
        group.addTask {
          var sum = 0
          for id in stride(from: task, to: 3_000, by: 3) {
            if let path = shared.path(of: id) { sum &+= path.section &* 7 &+ shared[path].id }
          }
          return sum
        }
      }
      return await group.reduce(into: [Int]()) { $0.append($1) }
    }
    var expected = 0
    for task in 0..<4 {
      var sum = 0
      for id in stride(from: task, to: 3_000, by: 3) {
        if let path = shared.path(of: id) { sum &+= path.section &* 7 &+ shared[path].id }
      }
      expected &+= sum
    }
    #expect(sums.reduce(0, &+) == expected)
  }

  @Test(
    "an item moved to another section keeps the starts right in both versions; within one, the starts stay shared"
  )
  func movesAcrossSections() throws {
    let (base, model) = try sharedSnapshot(count: 5_000, sections: 200)
    // Section s holds the ids equal to s modulo 199 (section 199 is empty).
    var across = base
    try across.moveItem(5, afterItem: 4_000)
    #expect(NaiveModel(across) == (try model.moving(5, relativeTo: 4_000, after: true).get()))
    #expect(across.numberOfItems(inSectionAt: 5) == base.numberOfItems(inSectionAt: 5) - 1)
    var within = base
    try within.moveItem(5, afterItem: 5 + 199 * 3)
    #expect(
      ObjectIdentifier(try #require(within._store.shared).starts.root)
        == ObjectIdentifier(try #require(base._store.shared).starts.root))
    #expect(NaiveModel(base) == model, "the base is intact")
  }

  @Test("a total that disagrees with its child stops the checks")
  func wrongTotal() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var tree = _SectionStarts(starts: Array(0...40))
        let inner = unsafeDowncast(tree.root, to: _SectionInner.self)
        _ = inner.uniqueChild(1, addingToTotal: 1, depth: 0)
        tree.itemCount += 1
        tree.verify()
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("the total under a child"), "\(message)")
  }
}
