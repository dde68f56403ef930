import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// What a ``FetchedList`` knows of the rows it shows, beside its content
/// snapshot, which holds their items in order: the item id of each rowid,
/// and the rowid and order keys of each item id. With it, a change to k
/// rows edits the snapshot in place: each old row is found by its rowid,
/// each new one placed in its section by binary search over the snapshot
/// (the keys of the items it probes come from here).
///
/// The list mutates its index in place on the main actor (one owner, no
/// copy); a full read builds a new one off the main actor.
@usableFromInline
struct FetchedRowIndex<ID: Hashable & Sendable>: Sendable {
  /// A row: its rowid and its order keys (the key columns in ordering
  /// order).
  @usableFromInline
  struct Row: Sendable {
    @usableFromInline let rowID: Int64
    @usableFromInline var keys: [DatabaseValue]

    @inlinable
    init(rowID: Int64, keys: [DatabaseValue]) {
      self.rowID = rowID
      self.keys = keys
    }
  }

  /// The item id of each rowid.
  @usableFromInline var ids: [Int64: ID] = [:]
  /// The row of each item id.
  @usableFromInline var rows: [ID: Row] = [:]

  @usableFromInline
  init() {}

  /// The index of the rows `fetched` read, in full.
  ///
  /// - Complexity: O(n).
  @inlinable
  init<Item: Identifiable>(_ fetched: FetchedRows<Item>) where Item.ID == ID {
    ids.reserveCapacity(fetched.count)
    rows.reserveCapacity(fetched.count)
    for position in 0..<fetched.count {
      let id = fetched.items[position].id
      ids[fetched.rowIDs[position]] = id
      rows[id] = Row(rowID: fetched.rowIDs[position], keys: fetched.keys(at: position))
    }
  }

  /// The number of rows.
  var count: Int { ids.count }

  /// How many of `rowIDs` the index holds.
  func count(of rowIDs: some Sequence<Int64>) -> Int {
    rowIDs.reduce(0) { $0 + (ids[$1] == nil ? 0 : 1) }
  }

  /// Removes the row `rowID`, returning its item id (`nil`: not a row of
  /// the list).
  @inlinable
  mutating func remove(rowID: Int64) -> ID? {
    guard let id = ids.removeValue(forKey: rowID) else { return nil }
    rows[id] = nil
    return id
  }

  /// Adds `row`, whose item has the id `id`.
  @inlinable
  mutating func insert(_ row: Row, id: ID) {
    ids[row.rowID] = id
    rows[id] = row
  }

  /// Gives the row `rowID` new order keys (after a user move wrote new
  /// ranks). Returns whether the list has that row.
  @discardableResult
  mutating func setKeys(_ keys: [DatabaseValue], ofRow rowID: Int64) -> Bool {
    guard let id = ids[rowID] else { return false }
    rows[id]?.keys = keys
    return true
  }

  /// The order keys of the row `rowID`.
  func keys(ofRow rowID: Int64) -> [DatabaseValue]? {
    ids[rowID].flatMap { rows[$0]?.keys }
  }

  /// Whether `left` comes before `right` in `ordering` (then by rowid),
  /// comparing as SQLite compares.
  @inlinable
  static func precedes(_ left: Row, _ right: Row, in ordering: [FetchedOrdering]) -> Bool {
    for (index, order) in ordering.enumerated() {
      var comparison = compareSQLite(
        left.keys[index], right.keys[index], caseInsensitive: order.caseInsensitive)
      if !order.ascending { comparison = -comparison }
      if comparison != 0 { return comparison < 0 }
    }
    return left.rowID < right.rowID
  }
}
