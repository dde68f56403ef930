/// A changeset as the operations of a view that applies them one after
/// another, each index read in the rows the operations before it left:
/// AppKit's `NSTableView` between `beginUpdates()` and `endUpdates()`
/// (`removeRows(at:)`, `moveRow(at:to:)`, `insertRows(at:)`), unlike
/// UIKit's batch, where deletes read the old rows and inserts the new.
///
/// The list is one run of rows: with `groupRows`, each section is a group
/// row (its header) followed by its items, as `NSTableView` shows sections;
/// else only the items. The operations come in this order:
///
/// 1. ``removals``, in one call: rows numbered before the update;
/// 2. ``moves``, one call each: each `from` and `to` read in the rows the
///    removals and the moves before it left, `to` being where the row is
///    once moved (a remove then an insert, as `moveRow(at:to:)` does);
/// 3. ``insertions``, in one call: rows numbered after the update;
/// 4. ``reloads``, ``reconfigures`` and ``updatedGroupRows``: rows after the
///    update whose content changed (`reloadData(forRowIndexes:columnIndexes:)`,
///    or configured in place).
///
/// The moves are the fewest that put the rows in order: every row that
/// stays moves except the longest run of them whose order survives, a
/// section's group row and items counting as rows like any other.
///
/// - Complexity: O(n) for n rows, plus O(r log r) for the r rows that stay
///   when any row's order changes.
public struct SequentialRowUpdate: Sendable, Equatable {
  /// Rows removed, numbered before the update, ascending.
  public var removals: [Int] = []
  /// Rows moved, one after another (see the type's description).
  public var moves: [IndexMove] = []
  /// Rows inserted, numbered after the update, ascending.
  public var insertions: [Int] = []
  /// Rows after the update whose view is made anew, ascending.
  public var reloads: [Int] = []
  /// Rows after the update configured again in place, ascending.
  public var reconfigures: [Int] = []
  /// Group rows after the update whose section's model changed, ascending.
  public var updatedGroupRows: [Int] = []

  /// No operation.
  public init() {}

  /// Whether there is nothing to do.
  public var isEmpty: Bool {
    removals.isEmpty && moves.isEmpty && insertions.isEmpty && reloads.isEmpty
      && reconfigures.isEmpty && updatedGroupRows.isEmpty
  }

  /// The operations of `changes` (between sections holding `oldCounts`
  /// and `newCounts` items), in a list that shows each section as a group
  /// row followed by its items when `groupRows`, else its items only.
  ///
  /// - Precondition: `changes` describes two lists with these counts (a
  ///   changeset of them, or a stage of a ``StagedChangeset``): it traps
  ///   naming the count that does not add up.
  public init(_ changes: Changeset, oldCounts: [Int], newCounts: [Int], groupRows: Bool) {
    self.init(
      changes, from: ListRowLayout(itemCounts: oldCounts, groupRows: groupRows),
      to: ListRowLayout(itemCounts: newCounts, groupRows: groupRows))
  }

  /// The operations of `changes` between the rows `old` lays out and those
  /// `new` does (both with group rows, or both without).
  ///
  /// - Precondition: as ``init(_:oldCounts:newCounts:groupRows:)``'s, and
  ///   the two layouts agree on group rows.
  public init(_ changes: Changeset, from old: ListRowLayout, to new: ListRowLayout) {
    precondition(
      old.groupRows == new.groupRows,
      "one layout has group rows and the other not (\(old.groupRows), \(new.groupRows))")
    let groupRows = old.groupRows
    let layout = (old: old, new: new)
    let sectionTargets = Self.sectionTargets(changes, oldCount: old.sectionCount)
    // Where each row before the update is after it (-1: removed), row by
    // row of each section.
    var target = [Int](repeating: -1, count: layout.old.rowCount)
    var taken = [Bool](repeating: false, count: layout.new.rowCount)
    var explicit: [Int: Int] = [:]
    for move in changes.itemMoves {
      explicit[layout.old.row(of: move.from)] = layout.new.row(of: move.to)
    }
    for update in changes.itemUpdates {
      explicit[layout.old.row(of: update.from)] = layout.new.row(of: update.to)
    }
    for new in explicit.values { taken[new] = true }
    for path in changes.itemInserts { taken[layout.new.row(of: path)] = true }
    var deleted = Set(changes.itemDeletes.map { layout.old.row(of: $0) })
    for old in explicit.keys { deleted.remove(old) }
    for (section, newSection) in sectionTargets.enumerated() {
      guard let newSection else { continue }
      if let group = layout.old.groupRow(ofSectionAt: section),
        let newGroup = layout.new.groupRow(ofSectionAt: newSection)
      {
        target[group] = newGroup
        taken[newGroup] = true
      }
      // The rows that stay in place fill the free rows of the new section,
      // in order.
      var slot = layout.new.firstItemRow(ofSectionAt: newSection)
      let end = layout.new.itemRows(ofSectionAt: newSection).upperBound
      for row in layout.old.itemRows(ofSectionAt: section) {
        if let new = explicit[row] {
          target[row] = new
          continue
        }
        if deleted.contains(row) { continue }
        while slot < end && taken[slot] { slot += 1 }
        precondition(
          slot < end,
          "section \(section) keeps more items than its section \(newSection) has room for "
            + "(\(new.itemCount(inSectionAt: newSection)) after the update): the changeset is "
            + "not of these counts")
        target[row] = slot
        taken[slot] = true
        slot += 1
      }
    }
    removals = target.indices.filter { target[$0] < 0 }
    // The rows after the update that no row before it becomes.
    var arrives = [Bool](repeating: true, count: layout.new.rowCount)
    for new in target where new >= 0 { arrives[new] = false }
    insertions = arrives.indices.filter { arrives[$0] }
    moves = Self.moves(target.filter { $0 >= 0 })
    for update in changes.itemUpdates {
      let row = layout.new.row(of: update.to)
      if update.kind == .reload { reloads.append(row) } else { reconfigures.append(row) }
    }
    reloads.sort()
    reconfigures.sort()
    if groupRows {
      updatedGroupRows = changes.sectionUpdates.compactMap {
        layout.new.groupRow(ofSectionAt: $0.to)
      }.sorted()
    }
  }

  /// Where each section before the update is after it (`nil`: deleted).
  private static func sectionTargets(_ changes: Changeset, oldCount: Int) -> [Int?] {
    let map = BatchPositionMap(changes)
    return (0..<oldCount).map { map.newSection(of: $0) }
  }

  /// The moves that put rows in order: `targets` are the rows' places after
  /// the update, in their order before it (after the removals). The rows
  /// outside a longest increasing run move, in the order they end, each
  /// just before the first row that stays and ends after it.
  private static func moves(_ targets: [Int]) -> [IndexMove] {
    let count = targets.count
    let narrow = targets.map { Int32(truncatingIfNeeded: $0) }
    let stays = narrow.withUnsafeBufferPointer(longestIncreasingSubsequence)
    guard stays.contains(false) else { return [] }
    // Each row's place in the sequence, as a key that sorts: a row that
    // stays is keyed by its target; a row waiting to move by the target of
    // the next row that stays after it (before it), then its position; a
    // moved row by the target of the first row that stays and ends after
    // it (just before it), then its own target.
    struct Key: Comparable {
      var anchor: Int
      var rank: Int
      var order: Int
      static func < (a: Key, b: Key) -> Bool {
        (a.anchor, a.rank, a.order) < (b.anchor, b.rank, b.order)
      }
    }
    // Each row's key now, before any move.
    var current = [Key](repeating: Key(anchor: 0, rank: 0, order: 0), count: count)
    var next = Int.max
    for index in stride(from: count - 1, through: 0, by: -1) {
      if stays[index] {
        next = targets[index]
        current[index] = Key(anchor: next, rank: 0, order: 0)
      } else {
        current[index] = Key(anchor: next, rank: -2, order: index)
      }
    }
    // The targets of the rows that stay ascend: a moved row's anchor is
    // the first of them above its own target.
    let stayingTargets = (0..<count).filter { stays[$0] }.map { targets[$0] }
    var keys = current
    var moving: [(index: Int, final: Key)] = []
    for index in 0..<count where !stays[index] {
      let above = SortedPositions.count(below: targets[index], in: stayingTargets)
      let anchor = above < stayingTargets.count ? stayingTargets[above] : Int.max
      let final = Key(anchor: anchor, rank: -1, order: targets[index])
      keys.append(final)
      moving.append((index, final))
    }
    keys.sort()
    func slot(_ key: Key) -> Int {
      var low = 0
      var high = keys.count
      while low < high {
        let middle = (low + high) / 2
        if keys[middle] < key { low = middle + 1 } else { high = middle }
      }
      return low
    }
    // Which keys hold a row now: a Fenwick tree of counts, so that a row's
    // index is the count of rows keyed before it.
    var tree = [Int](repeating: 0, count: keys.count + 1)
    func add(_ slot: Int, _ delta: Int) {
      var node = slot + 1
      while node < tree.count {
        tree[node] += delta
        node += node & -node
      }
    }
    func countBefore(_ slot: Int) -> Int {
      var node = slot
      var sum = 0
      while node > 0 {
        sum += tree[node]
        node -= node & -node
      }
      return sum
    }
    for key in current { add(slot(key), 1) }
    moving.sort { targets[$0.index] < targets[$1.index] }
    var moves: [IndexMove] = []
    moves.reserveCapacity(moving.count)
    for (index, final) in moving {
      let from = slot(current[index])
      let fromIndex = countBefore(from)
      add(from, -1)
      let to = slot(final)
      moves.append(IndexMove(from: fromIndex, to: countBefore(to)))
      add(to, 1)
    }
    return moves
  }
}
