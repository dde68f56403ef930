import TabulaTestSupport
import Testing

@testable import Tabula

/// Every small sectioned snapshot: sections drawn (ordered, distinct) from
/// `sectionIDs`, items from `itemIDs`, spread over the sections in every way.
func everySmallSnapshot(sectionIDs: [String], itemIDs: [Int], changed: Bool) -> [TestSnapshot] {
  let sectionSequences = everyDistinctSequence(
    alphabet: sectionIDs.count, maxLength: sectionIDs.count)
  let itemSequences = everyDistinctSequence(alphabet: itemIDs.count, maxLength: itemIDs.count)
  var snapshots: [TestSnapshot] = []
  for sectionSequence in sectionSequences {
    let models = sectionSequence.map { index -> SectionInfo in
      let id = sectionIDs[index]
      // In "changed" snapshots the second section id's title changes: a section update.
      return section(id, title: changed && index == 1 ? id + "*" : id)
    }
    for itemSequence in itemSequences {
      guard !models.isEmpty || itemSequence.isEmpty else { continue }
      forEveryTuple(count: itemSequence.count, base: models.count) { assignment in
        var contents = models.map { SnapshotSection<SectionInfo, TestItem>($0) }
        for (item, target) in zip(itemSequence, assignment) {
          let id = itemIDs[item]
          // In "changed" snapshots odd ids have new content: an item update.
          contents[target].items.append(TestItem(id: id, content: changed ? id % 2 : 0))
        }
        snapshots.append(try! TestSnapshot(sections: contents))
      }
    }
  }
  return snapshots
}

/// Checks one pair: the plain changeset round-trips with minimal moves, and
/// the staged changeset round-trips through both views' rules.
func checkPair(
  _ old: TestSnapshot, _ new: TestSnapshot,
  updateKind: (TestItem, TestItem) -> UpdateKind = { _, _ in .reconfigure },
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let changes = Changeset(from: old, to: new)
  let applied = applyChangeset(changes, to: old, serving: new)
  #expect(
    applied == DisplayedList(new), "\(old) → \(new): \(changes)", sourceLocation: sourceLocation)
  #expect(
    changes.itemMoves.count == minimumMoves(old, new), "\(old) → \(new): \(changes)",
    sourceLocation: sourceLocation)
  expectStagedRoundTrip(
    old, new, updateKind: updateKind, "\(old) → \(new)", sourceLocation: sourceLocation)
}

/// A random snapshot and a random change of it; see ``randomChange(of:_:ids:)``.
func randomPair(_ random: inout SeededRandom, maxItems: Int) -> (TestSnapshot, TestSnapshot) {
  var ids = FreshIDs()
  let old = randomSnapshot(&random, maxItems: maxItems, ids: &ids)
  return (old, randomChange(of: old, &random, ids: &ids, maxInserts: maxItems / 5))
}

@Suite("Changeset: diffing snapshots")
struct ChangesetTests {
  @Test(
    "every pair of small sectioned snapshots",
    arguments: [
      (["A", "B"], [0, 1, 2], UpdateKind.reconfigure),
      (["A", "B", "C"], [0, 1], .reconfigure),
      (["A", "B"], [0, 1, 2], .reload),
    ])
  func exhaustivePairs(sectionIDs: [String], itemIDs: [Int], updates: UpdateKind) async {
    let olds = everySmallSnapshot(sectionIDs: sectionIDs, itemIDs: itemIDs, changed: false)
    let news = everySmallSnapshot(sectionIDs: sectionIDs, itemIDs: itemIDs, changed: true)
    #expect(olds.count > 150)
    // The short tier checks every third pair: each old snapshot against a
    // third of the new ones, a different third for each.
    let step = TestLength.isLong ? 1 : 3
    for (index, old) in olds.enumerated() {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      for newIndex in stride(from: index % step, to: news.count, by: step) {
        checkPair(old, news[newIndex], updateKind: { _, _ in updates })
      }
    }
  }

  @Test(
    "10,000 random large cases round-trip, staged under both views' rules in the fewest batches",
    // Both tiers: two of these pairs found a stage count bug (RELIABILITY.md).
    arguments: 0..<50)
  func randomCases(batch: UInt64) async {
    var random = SeededRandom(seed: batch)
    for _ in 0..<200 {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      let (old, new) = randomPair(&random, maxItems: 120)
      // Half the batches replace changed rows' cells (reloads) instead of
      // refreshing them in place.
      checkPair(old, new, updateKind: { _, _ in batch % 2 == 0 ? .reconfigure : .reload })
    }
  }

  @Test("identical snapshots: no change, no stage")
  func identical() throws {
    let snapshot = try TestSnapshot(items([1, 2, 3]), in: "A")
    #expect(Changeset(from: snapshot, to: snapshot).isEmpty)
    #expect(StagedChangeset(from: snapshot, to: snapshot).isEmpty)
  }

  @Test("a concrete change, operation by operation")
  func concrete() throws {
    let old = TestSnapshot {
      SnapshotSection("A") { items([1, 2, 3]) }
      SnapshotSection("B") { items([4, 5]) }
      SnapshotSection("C") { items([6]) }
    }
    let new = TestSnapshot {
      SnapshotSection("B", title: "Bee") { items([5, 4, 2]) }
      SnapshotSection("A") {
        TestItem(id: 1, content: 9)
        TestItem(id: 7)
      }
      SnapshotSection("D") { items([6]) }
    }
    let changes = Changeset(from: old, to: new)
    #expect(changes.sectionDeletes == [2])
    #expect(changes.sectionInserts == [2])
    #expect(changes.sectionMoves == [IndexMove(from: 1, to: 0)])
    #expect(changes.sectionUpdates == [IndexMove(from: 1, to: 0)])
    #expect(changes.itemDeletes == [ItemPath(section: 0, item: 2)])
    #expect(changes.itemInserts == [ItemPath(section: 1, item: 1)])
    #expect(
      changes.itemMoves == [
        ItemMove(from: ItemPath(section: 1, item: 1), to: ItemPath(section: 0, item: 0)),
        ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 2)),
      ])
    #expect(
      changes.itemUpdates == [
        ItemUpdate(
          from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0), kind: .reconfigure
        )
      ])
    checkPair(old, new)
  }

  @Test("moving 4% of items across sections of a 100 × 1,000 list: exactly one move each")
  func crossSectionMoves() throws {
    var random = SeededRandom(seed: 7)
    var sections = (0..<100).map { index in
      SnapshotSection<SectionInfo, TestItem>(
        section("S\(index)"), items: items(Array((index * 1000)..<(index * 1000 + 1000))))
    }
    let old = try TestSnapshot(sections: sections)
    var moved = 0
    for index in sections.indices {
      for _ in 0..<40 {
        let item = sections[index].items.remove(at: random.int(in: 0..<sections[index].items.count))
        var target = random.int(in: 0..<99)
        if target >= index { target += 1 }
        sections[target].items.insert(item, at: random.int(in: 0...sections[target].items.count))
        moved += 1
      }
    }
    let new = try TestSnapshot(sections: sections)
    let changes = Changeset(from: old, to: new)
    #expect(changes.itemMoves.count == minimumMoves(old, new))
    #expect(changes.itemMoves.count <= moved)
    #expect(changes.itemMoves.count >= moved - 100, "only an item moved back home can be spared")
    expectStagedRoundTrip(old, new)
  }

  @Test("the update kind comes from the closure, marks and content")
  func updateKinds() throws {
    let old = try TestSnapshot(items([1, 2, 3, 4]), in: "A")
    var new = try TestSnapshot(
      [TestItem(id: 1, content: 1), TestItem(id: 2, content: 2), TestItem(id: 3), TestItem(id: 4)],
      in: "A")
    try new.reloadItems([3])
    try new.reconfigureItems([4])
    let changes = Changeset(from: old, to: new) { _, new in
      new.content == 2 ? .reload : .reconfigure
    }
    #expect(
      changes.itemUpdates.map(\.kind) == [.reconfigure, .reload, .reload, .reconfigure],
      "content change, policy reload, reload mark, reconfigure mark")
    let staged = expectStagedRoundTrip(old, new) { _, new in
      new.content == 2 ? .reload : .reconfigure
    }
    #expect(staged.count == 1)
    #expect(staged[0].snapshot.markedItems.isEmpty, "stages carry no marks")
  }

  @Test("a reloaded section is replaced with all its items")
  func reloadedSection() throws {
    let old = TestSnapshot {
      SnapshotSection("A") { items([1, 2]) }
      SnapshotSection("B") { items([3]) }
    }
    var new = TestSnapshot {
      SnapshotSection("A") { items([2, 1]) }
      SnapshotSection("B") { items([3, 4]) }
    }
    try new.reloadSections(["A"])
    let changes = Changeset(from: old, to: new)
    #expect(changes.sectionDeletes == [0] && changes.sectionInserts == [0])
    #expect(changes.itemMoves.isEmpty)
    #expect(changes.itemInserts == [ItemPath(section: 1, item: 1)])
    checkPair(old, new)
  }

  @Test("items leaving a deleted section or entering an inserted one are not moves")
  func acrossInsertedAndDeletedSections() throws {
    let old = TestSnapshot {
      SnapshotSection("A") { items([1, 2]) }
      SnapshotSection("B") { items([3]) }
    }
    let new = TestSnapshot {
      SnapshotSection("A") { items([3]) }
      SnapshotSection("C") { items([1, 2]) }
    }
    let changes = Changeset(from: old, to: new)
    #expect(changes.itemMoves.isEmpty)
    #expect(changes.itemDeletes == [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
    #expect(changes.itemInserts == [ItemPath(section: 0, item: 0)])
    checkPair(old, new)
  }
}

@Suite("StagedChangeset: batches UIKit accepts")
struct StagedChangesetTests {
  @Test("typical changes take one batch")
  func oneBatch() throws {
    let old = try TestSnapshot(items(Array(0..<20)), in: "A")
    // Inserts, deletes and updates.
    var edited = try TestSnapshot(
      items([0, 1, 30, 3, 4, 5, 31]) + [TestItem(id: 6, content: 1)] + items(Array(8..<20)),
      in: "A")
    #expect(expectStagedRoundTrip(old, edited).count == 1)
    // Moves without updates.
    edited = try TestSnapshot(items([5] + Array(0..<5) + Array(6..<20)), in: "A")
    #expect(expectStagedRoundTrip(old, edited).count == 1)
    // Moves, with reconfigured items that do not move.
    edited = try TestSnapshot(
      items([5] + Array(0..<5)) + [TestItem(id: 6, content: 1)] + items(Array(7..<20)), in: "A")
    #expect(expectStagedRoundTrip(old, edited).count == 1)
  }

  @Test("an item both moved and updated takes two batches: contents first")
  func movedAndUpdated() throws {
    let old = try TestSnapshot(items([1, 2, 3]), in: "A")
    let new = try TestSnapshot([TestItem(id: 3, content: 1)] + items([1, 2]), in: "A")
    let staged = expectStagedRoundTrip(old, new)
    #expect(staged.count == 2)
    #expect(staged[0].changeset.itemUpdates.map(\.from) == [ItemPath(section: 0, item: 2)])
    #expect(staged[0].changeset.itemMoves.isEmpty && staged[0].changeset.itemInserts.isEmpty)
    #expect(
      staged[0].snapshot.items == [TestItem(id: 1), TestItem(id: 2), TestItem(id: 3, content: 1)])
    #expect(staged[1].changeset.itemUpdates.isEmpty)
  }

  @Test("a reload UIKit would misplace goes first; one it places right stays")
  func reloadInference() throws {
    let old = try TestSnapshot(items([1, 2, 3, 4]), in: "A")
    // 4 moves to the front; 2 is reloaded: UIKit, ignoring the move, would put it at 1, not 2.
    var new = try TestSnapshot(items([4, 1, 2, 3]), in: "A")
    try new.reloadItems([2])
    #expect(expectStagedRoundTrip(old, new).count == 2)
    // 1 moves to the end; 4 is reloaded and stays at index 3 either way.
    new = try TestSnapshot(items([2, 3, 4, 1]), in: "A")
    new = try TestSnapshot(items([2, 3, 1, 4]), in: "A")
    try new.reloadItems([4])
    #expect(expectStagedRoundTrip(old, new).count == 1)
  }

  @Test("two sections swap and every row in them is reloaded: one batch, as UIKit accepts it")
  func swappedSectionsReloaded() throws {
    let old = try TestSnapshot(
      sections: [
        SnapshotSection(section("A"), items: items([1])),
        SnapshotSection(section("B"), items: items([2])),
      ])
    var new = try TestSnapshot(
      sections: [
        SnapshotSection(section("B"), items: items([2])),
        SnapshotSection(section("A"), items: items([1])),
      ])
    try new.reloadItems([1, 2])
    // UIKit puts the reload of [0, 0] (1) at [0, 0], where 2 now is, and
    // the reload of [1, 0] at [1, 0]: both positions get a new cell, and
    // each the right one.
    let staged = expectStagedRoundTrip(old, new)
    #expect(staged.count == 1)
    #expect(staged[0].changeset.itemUpdates.count == 2)
    #expect(staged[0].changeset.sectionMoves.count == 1)
  }

  @Test("reloads in moved sections stay in the batch when UIKit's places for them are theirs")
  func reloadsInMovedSections() throws {
    func snapshot(_ sections: [(String, [Int])]) throws -> TestSnapshot {
      try TestSnapshot(
        sections: sections.map { SnapshotSection(section($0.0), items: items($0.1)) })
    }
    let old = try snapshot([("A", [1, 2]), ("B", [3, 4]), ("C", [5])])
    // A cycle of three sections, a row reloaded in each at the same
    // position: UIKit's places are a rotation of the true ones.
    var new = try snapshot([("C", [5]), ("A", [1, 2]), ("B", [3, 4])])
    try new.reloadItems([5, 1, 3])
    // 5 at [0, 0] takes the place UIKit infers for 1 ([0, 0]), 1 at [1, 0]
    // that of 3 ([1, 0]), 3 at [2, 0] that of 5 ([2, 0]): one batch.
    #expect(expectStagedRoundTrip(old, new).count == 1)
    // Only A's and B's first rows: UIKit would put 1's new cell where 5 is,
    // which keeps its cell: two batches.
    new = try snapshot([("C", [5]), ("A", [1, 2]), ("B", [3, 4])])
    try new.reloadItems([1, 3])
    #expect(expectStagedRoundTrip(old, new).count == 2)
    // Sections of different lengths swap, all rows reloaded: the counts
    // UIKit infers per section do not add up, so two batches.
    let uneven = try snapshot([("A", [1, 2]), ("B", [3])])
    new = try snapshot([("B", [3]), ("A", [1, 2])])
    try new.reloadItems([1, 2, 3])
    #expect(expectStagedRoundTrip(uneven, new).count == 2)
    // A moved and reloaded row still goes first; the swapped reloads,
    // whose places match, stay in the structural batch.
    let moving = try snapshot([("A", [1, 2]), ("B", [3, 4])])
    new = try snapshot([("B", [3, 4]), ("A", [2, 1])])
    try new.reloadItems([1, 3])
    let staged = expectStagedRoundTrip(moving, new)
    #expect(staged.count == 2)
  }

  @Test(
    "2,000 random section reorders with reloads inside: one batch exactly when one is valid",
    arguments: 0..<4)
  func reorderedSectionsWithReloads(seed: UInt64) throws {
    var random = SeededRandom(seed: 1400 + seed)
    var oneBatch = 0
    var twoBatches = 0
    for _ in 0..<500 {
      // Sections of 0-3 rows, reordered at random, a row deleted, inserted
      // or moved now and then, and rows reloaded at random: the swaps and
      // cycles of equal places that one batch can take, and the near misses.
      var ids = FreshIDs()
      let models = (0..<random.int(in: 2...5)).map { _ in ids.section() }
      let old = try TestSnapshot(
        sections: models.map { model in
          SnapshotSection(model, items: (0..<random.int(in: 0...3)).map { _ in ids.item() })
        })
      var sections = old.sections.indices.map { index in
        (old.sections[index], Array(old.items(inSectionAt: index)))
      }
      sections.shuffle(using: &random)
      for index in sections.indices {
        if random.chance(0.1), !sections[index].1.isEmpty {
          sections[index].1.remove(at: random.int(in: 0..<sections[index].1.count))
        }
        if random.chance(0.1) {
          sections[index].1.insert(ids.item(), at: random.int(in: 0...sections[index].1.count))
        }
        if random.chance(0.1), sections[index].1.count > 1 {
          sections[index].1.swapAt(0, sections[index].1.count - 1)
        }
      }
      var new = try TestSnapshot(sections: sections.map { SnapshotSection($0.0, items: $0.1) })
      try new.reloadItems(new.items.map(\.id).filter { _ in random.chance(0.5) })
      let staged = expectStagedRoundTrip(old, new, "\(old) → \(new)")
      if staged.count == 1 { oneBatch += 1 } else if staged.count == 2 { twoBatches += 1 }
    }
    #expect(oneBatch > 50 && twoBatches > 50, "\(oneBatch) one-batch, \(twoBatches) two-batch")
  }

  @Test("a move to the same position is sent as a delete and an insert")
  func samePositionMove() throws {
    let old = try TestSnapshot(items([0, 1, 2, 3, 4]), in: "A")
    let new = try TestSnapshot(items([3, 4, 2, 0, 1]), in: "A")
    #expect(
      Changeset(from: old, to: new).itemMoves.contains {
        $0.from == $0.to
      }, "the minimal diff moves 2 from index 2 to index 2")
    let staged = expectStagedRoundTrip(old, new)
    #expect(!staged.flatMap(\.changeset.itemMoves).contains { $0.from == $0.to })
  }
}

/// An id that counts the hashing and comparisons done with it.
final class CallCounter: @unchecked Sendable {
  var hashes = 0
  var equalities = 0
}

struct CountedID: Hashable, Sendable {
  let value: Int
  let counter: CallCounter

  func hash(into hasher: inout Hasher) {
    counter.hashes += 1
    hasher.combine(value)
  }

  static func == (lhs: CountedID, rhs: CountedID) -> Bool {
    lhs.counter.equalities += 1
    return lhs.value == rhs.value
  }
}

struct CountedItem: Diffable {
  let id: CountedID
  var content: Int
  func isContentEqual(to other: CountedItem) -> Bool { content == other.content }
}

@Suite("Diffing: a complexity fence")
struct ComplexityFenceTests {
  /// Old and new lists of `count` items with the benchmark's mix.
  func lists(count: Int, counter: CallCounter) -> ([CountedItem], [CountedItem]) {
    var random = SeededRandom(seed: UInt64(count))
    let old = (0..<count).map {
      CountedItem(id: CountedID(value: $0, counter: counter), content: 0)
    }
    var new = old.filter { _ in !random.chance(0.2) }
    for index in new.indices where random.chance(0.04) { new[index].content = 1 }
    for index in new.indices where random.chance(0.04) {
      let moved = new.remove(at: index)
      new.insert(moved, at: random.int(in: 0...new.count))
    }
    for value in count..<(count + count / 5) {
      new.insert(
        CountedItem(id: CountedID(value: value, counter: counter), content: 0),
        at: random.int(in: 0...new.count))
    }
    return (old, new)
  }

  @Test("hash and == calls grow linearly", arguments: [1000, 10_000, 100_000])
  func linear(count: Int) throws {
    let counter = CallCounter()
    let (old, new) = lists(count: count, counter: counter)
    let total = old.count + new.count

    _ = try ArrayChangeset(from: old, to: new)
    #expect(counter.hashes <= 2 * total, "arrays: \(counter.hashes) hashes for \(total) items")
    #expect(counter.equalities <= 2 * total, "arrays: \(counter.equalities) == for \(total)")

    let oldSnapshot = try Snapshot(old, in: SectionInfo(id: "all"))
    let newSnapshot = try Snapshot(new, in: SectionInfo(id: "all"))
    counter.hashes = 0
    counter.equalities = 0
    _ = Changeset(from: oldSnapshot, to: newSnapshot)
    #expect(counter.hashes == 0, "snapshots store their hashes: the diff hashes nothing")
    #expect(counter.equalities <= 2 * new.count, "snapshots: \(counter.equalities) ==")
    counter.hashes = 0
    counter.equalities = 0
    _ = StagedChangeset(from: oldSnapshot, to: newSnapshot)
    #expect(counter.hashes <= new.count, "staging hashes at most the moved ones")
    #expect(counter.equalities <= 3 * new.count)
  }
}
