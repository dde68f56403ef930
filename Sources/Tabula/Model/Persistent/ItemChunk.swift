/// A node of ``_ItemTree``: a leaf holding up to ``_ItemTree/leafCapacity``
/// consecutive items with their id hashes and the leaf's label, or an inner
/// node holding up to ``_ItemTree/fanout`` children with their item counts
/// and first labels.
///
/// Nodes are shared between snapshot versions and never change once shared:
/// an edit copies the nodes on its path that another version also holds
/// (`isKnownUniquelyReferenced`), and changes only its own copies. That is
/// why the class is `@unchecked Sendable`: a node reachable from two values is
/// only ever read. For the same reason its properties skip the runtime's
/// exclusivity checks (never overlapping accesses; the checks cost more
/// than the edits they guard).
///
/// **Pending edits.** A copy shares its arrays with the node it copies,
/// and the edit that made it is kept beside them as a *patch* instead of
/// copying the arrays: an inner node's patch is the replaced child of one
/// slot (whose count and label the node reads from that child), a leaf's is
/// one replaced, inserted or removed item. Copying an inner node's array of
/// children would retain each child (each one a cache miss in a large tree)
/// and copy its counts and labels; with the patch, an edit of one item
/// copies a node's fixed fields per level, not its arrays. A node
/// takes a second patch beside the first (an inner node's second replaced
/// child at ``patchOffset2``, a leaf's second item edit at ``patchOffset2``
/// of ``patchKind2``, applied over the first): a move changes two places
/// under the root, and a list edited for a while meets nodes an earlier
/// version patched, whose arrays a second edit would otherwise copy. Any
/// other edit of a patched node first applies its
/// patches to the arrays (``materialize()``), so reads check at most two. Every read goes
/// through the accessors (``child(_:)``, ``childCount(_:)``, ``item(at:)``,
/// ``hash(at:)``, or ``items``, ``hashes``, ``children`` and ``counts``,
/// which build arrays when a patch is pending).
@usableFromInline
final class _ItemChunk<Item: Diffable>: @unchecked Sendable {
  // The stored properties, in an order that packs them without padding
  // into the malloc chunk `objectBytes` names (checked against glibc). A
  // leaf's hashes and an inner node's counts share one array, and a leaf's
  // patched item and an inner node's patched child one reference; the
  // accessors in ItemChunk+PackedFields.swift read and write each by its
  // own name and width.

  /// The number of items under this node (a snapshot holds at most 2^31 - 1).
  @exclusivity(unchecked) @usableFromInline var storedCount: Int32
  /// The patched slot of an inner node, or offset of a leaf.
  @exclusivity(unchecked) @usableFromInline var storedPatchOffset: Int32
  /// A leaf's label; an inner node's first leaf's label. Labels increase in
  /// list order, so a label finds its leaf.
  @exclusivity(unchecked) @usableFromInline var label: UInt64
  /// A leaf's items, in order, before its patch (empty for an inner node).
  @exclusivity(unchecked) @usableFromInline var storedItems: [Item]
  /// A leaf's id hashes, one per stored item, or an inner node's count of
  /// each stored child (stale at the patched slots).
  @exclusivity(unchecked) @usableFromInline var storedInts: [Int]
  /// An inner node's children, in order, before its patch.
  @exclusivity(unchecked) @usableFromInline var storedChildren: [_ItemChunk]
  /// The label of each child (kept current: a patch never changes it).
  @exclusivity(unchecked) @usableFromInline var labels: [UInt64]
  /// An inner node's patched child (a `_ItemChunk`), or a leaf's replaced or
  /// inserted item (a `_PatchedItem`): ``patchChild`` and ``patchItem``.
  @exclusivity(unchecked) @usableFromInline var patchObject: AnyObject?
  /// An inner node's second patched child, or a leaf's second replaced or
  /// inserted item: ``patchChild2`` and ``patchItem2``.
  @exclusivity(unchecked) @usableFromInline var patchObject2: AnyObject?
  /// An inner node's second patched slot, or a leaf's second patched
  /// offset (in its items after the first patch); -1 for none. A node
  /// patched once takes a second patch before it applies its patch to its
  /// arrays: a move edits two places below one node, and a list edited for
  /// a while meets nodes an earlier version patched.
  @exclusivity(unchecked) @usableFromInline var patchOffset2: Int32
  /// 0 for a leaf.
  @exclusivity(unchecked) @usableFromInline var storedHeight: UInt8
  /// The pending edit: ``_PatchKind``.
  @exclusivity(unchecked) @usableFromInline var patchKind: _PatchKind
  /// A leaf's second pending edit, applied over the first (`.none`, or an
  /// item edit beside an item patch; inner nodes mark their second patch
  /// by ``patchOffset2`` alone).
  @exclusivity(unchecked) @usableFromInline var patchKind2: _PatchKind
  /// Whether no other node shares this node's arrays (a hint: when it is
  /// true, edits change the arrays in place instead of patching; a wrong
  /// hint costs a copy, never correctness, since the arrays copy on write).
  @exclusivity(unchecked) @usableFromInline var ownsArrays: Bool

  /// A leaf.
  @inlinable
  init(label: UInt64, items: [Item], hashes: [Int]) {
    storedHeight = 0
    storedCount = Int32(items.count)
    self.label = label
    storedItems = items
    storedInts = hashes
    storedChildren = []
    labels = []
    storedPatchOffset = 0
    patchKind = .none
    patchKind2 = .none
    ownsArrays = true
    patchOffset2 = -1
  }

  /// An inner node over `children` (at least one).
  @inlinable
  init(children: [_ItemChunk]) {
    storedHeight = children[0].storedHeight &+ 1
    storedChildren = children
    let counts = children.map { $0.count }
    storedInts = counts
    labels = children.map { $0.label }
    storedCount = Int32(counts.reduce(0, +))
    label = labels[0]
    storedItems = []
    storedPatchOffset = 0
    patchKind = .none
    patchKind2 = .none
    ownsArrays = true
    patchOffset2 = -1
  }

  /// A copy that shares the arrays (copy-on-write) and the patch, but not
  /// the identity.
  @inlinable
  func copy() -> _ItemChunk {
    let copy = _ItemChunk(label: label, items: storedItems, hashes: storedInts)
    copy.storedHeight = storedHeight
    copy.storedCount = storedCount
    copy.storedChildren = storedChildren
    copy.labels = labels
    copy.patchKind = patchKind
    copy.storedPatchOffset = storedPatchOffset
    copy.patchObject = patchObject
    copy.patchOffset2 = patchOffset2
    copy.patchObject2 = patchObject2
    copy.patchKind2 = patchKind2
    copy.ownsArrays = false
    return copy
  }

  // MARK: Reading

  /// The number of children of an inner node.
  @inlinable var childCount: Int { labels.count }

  /// The slots of an inner node's patched children, -1 for none: loops over
  /// the slots compare each with these and read a patched one through
  /// ``child(_:)`` or ``childCount(_:)``.
  @inlinable
  var patchedSlots: (first: Int, second: Int) {
    (patchKind == .child ? patchOffset : -1, Int(truncatingIfNeeded: patchOffset2))
  }

  /// Child `slot` of an inner node.
  @inlinable
  func child(_ slot: Int) -> _ItemChunk {
    if slot == Int(truncatingIfNeeded: patchOffset2) { return patchChild2.unsafelyUnwrapped }
    return slot == patchOffset && patchKind == .child
      ? patchChild.unsafelyUnwrapped : storedChildren[slot]
  }

  /// The address of child `slot` of an inner node, read without retaining
  /// or touching the child (unless it is patched): what a walk that skips
  /// the nodes two versions share compares.
  @inlinable
  func childAddress(_ slot: Int) -> UInt {
    if slot == Int(truncatingIfNeeded: patchOffset2) || (slot == patchOffset && patchKind == .child)
    {
      return UInt(bitPattern: ObjectIdentifier(child(slot)))
    }
    // A native class array stores its elements as bare references.
    return storedChildren.withUnsafeBytes {
      let offset = slot &* MemoryLayout<UInt>.stride
      precondition(slot >= 0 && offset < $0.count, "child slot \(slot) of a node")
      return $0.load(fromByteOffset: offset, as: UInt.self)
    }
  }

  /// The node at `address` (from ``childAddress(_:)``), which the caller
  /// knows some value holds for as long as it uses it.
  @inlinable
  static func unretained(_ address: UInt) -> _ItemChunk {
    unmanaged(address).takeUnretainedValue()
  }

  /// The node at `address`, not retained.
  @inlinable
  static func unmanaged(_ address: UInt) -> Unmanaged<_ItemChunk> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
  }

  /// The item count of child `slot` of an inner node.
  @inlinable
  func childCount(_ slot: Int) -> Int {
    if slot == Int(truncatingIfNeeded: patchOffset2) { return patchChild2.unsafelyUnwrapped.count }
    return slot == patchOffset && patchKind == .child
      ? patchChild.unsafelyUnwrapped.count : storedCounts[slot]
  }

  /// An inner node's children, in order.
  @inlinable
  var children: [_ItemChunk] {
    guard patchKind == .child else { return storedChildren }
    var children = storedChildren
    children[patchOffset] = patchChild.unsafelyUnwrapped
    if patchOffset2 >= 0 { children[Int(patchOffset2)] = patchChild2.unsafelyUnwrapped }
    return children
  }

  /// The item count of each child.
  @inlinable
  var counts: [Int] {
    guard patchKind == .child else { return storedCounts }
    var counts = storedCounts
    counts[patchOffset] = patchChild.unsafelyUnwrapped.count
    if patchOffset2 >= 0 { counts[Int(patchOffset2)] = patchChild2.unsafelyUnwrapped.count }
    return counts
  }

  /// Where item `offset` of a leaf's items after an edit of `kind` at `at`
  /// was before it, or nil for the edit's own item.
  @inlinable
  static func offset(_ offset: Int, before kind: _PatchKind, at: Int) -> Int? {
    switch kind {
    case .none, .child: return offset
    case .replace: return offset == at ? nil : offset
    case .insert: return offset < at ? offset : offset == at ? nil : offset &- 1
    case .remove: return offset < at ? offset : offset &+ 1
    }
  }

  /// Where a leaf's item `offset` is: its stored position, or the box of
  /// the patch that holds it.
  @inlinable
  func storedOffset(_ offset: Int) -> (stored: Int, box: _PatchedItem<Item>?) {
    var offset = offset
    if patchKind2 != .none {
      guard let before = _ItemChunk.offset(offset, before: patchKind2, at: Int(patchOffset2))
      else { return (0, patchItem2) }
      offset = before
    }
    guard let stored = _ItemChunk.offset(offset, before: patchKind, at: patchOffset) else {
      return (0, patchItem)
    }
    return (stored, nil)
  }

  /// A leaf's item at `offset`.
  @inlinable
  func item(at offset: Int) -> Item {
    let (stored, box) = storedOffset(offset)
    if let box { return box.item }
    return storedItems.withUnsafeBufferPointer {
      precondition(stored >= 0 && stored < $0.count, "item \(stored) of a leaf of \($0.count)")
      return $0[stored]
    }
  }

  /// The id hash of a leaf's item at `offset`.
  @inlinable
  func hash(at offset: Int) -> Int {
    let (stored, box) = storedOffset(offset)
    if let box { return box.hash }
    return storedHashes.withUnsafeBufferPointer {
      precondition(stored >= 0 && stored < $0.count, "hash \(stored) of a leaf of \($0.count)")
      return $0[stored]
    }
  }

  /// A leaf's items, in order.
  @inlinable
  var items: [Item] { patched(storedItems) { $0.item } }

  /// A leaf's id hashes, one per item.
  @inlinable
  var hashes: [Int] { patched(storedHashes) { $0.hash } }

  /// `stored` (a leaf's items or hashes) with the leaf's patches applied.
  @inlinable
  func patched<Element>(_ stored: [Element], _ value: (_PatchedItem<Item>) -> Element)
    -> [Element]
  {
    var elements = stored
    func apply(_ kind: _PatchKind, _ offset: Int, _ box: _PatchedItem<Item>?) {
      switch kind {
      case .none, .child: break
      case .replace: elements[offset] = value(box.unsafelyUnwrapped)
      case .insert: elements.insert(value(box.unsafelyUnwrapped), at: offset)
      case .remove: elements.remove(at: offset)
      }
    }
    apply(patchKind, patchOffset, patchItem)
    apply(patchKind2, Int(patchOffset2), patchItem2)
    return elements
  }

  /// The index of the child holding position `index` of this inner node,
  /// and the position inside it. `index == count` lands at the end of the
  /// last child.
  @inlinable
  func child(at index: Int) -> (child: Int, offset: Int) {
    var offset = index
    let patched = patchedSlots
    return storedCounts.withUnsafeBufferPointer { counts in
      for child in 0..<(counts.count &- 1) {
        let count =
          child == patched.first
          ? patchChild.unsafelyUnwrapped.count
          : child == patched.second ? patchChild2.unsafelyUnwrapped.count : counts[child]
        if offset < count { return (child, offset) }
        offset &-= count
      }
      return (counts.count &- 1, offset)
    }
  }

  /// The number of items in the children before `slot`.
  @inlinable
  func start(ofChild slot: Int) -> Int {
    var start = 0
    storedCounts.withUnsafeBufferPointer { counts in
      for before in 0..<slot { start &+= counts[before] }
    }
    if patchKind == .child && patchOffset < slot {
      start &+= patchChild.unsafelyUnwrapped.count &- storedCounts[patchOffset]
    }
    if patchOffset2 >= 0 && Int(patchOffset2) < slot {
      start &+= patchChild2.unsafelyUnwrapped.count &- storedCounts[Int(patchOffset2)]
    }
    return start
  }

  /// The index of the last child whose label is at most `label`.
  @inlinable
  func child(labeled label: UInt64) -> Int {
    labels.withUnsafeBufferPointer { labels in
      var low = 0
      var high = labels.count
      while high &- low > 1 {
        let middle = (low &+ high) &>> 1
        if labels[middle] <= label { low = middle } else { high = middle }
      }
      return low
    }
  }
}
