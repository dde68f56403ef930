import TabulaTestSupport
import Testing

@testable import Tabula

/// What two versions in shared storage do not share, which the diff asks
/// the item store for (`_ItemStore.differingItems(from:limit:)`): the walk
/// down both trees against the leaves each version holds, and the dropping
/// of the nodes two levels share against the shared nodes themselves.
@Suite("Shared storage: the leaves two versions do not share")
struct TreeDifferenceTests {
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
      snapshot._store.shared = _PersistentItems(
        items: items, hashes: items.map { IDHashing.hash($0.id) }, labelSpacing: 4,
        starts: snapshot._store.shared!.starts.array)
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
      version._store.shared!.tree.forEachLeaf { leaves.append(($0, $1)) }
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
      let old = versions[from]._store.shared!.tree.root
      let new = versions[to]._store.shared!.tree.root
      let oldLeaves = leaves(versions[from])
      let newLeaves = leaves(versions[to])
      let walked = try #require(_TreeDifference._unsharedLeaves(old, new, limit: .max))
      #expect(
        described(walked.old) == expected(oldLeaves, newLeaves), "\(from) to \(to): old side")
      #expect(
        described(walked.new) == expected(newLeaves, oldLeaves), "\(from) to \(to): new side")
      let byLevel = try #require(
        _TreeDifference._unsharedLeavesByLevel(old, 0, new, 0, limit: .max))
      #expect(described(byLevel.old) == described(walked.old), "\(from) to \(to): by level")
      #expect(described(byLevel.new) == described(walked.new), "\(from) to \(to): by level")
    }
    // Past the limit, no leaves: the full diff runs.
    let first = versions[0]._store.shared!.tree.root
    let last = versions.last!._store.shared!.tree.root
    let differing = try #require(_TreeDifference._unsharedLeaves(first, last, limit: .max))
    let total = differing.old.count + differing.new.count
    #expect(_TreeDifference._unsharedLeaves(first, last, limit: total) != nil)
    #expect(_TreeDifference._unsharedLeaves(first, last, limit: total - 1) == nil)
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
      func entries(_ addresses: [UInt]) -> [_TreeDifference._NodeEntry] {
        addresses.enumerated().map { _TreeDifference._NodeEntry(address: $1, start: $0, height: 0) }
      }
      var old = entries(oldAll)
      var new = entries(newAll)
      _TreeDifference._dropShared(&old, &new)
      #expect(old.map(\.address) == oldOwn, "round \(round): old side")
      #expect(new.map(\.address) == newOwn, "round \(round): new side")
      // Each kept entry keeps its start.
      #expect(old.allSatisfy { oldAll[$0.start] == $0.address })
      #expect(new.allSatisfy { newAll[$0.start] == $0.address })
    }
  }
}
