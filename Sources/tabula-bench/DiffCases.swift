import Tabula

let diffCases = [
  BenchCase(
    name: "diff.flat",
    summary: "Int ids, 20% deleted, 20% inserted, 4% moved, 4% updated; vs floor and stdlib",
    run: diffFlat),
  BenchCase(
    name: "diff.sectioned",
    summary: "100 × 1,000; per section 20% deleted/inserted, 4% updated, 4% moved across",
    run: diffSectioned),
  BenchCase(
    name: "diff.shuffle",
    summary: "a random permutation of 100,000: moves emitted vs n − LIS",
    run: diffShuffle),
]

/// DifferenceKit's benchmark mix, scaled: from `count` items delete 20%,
/// insert 20% new, move 4% and update 4%.
func flatMix(count: Int, seed: UInt64) -> (old: [BenchItem], new: [BenchItem]) {
  var random = BenchRandom(seed: seed)
  let old = (0..<count).map { BenchItem(id: $0, group: 0, content: 0) }
  // Order the new list by sort keys: survivors keep their index, moved and
  // inserted items get random keys.
  var keyed: [(key: Double, item: BenchItem)] = []
  keyed.reserveCapacity(count + count / 5)
  for item in old where Double.random(in: 0..<1, using: &random) >= 0.2 {
    var item = item
    if Double.random(in: 0..<1, using: &random) < 0.04 { item.content = 1 }
    let moved = Double.random(in: 0..<1, using: &random) < 0.04
    keyed.append(
      (moved ? Double.random(in: 0..<Double(count), using: &random) : Double(item.id), item))
  }
  for id in count..<(count + count / 5) {
    keyed.append(
      (
        Double.random(in: 0..<Double(count), using: &random),
        BenchItem(id: id, group: 0, content: 0)
      ))
  }
  keyed.sort { $0.key < $1.key }
  return (old, keyed.map(\.item))
}

/// The floor: a dictionary of the old ids, probed with every new id.
func dictionaryFloor(old: [Int], new: [Int]) -> Int {
  var index: [Int: Int] = [:]
  index.reserveCapacity(old.count)
  for (position, id) in old.enumerated() { index[id] = position }
  var found = 0
  for id in new where index[id] != nil { found += 1 }
  return found
}

/// The length of a longest increasing subsequence, computed apart from
/// Tabula's own: patience sorting on values, length only.
func independentLISLength(_ values: [Int]) -> Int {
  var piles: [Int] = []
  for value in values {
    var low = 0
    var high = piles.count
    while low < high {
      let middle = (low + high) / 2
      if piles[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == piles.count { piles.append(value) } else { piles[low] = value }
  }
  return piles.count
}

func diffFlat(runs: Int) -> [BenchResult] {
  var results: [BenchResult] = []
  for count in [10_000, 100_000, 1_000_000] {
    let (old, new) = flatMix(count: count, seed: UInt64(count))
    let tabula = measure(runs: runs) { try! ArrayChangeset(from: old, to: new) }
    let changes = try! ArrayChangeset(from: old, to: new)
    let oldIDs = old.map(\.id)
    let newIDs = new.map(\.id)
    let floor = measure(runs: runs) { dictionaryFloor(old: oldIDs, new: newIDs) }
    // The same pair as one-section snapshots: the changeset a list
    // controller computes, and the batches it stages from it.
    let section = SectionInfo(id: "s")
    let oldSnapshot = try! Snapshot(old, in: section)
    let newSnapshot = try! Snapshot(new, in: section)
    // In alternation: their ratio is the figure, and the machine's load
    // then hits both alike.
    let (changeset, staged) = measurePair(
      runs: runs, { Changeset(from: oldSnapshot, to: newSnapshot) },
      { StagedChangeset(from: oldSnapshot, to: newSnapshot) })
    let extra: [(key: String, value: Double)] = [
      ("moves", Double(changes.moves.count)), ("deletes", Double(changes.deletes.count)),
      ("inserts", Double(changes.inserts.count)), ("updates", Double(changes.updates.count)),
      ("changeset_ms", changeset), ("staged_ms", staged), ("staged_ratio", staged / changeset),
    ]
    results.append(
      BenchResult(
        name: "diff.flat", n: count, milliseconds: tabula, baseline: "floor",
        baselineMilliseconds: floor, extra: extra))
    if count <= 100_000 {
      // Swift's Myers diff is quadratic in the edit distance: about 12 s at
      // 100,000 here, so one run only, and none at 1,000,000.
      let stdlib = measure(runs: count >= 100_000 ? 1 : runs) {
        newIDs.difference(from: oldIDs).inferringMoves()
      }
      results.append(
        BenchResult(
          name: "diff.flat", n: count, milliseconds: tabula, baseline: "stdlib",
          baselineMilliseconds: stdlib, extra: extra))
    }
  }
  return results
}

func diffSectioned(runs: Int) -> [BenchResult] {
  var random = BenchRandom(seed: 11)
  let sectionCount = 100
  let perSection = 1000
  var sections = (0..<sectionCount).map { section in
    (0..<perSection).map { BenchItem(id: section * perSection + $0, group: section, content: 0) }
  }
  let old = try! Snapshot(
    sections: sections.indices.map {
      SnapshotSection(SectionInfo(id: "\($0)"), items: sections[$0])
    })
  var nextID = sectionCount * perSection
  var movers: [[BenchItem]] = Array(repeating: [], count: sectionCount)
  for section in 0..<sectionCount {
    var kept: [BenchItem] = []
    for var item in sections[section] {
      let roll = Double.random(in: 0..<1, using: &random)
      if roll < 0.2 { continue }  // deleted
      if roll < 0.24 {  // moved to another section
        var target = Int.random(in: 0..<(sectionCount - 1), using: &random)
        if target >= section { target += 1 }
        movers[target].append(item)
        continue
      }
      if Double.random(in: 0..<1, using: &random) < 0.04 { item.content = 1 }
      kept.append(item)
    }
    for _ in 0..<(perSection / 5) {
      kept.insert(
        BenchItem(id: nextID, group: section, content: 0),
        at: Int.random(in: 0...kept.count, using: &random))
      nextID += 1
    }
    sections[section] = kept
  }
  for section in 0..<sectionCount {
    for item in movers[section] {
      sections[section].insert(
        item, at: Int.random(in: 0...sections[section].count, using: &random))
    }
  }
  let new = try! Snapshot(
    sections: sections.indices.map {
      SnapshotSection(SectionInfo(id: "\($0)"), items: sections[$0])
    })
  let tabula = measure(runs: runs) { Changeset(from: old, to: new) }
  let staged = measure(runs: runs) { StagedChangeset(from: old, to: new) }
  let changes = Changeset(from: old, to: new)
  let floor = measure(runs: runs) {
    dictionaryFloor(old: old.items.map(\.id), new: new.items.map(\.id))
  }
  // The minimum, computed independently: per section, the items that stayed
  // minus a longest increasing run of their old positions; plus each item
  // that changed section.
  var minimum = 0
  for section in 0..<sectionCount {
    var stayed: [Int] = []
    for item in new.items(inSectionAt: section) {
      guard let path = old.path(of: item.id) else { continue }
      if path.section == section { stayed.append(path.item) } else { minimum += 1 }
    }
    minimum += stayed.count - independentLISLength(stayed)
  }
  return [
    BenchResult(
      name: "diff.sectioned", n: old.numberOfItems, milliseconds: tabula, baseline: "floor",
      baselineMilliseconds: floor,
      extra: [
        ("moves", Double(changes.itemMoves.count)), ("min_moves", Double(minimum)),
        ("staged_ms", staged), ("cross_section_movers", Double(movers.map(\.count).reduce(0, +))),
      ])
  ]
}

func diffShuffle(runs: Int) -> [BenchResult] {
  var random = BenchRandom(seed: 5)
  let count = 100_000
  let old = (0..<count).map { BenchItem(id: $0, group: 0, content: 0) }
  let new = old.shuffled(using: &random)
  let tabula = measure(runs: runs) { try! ArrayChangeset(from: old, to: new) }
  let changes = try! ArrayChangeset(from: old, to: new)
  let floor = measure(runs: runs) { dictionaryFloor(old: old.map(\.id), new: new.map(\.id)) }
  let minimum = count - independentLISLength(new.map(\.id))
  return [
    BenchResult(
      name: "diff.shuffle", n: count, milliseconds: tabula, baseline: "floor",
      baselineMilliseconds: floor,
      extra: [("moves", Double(changes.moves.count)), ("min_moves", Double(minimum))])
  ]
}
