import Tabula

let sizingCases = [
  BenchCase(
    name: "sizing.index",
    summary: "variable heights: offset -> row vs binary search over prefix sums; one height "
      + "change vs recomputing the prefix sums",
    run: sizingIndex),
  BenchCase(
    name: "sizing.batch",
    summary: "a staged batch of random changes applied to the height index of 1,000,000 rows "
      + "vs recomputing every offset",
    run: sizingBatch),
]

/// A row's height from its id: 20 to 83 points, spread.
func benchHeight(_ id: Int) -> Double { Double(20 + ((id &* 2_654_435_761) >> 9) & 63) }

extension BenchRandom {
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The offsets of rows of `heights`: `sums[i]` is where row `i` starts,
/// `sums[n]` the content height.
func prefixSums(_ heights: [Double]) -> [Double] {
  var sums = [Double](repeating: 0, count: heights.count + 1)
  sums.withUnsafeMutableBufferPointer { sums in
    heights.withUnsafeBufferPointer { heights in
      var total = 0.0
      for (index, height) in heights.enumerated() {
        sums[index] = total
        total += height
      }
      sums[heights.count] = total
    }
  }
  return sums
}

/// The row under `offset` by binary search over `sums`.
func rowByBinarySearch(_ sums: [Double], _ offset: Double) -> Int {
  var low = 0
  var high = sums.count - 1  // rows 0..<high
  while low < high {
    let middle = (low + high) / 2
    if sums[middle + 1] <= offset { low = middle + 1 } else { high = middle }
  }
  return low
}

func sizingIndex(runs: Int) -> [BenchResult] {
  var results: [BenchResult] = []
  for n in [1_000_000, 1000] {
    let heights = (0..<n).map(benchHeight)
    var index = HeightIndex(itemCounts: [n]) { benchHeight($0.item) }
    let sums = prefixSums(heights)
    var random = BenchRandom(seed: UInt64(n))
    let queries = 200_000
    let offsets = (0..<queries).map { _ in
      Double(random.below(Int(sums[n]))) + 0.5
    }
    // Both answers agree before anything is timed.
    for offset in offsets.prefix(1000) {
      precondition(index.itemPath(atOffset: offset)?.item == rowByBinarySearch(sums, offset))
    }
    let (indexLookups, searches) = measurePair(
      runs: runs,
      {
        var total = 0
        for offset in offsets { total &+= index.itemPath(atOffset: offset)!.item }
        return total
      },
      {
        var total = 0
        for offset in offsets { total &+= rowByBinarySearch(sums, offset) }
        return total
      })
    // One height change: in the index, against the prefix sums recomputed.
    let updates = 100_000
    let rows = (0..<updates).map { _ in random.below(n) }
    let clock = ContinuousClock()
    var updateTimes: [Double] = []
    for _ in 0..<max(1, runs) {
      updateTimes.append(
        milliseconds(
          clock.measure {
            for (step, row) in rows.enumerated() {
              index.setHeight(
                Double(20 + step & 31), ofItemAt: ItemPath(section: 0, item: row))
            }
          }))
    }
    updateTimes.sort()
    let update = updateTimes[updateTimes.count / 2] / Double(updates)
    var changed = heights
    let recompute = measure(runs: runs) {
      changed[rows[0]] += 1
      return prefixSums(changed)
    }
    let lookup = indexLookups / Double(queries)
    results.append(
      BenchResult(
        name: "sizing.index", n: n, milliseconds: lookup, baseline: "binary search, prefix sums",
        baselineMilliseconds: searches / Double(queries),
        extra: [
          ("ns_lookup", lookup * 1e6), ("ns_update", update * 1e6),
          ("update_ratio", update / recompute), ("recompute_ms", recompute),
        ]))
  }
  return results
}

/// Old items `0..<n` in one section, and a new order after `changes` random
/// changes: deletes, inserts, moves and content changes, a quarter each.
func changedItems(n: Int, changes: Int, seed: UInt64) -> (old: [BenchItem], new: [BenchItem]) {
  var random = BenchRandom(seed: seed)
  let old = (0..<n).map { BenchItem(id: $0, group: 0, content: 0) }
  var removed = [Bool](repeating: false, count: n)
  var updated = [Bool](repeating: false, count: n)
  var before: [Int: [BenchItem]] = [:]  // items placed before old index k (k == n: at the end)
  var nextID = n
  for change in 0..<changes {
    switch change % 4 {
    case 0:
      removed[random.below(n)] = true
    case 1:
      before[random.below(n + 1), default: []].append(BenchItem(id: nextID, group: 0, content: 0))
      nextID += 1
    case 2:
      let moved = random.below(n)
      guard !removed[moved] else { continue }
      removed[moved] = true
      before[random.below(n + 1), default: []].append(old[moved])
    default:
      updated[random.below(n)] = true
    }
  }
  var new: [BenchItem] = []
  new.reserveCapacity(n + changes)
  for position in 0...n {
    for var item in before[position] ?? [] {
      if updated[item.id < n ? item.id : 0] && item.id < n { item.content = 1 }
      new.append(item)
    }
    if position < n && !removed[position] {
      new.append(BenchItem(id: position, group: 0, content: updated[position] ? 1 : 0))
    }
  }
  return (old, new)
}

/// Buffers for ``heightsAfter``, allocated once: the baseline pays for
/// its passes over the rows, not for fresh pages.
struct FlatHeights {
  var heights: [Double]
  var next: [Double]
  var gone: [Bool]
  var arriving: [Int]  // old row, -1 for a new one, -2 for none
  var offsets: [Double]

  init(_ heights: [Double], capacity: Int) {
    self.heights = heights
    self.heights.reserveCapacity(capacity)
    next = []
    next.reserveCapacity(capacity)
    gone = []
    gone.reserveCapacity(capacity)
    arriving = []
    arriving.reserveCapacity(capacity)
    offsets = []
    offsets.reserveCapacity(capacity + 1)
  }

  /// The heights of a flat list after `batch`: what a list without an
  /// index does before recomputing its offsets.
  mutating func apply(_ batch: Changeset, newCount: Int, height: (Int) -> Double) {
    gone.removeAll(keepingCapacity: true)
    gone.append(contentsOf: repeatElement(false, count: heights.count))
    for path in batch.itemDeletes { gone[path.item] = true }
    for move in batch.itemMoves { gone[move.from.item] = true }
    arriving.removeAll(keepingCapacity: true)
    arriving.append(contentsOf: repeatElement(-2, count: newCount))
    for path in batch.itemInserts { arriving[path.item] = -1 }
    for move in batch.itemMoves { arriving[move.to.item] = move.from.item }
    for update in batch.itemUpdates where update.kind == .reload {
      gone[update.from.item] = true
      arriving[update.to.item] = -1
    }
    next.removeAll(keepingCapacity: true)
    var source = 0
    for row in 0..<newCount {
      let arrival = arriving[row]
      if arrival == -1 {
        next.append(height(row))
      } else if arrival >= 0 {
        next.append(heights[arrival])
      } else {
        while gone[source] { source += 1 }
        next.append(heights[source])
        source += 1
      }
    }
    for update in batch.itemUpdates where update.kind == .reconfigure {
      next[update.to.item] = height(update.to.item)
    }
    swap(&heights, &next)
  }

  /// Every row's offset, recomputed.
  mutating func recomputeOffsets() {
    offsets.removeAll(keepingCapacity: true)
    var total = 0.0
    for height in heights {
      offsets.append(total)
      total += height
    }
    offsets.append(total)
  }
}

func sizingBatch(runs: Int) -> [BenchResult] {
  var results: [BenchResult] = []
  let n = 1_000_000
  for changes in [10, 10_000] {
    let (oldItems, newItems) = changedItems(n: n, changes: changes, seed: UInt64(changes))
    let section = SectionInfo(id: "rows")
    let old = try! Snapshot(oldItems, in: section)
    let new = try! Snapshot(newItems, in: section)
    let stages = StagedChangeset(from: old, to: new)
    /// A row's height after the change: content changes change it.
    func height(_ item: BenchItem) -> Double { benchHeight(item.id) + Double(item.content) }
    let start = HeightIndex(itemCounts: [n]) { height(oldItems[$0.item]) }
    let oldHeights = oldItems.map(height)
    // The index after the batch equals the heights of the new rows.
    var check = start
    for stage in stages {
      check.apply(
        stage.changeset, numberOfItems: { _ in stage.snapshot.numberOfItems },
        itemHeight: { height(stage.snapshot[$0]) })
    }
    precondition(check.contentHeight == newItems.map(height).reduce(0, +))
    let indexTime = measure(runs: runs * 4) {
      var index = start
      for stage in stages {
        let snapshot = stage.snapshot
        index.apply(
          stage.changeset, numberOfItems: { _ in snapshot.numberOfItems },
          itemHeight: { height(snapshot[$0]) })
      }
      return index.contentHeight
    }
    var flat = FlatHeights(oldHeights, capacity: n + changes)
    let recompute = measure(runs: runs) {
      flat.heights.removeAll(keepingCapacity: true)
      flat.heights.append(contentsOf: oldHeights)
      for stage in stages {
        let snapshot = stage.snapshot
        flat.apply(stage.changeset, newCount: snapshot.numberOfItems) {
          height(snapshot[ItemPath(section: 0, item: $0)])
        }
      }
      flat.recomputeOffsets()
      return flat.offsets.last!
    }
    precondition(flat.offsets.last == check.contentHeight)
    results.append(
      BenchResult(
        name: "sizing.batch", n: n, milliseconds: indexTime,
        baseline: "new heights + prefix sums", baselineMilliseconds: recompute,
        extra: [("changes", Double(changes)), ("stages", Double(stages.count))]))
  }
  return results
}
