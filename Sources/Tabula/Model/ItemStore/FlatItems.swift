// The flat representation of a snapshot's items: contiguous arrays in list
// order and an open-addressing index from id to position. O(1) lookups,
// O(n) edits (which rebuild the index from the stored hashes, never hashing
// an id again). `_ItemStore` holds it, or the shared representation.

/// A snapshot's items in flat arrays: the items, their id hashes and
/// sections, the id index, and the section starts.
@usableFromInline
struct _FlatItems<Item: Diffable>: Sendable {
  /// `starts[s]` is the flat index of section `s`'s first item; one extra
  /// entry holds the item count.
  @usableFromInline var starts: [Int]
  @usableFromInline var items: [Item]
  @usableFromInline var hashes: [Int]
  /// The section of each item.
  @usableFromInline var sections: [Int32]
  @usableFromInline var table: IDTable

  /// No sections, no items.
  @inlinable
  init() {
    self.init(starts: [0])
  }

  /// No items, and `starts` (`[]` beside shared storage, which keeps the
  /// starts itself).
  @inlinable
  init(starts: [Int]) {
    self.starts = starts
    items = []
    hashes = []
    sections = []
    table = IDTable(capacity: 0)
  }

  /// Recomputes the section of every item from the section starts.
  @inlinable
  mutating func rebuildSections() {
    // Never `Array(unsafeUninitializedCapacity: 0)`: it writes the count into
    // the standard library's shared empty-array storage, a data race when
    // several threads do it (ThreadSanitizer reports it).
    guard !items.isEmpty else {
      sections = []
      return
    }
    let starts = starts
    sections = Array(unsafeUninitializedCapacity: items.count) { buffer, count in
      for section in 0..<(starts.count - 1) {
        let value = Int32(truncatingIfNeeded: section)
        for flat in starts[section]..<starts[section + 1] {
          (buffer.baseAddress! + flat).initialize(to: value)
        }
      }
      count = starts[starts.count - 1]
    }
  }

  /// Rebuilds the id index from the stored hashes.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` naming every
  ///   duplicate with all its paths; the index is unchanged then.
  @inlinable
  mutating func rebuildTable() throws(SnapshotError) {
    var duplicates: [Int: [Int]] = [:]
    let table = items.withUnsafeBufferPointer { items in
      IDTable(
        hashes: hashes, equal: { items[$0].id == items[$1].id },
        duplicate: { first, later in duplicates[first, default: [first]].append(later) })
    }
    guard duplicates.isEmpty else {
      throw .duplicateItemIDs(
        duplicates.sorted { $0.key < $1.key }.map {
          SnapshotError.Duplicate(
            id: String(reflecting: items[$0.key].id),
            positions: $0.value.map(path(atFlatIndex:)))
        })
    }
    self.table = table
  }

  /// Replaces the items (known to have unique ids) and the section starts,
  /// rebuilding the indexes without checking for duplicates.
  @inlinable
  mutating func replace(_ items: [Item], hashes: [Int], starts: [Int]) {
    self.items = items
    self.hashes = hashes
    self.starts = starts
    rebuildSections()
    table = items.withUnsafeBufferPointer { items in
      IDTable(hashes: hashes, equal: { items[$0].id == items[$1].id }, duplicate: { _, _ in })
    }
  }

  /// The path of the item at flat index `flat`.
  @inlinable
  func path(atFlatIndex flat: Int) -> ItemPath {
    let section = sections.withUnsafeBufferPointer { Int($0[flat]) }
    let start = starts.withUnsafeBufferPointer { $0[section] }
    return ItemPath(section: section, item: flat &- start)
  }

  /// The flat index of the item with `id`, whose hash is `hash`, if present.
  @inlinable
  func index(of id: Item.ID, hash: Int) -> Int? {
    items.withUnsafeBufferPointer { items in
      table.find(hash: hash) { items[$0].id == id }
    }
  }

  /// Inserts `items` (with their `hashes`) at flat index `flat`, which
  /// belongs to (or ends) `section`.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)``; nothing changes then.
  @inlinable
  mutating func insert(
    _ items: [Item], hashes: [Int], atFlatIndex flat: Int, section: Int
  ) throws(SnapshotError) {
    if flat == self.items.count, table.canAdd(items.count, to: self.items.count),
      appendWithoutDuplicates(items, hashes: hashes, section: section)
    {
      return
    }
    var copy = self
    copy.items.insert(contentsOf: items, at: flat)
    copy.hashes.insert(contentsOf: hashes, at: flat)
    for later in (section + 1)..<copy.starts.count { copy.starts[later] += items.count }
    copy.rebuildSections()
    try copy.rebuildTable()
    self = copy
  }

  /// Appends `items` at the end, into `section`, updating the index in
  /// place. Returns `false`, changing nothing, if an item's id is already
  /// present or repeated (the caller then takes the path that reports the
  /// duplicates).
  @inlinable
  mutating func appendWithoutDuplicates(_ items: [Item], hashes: [Int], section: Int) -> Bool {
    for offset in items.indices where index(of: items[offset].id, hash: hashes[offset]) != nil {
      return false
    }
    guard !_ItemStore<Item>.repeats(items, hashes: hashes) else { return false }
    let base = self.items.count
    self.items.append(contentsOf: items)
    self.hashes.append(contentsOf: hashes)
    sections.append(
      contentsOf: repeatElement(Int32(truncatingIfNeeded: section), count: items.count))
    for later in (section + 1)..<starts.count { starts[later] += items.count }
    for offset in items.indices {
      table.insertNew(position: base + offset, hash: hashes[offset])
    }
    return true
  }

  /// Removes the last `count` items in place, in O(count).
  @inlinable
  mutating func removeTrailing(_ count: Int) {
    let start = items.count - count
    let hashes = hashes
    for position in start..<items.count {
      table.remove(position: position, hash: hashes[position], hashOf: { hashes[$0] })
    }
    items.removeLast(count)
    self.hashes.removeLast(count)
    sections.removeLast(count)
    for index in starts.indices where starts[index] > start { starts[index] = start }
  }

  /// Removes the items at the flat indices for which `isDoomed` is true.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func removeItems(where isDoomed: (Int) -> Bool) {
    var kept: [Item] = []
    var keptHashes: [Int] = []
    var keptStarts = [0]
    kept.reserveCapacity(items.count)
    keptHashes.reserveCapacity(items.count)
    keptStarts.reserveCapacity(starts.count)
    for section in 0..<(starts.count - 1) {
      for flat in starts[section]..<starts[section + 1] where !isDoomed(flat) {
        kept.append(items[flat])
        keptHashes.append(hashes[flat])
      }
      keptStarts.append(kept.count)
    }
    replace(kept, hashes: keptHashes, starts: keptStarts)
  }

  /// Moves the item at flat index `source` (in `sourceSection`) to flat
  /// index `destination` (counted once it left), in `targetSection`.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func move(
    from source: Int, sourceSection: Int, to destination: Int, targetSection: Int
  ) {
    // Only the sections between the two change their starts (a move within
    // a section changes none, and leaves the array shared).
    if sourceSection < targetSection {
      for later in (sourceSection + 1)...targetSection { starts[later] -= 1 }
    } else if targetSection < sourceSection {
      for later in (targetSection + 1)...sourceSection { starts[later] += 1 }
    }
    let item = items.remove(at: source)
    let hash = hashes.remove(at: source)
    items.insert(item, at: destination)
    hashes.insert(hash, at: destination)
    replace(items, hashes: hashes, starts: starts)
  }

  /// Keeps the sections listed in `order` (old indices), in that order,
  /// with their items.
  ///
  /// - Complexity: O(n).
  @inlinable
  mutating func reorderSections(_ order: [Int]) {
    var kept: [Item] = []
    var keptHashes: [Int] = []
    var keptStarts = [0]
    kept.reserveCapacity(items.count)
    keptHashes.reserveCapacity(items.count)
    for section in order {
      let range = starts[section]..<starts[section + 1]
      kept.append(contentsOf: items[range])
      keptHashes.append(contentsOf: hashes[range])
      keptStarts.append(kept.count)
    }
    replace(kept, hashes: keptHashes, starts: keptStarts)
  }

  /// Replaces the items from flat index `start` to `end` (within the
  /// section at `index`) with `items`, whose hashes are `hashes`.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` when a new id is
  ///   elsewhere in the snapshot or repeated; nothing changes then.
  /// - Complexity: O(n) copying, patching the id index in place.
  @inlinable
  mutating func replaceItems(
    inSectionAt index: Int, start: Int, end: Int, with items: [Item], hashes: [Int]
  ) throws(SnapshotError) {
    let delta = items.count - (end - start)

    // An id new to the snapshot, or one that stays within the subrange; and
    // no id twice among the new items. Else the full rebuild reports every
    // duplicate with its positions.
    var fits = true
    for (offset, item) in items.enumerated() {
      if let existing = self.index(of: item.id, hash: hashes[offset]),
        existing < start || existing >= end
      {
        fits = false
        break
      }
    }
    if fits && _ItemStore<Item>.repeats(items, hashes: hashes) { fits = false }

    var copy = self
    copy.items.replaceSubrange(start..<end, with: items)
    copy.hashes.replaceSubrange(start..<end, with: hashes)
    copy.sections.replaceSubrange(
      start..<end,
      with: repeatElement(Int32(truncatingIfNeeded: index), count: items.count))
    for later in (index + 1)..<copy.starts.count { copy.starts[later] += delta }
    guard fits else {
      try copy.rebuildTable()  // throws the duplicates
      preconditionFailure("a duplicate id was found that the table did not report")
    }
    if copy.table.canAdd(max(0, delta), to: self.items.count) {
      // Copied in one pass with the later positions shifted by `delta` and
      // the subrange's entries parked above every position (so that they
      // collide with none); then the parked entries leave, closing their
      // gaps, and the new ones come in.
      let parked = self.items.count + max(0, delta)
      let oldHashes = self.hashes
      copy.table = table.remappingPositions { position in
        position < start ? position : position < end ? parked + position - start : position + delta
      }
      func oldHash(ofStored stored: Int) -> Int {
        if stored < start { return oldHashes[stored] }
        if stored >= parked { return oldHashes[start + stored - parked] }
        return oldHashes[stored - delta]
      }
      for position in start..<end {
        copy.table.remove(
          position: parked + position - start, hash: oldHashes[position], hashOf: oldHash)
      }
      for offset in items.indices {
        copy.table.insertNew(position: start + offset, hash: hashes[offset])
      }
    } else {
      try copy.rebuildTable()
    }
    self = copy
  }

  /// Checks each item's section, hash and index entry, and that there are
  /// `sectionCount` sections.
  @usableFromInline
  func verify(sectionCount: Int) {
    precondition(starts.count == sectionCount + 1, "one start per section, plus one")
    for section in 0..<sectionCount {
      for flat in starts[section]..<starts[section + 1] {
        precondition(Int(sections[flat]) == section, "section of item \(flat)")
      }
    }
    precondition(hashes.count == items.count, "one hash per item")
    precondition(sections.count == items.count, "one section per item")
    for flat in items.indices {
      precondition(hashes[flat] == IDHashing.hash(items[flat].id), "item hash \(flat)")
      precondition(index(of: items[flat].id, hash: hashes[flat]) == flat, "item index \(flat)")
    }
    precondition(table.storedPositions.count == items.count, "one entry per item")
  }
}
