#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Order maintenance for user moves: integer ranks with gaps, relabelled
// locally when a gap closes.
//
// A moved row goes just after the row it was dropped after (or just before
// the one it was dropped before): between two rows adjacent in the table,
// hidden ones included, so the rank it takes is no other row's. It takes
// the midpoint of their ranks: one row written. When they are adjacent (or
// tied, or an end would overflow), a window of rows around the drop point,
// doubling from 4 on each side, is read until the ranks bounding it leave
// room for every row of the window at least `minimumSpacing` apart (or the
// window reaches both ends of the section, which can always be spread `gap`
// apart); the window's rows are then relabelled evenly, every row between
// the bounds included, so ranks stay unique. Relabelling k rows buys
// k × minimumSpacing / 2 more midpoint moves into that stretch before the
// next one, so moves cost one written row amortized in practice; the worst
// case (every row of a densely packed section) writes the whole section
// once. The writes are ordered so that no two rows of the section share a
// rank between two statements: a UNIQUE index on (section, rank) accepts
// each of them.
//
// Several rows moved together (a drag of the selection) go between the
// same two rows as a block: k rows fit a gap wider than k, spread evenly,
// k rows written; else the window around the drop point is relabelled
// with the block inside it.

/// A row's position in rank order: its rank, then its rowid (the order the
/// list reads rows in).
struct RankedRow: Comparable {
  let rowID: Int64
  let rank: Int64

  static func < (left: RankedRow, right: RankedRow) -> Bool {
    (left.rank, left.rowID) < (right.rank, right.rowID)
  }
}

/// The rank writes one move needs.
struct RankPlan: Equatable {
  /// (rowid, new rank), the moved rows first, in their order.
  var writes: [(rowID: Int64, rank: Int64)]
  /// The ranks the written rows had, but the moved rows', by rowid.
  var oldRanks: [Int64: Int64] = [:]
  /// How many of ``writes`` are moved rows.
  var movedCount = 1

  static func == (left: RankPlan, right: RankPlan) -> Bool {
    left.writes.map(\.rowID) == right.writes.map(\.rowID)
      && left.writes.map(\.rank) == right.writes.map(\.rank)
  }

  /// The statements that make the plan, in an order in which no two rows
  /// ever share a rank: moved rows whose rank another write takes, first
  /// set aside at `spare()` and the ranks after it (ranks no row has);
  /// rows whose rank goes down, the lowest first; rows whose rank goes up,
  /// the highest first (both keep their order, so each takes a rank no
  /// unwritten row holds); the moved rows last. Rows whose rank does not
  /// change are not written. `movedRanks` are the ranks the moved rows
  /// still in the section have (a row from another section has none).
  func statements(movedRanks: [Int64: Int64], spare: () throws -> Int64) throws -> [(
    rowID: Int64, rank: Int64
  )] {
    let moved = writes.prefix(movedCount)
    let others = writes.dropFirst(movedCount).filter { oldRanks[$0.rowID] != $0.rank }
    let planned = Set(writes.map(\.rank))
    var statements: [(rowID: Int64, rank: Int64)] = []
    let parked = moved.filter { write in
      movedRanks[write.rowID].map { planned.contains($0) && $0 != write.rank } ?? false
    }
    if !parked.isEmpty {
      // A run of ranks past every rank held or planned (`spare()` is one).
      let first = try spare()
      guard first <= Int64.max - Int64(parked.count), first > (planned.max() ?? .min) else {
        throw FetchedEditingError.noRoom(rows: parked.count)
      }
      for (offset, write) in parked.enumerated() {
        statements.append((write.rowID, first + Int64(offset)))
      }
    }
    statements += others.filter { $0.rank < oldRanks[$0.rowID]! }.sorted { $0.rank < $1.rank }
    statements += others.filter { $0.rank > oldRanks[$0.rowID]! }.sorted { $0.rank > $1.rank }
    statements += moved.filter { movedRanks[$0.rowID] != $0.rank }
    return statements
  }

  /// The statements of a plan with one moved row, at `movedRank` in the
  /// section (`nil`: it comes from another section).
  func statements(movedRank: Int64?, spare: () throws -> Int64) throws -> [(
    rowID: Int64, rank: Int64
  )] {
    guard let moved = writes.first else { return [] }
    return try statements(movedRanks: movedRank.map { [moved.rowID: $0] } ?? [:], spare: spare)
  }
}

/// Reads the rows around a drop point, in rank order, for a window.
protocol RankNeighbourhood {
  /// Up to `limit` rows before `row` (nearest first), not counting `excluded`.
  func rows(before row: RankedRow, limit: Int, excluding excluded: Set<Int64>) throws
    -> [RankedRow]
  /// Up to `limit` rows after `row` (nearest first), not counting `excluded`.
  func rows(after row: RankedRow, limit: Int, excluding excluded: Set<Int64>) throws
    -> [RankedRow]
}

enum RankPlanner {
  /// The writes that put `moved` between `previous` and `next`, rows
  /// adjacent in rank order (either may be `nil`: the section's start or
  /// end).
  static func plan(
    moving moved: Int64, between previous: RankedRow?, and next: RankedRow?,
    editing: FetchedEditing, neighbourhood: some RankNeighbourhood
  ) throws -> RankPlan {
    try plan(
      moving: [moved], between: previous, and: next, editing: editing,
      neighbourhood: neighbourhood)
  }

  /// The writes that put the rows `moved`, in order, between `previous`
  /// and `next`, rows adjacent in rank order once the moved rows are left
  /// out (either may be `nil`: the section's start or end).
  static func plan(
    moving moved: [Int64], between previous: RankedRow?, and next: RankedRow?,
    editing: FetchedEditing, neighbourhood: some RankNeighbourhood
  ) throws -> RankPlan {
    let gap = editing.gap
    let count = Int64(moved.count)
    func spread(from start: Int64, step: Int64) -> RankPlan {
      RankPlan(
        writes: moved.enumerated().map { ($1, start + step * Int64($0)) },
        movedCount: moved.count)
    }
    let (wide, tooWide) = gap.multipliedReportingOverflow(by: count)
    switch (previous, next) {
    case (nil, nil) where !tooWide:
      return spread(from: 0, step: gap)
    case (let previous?, nil) where !tooWide && previous.rank <= Int64.max - wide:
      return spread(from: previous.rank + gap, step: gap)
    case (nil, let next?) where !tooWide && next.rank >= Int64.min + wide:
      return spread(from: next.rank - wide, step: gap)
    case (let previous?, let next?)
    where !next.rank.subtractingReportingOverflow(previous.rank).overflow
      && next.rank - previous.rank > count:
      let step = (next.rank - previous.rank) / (count + 1)
      return spread(from: previous.rank + step, step: step)
    default:
      return try relabel(
        moving: moved, between: previous, and: next, editing: editing,
        neighbourhood: neighbourhood)
    }
  }

  /// Relabels a window around the drop point, doubling it until its
  /// bounds leave room.
  private static func relabel(
    moving moved: [Int64], between previous: RankedRow?, and next: RankedRow?,
    editing: FetchedEditing, neighbourhood: some RankNeighbourhood
  ) throws -> RankPlan {
    let excluded = Set(moved)
    var side = 4
    while true {
      // Rows of the window before the drop (nearest first), and the row
      // bounding it below, if any.
      var below = previous.map { [$0] } ?? []
      if let previous {
        below += try neighbourhood.rows(before: previous, limit: side, excluding: excluded)
      }
      var above = next.map { [$0] } ?? []
      if let next {
        above += try neighbourhood.rows(after: next, limit: side, excluding: excluded)
      }
      let lowBound = below.count > side ? below.removeLast().rank : nil
      let highBound = above.count > side ? above.removeLast().rank : nil
      let window = below.reversed() + moved.map { RankedRow(rowID: $0, rank: 0) } + above
      let count = Int64(window.count)
      let spread = editing.gap.multipliedReportingOverflow(by: count + 1)
      let wide = spread.overflow ? Int64.max : spread.partialValue
      let (low, high): (Int64, Int64)
      switch (lowBound, highBound) {
      case (let bottom?, let top?):
        (low, high) = (bottom, top)
      case (let bottom?, nil):
        (low, high) = (bottom, clampedAdd(bottom, wide))
      case (nil, let top?):
        (low, high) = (clampedAdd(top, -wide), top)
      case (nil, nil):
        // The whole section: spread it around its middle rank, the full
        // width (an odd width must not lose its last unit).
        let middle = (below.last ?? above.first)?.rank ?? 0
        let start = min(clampedAdd(middle, -(wide / 2)), Int64.max - wide)
        (low, high) = (start, start + wide)
      }
      let (width, overflow) = high.subtractingReportingOverflow(low)
      let spacing = overflow ? Int64.max / (count + 1) : width / (count + 1)
      let wholeSection = lowBound == nil && highBound == nil
      if spacing >= editing.minimumSpacing || (wholeSection && spacing >= 2) {
        var plan = RankPlan(writes: [], movedCount: moved.count)
        var others: [(rowID: Int64, rank: Int64)] = []
        for (offset, row) in window.enumerated() {
          let write = (rowID: row.rowID, rank: low + spacing * Int64(offset + 1))
          if excluded.contains(row.rowID) {
            plan.writes.append(write)
          } else {
            others.append(write)
            plan.oldRanks[row.rowID] = row.rank
          }
        }
        // The moved rows first.
        plan.writes += others
        return plan
      }
      guard !wholeSection else {
        // The section cannot be spread further (Int64 is full): never
        // reached with 2 ≤ gap and fewer than 2⁶² rows.
        throw FetchedEditingError.noRoom(rows: window.count)
      }
      side *= 2
    }
  }

  private static func clampedAdd(_ value: Int64, _ delta: Int64) -> Int64 {
    let (sum, overflow) = value.addingReportingOverflow(delta)
    return overflow ? (delta > 0 ? .max : .min) : sum
  }
}
