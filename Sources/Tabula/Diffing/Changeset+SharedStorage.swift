// The diff of two snapshots whose items are in shared storage and descend
// from one another: it walks only the leaves the two do not share, so that
// its cost follows the change (O(d log n) for d changed items), not the list.
//
// Why it is exact: leaves are labelled in list order and a shared leaf holds
// the same items, with the same content, in both versions, so the items of
// shared leaves (U) are in both, unchanged, in the same relative order (and
// so are the common ends of two leaves with the same label, which join U:
// `Model/Persistent/TreeDifference+Candidates.swift`). Everything else (the rest of the unshared
// leaves' items, and marked items) is a candidate: deleted, inserted, or matched by id. The minimal moves are the
// complement of a heaviest increasing subsequence over the matched
// candidates and the runs of U between candidates (each run moves or stays
// as a whole), per section; U items never change section (checked, else the
// full diff runs).

extension Changeset {
  /// The changes from `old` to `new` when both are in shared storage, have
  /// the same sections in the same order, and differ in few leaves; `nil`
  /// otherwise (the caller runs the full diff).
  @inlinable
  static func _sharedDiff<SectionModel, Item>(
    _ old: Snapshot<SectionModel, Item>,
    _ new: Snapshot<SectionModel, Item>,
    updateKind: (Item, Item) -> UpdateKind,
    avoidingSamePositionMoves avoiding: Bool
  ) -> Changeset? {
    guard old._store.mayShareStorage(with: new._store), new._reloadedSections.isEmpty,
      old._sections.count == new._sections.count
    else { return nil }
    // Sections an edit of items did not touch are the same array: nothing
    // to compare.
    let sameSections = old._sections._sharesBuffer(with: new._sections)
    if !sameSections {
      for section in old._sections.indices {
        guard old._sectionHashes[section] == new._sectionHashes[section],
          old._sections[section].id == new._sections[section].id
        else { return nil }
      }
    }
    let oldCount = old._itemCount
    let newCount = new._itemCount
    // Past about one node in 32 items (a third of the items), the full diff
    // is as cheap.
    let limit = max(64, min(oldCount, newCount) / 32)
    // The candidates: the items of unshared leaves (less the common ends of
    // leaves with the same label), and marked items.
    guard var (oldSide, newSide) = old._store.differingItems(from: new._store, limit: limit)
    else { return nil }
    if !new._itemMarks.isEmpty {
      var addedOld: [(Int, Item, Int)] = []
      var addedNew: [(Int, Item, Int)] = []
      for id in new._itemMarks.keys {
        let hash = IDHashing.hash(id)
        guard let newPosition = new._flatIndex(of: id, hash: hash) else { continue }
        let index = newSide.count(before: newPosition)
        if index < newSide.positions.count && newSide.positions[index] == newPosition { continue }
        // A marked item outside the unshared leaves is in a shared one: in
        // both versions.
        guard let oldPosition = old._flatIndex(of: id, hash: hash) else { return nil }
        addedNew.append((newPosition, new._item(atFlatIndex: newPosition), hash))
        addedOld.append((oldPosition, old._item(atFlatIndex: oldPosition), hash))
      }
      func merge(_ side: inout _TreeDifference._Candidates<Item>, _ added: [(Int, Item, Int)]) {
        guard !added.isEmpty else { return }
        let all =
          (side.positions.indices.map { (side.positions[$0], side.items[$0], side.hashes[$0]) }
          + added).sorted {
            $0.0 < $1.0
          }
        side.positions = all.map { $0.0 }
        side.items = all.map { $0.1 }
        side.hashes = all.map { $0.2 }
      }
      merge(&oldSide, addedOld)
      merge(&newSide, addedNew)
    }
    // The items outside the candidates are the same on both sides.
    guard oldCount - oldSide.positions.count == newCount - newSide.positions.count else {
      return nil
    }
    // ... and stay in their sections: each section holds as many of them
    // in both. A section can differ only where its count changed (in the
    // section starts' nodes the two do not share) or where it holds
    // candidates; those are compared one by one.
    var suspects = old._store.differingSections(from: new._store)
    for position in oldSide.positions { suspects.append(old._itemSection(atFlatIndex: position)) }
    for position in newSide.positions { suspects.append(new._itemSection(atFlatIndex: position)) }
    suspects._sortDroppingRepeats()
    for section in suspects {
      let oldRange = old._sectionRange(section)
      let newRange = new._sectionRange(section)
      let oldKept =
        oldRange.count - oldSide.count(before: oldRange.upperBound)
        + oldSide.count(before: oldRange.lowerBound)
      let newKept =
        newRange.count - newSide.count(before: newRange.upperBound)
        + newSide.count(before: newRange.lowerBound)
      guard oldKept == newKept else { return nil }
    }

    var result = Changeset()
    if !sameSections {
      for section in old._sections.indices
      where !old._sections[section].isContentEqual(to: new._sections[section]) {
        result.sectionUpdates.append(IndexMove(from: section, to: section))
      }
    }

    func oldPath(_ flat: Int) -> ItemPath { old._path(atFlatIndex: flat) }
    func newPath(_ flat: Int) -> ItemPath { new._path(atFlatIndex: flat) }
    func update(_ oldItem: Item, _ newItem: Item, _ from: ItemPath, _ to: ItemPath) {
      let mark = new._itemMarks.isEmpty ? nil : new._itemMarks[newItem.id]
      if let kind = _update(from: oldItem, to: newItem, marked: mark, updateKind: updateKind) {
        result.itemUpdates.append(ItemUpdate(from: from, to: to, kind: kind))
      }
    }
    func move(_ from: ItemPath, _ to: ItemPath) {
      if avoiding && from == to {
        result.itemDeletes.append(from)
        result.itemInserts.append(to)
      } else {
        result.itemMoves.append(ItemMove(from: from, to: to))
      }
    }

    // At most one candidate a side (what an edit of one item leaves): the
    // change is that item's, read off directly.
    if oldSide.positions.count <= 1 && newSide.positions.count <= 1 {
      switch (oldSide.positions.first, newSide.positions.first) {
      case (nil, nil): break
      case (let oldPosition?, nil): result.itemDeletes.append(oldPath(oldPosition))
      case (nil, let newPosition?): result.itemInserts.append(newPath(newPosition))
      case (let oldPosition?, let newPosition?):
        let from = oldPath(oldPosition)
        let to = newPath(newPosition)
        guard oldSide.hashes[0] == newSide.hashes[0] && oldSide.items[0].id == newSide.items[0].id
        else {
          result.itemDeletes.append(from)
          result.itemInserts.append(to)
          break
        }
        // Same section, same U rank (no U item between its two places):
        // it stays. Otherwise moving it is one move, the fewest.
        if from.section != to.section {
          result.itemMoves.append(ItemMove(from: from, to: to))
        } else if oldPosition != newPosition {
          move(from, to)
          if avoiding && from == to { break }
        }
        update(oldSide.items[0], newSide.items[0], from, to)
      }
      return result
    }

    // Match the candidates by id, through their stored hashes (no hashing,
    // no dictionary).
    let oldTable = oldSide.items.withUnsafeBufferPointer { items in
      IDTable(
        hashes: oldSide.hashes, equal: { items[$0].id == items[$1].id }, duplicate: { _, _ in })
    }
    var matchedOld = [Bool](repeating: false, count: oldSide.items.count)
    // Same-section matches: (section, old index, new index), in new order.
    var sameSection: [(section: Int, old: Int, new: Int)] = []
    for (newIndex, item) in newSide.items.enumerated() {
      let to = newPath(newSide.positions[newIndex])
      let match = oldSide.items.withUnsafeBufferPointer { items in
        oldTable.find(hash: newSide.hashes[newIndex]) { items[$0].id == item.id }
      }
      guard let oldIndex = match else {
        result.itemInserts.append(to)
        continue
      }
      matchedOld[oldIndex] = true
      let from = oldPath(oldSide.positions[oldIndex])
      if from.section == to.section {
        sameSection.append((to.section, oldIndex, newIndex))
      } else {
        result.itemMoves.append(ItemMove(from: from, to: to))
        update(oldSide.items[oldIndex], item, from, to)
      }
    }
    for index in oldSide.items.indices where !matchedOld[index] {
      result.itemDeletes.append(oldPath(oldSide.positions[index]))
    }

    // Per section: the heaviest increasing subsequence over the matches and
    // the runs of U between cut points.
    let oldCuts = sameSection.isEmpty ? [] : oldSide.cuts
    let newCuts = sameSection.isEmpty ? [] : newSide.cuts
    sameSection.sort { ($0.section, $0.new) < ($1.section, $1.new) }
    var groupEnd = 0
    while groupEnd < sameSection.count {
      let groupStart = groupEnd
      let section = sameSection[groupStart].section
      while groupEnd < sameSection.count && sameSection[groupEnd].section == section {
        groupEnd += 1
      }
      let pairs = sameSection[groupStart..<groupEnd].map { (old: $0.old, new: $0.new) }
      let range = old._sectionRange(section)
      let low = range.lowerBound - oldSide.count(before: range.lowerBound)
      let high = range.upperBound - oldSide.count(before: range.upperBound)
      var cuts = [low, high]
      for cut in oldCuts + newCuts where cut > low && cut < high { cuts.append(cut) }
      cuts._sortDroppingRepeats()
      // Elements: (new order key, old order key, weight, pair index or -1 - piece).
      var elements: [(newKey: (Int, Int, Int), oldKey: (Int, Int, Int), weight: Int, tag: Int)] =
        []
      for piece in 0..<(cuts.count - 1) where cuts[piece] < cuts[piece + 1] {
        let key = (cuts[piece], 1, 0)
        elements.append((key, key, cuts[piece + 1] - cuts[piece], -1 - piece))
      }
      for (index, pair) in pairs.enumerated() {
        elements.append(
          (
            (newCuts[pair.new], 0, newSide.positions[pair.new]),
            (oldCuts[pair.old], 0, oldSide.positions[pair.old]), 1, index
          ))
      }
      elements.sort { $0.newKey < $1.newKey }
      let kept = _heaviestIncreasing(elements.map(\.oldKey), weights: elements.map(\.weight))
      for (offset, element) in elements.enumerated() {
        if element.tag >= 0 {
          let pair = pairs[element.tag]
          let from = oldPath(oldSide.positions[pair.old])
          let to = newPath(newSide.positions[pair.new])
          if !kept[offset] {
            move(from, to)
            if avoiding && from == to { continue }
          }
          update(oldSide.items[pair.old], newSide.items[pair.new], from, to)
        } else if !kept[offset] {
          // A run of U that moves as a whole.
          let piece = -1 - element.tag
          let start = cuts[piece]
          // The candidates before U rank `start`: those cut at or before it.
          let oldShift = SortedPositions.count(below: start + 1, in: oldCuts)
          let newShift = SortedPositions.count(below: start + 1, in: newCuts)
          for rank in start..<cuts[piece + 1] {
            move(oldPath(rank + oldShift), newPath(rank + newShift))
          }
        }
      }
    }
    result.itemInserts.sort()
    result.itemDeletes.sort()
    result.itemMoves.sort { $0.to < $1.to }
    result.itemUpdates.sort { $0.to < $1.to }
    return result
  }

  /// Which of `keys` (in sequence order) form a strictly increasing
  /// subsequence of the greatest total weight.
  ///
  /// - Complexity: O(m log m).
  @inlinable
  static func _heaviestIncreasing(_ keys: [(Int, Int, Int)], weights: [Int]) -> [Bool] {
    let count = keys.count
    guard count > 0 else { return [] }
    // Ranks of the keys (distinct keys: positions differ).
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    var rank = [Int](repeating: 0, count: count)
    for (position, index) in order.enumerated() { rank[index] = position + 1 }
    // A Fenwick tree of prefix maxima: (best total, element index).
    var tree = [(Int, Int)](repeating: (0, -1), count: count + 1)
    var best = [Int](repeating: 0, count: count)
    var previous = [Int](repeating: -1, count: count)
    for index in 0..<count {
      var query = rank[index] - 1
      var found = (0, -1)
      while query > 0 {
        if tree[query].0 > found.0 { found = tree[query] }
        query &= query - 1
      }
      best[index] = found.0 + weights[index]
      previous[index] = found.1
      var update = rank[index]
      while update <= count {
        if best[index] > tree[update].0 { tree[update] = (best[index], index) }
        update += update & -update
      }
    }
    var kept = [Bool](repeating: false, count: count)
    var index = best.indices.max { best[$0] < best[$1] }!
    while index >= 0 {
      kept[index] = true
      index = previous[index]
    }
    return kept
  }
}
