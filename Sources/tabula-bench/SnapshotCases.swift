import Tabula

/// An item of the benchmarks: an Int id, a group and some content.
struct BenchItem: Diffable, Equatable {
  let id: Int
  var group: Int
  var content: Int
}

let snapshotCases = [
  BenchCase(
    name: "snapshot.build",
    summary: "1,000,000 items into 1,000 sections by closure vs a [ID: Int] dictionary",
    run: snapshotBuild),
  BenchCase(
    name: "snapshot.lookup",
    summary: "path-of-id + item-at-path for random ids, at n = 1,000 and 1,000,000",
    run: snapshotLookup),
]

/// Items with ids `0..<count` in random order, each in one of `groups` groups.
func shuffledItems(count: Int, groups: Int, seed: UInt64) -> [BenchItem] {
  var random = BenchRandom(seed: seed)
  var ids = Array(0..<count)
  ids.shuffle(using: &random)
  return ids.map { BenchItem(id: $0, group: $0 % groups, content: 0) }
}

func snapshotBuild(runs: Int) -> [BenchResult] {
  let count = 1_000_000
  let items = shuffledItems(count: count, groups: 1000, seed: 1)
  let build = measure(runs: runs) {
    try! Snapshot(grouping: items, by: { $0.group }) { SectionInfo(id: "\($0)", title: "\($0)") }
  }
  let dictionary = measure(runs: runs) {
    var index: [Int: Int] = [:]
    index.reserveCapacity(count)
    for (position, item) in items.enumerated() { index[item.id] = position }
    return index
  }
  return [
    BenchResult(
      name: "snapshot.build", n: count, milliseconds: build, baseline: "dictionary",
      baselineMilliseconds: dictionary)
  ]
}

func snapshotLookup(runs: Int) -> [BenchResult] {
  let lookups = 1_000_000
  var results: [BenchResult] = []
  var smallNanoseconds = 0.0
  var smallFloor = 0.0
  for count in [1000, 1_000_000] {
    let items = shuffledItems(count: count, groups: max(1, count / 1000), seed: 2)
    let snapshot = try! Snapshot(
      grouping: items, by: { $0.group }, section: { SectionInfo(id: "\($0)") })
    // Independent random inputs for the two kinds of lookup.
    var random = BenchRandom(seed: 3)
    let ids = (0..<lookups).map { _ in Int.random(in: 0..<count, using: &random) }
    let paths = (0..<lookups).map { _ in
      snapshot.path(of: Int.random(in: 0..<count, using: &random))!
    }
    let pathOfID = measure(runs: runs) {
      var checksum = 0
      for id in ids { checksum &+= snapshot.path(of: id)!.item }
      return checksum
    }
    let itemAtPath = measure(runs: runs) {
      var checksum = 0
      for path in paths { checksum &+= snapshot[path].id }
      return checksum
    }
    // The hand-rolled alternative: a dictionary from id to path, and nested arrays.
    var pathByID: [Int: ItemPath] = [:]
    pathByID.reserveCapacity(count)
    for id in 0..<count { pathByID[id] = snapshot.path(of: id)! }
    let nested = snapshot.sectionsWithItems.map(\.items)
    let dictionary = measure(runs: runs) {
      var checksum = 0
      for id in ids { checksum &+= pathByID[id]!.item }
      for path in paths { checksum &+= nested[path.section][path.item].id }
      return checksum
    }
    // The memory floor: one read of a random element of the same items array.
    let flatIndices = paths.map { snapshot.flatIndex(of: $0)! }
    let flatItems = snapshot.items
    let floor = measure(runs: runs) {
      var checksum = 0
      for index in flatIndices { checksum &+= flatItems[index].id }
      return checksum
    }
    let total = pathOfID + itemAtPath
    let nanoseconds = total * 1e6 / Double(2 * lookups)
    let floorNanoseconds = floor * 1e6 / Double(lookups)
    var result = BenchResult(
      name: "snapshot.lookup", n: count, milliseconds: total, baseline: "dictionary+arrays",
      baselineMilliseconds: dictionary,
      extra: [
        ("ns_per_lookup", nanoseconds),
        ("ns_path_of_id", pathOfID * 1e6 / Double(lookups)),
        ("ns_item_at_path", itemAtPath * 1e6 / Double(lookups)),
        ("ns_random_read", floorNanoseconds),
      ])
    if count == 1000 {
      smallNanoseconds = nanoseconds
      smallFloor = floorNanoseconds
    } else {
      // The same lookups in shared storage (what an edited snapshot of
      // 4,096 items or more uses): O(log n) through the tree and id index.
      var shared = snapshot.withSharedStorage()
      // Some ids placed since the index's base was built, as after edits.
      for id in ids.prefix(1000) {
        let item = shared.item(withID: id)!
        try! shared.deleteItems([id])
        try! shared.insertItems([item], beforeItem: (id + 1) % count)
      }
      // Read as a constant, as the flat snapshot is (a captured variable
      // is copied, with a retain of each of its buffers, for every call).
      let edited = shared
      let sharedPathOfID = measure(runs: runs) {
        var checksum = 0
        for id in ids { checksum &+= edited.path(of: id)!.item }
        return checksum
      }
      let sharedPaths = paths.map { _ in edited.path(of: Int.random(in: 0..<count, using: &random))!
      }
      let sharedItemAtPath = measure(runs: runs) {
        var checksum = 0
        for path in sharedPaths { checksum &+= edited[path].id }
        return checksum
      }
      // The first lookups of a new version: they walk the trees until the
      // version has been read often enough, then build its directory,
      // through which the rest read.
      let firstLookups = 20_000
      let firstIDs = Array(ids.prefix(firstLookups))
      let first = measure(runs: runs) {
        var version = edited
        let moved = firstIDs[0]
        let item = version.item(withID: moved)!
        try! version.deleteItems([moved])
        try! version.insertItems([item], beforeItem: (moved + 1) % count)
        var checksum = 0
        for id in firstIDs { checksum &+= version.path(of: id)!.item }
        return checksum
      }
      result.extra.append(("shared_ns_first_lookups", first * 1e6 / Double(firstLookups)))
      result.extra.append(("shared_ns_path_of_id", sharedPathOfID * 1e6 / Double(lookups)))
      result.extra.append(("shared_ns_item_at_path", sharedItemAtPath * 1e6 / Double(lookups)))
      let growth = nanoseconds / smallNanoseconds
      let memoryGrowth = floorNanoseconds / smallFloor
      result.extra.append(("growth", growth))
      result.extra.append(("random_read_growth", memoryGrowth))
      result.extra.append(("growth_over_memory", growth / memoryGrowth))
    }
    results.append(result)
  }
  return results
}

/// Reproducible inputs.
typealias BenchRandom = SeededRandom
