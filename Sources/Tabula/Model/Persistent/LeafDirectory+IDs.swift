// A version's directory answering ids: the position and path of an id,
// through the id index's base first, then its overlay (see
// LeafDirectory.swift).

extension _LeafDirectory {
  /// The position of `id` (whose hash is `hash`) in the leaf at `leaf`, if
  /// there.
  @inlinable @inline(never)
  func position(of id: Item.ID, hash: Int, inLeaf leaf: Int) -> Int? {
    let start = Int(entries[leaf].start)
    let count = Int(entries[leaf &+ 1].start) &- start
    guard let hashes = hashes[leaf], let items = entries[leaf].items, count <= UInt64.bitWidth
    else {
      return _ItemChunk<Item>.unmanaged(leaves[leaf])._withUnsafeGuaranteedRef {
        _PersistentItems.offset(of: id, hash: hash, in: $0).map { start &+ $0 }
      }
    }
    // Every hash compared, without a branch on any: a branch on the first
    // hash equal to `hash` would be mispredicted at almost every lookup,
    // once the hashes have come from memory, and stop the processor from
    // reading ahead for the next lookup while it waits.
    var matches: UInt64 = 0
    for offset in 0..<count {
      matches |= (hashes[offset] == hash ? 1 : 0) &<< UInt64(truncatingIfNeeded: offset)
    }
    while matches != 0 {
      let offset = matches.trailingZeroBitCount
      if items[offset].id == id { return start &+ offset }
      matches &= matches &- 1
    }
    return nil
  }

  /// The leaf labelled `label`, if there is one.
  @inlinable
  func leaf(labeled label: UInt64) -> Int? {
    labels.withUnsafeBufferPointer { labels in
      var low = 0
      var high = labels.count
      while low < high {
        let middle = (low &+ high) &>> 1
        if labels[middle] < label { low = middle &+ 1 } else { high = middle }
      }
      return low < labels.count && labels[low] == label ? low : nil
    }
  }

  /// The position of `id` (whose hash is `hash`), found through `ids` (the
  /// index of the version described), if present.
  ///
  /// The base is asked first, though the overlay decides for the ids placed
  /// since the base was built: ids are unique, so an id found in the leaf
  /// the base names is where it is, wherever the overlay would send it; only
  /// when that leaf does not hold it does the overlay's label count. Most
  /// lookups then skip the overlay's trie.
  @inlinable
  func index(of id: Item.ID, hash: Int, ids: _IDIndex<Item.ID>) -> Int? {
    var found: Int?
    let inBase =
      ids.base.find(hash: hash) { stored in
        found = baseCandidate(id, hash: hash, stored, ids)?.index
        return found != nil
      } != nil
    if inBase { return found }
    guard let label = ids.overlay.label(of: id, hash: hash) else { return nil }
    return leaf(labeled: label).flatMap { position(of: id, hash: hash, inLeaf: $0) }
  }

  /// The position of `id` (whose hash is `hash`) and the section of the
  /// leaf holding it, if it is in the leaf of the base entry `stored`: at
  /// the entry's offset hint when the leaf has not changed there since the
  /// base was built (read without waiting on its hashes or on
  /// ``entries``), else found by its hash.
  @inlinable @inline(__always)
  func baseCandidate(_ id: Item.ID, hash: Int, _ stored: Int, _ ids: _IDIndex<Item.ID>) -> (
    index: Int, leafSection: Int
  )? {
    let (ordinal, hint) = ids.entry(stored)
    let candidate = ordinals[ordinal]
    if let items = candidate.items, hint < candidate.count, items[hint].id == id {
      return (Int(candidate.start) &+ hint, candidate.section)
    }
    let leaf = Int(ordinalLeaves[ordinal])
    guard leaf >= 0 else { return nil }
    return position(of: id, hash: hash, inLeaf: leaf).map { ($0, Int(entries[leaf].section)) }
  }

  /// The path of the item at position `index`, in a leaf whose first item
  /// is in section `leafSection`.
  @inlinable @inline(__always)
  func path(at index: Int, leafSection: Int) -> ItemPath {
    sectionStarts.withUnsafeBufferPointer { starts in
      precondition(
        UInt(bitPattern: leafSection) < UInt(bitPattern: starts.count &- 1),
        "section \(leafSection)")
      // In bounds: `section` stays below the section count.
      var section = leafSection
      while section &+ 1 < starts.count &- 1 && starts[section &+ 1] <= index { section &+= 1 }
      return ItemPath(section: section, item: index &- starts[section])
    }
  }

  /// The path of `id` (whose hash is `hash`), found through `ids`, if
  /// present: the base first, as ``index(of:hash:ids:)`` asks.
  @inlinable @inline(__always)
  func path(of id: Item.ID, hash: Int, ids: _IDIndex<Item.ID>) -> ItemPath? {
    var found: ItemPath?
    let inBase =
      ids.base.find(hash: hash) { stored in
        guard let (index, section) = baseCandidate(id, hash: hash, stored, ids) else {
          return false
        }
        found = path(at: index, leafSection: section)
        return true
      } != nil
    if inBase { return found }
    return overlayPath(of: id, hash: hash, ids: ids)
  }

  /// The path of `id` (whose hash is `hash`), found through the id index of
  /// the version described (``ids``), if present: where the first base
  /// entry with its hash's tag says, when that leaf still holds it at the
  /// entry's offset hint (most lookups); else as ``path(of:hash:ids:)``
  /// finds it, out of line. The usual path reads the base's table in a loop
  /// of its own, with nothing captured: a closure capturing the index would
  /// copy it to the stack at every lookup.
  @inlinable @inline(__always)
  func path(of id: Item.ID, hash: Int) -> ItemPath? {
    let tag = UInt64(bitPattern: Int64(hash)) & IDTable.tagMask
    let mask = ids.base.mask
    let hintBits = ids.hintBits
    let found: (index: Int, leafSection: Int)? = ids.base.slots.withUnsafeBufferPointer { slots in
      var bucket = hash & mask
      while true {
        let slot = slots[bucket]
        guard slot != 0 else { return nil }
        if slot & IDTable.tagMask == tag {
          let stored = Int(truncatingIfNeeded: slot & ~IDTable.tagMask) &- 1
          let candidate = ordinals[stored &>> hintBits]
          let hint = stored & ((1 &<< hintBits) &- 1)
          // An ordinal without a leaf has no items either.
          guard let items = candidate.items, hint < candidate.count, items[hint].id == id
          else { return nil }
          return (Int(candidate.start) &+ hint, candidate.section)
        }
        bucket = (bucket &+ 1) & mask
      }
    }
    guard let found else { return searchedPath(of: id, hash: hash) }
    return path(at: found.index, leafSection: found.leafSection)
  }

  /// ``path(of:hash:)`` when the first base entry with the hash's tag does
  /// not say where the id is: every base entry with the tag, then the
  /// overlay.
  @inlinable @inline(never)
  func searchedPath(of id: Item.ID, hash: Int) -> ItemPath? {
    path(of: id, hash: hash, ids: ids)
  }

  /// The path of `id` (whose hash is `hash`) through the overlay of `ids`,
  /// if the overlay has it.
  @inlinable @inline(never)
  func overlayPath(of id: Item.ID, hash: Int, ids: _IDIndex<Item.ID>) -> ItemPath? {
    guard let label = ids.overlay.label(of: id, hash: hash), let leaf = leaf(labeled: label),
      let index = position(of: id, hash: hash, inLeaf: leaf)
    else { return nil }
    return path(at: index, leafSection: Int(entries[leaf].section))
  }
}
