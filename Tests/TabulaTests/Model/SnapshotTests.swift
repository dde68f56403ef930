import TabulaTestSupport
import Testing

@testable import Tabula

@Suite("Snapshot: building and lookups")
struct SnapshotTests {
  @Test("every small sectioned list: lookups agree with nested arrays")
  func exhaustiveLookups() throws {
    let models = everySmallModel(maxItems: 5, maxSections: 3)
    #expect(models.count > 400)
    for model in models {
      let snapshot = try TestSnapshot(sections: model.snapshotSections)
      expectMatches(snapshot, model)
    }
  }

  @Test("random large lists: lookups agree with nested arrays", arguments: 0..<40)
  func randomLookups(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let sectionCount = random.int(in: 0...40)
    var sections = (0..<sectionCount).map { (model: section("S\($0)"), items: [TestItem]()) }
    if sectionCount > 0 {
      var ids = Array(0..<random.int(in: 0...600)).map { $0 * 13 + 5 }
      ids.shuffle(using: &random)
      for id in ids {
        // Skew towards a few sections and leave some empty.
        let target =
          random.chance(0.5)
          ? random.int(in: 0..<min(3, sectionCount))
          : random.int(in: 0..<sectionCount)
        sections[target].items.append(TestItem(id: id, content: random.int(in: 0...3)))
      }
    }
    let model = NaiveModel(sections)
    expectMatches(try TestSnapshot(sections: model.snapshotSections), model)
  }

  @Test("`inSection:` takes a section id, `inSectionAt:` an index, even with Int ids")
  func sectionLabels() throws {
    struct Numbered: Diffable, Hashable { let id: Int }
    // Section ids 10, 20 and 30 sit at indices 0, 1 and 2.
    let snapshot = try Snapshot<Numbered, TestItem>(
      sections: [
        SnapshotSection(Numbered(id: 10), items: [TestItem(id: 1)]),
        SnapshotSection(Numbered(id: 20), items: [TestItem(id: 2), TestItem(id: 3)]),
        SnapshotSection(Numbered(id: 30)),
      ])
    #expect(snapshot.numberOfItems(inSection: 20) == 2)
    #expect(snapshot.numberOfItems(inSectionAt: 1) == 2)
    #expect(snapshot.numberOfItems(inSection: 1) == nil, "1 is not a section id")
    #expect(snapshot.items(inSection: 10).map(Array.init) == [TestItem(id: 1)])
    #expect(snapshot.items(inSectionAt: 0) == [TestItem(id: 1)])
    #expect(snapshot.items(inSection: 0) == nil)
    #expect(snapshot.numberOfItems(inSection: 30) == 0)
  }

  @Test("empty snapshot")
  func empty() throws {
    let snapshot = TestSnapshot()
    expectMatches(snapshot, NaiveModel([]))
    #expect(try snapshot == TestSnapshot(sections: []))
  }

  @Test("empty sections are kept")
  func emptySections() throws {
    let snapshot = try TestSnapshot(sections: [
      SnapshotSection(section("A")), SnapshotSection(section("B"), items: items([1])),
      SnapshotSection(section("C")),
    ])
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.numberOfItems(inSectionAt: 0) == 0)
    #expect(snapshot.numberOfItems(inSectionAt: 2) == 0)
    #expect(snapshot.path(of: 1) == ItemPath(section: 1, item: 0))
  }

  @Test("one section from an array")
  func oneSection() throws {
    let snapshot = try TestSnapshot(items([4, 2, 9]), in: "All")
    #expect(snapshot.sections == ["All"])
    #expect(snapshot.items.map(\.id) == [4, 2, 9])
    #expect(snapshot.path(of: 9) == ItemPath(section: 0, item: 2))
  }

  @Test("the result builder")
  func resultBuilder() {
    let showArchive = true
    let snapshot = TestSnapshot {
      SnapshotSection("Inbox") {
        TestItem(id: 1)
        TestItem(id: 2)
      }
      SnapshotSection("Drafts")
      if showArchive {
        SnapshotSection("Archive", footer: "Old mail") {
          for id in 10..<13 { TestItem(id: id) }
          items([20, 21])
        }
      }
    }
    #expect(snapshot.sections.map(\.id) == ["Inbox", "Drafts", "Archive"])
    #expect(snapshot.sections[2].footer == "Old mail")
    #expect(snapshot.sections[0].title == "Inbox")
    #expect(snapshot.items(inSectionAt: 2).map(\.id) == [10, 11, 12, 20, 21])
    #expect(snapshot.numberOfItems(inSectionAt: 1) == 0)
  }

  @Test("identity and content are separate notions")
  func identityAndContent() {
    let before = TestItem(id: 1, content: 0)
    let after = TestItem(id: 1, content: 5)
    #expect(before.id == after.id)
    #expect(!before.isContentEqual(to: after))
    #expect(before.isContentEqual(to: TestItem(id: 1, content: 0)))
  }

  @Test("copies are independent (copy-on-write)")
  func copyOnWrite() throws {
    let original = try TestSnapshot(items([1, 2, 3]), in: "A")
    var copy = original
    try copy.deleteItems([2])
    #expect(original.items.map(\.id) == [1, 2, 3])
    #expect(copy.items.map(\.id) == [1, 3])
    #expect(original.path(of: 3) == ItemPath(section: 0, item: 2))
    #expect(copy.path(of: 3) == ItemPath(section: 0, item: 1))
  }

  @Test("snapshots cross tasks (Sendable)")
  func sendable() async throws {
    let snapshot = try await Task.detached {
      try TestSnapshot(grouping: items(Array(0..<100)), by: { $0.id % 10 }) { section("\($0)") }
    }.value
    #expect(snapshot.numberOfSections == 10)
    #expect(snapshot.path(of: 57) == ItemPath(section: 7, item: 5))
  }

  /// Building an empty item array with `Array(unsafeUninitializedCapacity: 0)`
  /// writes to the standard library's shared empty-array storage, which
  /// ThreadSanitizer reports as a race when tasks do it at once. Its check is
  /// `swift test --sanitize=thread --filter concurrentEmptySnapshots`.
  @Test("empty snapshots built on several threads at once")
  func concurrentEmptySnapshots() async throws {
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var built = 0
          for round in 0..<200 {
            let empty = try TestSnapshot(sections: [SnapshotSection(section("S\(task)-\(round)"))])
            let grouped = try TestSnapshot(grouping: [TestItem](), by: \.id) { section("\($0)") }
            built += empty.numberOfItems + grouped.numberOfItems + 1
          }
          return built
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(counts == Array(repeating: 200, count: 8))
  }
}

@Suite("Snapshot: grouping")
struct SnapshotGroupingTests {
  /// The naive grouping: sections in first-appearance order, or sorted.
  func naiveGrouping(_ values: [TestItem], keys: [Int], sortedBy order: ((Int, Int) -> Bool)?)
    -> NaiveModel
  {
    var keyOrder: [Int] = []
    for key in keys where !keyOrder.contains(key) { keyOrder.append(key) }
    if let order { keyOrder = stableSorted(keyOrder, by: order) }
    return NaiveModel(
      keyOrder.map { key in
        (section("K\(key)"), zip(values, keys).filter { $0.1 == key }.map(\.0))
      })
  }

  @Test("every grouping of every small array, in every section order")
  func exhaustiveGrouping() throws {
    for count in 0...6 {
      try forEveryTuple(count: count, base: 3) { keys in
        let values = keys.indices.map { TestItem(id: 100 - $0) }
        let orders: [(SectionOrder<Int>, ((Int, Int) -> Bool)?)] = [
          (.firstAppearance, nil), (.ascending, (<)), (.descending, (>)),
          // A comparator with ties: only parity matters, ties keep first appearance.
          (.sorted(by: { $0 % 2 < $1 % 2 }), { $0 % 2 < $1 % 2 }),
        ]
        for (order, naive) in orders {
          let keyOf = Dictionary(uniqueKeysWithValues: zip(values.map(\.id), keys))
          let snapshot = try TestSnapshot(
            grouping: values, by: { keyOf[$0.id]! }, sectionOrder: order
          ) { section("K\($0)") }
          expectMatches(snapshot, naiveGrouping(values, keys: keys, sortedBy: naive))
        }
      }
    }
  }

  struct Contact: Diffable, Hashable {
    let id: Int
    let name: String
    var initial: String { String(name.prefix(1)) }
  }

  @Test("by key path, into SectionInfo sections")
  func keyPath() throws {
    let contacts = [
      Contact(id: 1, name: "Grace"), Contact(id: 2, name: "Ada"), Contact(id: 3, name: "Alan"),
      Contact(id: 4, name: "Guido"), Contact(id: 5, name: "Barbara"),
    ]
    let snapshot = try Snapshot(grouping: contacts, by: \.initial, sectionOrder: .ascending)
    #expect(snapshot.sections.map(\.id) == ["A", "B", "G"])
    #expect(snapshot.sections.map(\.title) == ["A", "B", "G"])
    #expect(snapshot.items(inSectionAt: 0).map(\.name) == ["Ada", "Alan"])
    #expect(snapshot.items(inSectionAt: 2).map(\.name) == ["Grace", "Guido"])
    let byAppearance = try Snapshot(grouping: contacts, by: \.initial)
    #expect(byAppearance.sections.map(\.id) == ["G", "A", "B"])
  }

  @Test("duplicates are reported at their grouped positions")
  func duplicates() {
    #expect(
      throws: SnapshotError.duplicateItemIDs([
        .init(
          id: "7",
          positions: [
            ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 1),
          ])
      ])
    ) {
      let values = [
        TestItem(id: 7, content: 0), TestItem(id: 1, content: 1), TestItem(id: 7, content: 1),
      ]
      _ = try TestSnapshot(grouping: values, by: \.content, sectionOrder: .ascending) {
        section("\($0)")
      }
    }
  }

  @Test("two keys whose sections share an id")
  func sectionIDCollision() {
    #expect(throws: SnapshotError.duplicateSectionIDs([.init(id: "\"same\"", positions: [0, 1])])) {
      _ = try TestSnapshot(grouping: items([1, 2]), by: \.id) { _ in section("same") }
    }
  }
}
