/// The order of the sections that ``Snapshot/init(grouping:by:sectionOrder:section:)``
/// makes.
public enum SectionOrder<Key> {
  /// Sections in the order their first item appears.
  case firstAppearance
  /// Sections sorted by key with a comparator; keys the comparator finds equal
  /// keep the order of first appearance.
  case sorted(by: (Key, Key) -> Bool)
}

extension SectionOrder where Key: Comparable {
  /// Sections in ascending key order.
  public static var ascending: SectionOrder { .sorted(by: <) }
  /// Sections in descending key order.
  public static var descending: SectionOrder { .sorted(by: >) }
}

extension Snapshot {
  /// Creates a snapshot by grouping items into sections by a key.
  ///
  /// Each distinct key becomes a section, whose model `section(key)` makes.
  /// Items keep their relative order inside each section; they need not arrive
  /// sorted by section. A key path works as the key function.
  ///
  /// ```swift
  /// let byTeam = try Snapshot(grouping: players, by: \.team, sectionOrder: .ascending) {
  ///   Team(id: $0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - items: The items, in the order they keep inside their sections.
  ///   - key: The section key of an item.
  ///   - sectionOrder: First appearance (the default) or sorted by key.
  ///   - section: The section model for a key.
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` or
  ///   ``SnapshotError/duplicateSectionIDs(_:)`` (two keys whose models share
  ///   an id).
  /// - Complexity: Expected O(n + s log s), n items and s sections.
  @inlinable
  public init<Key: Hashable>(
    grouping items: some Sequence<Item>,
    by key: (Item) -> Key,
    sectionOrder: SectionOrder<Key> = .firstAppearance,
    section: (Key) -> SectionModel
  ) throws(SnapshotError) {
    let source = Array(items)
    try self.init(
      _grouping: source, keyAt: { key(source[$0]) }, sectionOrder: sectionOrder, section: section)
  }

  /// Creates a snapshot by grouping items into sections by keys computed
  /// beforehand: `keys[i]` is the section key of `items[i]` (a key read from
  /// a database row rather than from the item, say).
  ///
  /// - Throws: ``SnapshotError/mismatchedSectionKeys(keys:items:)`` when
  ///   there are not as many keys as items,
  ///   ``SnapshotError/duplicateItemIDs(_:)`` or
  ///   ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(n + s log s).
  @inlinable
  public init<Key: Hashable>(
    grouping items: [Item],
    keys: [Key],
    sectionOrder: SectionOrder<Key> = .firstAppearance,
    section: (Key) -> SectionModel
  ) throws(SnapshotError) {
    guard keys.count == items.count else {
      throw .mismatchedSectionKeys(keys: keys.count, items: items.count)
    }
    try self.init(
      _grouping: items, keyAt: { keys[$0] }, sectionOrder: sectionOrder, section: section)
  }

  @inlinable
  init<Key: Hashable>(
    _grouping source: [Item],
    keyAt key: (Int) -> Key,
    sectionOrder: SectionOrder<Key>,
    section: (Key) -> SectionModel
  ) throws(SnapshotError) {
    let count = source.count
    // Groups are numbered in 32 bits below: check before counting them.
    try Snapshot._checkCapacity(items: count, sections: 0)
    var keys: [Key] = []
    var groupOfKey: [Key: Int] = [:]
    var sizes: [Int] = []
    var groupOfItem = [Int32](repeating: 0, count: count)
    var lastKey: Key?
    var lastGroup = 0
    for index in 0..<count {
      let itemKey = key(index)
      if itemKey != lastKey {
        if let existing = groupOfKey[itemKey] {
          lastGroup = existing
        } else {
          lastGroup = keys.count
          groupOfKey[itemKey] = lastGroup
          keys.append(itemKey)
          sizes.append(0)
        }
        lastKey = itemKey
      }
      sizes[lastGroup] += 1
      groupOfItem[index] = Int32(truncatingIfNeeded: lastGroup)
    }

    var order = Array(keys.indices)
    if case .sorted(let areInIncreasingOrder) = sectionOrder {
      order.sort { left, right in
        if areInIncreasingOrder(keys[left], keys[right]) { return true }
        if areInIncreasingOrder(keys[right], keys[left]) { return false }
        return left < right
      }
    }
    var rank = [Int](repeating: 0, count: keys.count)
    var starts = [Int](repeating: 0, count: keys.count + 1)
    for (position, group) in order.enumerated() {
      rank[group] = position
      starts[position + 1] = starts[position] + sizes[group]
    }

    // A stable counting sort: each item goes to the next free slot of its section.
    var cursor = starts
    let seed = IDHashing.seed
    var hashes = [Int](repeating: 0, count: count)
    // Not `unsafeUninitializedCapacity` when empty: that writes to the shared
    // empty-array storage (a data race between threads).
    let placed =
      count == 0
      ? []
      : [Item](unsafeUninitializedCapacity: count) { buffer, initialized in
        for index in 0..<count {
          let position = rank[Int(groupOfItem[index])]
          let destination = cursor[position]
          cursor[position] = destination + 1
          (buffer.baseAddress! + destination).initialize(to: source[index])
          hashes[destination] = IDHashing.hash(source[index].id, seed: seed)
        }
        initialized = count
      }
    try self.init(
      validatingSections: order.map { section(keys[$0]) }, starts: starts, items: placed,
      itemHashes: hashes)
  }
}

extension Snapshot where SectionModel == SectionInfo {
  /// Creates a snapshot by grouping items into sections by a key whose text is
  /// the section's id and title.
  ///
  /// ```swift
  /// let contacts = try Snapshot(grouping: people, by: \.initial, sectionOrder: .ascending)
  /// ```
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)``, or
  ///   ``SnapshotError/duplicateSectionIDs(_:)`` when two keys have the same text.
  /// - Complexity: Expected O(n + s log s), n items and s sections.
  @inlinable
  public init<Key: Hashable & CustomStringConvertible>(
    grouping items: some Sequence<Item>,
    by key: (Item) -> Key,
    sectionOrder: SectionOrder<Key> = .firstAppearance
  ) throws(SnapshotError) {
    try self.init(grouping: items, by: key, sectionOrder: sectionOrder) {
      SectionInfo(id: $0.description, title: $0.description)
    }
  }
}
