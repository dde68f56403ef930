#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Order maintenance for user moves: integer ranks with gaps, relabelled
// locally when a gap closes.
//
// A moved row takes the midpoint of its new neighbours' ranks: one row
// written. When they are adjacent (or tied, or an end would overflow), a
// window of rows around the drop point, doubling from 4 on each side, is
// read until the ranks bounding it leave room for every row of the window
// at least `minimumSpacing` apart (or the window reaches both ends of the
// section, which can always be spread `gap` apart); the window's rows are
// then relabelled evenly. Relabelling k rows buys k × minimumSpacing / 2
// more midpoint moves into that stretch before the next one, so moves cost
// one written row amortized in practice; the worst case (every row of a
// densely packed section) writes the whole section once.

/// How ``FetchedList`` writes user moves back to its table.
public struct FetchedEditing: Sendable {
  /// The column that holds each row's item id.
  public var idColumn: String
  /// The integer column rows are ordered by within their section.
  public var rankColumn: String
  /// The column a cross-section move writes the new section's id to, if
  /// the list is sectioned by a column.
  public var sectionColumn: String?
  /// The rank distance new rows should be given apart (and what relabelling
  /// spreads rows to at the ends of a section): 2³² by default.
  public var gap: Int64 = 1 << 32
  /// The smallest spacing a relabelled window leaves between its rows.
  public var minimumSpacing: Int64 = 1 << 10
}

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
  /// (rowid, new rank), the moved row first.
  var writes: [(rowID: Int64, rank: Int64)]

  static func == (left: RankPlan, right: RankPlan) -> Bool {
    left.writes.map(\.rowID) == right.writes.map(\.rowID)
      && left.writes.map(\.rank) == right.writes.map(\.rank)
  }
}

/// Reads the rows around a drop point, in rank order, for a window.
protocol RankNeighbourhood {
  /// Up to `limit` rows before `row` (nearest first), not counting `excluded`.
  func rows(before row: RankedRow, limit: Int, excluding excluded: Int64) throws -> [RankedRow]
  /// Up to `limit` rows after `row` (nearest first), not counting `excluded`.
  func rows(after row: RankedRow, limit: Int, excluding excluded: Int64) throws -> [RankedRow]
  /// The rows strictly between `low` and `high`, in order, not counting
  /// `excluded` (rows the list does not show, filtered out).
  func rows(between low: RankedRow, and high: RankedRow, excluding excluded: Int64) throws
    -> [RankedRow]
}

enum RankPlanner {
  /// The writes that put `moved` between `previous` and `next` (either may
  /// be `nil`: the section's start or end).
  static func plan(
    moving moved: Int64, between previous: RankedRow?, and next: RankedRow?,
    editing: FetchedEditing, neighbourhood: some RankNeighbourhood
  ) throws -> RankPlan {
    let gap = editing.gap
    switch (previous, next) {
    case (nil, nil):
      return RankPlan(writes: [(moved, 0)])
    case (let previous?, nil) where previous.rank <= Int64.max - gap:
      return RankPlan(writes: [(moved, previous.rank + gap)])
    case (nil, let next?) where next.rank >= Int64.min + gap:
      return RankPlan(writes: [(moved, next.rank - gap)])
    case (let previous?, let next?)
    where !next.rank.subtractingReportingOverflow(previous.rank).overflow
      && next.rank - previous.rank >= 2:
      // Rows the list does not show may sit in the gap too: any rank in it
      // keeps the shown order.
      return RankPlan(writes: [(moved, previous.rank + (next.rank - previous.rank) / 2)])
    default:
      return try relabel(
        moving: moved, between: previous, and: next, editing: editing,
        neighbourhood: neighbourhood)
    }
  }

  /// Relabels a window around the drop point, doubling it until its
  /// bounds leave room.
  private static func relabel(
    moving moved: Int64, between previous: RankedRow?, and next: RankedRow?,
    editing: FetchedEditing, neighbourhood: some RankNeighbourhood
  ) throws -> RankPlan {
    // Rows between the neighbours that the list does not show stay between
    // them: they join the window, before the moved row.
    let between =
      if let previous, let next {
        try neighbourhood.rows(between: previous, and: next, excluding: moved)
      } else {
        [RankedRow]()
      }
    var side = 4
    while true {
      // Rows of the window before the drop (nearest first), and the row
      // bounding it below, if any.
      var below = previous.map { [$0] } ?? []
      if let previous {
        below += try neighbourhood.rows(before: previous, limit: side, excluding: moved)
      }
      var above = next.map { [$0] } ?? []
      if let next {
        above += try neighbourhood.rows(after: next, limit: side, excluding: moved)
      }
      let lowBound = below.count > side ? below.removeLast().rank : nil
      let highBound = above.count > side ? above.removeLast().rank : nil
      let window =
        below.reversed().map(\.rowID) + between.map(\.rowID) + [moved] + above.map(\.rowID)
      let count = Int64(window.count)
      let spread = editing.gap.multipliedReportingOverflow(by: count + 1)
      let (low, high): (Int64, Int64)
      switch (lowBound, highBound) {
      case (let bottom?, let top?):
        (low, high) = (bottom, top)
      case (let bottom?, nil):
        (low, high) = (bottom, clampedAdd(bottom, spread.overflow ? .max : spread.partialValue))
      case (nil, let top?):
        (low, high) = (clampedAdd(top, spread.overflow ? .min : -spread.partialValue), top)
      case (nil, nil):
        // The whole section: spread it around its middle rank.
        let middle = (below.last ?? above.first)?.rank ?? 0
        let half = spread.overflow ? Int64.max / 2 : spread.partialValue / 2
        (low, high) = (clampedAdd(middle, -half), clampedAdd(middle, half))
      }
      let (width, overflow) = high.subtractingReportingOverflow(low)
      let spacing = overflow ? Int64.max / (count + 1) : width / (count + 1)
      if spacing >= editing.minimumSpacing || (lowBound == nil && highBound == nil && spacing >= 1)
      {
        var writes: [(rowID: Int64, rank: Int64)] = []
        for (offset, rowID) in window.enumerated() {
          writes.append((rowID, low + spacing * Int64(offset + 1)))
        }
        // The moved row first.
        let index = writes.firstIndex { $0.rowID == moved }!
        writes.insert(writes.remove(at: index), at: 0)
        return RankPlan(writes: writes)
      }
      side *= 2
    }
  }

  private static func clampedAdd(_ value: Int64, _ delta: Int64) -> Int64 {
    let (sum, overflow) = value.addingReportingOverflow(delta)
    return overflow ? (delta > 0 ? .max : .min) : sum
  }
}
