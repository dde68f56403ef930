/// An open-addressing hash index from identifiers to positions in an array that
/// the owner keeps.
///
/// The table stores no keys: each slot packs the upper 32 bits of the key's hash
/// (a tag that rules out almost every false candidate without touching the key)
/// and the position plus one (so that zero means empty). The owner keeps the
/// hashes next to its elements, so rebuilding the table after an edit hashes
/// nothing, and a diff between two snapshots probes one table with the other
/// snapshot's stored hashes.
///
/// Linear probing, at most 75% full, never deletes (edits rebuild it).
@usableFromInline
struct IDTable: Sendable {
  @usableFromInline var slots: [UInt64]
  @usableFromInline var mask: Int

  @usableFromInline static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

  /// An empty table sized for `count` entries.
  @inlinable
  init(capacity count: Int) {
    var size = 8
    while size * 3 < count * 4 { size &<<= 1 }
    slots = Array(repeating: 0, count: size)
    mask = size &- 1
  }

  @inlinable
  static func slot(position: Int, hash: Int) -> UInt64 {
    (UInt64(bitPattern: Int64(hash)) & tagMask) | UInt64(truncatingIfNeeded: position &+ 1)
  }

  /// The position stored under `hash` for which `matches` is true, if any.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  func find(hash: Int, where matches: (Int) -> Bool) -> Int? {
    let tag = UInt64(bitPattern: Int64(hash)) & IDTable.tagMask
    let mask = mask
    return slots.withUnsafeBufferPointer { slots in
      var bucket = hash & mask
      var slot = slots[bucket]
      while slot != 0 {
        if slot & IDTable.tagMask == tag {
          let position = Int(truncatingIfNeeded: slot & ~IDTable.tagMask) &- 1
          if matches(position) { return position }
        }
        bucket = (bucket &+ 1) & mask
        slot = slots[bucket]
      }
      return nil
    }
  }

  /// Builds a table of positions `0..<hashes.count`.
  ///
  /// `equal(a, b)` says whether the keys at positions `a` and `b` are equal; for
  /// each position whose key equals an earlier one, `duplicate(first, later)` is
  /// called and the later position is not stored.
  ///
  /// - Complexity: Expected O(n).
  @inlinable
  init(
    hashes: [Int], equal: (Int, Int) -> Bool, duplicate: (_ first: Int, _ later: Int) -> Void
  ) {
    self.init(capacity: hashes.count)
    let mask = self.mask
    slots.withUnsafeMutableBufferPointer { slots in
      hashes.withUnsafeBufferPointer { hashes in
        for position in hashes.indices {
          let hash = hashes[position]
          let tag = UInt64(bitPattern: Int64(hash)) & IDTable.tagMask
          var bucket = hash & mask
          var isDuplicate = false
          while true {
            let slot = slots[bucket]
            if slot == 0 { break }
            if slot & IDTable.tagMask == tag {
              let other = Int(truncatingIfNeeded: slot & ~IDTable.tagMask) &- 1
              if equal(other, position) {
                duplicate(other, position)
                isDuplicate = true
                break
              }
            }
            bucket = (bucket &+ 1) & mask
          }
          if !isDuplicate {
            slots[bucket] = tag | UInt64(truncatingIfNeeded: position &+ 1)
          }
        }
      }
    }
  }

  /// Adds `position` under `hash` without looking for an equal key.
  ///
  /// The caller guarantees the key is not in the table and that the table stays
  /// at most 75% full.
  @inlinable
  mutating func insertNew(position: Int, hash: Int) {
    var bucket = hash & mask
    while slots[bucket] != 0 { bucket = (bucket &+ 1) & mask }
    slots[bucket] = IDTable.slot(position: position, hash: hash)
  }

  /// Removes the entry for `position`, stored under `hash`, closing the gap
  /// with a backward shift so that no probe chain breaks (no tombstones).
  /// `hashOf` gives the hash stored for another position still in the table.
  ///
  /// - Complexity: Expected O(1).
  @inlinable
  mutating func remove(position: Int, hash: Int, hashOf: (Int) -> Int) {
    let mask = mask
    let target = UInt64(truncatingIfNeeded: position &+ 1)
    var hole = hash & mask
    while slots[hole] & ~IDTable.tagMask != target {
      if slots[hole] == 0 { return }  // not stored: nothing to remove
      hole = (hole &+ 1) & mask
    }
    slots[hole] = 0
    var next = (hole &+ 1) & mask
    while slots[next] != 0 {
      let stored = Int(truncatingIfNeeded: slots[next] & ~IDTable.tagMask) &- 1
      let home = hashOf(stored) & mask
      // Move the entry into the hole unless its home lies in (hole, next].
      if (next &- home) & mask >= (next &- hole) & mask {
        slots[hole] = slots[next]
        slots[next] = 0
        hole = next
      }
      next = (next &+ 1) & mask
    }
  }

  /// A copy with every stored position `p` replaced by `transform(p)`,
  /// made in one pass (no copy, then a second pass to change them). The
  /// hashes stay where they are: only the positions change.
  ///
  /// - Precondition: `transform` maps the stored positions into
  ///   `0..<UInt32.max - 1`. When it maps several to one (the id index of
  ///   shared storage maps item positions to leaf ordinals), ``find(hash:where:)``
  ///   may offer that position more than once and ``remove(position:hash:hashOf:)``
  ///   must not be used on the copy.
  /// - Complexity: O(capacity), without probing.
  @inlinable
  func remappingPositions(_ transform: (Int) -> Int) -> IDTable {
    var copy = self
    copy.slots = Array(unsafeUninitializedCapacity: slots.count) { buffer, count in
      slots.withUnsafeBufferPointer { slots in
        for index in slots.indices {
          let slot = slots[index]
          var remapped = slot
          if slot != 0 {
            let position = Int(truncatingIfNeeded: slot & ~IDTable.tagMask) &- 1
            remapped =
              slot & IDTable.tagMask | UInt64(truncatingIfNeeded: transform(position) &+ 1)
          }
          (buffer.baseAddress! + index).initialize(to: remapped)
        }
      }
      count = slots.count
    }
    return copy
  }

  /// Whether `additional` more entries fit in a table holding `count`.
  @inlinable
  func canAdd(_ additional: Int, to count: Int) -> Bool {
    (count + additional) * 4 <= slots.count * 3
  }

  /// Every stored position, in slot order.
  @usableFromInline
  var storedPositions: [Int] {
    slots.compactMap { $0 == 0 ? nil : Int(truncatingIfNeeded: $0 & ~IDTable.tagMask) - 1 }
  }
}
