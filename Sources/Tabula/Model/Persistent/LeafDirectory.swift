// A directory of one version's leaves, built once that version has been
// read at random often enough: the lookups that would walk down the item
// tree and the tree of section starts (a cache miss or more at each level)
// read flat arrays instead.
//
// Building it walks every leaf, O(n / 24) for n items, so an edit must not
// do it (an edit stays O(log n)), and neither may the first read after an
// edit: each version counts the reads that walked its trees in its
// `_ReadSlot`, and the read that reaches the threshold builds the directory
// and publishes it there, once, for every reader of that version (a
// snapshot is read from any thread). The reads before it cost what the
// build costs, or less.

/// The leaves of one version of ``_PersistentItems`` in flat arrays: each
/// leaf's start, the section of its first item, its storage; a table from
/// runs of positions to their leaves and where their items lie, from the
/// id index's base ordinals to leaves, and the sections' starts. Lookups
/// read these arrays instead of walking the trees: O(1) expected for the
/// item at a position, the position of an id, and the section of a
/// position (the id lookups are in LeafDirectory+IDs.swift).
///
/// It holds the roots of the trees it describes, so the version's nodes
/// stay alive and unchanged while it exists (an edit of that version copies
/// its roots rather than changing them in place); ``describes(_:)`` checks
/// that a version is the one it was built from.
@usableFromInline
final class _LeafDirectory<Item: Diffable>: @unchecked Sendable {
  /// What a read of one leaf needs (16 bytes, so that the entries of a
  /// large list stay in the processor's nearer caches).
  @usableFromInline
  struct Entry {
    /// The leaf's items, when it has no pending patch; else `nil`, and
    /// reads go through the leaf (``leaves``).
    @usableFromInline var items: UnsafePointer<Item>?
    /// The position of the leaf's first item.
    @usableFromInline var start: Int32
    /// The section holding the leaf's first item (the non-empty one).
    @usableFromInline var section: Int32

    @inlinable
    init(items: UnsafePointer<Item>?, start: Int32, section: Int32) {
      self.items = items
      self.start = start
      self.section = section
    }
  }

  /// The root of the item tree described.
  @usableFromInline let root: _ItemChunk<Item>
  /// The root of the section starts described.
  @usableFromInline let startsRoot: _SectionNode
  /// The labels of the id index's base described.
  @usableFromInline let baseLabels: [UInt64]
  /// The id index of the version described.
  @usableFromInline let ids: _IDIndex<Item.ID>
  /// Every leaf in order, then an entry whose start is the item count.
  @usableFromInline let entries: [Entry]
  /// Each leaf's address (``root`` holds the leaf).
  @usableFromInline let leaves: [UInt]
  /// Each leaf's id hashes, when it has no pending patch.
  @usableFromInline let hashes: [UnsafePointer<Int>?]
  /// Each leaf's label, in order (they ascend).
  @usableFromInline let labels: [UInt64]
  /// What a read of one run of `1 << shift` positions needs: where its
  /// items lie, and which leaves hold them.
  @usableFromInline
  struct Run {
    /// The address of the item at the run's first position, in the leaf
    /// holding it; 0 when the run's items are read through ``entries``
    /// (more than one leaf starts in the run, one of its leaves has a
    /// pending patch, or the two leaves lie too far apart for ``second``).
    @usableFromInline var first: UInt
    /// What is added to ``first`` for the positions from the next leaf's
    /// start on: the next leaf's items, less the positions before its
    /// start, less ``first``, in bytes.
    @usableFromInline var second: Int32
    /// The leaf holding the run's first position times 32, plus where in
    /// the run the next leaf starts: ``noBoundary`` when none starts in the
    /// run, ``boundaries`` when more than one does (the lookup then steps
    /// through ``entries``). So the leaf of a position is known from its
    /// run alone.
    @usableFromInline var bucket: UInt32

    @inlinable
    init(first: UInt, second: Int32, bucket: UInt32) {
      self.first = first
      self.second = second
      self.bucket = bucket
    }
  }

  /// Each run of `1 << shift` positions, and one past the last.
  @usableFromInline let runs: [Run]
  /// The number of items.
  @usableFromInline let count: Int
  /// A run's mark for a run that no leaf starts in after its first.
  @inlinable static var noBoundary: UInt32 { 16 }
  /// A run's mark for a run that more than one leaf starts in.
  @inlinable static var boundaries: UInt32 { 31 }
  /// The log₂ of the positions a run covers: at most half the mean leaf,
  /// and at most 4 (so a run's offsets fit below ``noBoundary``).
  @usableFromInline let shift: Int
  /// What a lookup through the id index's base needs of the leaf that has
  /// a base leaf's label now, without reading ``entries``: its items, its
  /// start, its item count and section (16 bytes, so that the ordinals of a
  /// large list stay in the processor's nearer caches). `items` is `nil`
  /// when no leaf has that label, the leaf has a pending patch, or its
  /// section does not fit beside its count (such lookups go through
  /// ``ordinalLeaves``).
  @usableFromInline
  struct Ordinal {
    @usableFromInline var items: UnsafePointer<Item>?
    @usableFromInline var start: Int32
    /// The item count in the low ``countBits`` bits, the section above.
    @usableFromInline var countAndSection: UInt32

    /// The bits of ``countAndSection`` that hold the count: a leaf holds
    /// at most ``_ItemTree/leafCapacity`` items, and one more while it
    /// splits.
    @inlinable static var countBits: UInt32 { 6 }

    /// What a leaf that no lookup reads directly has.
    @inlinable static var none: Ordinal { Ordinal(items: nil, start: 0, countAndSection: 0) }

    @inlinable
    init(items: UnsafePointer<Item>?, start: Int32, countAndSection: UInt32) {
      self.items = items
      self.start = start
      self.countAndSection = countAndSection
    }

    /// The ordinal of a leaf of `count` items from `start`, its first item
    /// in `section`: read through `items` when the section fits.
    @inlinable
    init(items: UnsafePointer<Item>?, start: Int32, count: Int, section: Int32) {
      let fits =
        count < 1 << Self.countBits && UInt32(section) < UInt32.max >> Self.countBits
      self.init(
        items: fits ? items : nil, start: start,
        countAndSection: fits ? UInt32(section) << Self.countBits | UInt32(count) : 0)
    }

    /// The leaf's item count (0 when ``items`` is `nil`).
    @inlinable var count: Int { Int(countAndSection & (1 << Self.countBits - 1)) }
    /// The section of the leaf's first item (when ``items`` is not `nil`).
    @inlinable var section: Int { Int(countAndSection >> Self.countBits) }
  }

  /// For each of the id base's leaf ordinals, the leaf that has its label
  /// now.
  @usableFromInline let ordinals: [Ordinal]
  /// For each of the id base's leaf ordinals, the index of the leaf that
  /// has its label now, -1 when none has.
  @usableFromInline let ordinalLeaves: [Int32]
  /// Every section's start, and the item count last.
  @usableFromInline let sectionStarts: [Int]

  /// The directory of `items`.
  ///
  /// - Complexity: O(n / m + s + b) for n items in leaves of m on average,
  ///   s sections and b leaves when the id base was built.
  @inlinable
  init(_ items: _PersistentItems<Item>) {
    root = items.tree.root
    startsRoot = items.starts.root
    baseLabels = items.ids.baseLabels
    ids = items.ids
    let sectionStarts = items.starts.array
    let sectionCount = sectionStarts.count &- 1
    var entries: [Entry] = []
    var leaves: [UInt] = []
    var hashes: [UnsafePointer<Int>?] = []
    var labels: [UInt64] = []
    var section = 0
    items.tree.forEachLeaf { leaf, start in
      while section &+ 1 < sectionCount && sectionStarts[section &+ 1] <= start { section &+= 1 }
      let patched = leaf.patchKind != .none
      entries.append(
        Entry(
          items: patched ? nil : leaf.storedItems.withUnsafeBufferPointer { $0.baseAddress },
          start: Int32(start), section: Int32(section)))
      leaves.append(UInt(bitPattern: ObjectIdentifier(leaf)))
      hashes.append(patched ? nil : leaf.storedHashes.withUnsafeBufferPointer { $0.baseAddress })
      labels.append(leaf.label)
    }
    let count = items.count
    entries.append(Entry(items: nil, start: Int32(count), section: 0))
    // Buckets no wider than half the mean leaf: most runs hold one leaf
    // start at most.
    let half = min(16, count / max(1, labels.count) / 2)
    let shift = half > 1 ? Int.bitWidth &- 1 &- half.leadingZeroBitCount : 0
    var runs: [Run] = []
    runs.reserveCapacity((count &>> shift) &+ 1)
    let stride = MemoryLayout<Item>.stride
    var leaf = 0
    for run in 0...(count &>> shift) {
      let position = run &<< shift
      while leaf &+ 1 < labels.count && Int(entries[leaf &+ 1].start) <= position { leaf &+= 1 }
      var mark = Self.noBoundary
      let end = min(position &+ (1 &<< shift), count)
      if leaf &+ 1 < labels.count && Int(entries[leaf &+ 1].start) < end {
        // One boundary when the next leaf is not empty and the one after it
        // starts at the run's end or later.
        let next = Int(entries[leaf &+ 1].start)
        let after = Int(entries[leaf &+ 2].start)
        mark = after >= end && after > next ? UInt32(next &- position) : Self.boundaries
      }
      var first: UInt = 0
      var second: Int32 = 0
      if mark != Self.boundaries, let items = entries[leaf].items {
        first = UInt(bitPattern: items + (position &- Int(entries[leaf].start)))
        if mark != Self.noBoundary {
          // The next leaf's items as if its first were at the run's mark.
          if let next = entries[leaf &+ 1].items,
            let offset = Int32(
              exactly: Int(bitPattern: UInt(bitPattern: next)) &- Int(mark) &* stride
                &- Int(bitPattern: first))
          {
            second = offset
          } else {
            first = 0
          }
        }
      }
      runs.append(Run(first: first, second: second, bucket: UInt32(leaf) &<< 5 | mark))
    }
    var ordinals = [Ordinal](repeating: .none, count: baseLabels.count)
    var ordinalLeaves = [Int32](repeating: -1, count: baseLabels.count)
    leaf = 0
    for (ordinal, label) in baseLabels.enumerated() {
      while leaf < labels.count && labels[leaf] < label { leaf &+= 1 }
      if leaf < labels.count && labels[leaf] == label {
        ordinals[ordinal] = Ordinal(
          items: entries[leaf].items, start: entries[leaf].start,
          count: Int(entries[leaf &+ 1].start) &- Int(entries[leaf].start),
          section: entries[leaf].section)
        ordinalLeaves[ordinal] = Int32(leaf)
      }
    }
    self.entries = entries
    self.leaves = leaves
    self.hashes = hashes
    self.labels = labels
    self.runs = runs
    self.count = count
    self.shift = shift
    self.ordinals = ordinals
    self.ordinalLeaves = ordinalLeaves
    self.sectionStarts = sectionStarts
  }

  /// Whether `items` is the version this directory was built from.
  @inlinable
  func describes(_ items: _PersistentItems<Item>) -> Bool {
    root === items.tree.root && startsRoot === items.starts.root
      && baseLabels._sharesBuffer(with: items.ids.baseLabels)
  }

  /// The number of sections.
  @inlinable var sectionCount: Int { sectionStarts.count &- 1 }

  /// The leaf holding position `index`.
  ///
  /// - Precondition: `0 <= index < count`.
  @inlinable @inline(__always)
  func leaf(containing index: Int) -> Int {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "position \(index)")
    let bucket = runs[index &>> shift].bucket
    var leaf = Int(bucket &>> 5)
    let mark = bucket & 31
    guard mark != Self.boundaries else {
      while Int(entries[leaf &+ 1].start) <= index { leaf &+= 1 }
      return leaf
    }
    // Without a branch: one taken half the time would be mispredicted as
    // often, and stop the processor from reading ahead for the next lookup.
    leaf &+= UInt32(truncatingIfNeeded: index & ((1 &<< shift) &- 1)) >= mark ? 1 : 0
    return leaf
  }

  /// The item at `index`: read where its run says it lies, without reading
  /// the run's leaf entry first (one read of memory less before the item's).
  ///
  /// - Precondition: `0 <= index < count`.
  @inlinable @inline(__always)
  func item(at index: Int) -> Item {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "position \(index)")
    // In bounds: there is a run for every position up to `count` (`init`).
    let run = runs.withUnsafeBufferPointer { $0[index &>> shift] }
    guard run.first != 0 else { return listedItem(at: index) }
    let offset = index & ((1 &<< shift) &- 1)
    // Without a branch, as in `leaf(containing:)` (a conditional here
    // compiles to one): all ones when the offset is before the mark.
    let before = (offset &- Int(run.bucket & 31)) &>> (Int.bitWidth &- 1)
    let second = Int(run.second) & ~before
    let address = run.first &+ UInt(bitPattern: second &+ offset &* MemoryLayout<Item>.stride)
    return UnsafePointer<Item>(bitPattern: address).unsafelyUnwrapped.pointee
  }

  /// The item at `index`, in a run whose items are read through
  /// ``entries`` (see ``Run/first``).
  @inlinable @inline(never)
  func listedItem(at index: Int) -> Item {
    let leaf = leaf(containing: index)
    let entry = entries[leaf]
    let offset = index &- Int(entry.start)
    if let items = entry.items { return items[offset] }
    return patchedItem(leaves[leaf], at: offset)
  }

  /// The item at `offset` in the leaf at address `leaf`, which has a pending
  /// patch: not retained (a retain is a locked write, which waits for every
  /// read before it; the directory holds the leaf).
  @inlinable @inline(never)
  func patchedItem(_ leaf: UInt, at offset: Int) -> Item {
    _ItemChunk<Item>.unmanaged(leaf)._withUnsafeGuaranteedRef { $0.item(at: offset) }
  }

  /// The leaf holding position `index`, with its first position and the
  /// position after its last.
  @inlinable
  func leafAndRange(containing index: Int) -> (leaf: _ItemChunk<Item>, range: Range<Int>) {
    let found = leaf(containing: index)
    return (
      _ItemChunk<Item>.unretained(leaves[found]),
      Int(entries[found].start)..<Int(entries[found &+ 1].start)
    )
  }

  /// The flat range of section `index`'s items; an empty range at the item
  /// count for `index == sectionCount`.
  @inlinable
  func range(ofSection index: Int) -> Range<Int> {
    precondition(index >= 0 && index <= sectionCount, "section \(index) of \(sectionCount)")
    guard index < sectionCount else {
      let end = sectionStarts[sectionStarts.count &- 1]
      return end..<end
    }
    return sectionStarts[index]..<sectionStarts[index &+ 1]
  }

  /// The section holding position `index` (the non-empty one), and where
  /// it starts.
  @inlinable
  func section(containing index: Int) -> (section: Int, start: Int) {
    var section = Int(entries[leaf(containing: index)].section)
    while section &+ 1 < sectionCount && sectionStarts[section &+ 1] <= index { section &+= 1 }
    return (section, sectionStarts[section])
  }

  /// The item at `path`, or `nil` when `path` is outside the items.
  ///
  /// The path is checked against the sections' bounds once; the reads it
  /// bounds are not checked again (each check is a few instructions more
  /// in every lookup, and fewer lookups then overlap their reads of
  /// memory).
  @inlinable @inline(__always)
  func item(at path: ItemPath) -> Item? {
    sectionStarts.withUnsafeBufferPointer { starts in
      guard UInt(bitPattern: path.section) < UInt(bitPattern: starts.count &- 1) else { return nil }
      let start = starts[path.section]
      guard UInt(bitPattern: path.item) < UInt(bitPattern: starts[path.section &+ 1] &- start)
      else { return nil }
      return item(at: start &+ path.item)
    }
  }
}
