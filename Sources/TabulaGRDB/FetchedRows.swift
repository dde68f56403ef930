#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// The rows one read of a fetched list returned, in the order read, as
/// parallel arrays: rowids, items, section keys, and the order keys of
/// every row laid end to end (one allocation, not one per row).
@usableFromInline
struct FetchedRows<Item: Sendable>: Sendable {
  @usableFromInline var rowIDs: [Int64] = []
  @usableFromInline var items: [Item] = []
  @usableFromInline var sections: [String] = []
  @usableFromInline var keys: [DatabaseValue] = []
  @usableFromInline let keyCount: Int

  @usableFromInline
  init(keyCount: Int) { self.keyCount = keyCount }

  @inlinable
  var count: Int { rowIDs.count }

  @inlinable
  mutating func append(rowID: Int64, item: Item, section: String, keys rowKeys: [DatabaseValue]) {
    rowIDs.append(rowID)
    items.append(item)
    sections.append(section)
    keys.append(contentsOf: rowKeys)
  }

  /// The order keys of the row at `position`.
  @inlinable
  func keys(at position: Int) -> [DatabaseValue] {
    Array(keys[(position * keyCount)..<((position + 1) * keyCount)])
  }
}
