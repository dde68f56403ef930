import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

// A read cursor (what a controller keeps to read the rows it shows): reads
// through it, in order, at random and outside the snapshot, answer what a
// plain lookup answers, in shared storage edited into patched leaves and
// over several sections, one of them empty.

@Suite("Snapshot: reading through a cursor")
struct ReadCursorTests {
  /// The item at `path` as a controller reads it: the cursor first, then
  /// the snapshot through it.
  func read(_ snapshot: TestSnapshot, _ path: ItemPath, _ cursor: inout _ReadCursor<TestItem>)
    -> TestItem?
  {
    cursor.item(at: path) ?? snapshot._item(at: path, reading: &cursor)
  }

  @Test("reads in order, at random and outside answer as lookups do", arguments: 0..<3)
  func readsAnswerAsLookups(seed: UInt64) throws {
    var random = SeededRandom(seed: seed &+ 100)
    let (snapshot, _, _) = try editedSharedSnapshot(count: 6000, sections: 6, edits: 40, seed: seed)
    #expect(snapshot._store.isShared)
    let paths = snapshot.sectionsWithItems.enumerated().flatMap { section, content in
      content.items.indices.map { ItemPath(section: section, item: $0) }
    }
    var cursor = _ReadCursor<TestItem>()
    for path in paths { #expect(read(snapshot, path, &cursor) == snapshot.item(at: path)) }
    for _ in 0..<2000 {
      let path = paths[random.int(in: 0..<paths.count)]
      #expect(read(snapshot, path, &cursor) == snapshot.item(at: path))
    }
    #expect(read(snapshot, ItemPath(section: snapshot.numberOfSections, item: 0), &cursor) == nil)
    #expect(read(snapshot, ItemPath(section: -1, item: 0), &cursor) == nil)
  }

  @Test("a read just past either end of a section, after a read at that end, is nil")
  func readsPastASection() throws {
    // Sections whose sizes are not multiples of a leaf's, so that leaves
    // hold the end of one section and the start of the next.
    let sizes = [1_001, 0, 2_003, 1_500, 7]
    var next = 0
    var snapshot = try TestSnapshot(
      sections: sizes.enumerated().map { index, size in
        defer { next += size }
        return SnapshotSection(
          section("S\(index)"), items: (next..<(next + size)).map { TestItem(id: $0) })
      })
    // An edit moves the items into shared storage.
    try snapshot.deleteItems([0])
    try snapshot.insertItems([TestItem(id: 0)], beforeItem: 1)
    #expect(snapshot._store.isShared)
    var cursor = _ReadCursor<TestItem>()
    for section in 0..<snapshot.numberOfSections {
      let count = snapshot.numberOfItems(inSectionAt: section)
      if count > 0 {
        let last = ItemPath(section: section, item: count - 1)
        #expect(read(snapshot, last, &cursor) == snapshot.item(at: last))
      }
      #expect(read(snapshot, ItemPath(section: section, item: count), &cursor) == nil)
      if count > 0 {
        let first = ItemPath(section: section, item: 0)
        #expect(read(snapshot, first, &cursor) == snapshot.item(at: first))
      }
      #expect(read(snapshot, ItemPath(section: section, item: -1), &cursor) == nil)
    }
  }
}
