// The nodes of `_SectionStarts`: leaves of 16 section counts and inner
// nodes of 8 children with the items under each, their fields inline in
// the object.

/// A node of ``_SectionStarts``: a `_SectionLeaf` or a `_SectionInner`,
/// which its tree's depth tells apart.
@usableFromInline
class _SectionNode: @unchecked Sendable {
  init() {}
}

/// A leaf of ``_SectionStarts``: 16 sections' item counts, in the object
/// (see ``_SectionStarts/nodeBytes(level:)``).
@usableFromInline
final class _SectionLeaf: _SectionNode, @unchecked Sendable {
  @exclusivity(unchecked)
  var counts:
    (
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
      Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
    ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

  func copy() -> _SectionLeaf {
    let copy = _SectionLeaf()
    copy.counts = counts
    return copy
  }

  /// Calls `body` with the counts, in place: for writes to a leaf that
  /// only the caller holds.
  @inline(__always)
  func withCounts<Result>(_ body: (UnsafeMutablePointer<Int32>) -> Result) -> Result {
    withUnsafeMutablePointer(to: &counts) {
      $0.withMemoryRebound(to: Int32.self, capacity: _SectionStarts.leafWidth, body)
    }
  }

  // Reads take the counts by value, never `withCounts`: an inout access,
  // which ThreadSanitizer counts as a write, and a shared leaf is read from
  // several threads.

  func count(_ slot: Int) -> Int {
    withUnsafeBytes(of: counts) { _Int32Slots.value(slot, in: $0) }
  }

  /// The items of the sections before `slot`.
  func total(before slot: Int) -> Int {
    withUnsafeBytes(of: counts) { _Int32Slots.total(before: slot, in: $0) }
  }

  /// The slot holding item `remaining` of this leaf (less the items before
  /// it, on return), skipping empty sections.
  func slot(containing remaining: inout Int) -> Int {
    withUnsafeBytes(of: counts) {
      _Int32Slots.slot(containing: &remaining, of: _SectionStarts.leafWidth, in: $0)
    }
  }
}

/// An inner node of ``_SectionStarts``: up to 8 children with the items
/// under each, in the object (see ``_SectionStarts/nodeBytes(level:)``).
@usableFromInline
final class _SectionInner: _SectionNode, @unchecked Sendable {
  @exclusivity(unchecked)
  var totals: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
  @exclusivity(unchecked)
  var children:
    (
      _SectionNode?, _SectionNode?, _SectionNode?, _SectionNode?,
      _SectionNode?, _SectionNode?, _SectionNode?, _SectionNode?
    ) = (nil, nil, nil, nil, nil, nil, nil, nil)

  static func make(children: ArraySlice<_SectionNode>, totals: ArraySlice<Int>) -> _SectionInner {
    let node = _SectionInner()
    node.withChildren { slots in
      for (slot, child) in children.enumerated() { slots[slot] = child }
    }
    node.withTotals { slots in
      for (slot, total) in totals.enumerated() { slots[slot] = Int32(total) }
    }
    return node
  }

  func copy() -> _SectionInner {
    let copy = _SectionInner()
    copy.totals = totals
    copy.children = children
    return copy
  }

  /// Calls `body` with the totals, in place: for writes to a node that only
  /// the caller holds.
  @inline(__always)
  func withTotals<Result>(_ body: (UnsafeMutablePointer<Int32>) -> Result) -> Result {
    withUnsafeMutablePointer(to: &totals) {
      $0.withMemoryRebound(to: Int32.self, capacity: _SectionStarts.fanout, body)
    }
  }

  /// Calls `body` with the children, in place: for writes to a node that
  /// only the caller holds.
  @inline(__always)
  func withChildren<Result>(_ body: (UnsafeMutablePointer<_SectionNode?>) -> Result) -> Result {
    withUnsafeMutablePointer(to: &children) {
      $0.withMemoryRebound(to: _SectionNode?.self, capacity: _SectionStarts.fanout, body)
    }
  }

  // Reads take the fields by value, never `withTotals` or `withChildren`:
  // an inout access, which ThreadSanitizer counts as a write, and a shared
  // node is read from several threads.

  /// The child at `slot` (a read of that one field: copying the tuple
  /// would retain every child).
  func child(_ slot: Int) -> _SectionNode? {
    switch slot {
    case 0: children.0
    case 1: children.1
    case 2: children.2
    case 3: children.3
    case 4: children.4
    case 5: children.5
    case 6: children.6
    default: children.7
    }
  }

  /// The child at `slot`, which exists, not retained past the call: for a
  /// descent through a tree that its caller holds.
  @inline(__always)
  func unretainedChild(_ slot: Int) -> Unmanaged<_SectionNode> {
    Unmanaged.passUnretained(child(slot).unsafelyUnwrapped)
  }

  func total(ofSlot slot: Int) -> Int {
    withUnsafeBytes(of: totals) { _Int32Slots.value(slot, in: $0) }
  }

  /// The items under the children before `slot`.
  func total(before slot: Int) -> Int {
    withUnsafeBytes(of: totals) { _Int32Slots.total(before: slot, in: $0) }
  }

  /// The slot whose child holds item `remaining` of this node (less the
  /// items before it, on return).
  func slot(containing remaining: inout Int) -> Int {
    withUnsafeBytes(of: totals) {
      _Int32Slots.slot(containing: &remaining, of: _SectionStarts.fanout, in: $0)
    }
  }

  /// The child at `slot`, copied first if another node holds it too, with
  /// `delta` added to the total under it.
  func uniqueChild(_ slot: Int, addingToTotal delta: Int, depth: Int) -> _SectionNode {
    withTotals { $0[slot] = Int32(Int($0[slot]) + delta) }
    return withChildren { children in
      if !isKnownUniquelyReferenced(&children[slot]) {
        children[slot] = _SectionStarts.copy(children[slot]!, depth: depth)
      }
      return children[slot]!
    }
  }
}

/// Reads of a node's item counts: 32-bit values, one per slot, in the bytes
/// of a copy of the node's field (see the nodes' note on reads).
enum _Int32Slots {
  /// The count of `slot`.
  @inline(__always)
  static func value(_ slot: Int, in counts: UnsafeRawBufferPointer) -> Int {
    precondition(slot >= 0 && slot &* 4 < counts.count, "count slot \(slot) of a node")
    return Int(counts.load(fromByteOffset: slot &* 4, as: Int32.self))
  }

  /// The counts of the slots before `slot`, added up.
  @inline(__always)
  static func total(before slot: Int, in counts: UnsafeRawBufferPointer) -> Int {
    var total = 0
    for index in 0..<slot { total &+= value(index, in: counts) }
    return total
  }

  /// The first slot (of `width`) whose count reaches past `remaining`,
  /// skipping empty ones; on return `remaining` is less the counts before
  /// it.
  @inline(__always)
  static func slot(
    containing remaining: inout Int, of width: Int, in counts: UnsafeRawBufferPointer
  ) -> Int {
    var slot = 0
    while slot < width &- 1 {
      let count = value(slot, in: counts)
      guard remaining >= count else { break }
      remaining &-= count
      slot &+= 1
    }
    return slot
  }
}
