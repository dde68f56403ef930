// A snapshot's items, in one of two representations behind one interface.
// A snapshot built from arrays keeps its items flat (`_FlatItems`: O(1)
// lookups, O(n) edits). The first edit of a snapshot of at least
// `_sharedStorageThreshold` items moves them into storage that versions
// share (`_PersistentItems`: a counted B-tree, a two-layer id index and a
// tree of the sections' counts): from then on an edit of k items costs
// O(k log n) and lookups O(log n) (O(1) expected once a version has been
// read enough to build its `_LeafDirectory`), and a diff against a version
// it descends from walks only what the two do not share
// (`differingItems(from:limit:)`). Only this folder's files choose between
// the two.

/// The item count from which an edited snapshot keeps its items in shared
/// storage. Below it, copying the flat arrays costs less than the tree's
/// constant factors (measured in `tabula-bench`, `snapshot.edit`).
@usableFromInline let _sharedStorageThreshold = 4096

/// A snapshot's items, their ids' index and the sections' starts: flat
/// arrays, or storage that versions share.
@usableFromInline
struct _ItemStore<Item: Diffable>: Sendable {
  /// The items when `shared` is `nil`; else empty (no starts either).
  @usableFromInline var flat: _FlatItems<Item>
  /// The items of a large snapshot that has been edited, in storage its
  /// versions share; `nil` for the flat arrays.
  @usableFromInline var shared: _PersistentItems<Item>?

  /// No sections, no items.
  @inlinable
  init() {
    flat = _FlatItems()
    shared = nil
  }

  /// Flat storage of `items` (their `hashes` made) in the sections that
  /// `starts` delimit.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` naming every
  ///   duplicate with all its paths.
  @inlinable
  init(items: [Item], hashes: [Int], starts: [Int]) throws(SnapshotError) {
    self.init()
    flat.starts = starts
    flat.items = items
    flat.hashes = hashes
    flat.rebuildSections()
    try flat.rebuildTable()
  }

  /// One item in one section: it cannot have a duplicate, so the store is
  /// made without checks.
  @inlinable
  init(oneItem item: Item) {
    self.init()
    flat.starts = [0, 1]
    flat.items = [item]
    flat.hashes = IDHashing.hashes(of: [item])
    flat.sections = [0]
    flat.table = IDTable(hashes: flat.hashes, equal: { _, _ in true }, duplicate: { _, _ in })
  }

  /// Whether the items are in storage that versions share.
  @inlinable
  var isShared: Bool { shared != nil }

  /// Whether an edit copies every item (flat arrays): several edits of
  /// one version cost less made as one rebuild.
  @inlinable
  var editsCopyEveryItem: Bool { shared == nil }

  /// Whether this version and `new` may share storage (both are in shared
  /// storage): only then can ``differingItems(from:limit:)`` answer.
  @inlinable
  func mayShareStorage(with new: _ItemStore) -> Bool { shared != nil && new.shared != nil }

  /// The flat arrays of `old` and `new`, when both keep their items flat;
  /// `nil` when either is in shared storage (ask
  /// ``differingItems(from:limit:)``, or make both flat).
  @inlinable
  static func flatItems(of old: _ItemStore, _ new: _ItemStore)
    -> (old: _FlatItems<Item>, new: _FlatItems<Item>)?
  {
    guard old.shared == nil, new.shared == nil else { return nil }
    return (old.flat, new.flat)
  }

  /// The number of items.
  // The flat representation is tested first with `== nil`, which reads no
  // reference: binding the shared storage would retain and release its
  // roots on every lookup of a flat snapshot.
  @inlinable
  var count: Int { shared == nil ? flat.items.count : shared!.count }

  /// The item at flat index `flat`.
  @inlinable @inline(__always)
  func item(atFlatIndex index: Int) -> Item {
    if shared == nil { return flat.items.withUnsafeBufferPointer { $0[index] } }
    // Out of line (see `sharedItem(atFlatIndex:)`).
    return sharedItem(atFlatIndex: index)
  }

  // Shared storage's lookups, out of line (so that the flat storage's, in
  // line at the caller, keep their registers), through the version's
  // directory once it has one, without a further call on their usual path.
  // Each is given no copy of the storage (a caller would copy it to the
  // stack first, and those stores, on every lookup, keep the processor
  // from overlapping one lookup's reads of memory with the next one's):
  // the item lookups take the store where it lies (in the generated code,
  // their call sites retain no more than the earlier calls on the shared
  // storage alone), and walk the trees (a call of their own) before the
  // directory exists; the path of an id takes the version's slot and
  // roots (a store taken where it lies there would keep the flat lookup's
  // table in memory rather than registers).

  /// What finds the shared storage's directory, read field by field where
  /// the storage lies (an initializer taking the whole storage would copy
  /// it to the stack at every lookup).
  @inlinable @inline(__always)
  var directoryKey: _DirectoryKey {
    _DirectoryKey(
      slot: shared!.reads, root: ObjectIdentifier(shared!.tree.root),
      startsRoot: ObjectIdentifier(shared!.starts.root))
  }

  /// ``item(atFlatIndex:)`` in shared storage.
  @inlinable @inline(never)
  func sharedItem(atFlatIndex index: Int) -> Item {
    guard
      let directory = _LeafDirectory<Item>.published(for: directoryKey)
    else { return walkedItem(atFlatIndex: index) }
    @inline(__always) func read(_ directory: _LeafDirectory<Item>) -> Item {
      directory.item(at: index)
    }
    return directory._withUnsafeGuaranteedRef(read)
  }

  /// ``sharedItem(atFlatIndex:)`` before the version has a directory.
  @inlinable @inline(never)
  func walkedItem(atFlatIndex index: Int) -> Item { shared!.walkedItem(at: index) }

  /// ``item(at:sectionCount:)`` in shared storage.
  @inlinable @inline(never)
  func sharedItem(at path: ItemPath) -> Item? {
    guard
      let directory = _LeafDirectory<Item>.published(for: directoryKey)
    else { return walkedItem(at: path) }
    @inline(__always) func read(_ directory: _LeafDirectory<Item>) -> Item? {
      directory.item(at: path)
    }
    return directory._withUnsafeGuaranteedRef(read)
  }

  /// ``sharedItem(at:)`` before the version has a directory.
  @inlinable @inline(never)
  func walkedItem(at path: ItemPath) -> Item? { shared!.walkedItem(at: path) }

  /// The item at `path`, or `nil` when `path` is outside the items, for a
  /// reader that keeps `cursor` between reads of this version (see
  /// ``_ReadCursor``, which the reader asks first): in shared storage, the
  /// walk down the trees, leaving in `cursor` the section and leaf read.
  @inlinable @inline(__always)
  func item(at path: ItemPath, sectionCount: Int, reading cursor: inout _ReadCursor<Item>)
    -> Item?
  {
    guard shared == nil else { return shared!.item(at: path, cursor: &cursor) }
    guard let index = flatIndex(of: path, sectionCount: sectionCount) else { return nil }
    return flat.items.withUnsafeBufferPointer { $0[index] }
  }

  /// The item at `path` in flat storage (`.some(nil)` when `path` is
  /// outside the `sectionCount` sections), or `nil` in shared storage;
  /// without a call.
  @inlinable @inline(__always)
  func flatItem(at path: ItemPath, sectionCount: Int) -> Item?? {
    guard shared == nil else { return nil }
    guard UInt(bitPattern: path.section) < UInt(bitPattern: sectionCount) else { return .some(nil) }
    return flat.starts.withUnsafeBufferPointer { starts in
      let start = starts[path.section]
      guard UInt(bitPattern: path.item) < UInt(bitPattern: starts[path.section &+ 1] &- start)
      else { return .some(nil) }
      return flat.items.withUnsafeBufferPointer { $0[start &+ path.item] }
    }
  }

  /// The item at `path`, or `nil` when `path` is outside the snapshot's
  /// `sectionCount` sections: in shared storage, one call out of line.
  @inlinable @inline(__always)
  func item(at path: ItemPath, sectionCount: Int) -> Item? {
    guard shared == nil else { return sharedItem(at: path) }
    guard let index = flatIndex(of: path, sectionCount: sectionCount) else { return nil }
    return flat.items.withUnsafeBufferPointer { $0[index] }
  }

  /// The path of the item with `id`, whose hash is `hash`, if present.
  @inlinable
  func path(of id: Item.ID, hash: Int) -> ItemPath? {
    guard shared == nil else {
      if let path = _LeafDirectory<Item>.path(of: id, hash: hash, key: directoryKey) {
        return path
      }
      return shared!.walkedPath(of: id, hash: hash)
    }
    guard let index = flat.index(of: id, hash: hash) else { return nil }
    return flat.path(atFlatIndex: index)
  }

  /// The flat index of the item with `id`, whose hash is `hash`, if present.
  @inlinable
  func index(of id: Item.ID, hash: Int) -> Int? {
    if shared == nil { return flat.index(of: id, hash: hash) }
    return shared!.outOfLineIndex(of: id, hash: hash)
  }

  /// The flat indices of the items with ids `first` and `second`, if
  /// present: in shared storage, both looked up in one walk down the tree.
  @inlinable
  func indices(of first: Item.ID, _ second: Item.ID) -> (Int?, Int?) {
    let (firstHash, secondHash) = (IDHashing.hash(first), IDHashing.hash(second))
    guard let shared else {
      return (flat.index(of: first, hash: firstHash), flat.index(of: second, hash: secondHash))
    }
    return shared.indices(of: (first, firstHash), (second, secondHash))
  }

  /// The index of the section holding flat index `index`.
  @inlinable
  func section(atFlatIndex index: Int) -> Int {
    if shared == nil { return flat.sections.withUnsafeBufferPointer { Int($0[index]) } }
    return shared!.section(containing: index).section
  }

  /// The path of the item at flat index `index`.
  @inlinable
  func path(atFlatIndex index: Int) -> ItemPath {
    guard shared == nil else {
      let (section, start) = shared!.section(containing: index)
      return ItemPath(section: section, item: index &- start)
    }
    return flat.path(atFlatIndex: index)
  }

  /// The flat range of section `index`'s items.
  ///
  /// - Complexity: O(1); O(log s) in shared storage.
  @inlinable
  func sectionRange(_ index: Int) -> Range<Int> {
    if shared == nil { return flat.starts[index]..<flat.starts[index + 1] }
    return shared!.sectionRange(index)
  }

  /// The flat index of section `index`'s first item; `index` equal to the
  /// section count gives the item count.
  ///
  /// - Complexity: O(1); O(log s) in shared storage.
  @inlinable
  func sectionStart(_ index: Int) -> Int {
    if shared == nil { return flat.starts[index] }
    return shared!.sectionRange(index).lowerBound
  }

  /// The flat index of `path`, or `nil` when it is outside the snapshot's
  /// `sectionCount` sections.
  @inlinable @inline(__always)
  func flatIndex(of path: ItemPath, sectionCount: Int) -> Int? {
    guard UInt(bitPattern: path.section) < UInt(bitPattern: sectionCount) else { return nil }
    guard shared == nil else {
      let range = shared!.sectionRange(path.section)
      guard UInt(bitPattern: path.item) < UInt(bitPattern: range.count) else { return nil }
      return range.lowerBound &+ path.item
    }
    return flat.starts.withUnsafeBufferPointer { starts in
      let start = starts[path.section]
      let count = starts[path.section &+ 1] &- start
      guard UInt(bitPattern: path.item) < UInt(bitPattern: count) else { return nil }
      return start &+ path.item
    }
  }

  /// Every section's start, and the item count last.
  ///
  /// - Complexity: O(1); O(s) in shared storage.
  @inlinable
  var allSectionStarts: [Int] { shared?.starts.array ?? flat.starts }

  /// The items in flat `range`, in order.
  ///
  /// - Complexity: O(k + log n) for k items.
  @inlinable
  func items(inFlatRange range: Range<Int>) -> ArraySlice<Item> {
    guard let shared else { return flat.items[range] }
    var result: [Item] = []
    result.reserveCapacity(range.count)
    var index = range.lowerBound
    while index < range.upperBound {
      let (leaf, offset) = shared.tree.leaf(at: index)
      let end = min(leaf.count, offset + range.upperBound - index)
      result.append(contentsOf: leaf.items[offset..<end])
      index += end - offset
    }
    return result[...]
  }

  /// Every item, in order.
  @inlinable
  var allItems: [Item] { shared?.tree.flattened().items ?? flat.items }

  /// Every item's id hash, in order.
  @inlinable
  var allHashes: [Int] { shared?.tree.flattened().hashes ?? flat.hashes }

  /// Whether `other` is this very storage (a copy never changed).
  @inlinable
  func isIdentical(to other: _ItemStore) -> Bool {
    if let shared {
      guard let otherShared = other.shared else { return false }
      return shared.tree.root === otherShared.tree.root
        && shared.ids.overlay.root === otherShared.ids.overlay.root
        && shared.starts.root === otherShared.starts.root
    }
    return other.shared == nil && flat.items.count == other.flat.items.count
      && flat.items._sharesBuffer(with: other.flat.items)
  }

  /// Whether none of `items` (whose hashes are `hashes`) is present and
  /// none repeats: what an insert that patches the indexes in place (an
  /// append to flat arrays, any insert in shared storage) checks first.
  @inlinable
  func areNew(_ items: [Item], hashes: [Int]) -> Bool {
    for offset in items.indices where index(of: items[offset].id, hash: hashes[offset]) != nil {
      return false
    }
    return !_ItemStore.repeats(items, hashes: hashes)
  }

  /// Whether an id repeats among `items` (whose hashes are `hashes`),
  /// found through the hashes (no hashing again).
  @inlinable
  static func repeats(_ items: [Item], hashes: [Int]) -> Bool {
    var repeats = false
    if items.count > 1 {
      items.withUnsafeBufferPointer { items in
        _ = IDTable(
          hashes: hashes, equal: { items[$0].id == items[$1].id },
          duplicate: { _, _ in repeats = true })
      }
    }
    return repeats
  }

  /// Checks the storage's own invariants, for `sectionCount` sections.
  @usableFromInline
  func verify(sectionCount: Int) {
    guard let shared else {
      flat.verify(sectionCount: sectionCount)
      return
    }
    shared.verify()
    precondition(
      flat.items.isEmpty && flat.hashes.isEmpty && flat.sections.isEmpty && flat.starts.isEmpty,
      "no flat items or starts beside shared storage")
    precondition(shared.starts.sectionCount == sectionCount, "one count per section")
  }
}
