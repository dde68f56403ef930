import TabulaTestSupport
import Testing

@testable import Tabula

@Suite("Snapshot: errors name what is wrong")
struct SnapshotErrorTests {
  @Test("duplicate item ids list every duplicate with all its positions")
  func duplicateItems() {
    let error = #expect(throws: SnapshotError.self) {
      _ = try TestSnapshot(sections: [
        SnapshotSection(section("A"), items: items([1, 2, 1])),
        SnapshotSection(section("B"), items: items([3, 2, 1])),
      ])
    }
    #expect(
      error?.description
        == "duplicate item IDs: 1 at [0, 0], [0, 2] and [1, 2]; 2 at [0, 1] and [1, 1]")
  }

  @Test("duplicate section ids")
  func duplicateSections() {
    let error = #expect(throws: SnapshotError.self) {
      _ = try TestSnapshot(sections: [
        SnapshotSection(section("A")), SnapshotSection(section("B")), SnapshotSection(section("A")),
      ])
    }
    #expect(error?.description == "duplicate section IDs: \"A\" at sections 0 and 2")
  }

  @Test("inserting an item that is already present names both positions")
  func insertingExisting() throws {
    var snapshot = try TestSnapshot(items([1, 2, 3]), in: "A")
    let error = #expect(throws: SnapshotError.self) {
      try snapshot.insertItems(items([9, 3]), beforeItem: 1)
    }
    #expect(error?.description == "duplicate item IDs: 3 at [0, 1] and [0, 4]")
    #expect(snapshot.items.map(\.id) == [1, 2, 3], "the failed edit changed nothing")
  }

  @Test("unknown ids are named")
  func unknownIDs() throws {
    var snapshot = try TestSnapshot(items([1, 2]), in: "A")
    #expect(
      (#expect(throws: SnapshotError.self) { try snapshot.deleteItems([2, 7, 8]) })?.description
        == "unknown item IDs 7, 8: not in the snapshot")
    #expect(
      (#expect(throws: SnapshotError.self) { try snapshot.moveItem(5, afterItem: 1) })?.description
        == "unknown item ID 5: not in the snapshot")
    #expect(
      (#expect(throws: SnapshotError.self) { try snapshot.moveItem(5, afterItem: 6) })?.description
        == "unknown item IDs 5, 6: not in the snapshot")
    #expect(
      (#expect(throws: SnapshotError.self) {
        try snapshot.appendItems(items([3]), toSection: "Q")
      })?.description == "unknown section ID \"Q\": not in the snapshot")
    #expect(
      (#expect(throws: SnapshotError.self) { try snapshot.moveItem(1, beforeItem: 1) })?
        .description == "cannot move item 1 before or after itself")
    #expect(
      (#expect(throws: SnapshotError.self) { try snapshot.moveSection("A", afterSection: "A") })?
        .description == "cannot move section \"A\" before or after itself")
    var empty = TestSnapshot()
    #expect(
      (#expect(throws: SnapshotError.self) { try empty.appendItems(items([1])) })?.description
        == "cannot append items to the last section: the snapshot has no sections")
  }

  @Test("out-of-range messages give the valid range")
  func outOfRange() {
    #expect(
      SnapshotError.itemPathOutOfRange(ItemPath(section: 1, item: 7), sectionCount: 2, itemCount: 3)
        .description
        == "item path [1, 7] is out of range: section 1 has 3 items (valid item indices are 0..<3); "
        + "the snapshot has 2 sections")
    #expect(
      SnapshotError.itemPathOutOfRange(ItemPath(section: 0, item: 0), sectionCount: 1, itemCount: 0)
        .description
        == "item path [0, 0] is out of range: section 0 has 0 items (it is empty); "
        + "the snapshot has 1 section")
    #expect(
      SnapshotError.itemPathOutOfRange(
        ItemPath(section: 4, item: 0), sectionCount: 3, itemCount: nil
      )
      .description
        == "item path [4, 0] is out of range: the snapshot has 3 sections "
        + "(valid section indices are 0..<3)")
    #expect(
      SnapshotError.sectionIndexOutOfRange(0, sectionCount: 0).description
        == "section index 0 is out of range: the snapshot has no sections")
    #expect(
      SnapshotError.sectionIndexOutOfRange(-1, sectionCount: 1).description
        == "section index -1 is out of range: the snapshot has 1 section (valid section index is 0)"
    )
  }

  @Test("the result builder's throwing form throws the message it traps with")
  func builderThrows() throws {
    let error = #expect(throws: SnapshotError.self) {
      _ = try TestSnapshot.make {
        SnapshotSection("A") {
          TestItem(id: 4)
          TestItem(id: 4)
        }
      }
    }
    #expect(error?.description == "duplicate item IDs: 4 at [0, 0] and [0, 1]")
    let built = try TestSnapshot.make {
      SnapshotSection("A") { items([1, 2]) }
      SnapshotSection("B")
    }
    #expect(built.numberOfItems == 2 && built.numberOfSections == 2)
  }

  @Test("a static source of items with duplicate ids throws")
  @MainActor
  func staticSourceThrows() {
    let error = #expect(throws: SnapshotError.self) {
      _ = try StaticSource(items([1, 2, 1]), in: section("A"))
    }
    #expect(error?.description == "duplicate item IDs: 1 at [0, 0] and [0, 2]")
  }

  @Test("section keys given beside items must be as many as the items")
  func mismatchedSectionKeys() {
    let error = #expect(throws: SnapshotError.self) {
      _ = try TestSnapshot(grouping: items([1, 2, 3]), keys: [1, 2]) { section("\($0)") }
    }
    #expect(error == .mismatchedSectionKeys(keys: 2, items: 3))
    #expect(error?.description == "2 section keys for 3 items (each item needs one key)")
  }

  @Test("a placeholder snapshot holds one item and cannot fail")
  func placeholderSnapshots() {
    let list = Feed(placeholder: LoadingPlaceholder(), in: "Feed")
    #expect(list.numberOfItems == 1 && list.sections.map(\.id) == ["Feed"])
    #expect(list.path(of: AnyItem(LoadingPlaceholder()).id) == ItemPath(section: 0, item: 0))
    let shown = Feed.showing(
      nil, in: .noContent, placeholderSection: "Feed", makePlaceholder: { AnyItem($0) })
    #expect(shown.items.first?.base is NoResultsPlaceholder)
  }

  @Test("past 2,147,483,647 items or sections: an error naming the count and the limit")
  func capacityLimit() throws {
    let limit = Int(Int32.max)
    try TestSnapshot._checkCapacity(items: limit, sections: limit)
    let items = #expect(throws: SnapshotError.self) {
      try TestSnapshot._checkCapacity(items: limit + 1, sections: 1)
    }
    #expect(items == .tooManyItems(limit + 1, limit: limit))
    #expect(
      items?.description
        == "a snapshot holds at most 2147483647 items; this one would have 2147483648")
    let sections = #expect(throws: SnapshotError.self) {
      try TestSnapshot._checkCapacity(items: 0, sections: 1 << 32)
    }
    #expect(
      sections?.description
        == "a snapshot holds at most 2147483647 sections; this one would have 4294967296")
    try ArrayChangeset._checkCapacity(limit, 0)
    let diff = #expect(throws: DiffError.self) { try ArrayChangeset._checkCapacity(3, limit + 1) }
    #expect(
      diff?.description == "cannot diff an array of 2147483648 elements: the limit is 2147483647")
  }

  @Test("parts that together pass the limit fail before anything is copied")
  func concatenationLimit() throws {
    // 32,769 copies of one 65,536-item snapshot share its storage: cheap to
    // hold, 2,147,549,184 items together.
    let part = try TestSnapshot(items(Array(0..<65_536)), in: "A")
    #expect(throws: SnapshotError.tooManyItems(2_147_549_184, limit: 2_147_483_647)) {
      _ = try TestSnapshot._concatenating(Array(repeating: part, count: 32_769))
    }
    let empty = try TestSnapshot(sections: (0..<65_536).map { SnapshotSection(section("S\($0)")) })
    #expect(throws: SnapshotError.tooManySections(2_147_549_184, limit: 2_147_483_647)) {
      _ = try TestSnapshot._concatenating(Array(repeating: empty, count: 32_769))
    }
  }

  @Test("a composed source too large to show becomes an error state")
  @MainActor
  func composedLimit() throws {
    let part = try TestSnapshot(items(Array(0..<65_536)), in: "A")
    let children = (0..<32_769).map { _ in StaticSource(part) }
    let screen = ComposedSource(children)
    #expect(
      screen.state
        == .error("a snapshot holds at most 2147483647 items; this one would have 2147549184"))
    #expect(screen.snapshot.numberOfItems == 0, "nothing was shown")
  }

  @Test("the result builder traps with the duplicate message")
  func builderTraps() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = TestSnapshot {
          SnapshotSection("A") {
            TestItem(id: 4)
            TestItem(id: 4)
          }
        }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("duplicate item IDs: 4 at [0, 0] and [0, 1]"))
  }

  @Test("the subscript traps with the out-of-range message")
  func subscriptTraps() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let snapshot = try TestSnapshot(items([1, 2]), in: "A")
        _ = snapshot[ItemPath(section: 0, item: 2)]
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "item path [0, 2] is out of range: section 0 has 2 items (valid item indices are 0..<2)"))
  }

  @Test("the section count traps with the out-of-range message")
  func sectionCountTraps() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = TestSnapshot().numberOfItems(inSectionAt: 0)
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("section index 0 is out of range: the snapshot has no sections"))
  }
}
