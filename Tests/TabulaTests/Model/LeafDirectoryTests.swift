import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

// A version in shared storage builds its leaf directory once it has been
// read at random often enough; lookups through it answer what the naive
// model answers (ids found through the base with offset hints, through the
// overlay, in patched leaves; paths in empty and straddled sections), an
// edit starts a version without one, and readers on several threads at
// once build one.

/// Whether `snapshot`'s version has built its directory.
func hasDirectory(_ snapshot: TestSnapshot) -> Bool {
  snapshot._store.shared?.withDirectory { _ in true } ?? false
}

/// The path of each of `model`'s ids.
func expectedPaths(_ model: NaiveModel) -> [Int: ItemPath] {
  var paths: [Int: ItemPath] = [:]
  for (section, content) in model.sections.enumerated() {
    for (item, value) in content.items.enumerated() {
      paths[value.id] = ItemPath(section: section, item: item)
    }
  }
  return paths
}

/// Checks every lookup of `snapshot` against `model`: each id's path, each
/// path's item, ids it does not hold, paths outside it, section counts.
func expectLookups(
  _ snapshot: TestSnapshot, _ model: NaiveModel, absent: [Int],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  for (id, path) in expectedPaths(model) {
    #expect(snapshot.path(of: id) == path, "id \(id)", sourceLocation: sourceLocation)
  }
  for id in absent {
    #expect(snapshot.path(of: id) == nil, "absent id \(id)", sourceLocation: sourceLocation)
  }
  for (section, content) in model.sections.enumerated() {
    #expect(
      snapshot.numberOfItems(inSectionAt: section) == content.items.count,
      sourceLocation: sourceLocation)
    for (item, value) in content.items.enumerated() {
      #expect(
        snapshot.item(at: ItemPath(section: section, item: item)) == value,
        sourceLocation: sourceLocation)
    }
    let past = ItemPath(section: section, item: content.items.count)
    #expect(snapshot.item(at: past) == nil, sourceLocation: sourceLocation)
    #expect(
      snapshot.item(at: ItemPath(section: section, item: -1)) == nil,
      sourceLocation: sourceLocation)
  }
  #expect(
    snapshot.item(at: ItemPath(section: model.sections.count, item: 0)) == nil,
    sourceLocation: sourceLocation)
  #expect(snapshot.item(at: ItemPath(section: -1, item: 0)) == nil, sourceLocation: sourceLocation)
}

@Suite("Snapshot: the leaf directory of a version read at random")
struct LeafDirectoryTests {
  @Test("lookups before and through the directory answer as the model", arguments: 0..<3)
  func lookupsAnswerAsTheModel(seed: UInt64) throws {
    // Patched leaves, ids in the overlay, removed ids the index keeps.
    let (snapshot, model, nextID) = try editedSharedSnapshot(
      count: 6000, sections: 6, edits: 40, seed: seed)
    #expect(snapshot._store.isShared)
    let absent = [-1, 99_999, nextID, nextID + 1]
    // A few reads do not build it (the first read after an edit walks).
    for id in absent { _ = snapshot.path(of: id) }
    #expect(!hasDirectory(snapshot))
    expectLookups(snapshot, model, absent: absent)
    #expect(hasDirectory(snapshot))
    snapshot._verifyInvariants()
    expectLookups(snapshot, model, absent: absent)
  }

  @Test("positions in runs that several small leaves start in are read right")
  func smallLeaves() async throws {
    var (snapshot, model) = try sharedSnapshot(count: 20_000, sections: 3)
    // Deletes leave leaves half empty (they are not merged): keep one item
    // in 11 of the first section, so its leaves hold two or three items and
    // a run of positions the directory's buckets cover can hold several
    // leaves' starts; the rest of the list keeps full leaves.
    let doomed = model.sections[0].items.enumerated().filter { $0.offset % 11 != 0 }.map {
      $0.element.id
    }
    // A few at a time: one large delete would move the items to flat
    // storage.
    for start in stride(from: 0, to: doomed.count, by: 40) {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      try snapshot.deleteItems(Array(doomed[start..<min(start + 40, doomed.count)]))
    }
    model = try model.deleting(doomed).get()
    #expect(snapshot._store.isShared)
    expectLookups(snapshot, model, absent: doomed.prefix(20).map { $0 })
    #expect(hasDirectory(snapshot))
    let marks = snapshot._store.shared?.withDirectory { directory in
      Set(directory.runs.map { $0.bucket & 31 })
    }
    #expect(marks?.contains(_LeafDirectory<TestItem>.boundaries) == true)
    #expect(marks?.contains(_LeafDirectory<TestItem>.noBoundary) == true)
    #expect(marks?.contains { $0 < _LeafDirectory<TestItem>.noBoundary } == true)
    // Runs read where they say their items lie, across one leaf boundary
    // too; runs with several leaves' starts go through the entries.
    let kinds = snapshot._store.shared?.withDirectory { directory in
      Set(
        directory.runs.map { run -> String in
          guard run.first != 0 else { return "listed" }
          return run.bucket & 31 == _LeafDirectory<TestItem>.noBoundary ? "one leaf" : "two leaves"
        })
    }
    #expect(kinds == ["listed", "one leaf", "two leaves"])
    snapshot._verifyInvariants()
  }

  @Test("ids placed since the id base was rebuilt are found through the directory")
  func afterARebuiltBase() async throws {
    var (snapshot, model) = try sharedSnapshot(count: 5000, sections: 3)
    // More inserts than a quarter of the items plus 1,024: the base is
    // rebuilt from the tree (offset hints of its leaves, not of a build).
    for id in 10_000..<12_600 {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      let item = TestItem(id: id)
      let anchor = (id * 7) % 5000
      model = try model.inserting([item], relativeTo: anchor, after: true).get()
      try snapshot.insertItems([item], afterItem: anchor)
    }
    #expect(snapshot._store.shared?.ids.baseCount ?? 0 > 5000)
    // And some placed since, in its overlay.
    for id in 10_000..<10_010 {
      model = try model.inserting([TestItem(id: id + 5000)], relativeTo: id, after: true).get()
      try snapshot.insertItems([TestItem(id: id + 5000)], afterItem: id)
    }
    expectLookups(snapshot, model, absent: [-5])
    #expect(hasDirectory(snapshot))
    snapshot._verifyInvariants()
  }

  @Test("an edit starts a version without a directory; the one before keeps its own")
  func anEditStartsAfresh() throws {
    var (snapshot, model) = try sharedSnapshot(count: 6000, sections: 4)
    expectLookups(snapshot, model, absent: [])
    #expect(hasDirectory(snapshot))
    let before = snapshot
    let modelBefore = model
    // Edited while another value holds the version: a new slot.
    let moved = model.allItems[10].id
    let anchor = model.allItems[4000].id
    model = try model.moving(moved, relativeTo: anchor, after: true).get()
    try snapshot.moveItem(moved, afterItem: anchor)
    #expect(!hasDirectory(snapshot))
    #expect(hasDirectory(before))
    expectLookups(snapshot, model, absent: [])
    expectLookups(before, modelBefore, absent: [])
    // Edited while it alone holds the version: the slot is reset in place.
    #expect(hasDirectory(snapshot))
    let doomed = model.allItems[1234].id
    model = try model.deleting([doomed]).get()
    try snapshot.deleteItems([doomed])
    #expect(!hasDirectory(snapshot))
    expectLookups(snapshot, model, absent: [doomed])
    snapshot._verifyInvariants()
  }

  @Test("readers on several threads at once build one directory and read right")
  func concurrentReaders() async throws {
    let (version, model, _) = try editedSharedSnapshot(
      count: 8000, sections: 5, edits: 20, seed: 9)
    let expected = expectedPaths(model)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for reader in 0..<4 {
        group.addTask {
          // Each reader starts elsewhere, so that they cross the threshold
          // together reading different ids.
          let ids = Array(expected.keys)
          var wrong = 0
          for offset in ids.indices {
            let id = ids[(offset + reader * ids.count / 4) % ids.count]
            let path = expected[id]!
            if version.path(of: id) != path || version.item(at: path)?.id != id { wrong += 1 }
          }
          return wrong
        }
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    #expect(hasDirectory(version))
    version._verifyInvariants()
  }

  @Test("a cursor reads through the directory as through the trees")
  func cursorThroughTheDirectory() throws {
    let (snapshot, model, _) = try editedSharedSnapshot(
      count: 6000, sections: 6, edits: 30, seed: 4)
    expectLookups(snapshot, model, absent: [])
    #expect(hasDirectory(snapshot))
    var cursor = _ReadCursor<TestItem>()
    for (section, content) in model.sections.enumerated() {
      for (item, value) in content.items.enumerated() {
        let path = ItemPath(section: section, item: item)
        #expect((cursor.item(at: path) ?? snapshot._item(at: path, reading: &cursor)) == value)
      }
    }
    var fresh = _ReadCursor<TestItem>()
    let paths = expectedPaths(model)
    for (id, path) in paths.prefix(500) {
      #expect(snapshot._item(at: path, reading: &fresh)?.id == id)
    }
  }
}
