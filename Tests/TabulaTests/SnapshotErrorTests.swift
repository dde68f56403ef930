import Testing

@testable import Tabula

@Suite("Snapshot: errors name what is wrong")
struct SnapshotErrorTests {
  @Test("duplicate item ids list every duplicate with all its positions")
  func duplicateItems() {
    let error = #expect(throws: SnapshotError.self) {
      _ = try TestSnapshot(sections: [
        Section(section("A"), items: items([1, 2, 1])),
        Section(section("B"), items: items([3, 2, 1])),
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
        Section(section("A")), Section(section("B")), Section(section("A")),
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

  @Test("the result builder traps with the duplicate message")
  func builderTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestSnapshot {
        Section("A") {
          TestItem(id: 4)
          TestItem(id: 4)
        }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("duplicate item IDs: 4 at [0, 0] and [0, 1]"))
  }

  @Test("the subscript traps with the out-of-range message")
  func subscriptTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let snapshot = try TestSnapshot(items([1, 2]), in: "A")
      _ = snapshot[ItemPath(section: 0, item: 2)]
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "item path [0, 2] is out of range: section 0 has 2 items (valid item indices are 0..<2)"))
  }

  @Test("the section count traps with the out-of-range message")
  func sectionCountTraps() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = TestSnapshot().numberOfItems(inSection: 0)
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("section index 0 is out of range: the snapshot has no sections"))
  }
}
