import Tabula
import TabulaTestSupport
import Testing

// SequentialRowUpdate against a naive model of AppKit's NSTableView: the
// rows as an array, each operation applied at once, every index checked
// against the rows it is read in (AppKit throws for an index outside them).

/// The rows a list shows: each section's group row ("§" and its id) when
/// `groupRows`, then its items' ids.
private func rows(_ snapshot: TestSnapshot, groupRows: Bool) -> [String] {
  var rows: [String] = []
  for section in 0..<snapshot.numberOfSections {
    if groupRows { rows.append("§\(snapshot.sections[section].id)") }
    rows += snapshot.items(inSectionAt: section).map { "\($0.id)" }
  }
  return rows
}

/// Applies `update` to `old` the way NSTableView does, each index read in
/// the rows the operations before it left; the rows inserted are `new`'s
/// at their indices. An index outside the rows is an issue.
private func applySequentially(
  _ update: SequentialRowUpdate, to old: [String], making new: [String]
) -> [String] {
  var rows = old
  for row in update.removals.reversed() {
    guard row < rows.count else {
      Issue.record("removal of row \(row) of \(rows.count)")
      return rows
    }
    rows.remove(at: row)
  }
  for move in update.moves {
    guard move.from < rows.count, move.to < rows.count else {
      Issue.record("move \(move) among \(rows.count) rows")
      return rows
    }
    rows.insert(rows.remove(at: move.from), at: move.to)
  }
  for row in update.insertions {
    guard row <= rows.count, row < new.count else {
      Issue.record("insertion at row \(row) of \(rows.count)")
      return rows
    }
    rows.insert(new[row], at: row)
  }
  return rows
}

/// The length of a longest increasing subsequence, the textbook way.
private func longestIncreasingRun(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for index in values.indices {
    for earlier in 0..<index where values[earlier] < values[index] {
      best[index] = max(best[index], best[earlier] + 1)
    }
  }
  return best.max() ?? 0
}

@Suite("SequentialRowUpdate: a changeset as AppKit's one-after-another operations")
struct SequentialRowUpdateTests {
  @Test(
    "random changes, with and without group rows: the old rows become the new, with the fewest moves",
    arguments: 0..<8)
  func randomChanges(seed: UInt64) {
    var random = SeededRandom(seed: seed + 9100)
    for _ in 0..<120 {
      let (old, new) = randomPair(&random, maxItems: 50)
      let changes = Changeset(from: old, to: new) {
        $0.content == $1.content ? .reload : .reconfigure
      }
      let counts = { (snapshot: TestSnapshot) in
        (0..<snapshot.numberOfSections).map { snapshot.numberOfItems(inSectionAt: $0) }
      }
      for groupRows in [true, false] {
        let update = SequentialRowUpdate(
          changes, oldCounts: counts(old), newCounts: counts(new), groupRows: groupRows)
        let before = rows(old, groupRows: groupRows)
        let after = rows(new, groupRows: groupRows)
        #expect(applySequentially(update, to: before, making: after) == after, "\(changes)")
        // The rows that stay, in their old order, by their new index: every
        // one outside a longest increasing run moves, and no other.
        let removed = Set(update.removals)
        let inserted = Set(update.insertions)
        let newIndex = Dictionary(
          uniqueKeysWithValues: after.enumerated().filter { !inserted.contains($0.offset) }
            .map { ($0.element, $0.offset) })
        let staying = before.enumerated().filter { !removed.contains($0.offset) }
          .map { newIndex[$0.element]! }
        #expect(update.moves.count == staying.count - longestIncreasingRun(staying))
        for row in update.reloads + update.reconfigures {
          let id = after[row]
          #expect(changes.itemUpdates.contains { "\(new[$0.to].id)" == id })
        }
        if groupRows {
          #expect(
            update.updatedGroupRows.map { after[$0] }.sorted()
              == changes.sectionUpdates.map { "§\(new.sections[$0.to].id)" }.sorted())
        } else {
          #expect(update.updatedGroupRows.isEmpty)
        }
      }
    }
  }

  @Test("a large section moved past a small one moves the small one's rows, not the large")
  func fewestRowsMove() throws {
    let old = try TestSnapshot(sections: [
      SnapshotSection(section("Big"), items: items(Array(1...20))),
      SnapshotSection(section("Small"), items: items([30])),
    ])
    let new = try TestSnapshot(sections: [
      SnapshotSection(section("Small"), items: items([30])),
      SnapshotSection(section("Big"), items: items(Array(1...20))),
    ])
    let changes = Changeset(from: old, to: new)
    #expect(changes.sectionMoves.count == 1)
    let update = SequentialRowUpdate(
      changes, oldCounts: [20, 1], newCounts: [1, 20], groupRows: true)
    // The small section's group row and its row go to the top: two moves,
    // where moving the big section would take 21.
    #expect(update.moves == [IndexMove(from: 21, to: 0), IndexMove(from: 22, to: 1)])
    #expect(update.removals.isEmpty && update.insertions.isEmpty)
  }

  @Test("deletes are numbered before the update, inserts after, updates after")
  func numbering() throws {
    let old = try twoSections()  // A: 1 2 3 4, B: 5 6 8
    var new = old
    try new.deleteItems([2])
    try new.insertItems([TestItem(id: 9)], at: ItemPath(section: 1, item: 0))
    try new.reconfigureItems([6])
    let update = SequentialRowUpdate(
      Changeset(from: old, to: new), oldCounts: [4, 3], newCounts: [3, 4], groupRows: true)
    // Rows before: §A 1 2 3 4 §B 5 6 8; after: §A 1 3 4 §B 9 5 6 8.
    #expect(update.removals == [2])
    #expect(update.insertions == [5])
    #expect(update.moves.isEmpty)
    #expect(update.reconfigures == [7])
  }

  @Test("ListRowLayout: rows map to paths and back, empty sections included")
  func layout() {
    for groupRows in [true, false] {
      let counts = [2, 0, 3, 0, 1]
      let layout = ListRowLayout(itemCounts: counts, groupRows: groupRows)
      var expected: [ListRowLayout.Row] = []
      for (section, count) in counts.enumerated() {
        if groupRows { expected.append(.group(section)) }
        for item in 0..<count { expected.append(.item(ItemPath(section: section, item: item))) }
      }
      #expect(layout.rowCount == expected.count)
      #expect((0..<layout.rowCount).map { layout[$0] } == expected)
      for case .item(let path) in expected {
        #expect(expected[layout.row(of: path)] == .item(path))
      }
      for section in counts.indices {
        #expect(layout.itemCount(inSectionAt: section) == counts[section])
        #expect(
          layout.groupRow(ofSectionAt: section).map { expected[$0] }
            == (groupRows ? .group(section) : nil))
      }
    }
  }
}
