import TabulaTestSupport
import Testing

@testable import Tabula

/// A failed edit changes nothing: every throwing edit of a snapshot, given
/// bad input, throws and leaves the snapshot identical (`isIdentical(to:)`)
/// to what it was, in flat storage, at the size where the next edit would
/// move the items to shared storage, in shared storage, and in shared
/// storage with an edit large enough to move them back to flat arrays.
@Suite("A failed edit changes nothing, in either storage")
struct FailedEditTests {
  /// Sections A (items 0..<half) and B (half..<count).
  static func snapshot(_ count: Int) throws -> TestSnapshot {
    let half = count / 2
    return try TestSnapshot(sections: [
      SnapshotSection(section("A"), items: items(Array(0..<half))),
      SnapshotSection(section("B"), items: items(Array(half..<count))),
    ])
  }

  /// The snapshots an edit can start from: small and flat; 4,096 items,
  /// flat (the next edit converts them); 4,096 in shared storage.
  static func starts() throws -> [(String, TestSnapshot)] {
    [
      ("flat, 100 items", try snapshot(100)),
      ("flat, 4,096 items", try snapshot(4096)),
      ("shared, 4,096 items", try snapshot(4096).withSharedStorage()),
    ]
  }

  /// Edits that throw, each named; `many` ids the start already has make
  /// edits large enough to go back to flat storage.
  static var failing: [(String, @Sendable (inout TestSnapshot) throws -> Void)] {
    let many = items(Array(0..<100))
    return [
      ("append an id it has", { try $0.appendItems(items([1])) }),
      ("append 100 ids it has", { try $0.appendItems(many) }),
      ("append a repeated new id", { try $0.appendItems(items([-1, -1])) }),
      (
        "insert an id it has at a path",
        { try $0.insertItems(items([1]), at: ItemPath(section: 0, item: 0)) }
      ),
      (
        "insert 100 ids it has at a path",
        { try $0.insertItems(many, at: ItemPath(section: 1, item: 0)) }
      ),
      (
        "insert out of range",
        { try $0.insertItems(items([-1]), at: ItemPath(section: 0, item: 1 << 20)) }
      ),
      ("insert before an unknown id", { try $0.insertItems(items([-1]), beforeItem: -7) }),
      ("insert an id it has after another", { try $0.insertItems(items([2]), afterItem: 1) }),
      ("delete an unknown id", { try $0.deleteItems([0, -7]) }),
      (
        "delete out of range",
        { try $0.deleteItems(at: [ItemPath(section: 0, item: 0), ItemPath(section: 5, item: 0)]) }
      ),
      ("move an unknown id", { try $0.moveItem(-7, beforeItem: 1) }),
      ("move before itself", { try $0.moveItem(1, beforeItem: 1) }),
      (
        "move out of range",
        { try $0.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 9, item: 0)) }
      ),
      (
        "update an unknown id",
        { try $0.updateItems([TestItem(id: 1, content: 1), TestItem(id: -7)]) }
      ),
      ("reload an unknown id", { try $0.reloadItems([1, -7]) }),
      ("reconfigure an unknown id", { try $0.reconfigureItems([1, -7]) }),
      (
        "replace a range with an id it has elsewhere",
        {
          try $0.replaceItems(inSectionAt: 0, subrange: 0..<1, with: items([-1, 60]))
        }
      ),
      (
        "replace a range with 100 ids it has",
        {
          try $0.replaceItems(inSectionAt: 1, subrange: 0..<1, with: many)
        }
      ),
      (
        "replace a section's items with a repeated id",
        {
          try $0.replaceItems(inSection: "A", with: items([-1, -1]))
        }
      ),
      (
        "insert a section with an id it has",
        {
          try $0.insertSection(section("C"), items: items([3]), at: 1)
        }
      ),
      ("append a section it has", { try $0.appendSections([section("A")]) }),
      ("delete an unknown section", { try $0.deleteSections(["A", "Z"]) }),
      ("delete a section out of range", { try $0.deleteSection(at: 7) }),
      ("move a section onto itself", { try $0.moveSection(from: 0, to: 0) }),
      ("update an unknown section", { try $0.updateSections([section("Z")]) }),
    ]
  }

  @Test("each failing edit throws, and the snapshot stays identical to what it was")
  func failedEditsChangeNothing() throws {
    var changed: [String] = []
    var accepted: [String] = []
    for (start, original) in try Self.starts() {
      for (name, edit) in Self.failing {
        var copy = original
        do {
          try edit(&copy)
          accepted.append("\(name), \(start)")
        } catch {}
        if !copy.isIdentical(to: original) || copy.usesSharedStorage != original.usesSharedStorage
          || copy != original
        {
          changed.append("\(name), \(start)")
        }
      }
    }
    #expect(accepted == [], "edits that should have thrown")
    #expect(changed == [], "failed edits that changed the snapshot")
  }
}

/// The persistent storage's packed fields refuse a value they cannot hold:
/// a release build traps rather than wrapping a count and corrupting the
/// tree.
@Suite("Storage traps rather than corrupts")
struct StorageTrapTests {
  @Test("a node's item count beyond its 32 bits traps")
  func countOverflowTraps() async {
    await #expect(processExitsWith: .failure) {
      let leaf = _ItemChunk(label: 1, items: items([1]), hashes: [1])
      leaf.count = 1 << 40
      #expect(leaf.count == 1 << 40)
    }
  }

  @Test("a node's height beyond its 8 bits traps")
  func heightOverflowTraps() async {
    await #expect(processExitsWith: .failure) {
      let leaf = _ItemChunk(label: 1, items: items([1]), hashes: [1])
      leaf.height = 300
      #expect(leaf.height == 300)
    }
  }
}
