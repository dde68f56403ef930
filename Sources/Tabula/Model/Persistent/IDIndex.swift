/// The map from item ids to the labels of their leaves in an ``_ItemTree``,
/// in two layers, so that an edit touches only memory that is small and
/// warm:
///
/// - the **base**, built in one pass and then never changed, shared by every
///   version that descends from it: an ``IDTable`` from each id's hash to
///   the ordinal of its leaf when the base was built (with the id's offset
///   in that leaf, a hint a ``_LeafDirectory`` tries first), and those
///   leaves' labels (`baseLabels`);
/// - the **overlay**, a persistent ``_IDTrie`` of the ids placed since: an
///   insert, or a split or relabelling that moved an item to another leaf.
///
/// Neither layer forgets an id when its item is removed. Both give candidate
/// labels, and ``_PersistentItems`` confirms a candidate by finding the id in
/// the leaf with that label: an id's newest placement is in the overlay if
/// it was placed since the base was built (then the overlay decides), else
/// in the base; a removed id is found in neither leaf. So removals touch no
/// index at all, and an insert sets one entry in an overlay that holds only
/// the recent changes (a few nodes that stay in cache) instead of walking a
/// trie of every id, whose nodes lie all over memory: at 1,000,000 items
/// that walk, the copy of its path and the release of the old path were
/// two thirds of an outline toggle.
///
/// When the overlay holds more than a quarter of the items (plus 1,024), or
/// fewer than a quarter of the base's ids are left, the owner rebuilds the
/// base from the tree (``init(tree:)``), which also drops the forgotten ids:
/// O(n) once per n/4 inserts or 3n removals, O(1) amortized per edit.
@usableFromInline
struct _IDIndex<ID: Hashable & Sendable>: Sendable {
  /// Leaf ordinals by id hash, as of the base's build, each with the
  /// item's offset in its leaf then in its low ``hintBits`` bits (a hint:
  /// the leaf may have changed since; see ``entry(_:)``).
  @usableFromInline var base: IDTable
  /// The bits of a base entry that hold the offset hint: 5 (a leaf holds at
  /// most 32 items), or 0 for a list of 2^26 items or more, whose leaf
  /// ordinals might not leave room for them.
  @usableFromInline var hintBits: Int
  /// The label of each leaf, by its ordinal, as of the base's build.
  @usableFromInline var baseLabels: [UInt64]
  /// The ids placed since the base was built, with their leaves' labels.
  @usableFromInline var overlay = _IDTrie<ID>()
  /// The number of ids the base holds.
  @usableFromInline var baseCount: Int

  /// The index of the ids in `tree`.
  ///
  /// - Complexity: O(n).
  @inlinable
  init<Item: Diffable>(tree: _ItemTree<Item>) where Item.ID == ID {
    var base = IDTable(capacity: tree.count)
    var labels: [UInt64] = []
    let hintBits = _IDIndex.hintBits(itemCount: tree.count)
    let hintLimit = (1 &<< hintBits) &- 1
    tree.forEachLeaf { leaf, _ in
      let ordinal = labels.count
      labels.append(leaf.label)
      leaf.hashes.withUnsafeBufferPointer { hashes in
        for (offset, hash) in hashes.enumerated() {
          base.insertNew(position: ordinal &<< hintBits | min(offset, hintLimit), hash: hash)
        }
      }
    }
    self.base = base
    self.hintBits = hintBits
    baseLabels = labels
    baseCount = tree.count
  }

  /// The index of the ids in `tree`, just built from flat items whose
  /// table is `table`: the table's positions become leaf ordinals in one
  /// sequential pass, without probing.
  ///
  /// - Precondition: `tree` was built from those items
  ///   (`_ItemTree.init(items:hashes:labelSpacing:)`, `buildFill` a leaf).
  /// - Complexity: O(n).
  @inlinable
  init<Item: Diffable>(tree: _ItemTree<Item>, flatTable table: IDTable) where Item.ID == ID {
    let fill = _ItemTree<Item>.buildFill
    let hintBits = _IDIndex.hintBits(itemCount: tree.count)
    base = table.remappingPositions {
      ($0 / fill) &<< hintBits | ($0 % fill) & ((1 &<< hintBits) &- 1)
    }
    self.hintBits = hintBits
    var labels: [UInt64] = []
    labels.reserveCapacity(tree.count / fill + 1)
    tree.forEachLeaf { leaf, _ in labels.append(leaf.label) }
    baseLabels = labels
    baseCount = tree.count
  }

  /// The bits of a base entry that hold the offset hint, for a list of
  /// `itemCount` items (it has at most that many leaves).
  @inlinable
  static func hintBits(itemCount: Int) -> Int { itemCount < 1 &<< 26 ? 5 : 0 }

  /// The leaf ordinal and the offset hint of the base entry `entry` (a
  /// position ``IDTable/find(hash:where:)`` gives).
  @inlinable
  func entry(_ entry: Int) -> (ordinal: Int, hint: Int) {
    (entry &>> hintBits, entry & ((1 &<< hintBits) &- 1))
  }

  /// Whether rebuilding the base costs less, over the edits to come, than
  /// keeping it: the overlay has grown past a quarter of the items, or
  /// three quarters of the base's ids are gone (a list that only shrinks
  /// would otherwise keep them, and their memory, for good).
  @inlinable
  func needsRebuild(itemCount: Int) -> Bool {
    overlay.count > 1024 + itemCount / 4 || (baseCount > 4096 && itemCount < baseCount / 4)
  }

  /// Calls `body` with each candidate label for `id` (whose hash is `hash`)
  /// until it returns true: the overlay's label if it has one (decisive),
  /// else the base's, of which there is more than one only when the upper
  /// 32 bits of two hashes collide (the base's table stores no more; the
  /// same label may then come more than once). Returns whether `body`
  /// returned true.
  @inlinable
  func candidates(of id: ID, hash: Int, _ body: (UInt64) -> Bool) -> Bool {
    if let label = overlay.label(of: id, hash: hash) { return body(label) }
    return baseLabels.withUnsafeBufferPointer { labels in
      base.find(hash: hash) { stored in
        let ordinal = entry(stored).ordinal
        precondition(ordinal >= 0 && ordinal < labels.count, "leaf ordinal \(ordinal)")
        return body(labels[ordinal])
      } != nil
    }
  }

  /// Checks the overlay's structure and that the base's ordinals name
  /// leaves it knows.
  @usableFromInline
  func verify() {
    overlay.verify()
    let ordinals = base.storedPositions.map { entry($0).ordinal }
    precondition(ordinals.count == baseCount, "the base counts its ids")
    for ordinal in ordinals {
      precondition(baseLabels.indices.contains(ordinal), "a base entry names a known leaf")
    }
    precondition(zip(baseLabels, baseLabels.dropFirst()).allSatisfy(<), "base labels ascend")
  }
}
