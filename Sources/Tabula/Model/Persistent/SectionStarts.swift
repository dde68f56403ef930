/// The section starts of a snapshot in shared storage: each section's item
/// count, in a tree that versions share, so that an edit that changes the
/// counts of k sections costs O(k log s) time and memory for s sections,
/// not a copy of s starts.
///
/// The last section's count is what the others leave of the item count, so
/// the tree holds the others' (none for one section): an edit of the last
/// section, or of the only one, copies no node.
///
/// The tree has a fixed shape for its section count: leaves of
/// ``leafWidth`` counts, inner nodes of up to ``fanout`` children with the
/// item total under each, and section `index` always at the same place (its
/// low 4 bits pick its leaf's slot, each next 3 bits its slot one level up).
/// Two versions with as many sections therefore have the same shape, and
/// walk in step (``differingSections(from:)``). Edits of items only change
/// counts; an edit of sections (insert, delete, reorder) rebuilds the tree,
/// in O(s) as it rebuilds the section arrays.
///
/// A version shares every node but the path its edit copies: with 1,000
/// sections one 96-byte leaf and two 128-byte inner nodes.
/// Nodes never change once two versions hold them (`isKnownUniquelyReferenced`
/// decides): hence `@unchecked Sendable`.
@usableFromInline
struct _SectionStarts: @unchecked Sendable {
  /// Counts per leaf.
  @usableFromInline static var leafWidth: Int { 16 }
  /// Children per inner node.
  @usableFromInline static var fanout: Int { 8 }

  /// A `_SectionLeaf` when ``depth`` is 0, else a `_SectionInner`. (Typed
  /// as their common class, not `AnyObject`: `isKnownUniquelyReferenced`
  /// on an existential looks at a temporary copy, always shared.)
  @usableFromInline var root: _SectionNode
  /// The number of inner levels above the leaves.
  @usableFromInline var depth: Int
  @usableFromInline var sectionCount: Int
  @usableFromInline var itemCount: Int
  /// The items of every section but the last: the tree's total.
  @usableFromInline var storedTotal: Int

  /// The sections whose counts the tree holds: all but the last.
  @usableFromInline var storedCount: Int { max(0, sectionCount - 1) }

  /// The starts of `starts.count - 1` sections: `starts[0] == 0`, ascending,
  /// the last one the item count.
  ///
  /// - Complexity: O(s).
  @usableFromInline
  init(starts: [Int]) {
    precondition(starts.first == 0, "section starts begin at 0")
    sectionCount = starts.count - 1
    itemCount = starts[starts.count - 1]
    let storedCount = max(0, sectionCount - 1)
    storedTotal = starts[storedCount]
    var nodes: [_SectionNode] = []
    var totals: [Int] = []
    var section = 0
    repeat {
      let end = min(section + Self.leafWidth, storedCount)
      let leaf = _SectionLeaf()
      leaf.withCounts { counts in
        for index in section..<end {
          counts[index - section] = Int32(starts[index + 1] - starts[index])
        }
      }
      nodes.append(leaf)
      totals.append(starts[end] - starts[section])
      section = end
    } while section < storedCount
    depth = 0
    while nodes.count > 1 {
      var parents: [_SectionNode] = []
      var parentTotals: [Int] = []
      for first in stride(from: 0, to: nodes.count, by: Self.fanout) {
        let end = min(first + Self.fanout, nodes.count)
        parents.append(
          _SectionInner.make(children: nodes[first..<end], totals: totals[first..<end]))
        parentTotals.append(totals[first..<end].reduce(0, +))
      }
      nodes = parents
      totals = parentTotals
      depth += 1
    }
    root = nodes[0]
  }

  /// How far right section indices shift to give their slot in a node
  /// `level` levels above the leaves.
  @inline(__always)
  static func shift(_ level: Int) -> Int { 4 &+ 3 &* (level &- 1) }

  /// The flat range of section `index`'s items; an empty range at the item
  /// count for `index == sectionCount`.
  ///
  /// - Complexity: O(log s).
  @usableFromInline
  func range(ofSection index: Int) -> Range<Int> {
    precondition(index >= 0 && index <= sectionCount, "section \(index) of \(sectionCount)")
    guard index < sectionCount &- 1 else {
      return index < sectionCount ? storedTotal..<itemCount : itemCount..<itemCount
    }
    // Unretained: this value holds the tree while the descent reads it.
    var node = Unmanaged.passUnretained(root)
    var start = 0
    var level = depth
    while level > 0 {
      let slot = (index &>> Self.shift(level)) & (Self.fanout &- 1)
      node = node._withUnsafeGuaranteedRef { node in
        let inner = unsafeDowncast(node, to: _SectionInner.self)
        start &+= inner.total(before: slot)
        return inner.unretainedChild(slot)
      }
      level &-= 1
    }
    return node._withUnsafeGuaranteedRef { node in
      let leaf = unsafeDowncast(node, to: _SectionLeaf.self)
      let slot = index & (Self.leafWidth &- 1)
      start &+= leaf.total(before: slot)
      return start..<(start &+ leaf.count(slot))
    }
  }

  /// The section holding flat index `flat` (the non-empty one: empty
  /// sections start where the next one does), and where it starts.
  ///
  /// - Precondition: `0 <= flat < itemCount`.
  /// - Complexity: O(log s).
  @usableFromInline
  func section(containing flat: Int) -> (section: Int, start: Int) {
    if flat >= storedTotal { return (sectionCount &- 1, storedTotal) }
    var node = Unmanaged.passUnretained(root)
    var remaining = flat
    var section = 0
    var level = depth
    while level > 0 {
      node = node._withUnsafeGuaranteedRef { node in
        let inner = unsafeDowncast(node, to: _SectionInner.self)
        let slot = inner.slot(containing: &remaining)
        section &+= slot &<< Self.shift(level)
        return inner.unretainedChild(slot)
      }
      level &-= 1
    }
    let slot = node._withUnsafeGuaranteedRef { node in
      unsafeDowncast(node, to: _SectionLeaf.self).slot(containing: &remaining)
    }
    return (section &+ slot, flat &- remaining)
  }

  /// Adds `delta` items to section `index`'s count, copying the nodes on its
  /// path that another version holds.
  ///
  /// - Precondition: the count stays at least 0.
  /// - Complexity: O(log s).
  @usableFromInline
  mutating func add(_ delta: Int, toSection index: Int) {
    precondition(index >= 0 && index < sectionCount, "section \(index) of \(sectionCount)")
    guard delta != 0 else { return }
    itemCount += delta
    guard index < sectionCount - 1 else {
      let count = itemCount - storedTotal
      precondition(count >= 0, "section \(index) cannot hold \(count) items")
      return
    }
    storedTotal += delta
    if !isKnownUniquelyReferenced(&root) { root = Self.copy(root, depth: depth) }
    var node = root
    var level = depth
    while level > 0 {
      let inner = unsafeDowncast(node, to: _SectionInner.self)
      let slot = (index &>> Self.shift(level)) & (Self.fanout &- 1)
      node = inner.uniqueChild(slot, addingToTotal: delta, depth: level &- 1)
      level &-= 1
    }
    let leaf = unsafeDowncast(node, to: _SectionLeaf.self)
    leaf.withCounts { counts in
      let slot = index & (Self.leafWidth &- 1)
      let count = Int(counts[slot]) + delta
      precondition(count >= 0, "section \(index) cannot hold \(count) items")
      counts[slot] = Int32(count)
    }
  }

  /// A copy of `node` (at `depth` levels above the leaves) that shares its
  /// children.
  static func copy(_ node: _SectionNode, depth: Int) -> _SectionNode {
    if depth == 0 { return unsafeDowncast(node, to: _SectionLeaf.self).copy() }
    return unsafeDowncast(node, to: _SectionInner.self).copy()
  }

  /// Every start, with the item count last: `sectionCount + 1` values.
  ///
  /// - Complexity: O(s).
  @usableFromInline
  var array: [Int] {
    var starts = [0]
    starts.reserveCapacity(sectionCount + 1)
    forEachLeaf { leaf, first in
      for slot in 0..<min(Self.leafWidth, storedCount - first) {
        starts.append(starts[starts.count - 1] + leaf.count(slot))
      }
    }
    if sectionCount > 0 { starts.append(itemCount) }
    return starts
  }

  /// Calls `body` with each leaf, in order, and the index of its first
  /// section.
  func forEachLeaf(_ body: (_SectionLeaf, Int) -> Void) {
    func visit(_ node: _SectionNode, _ level: Int, _ first: Int) {
      guard level > 0 else { return body(unsafeDowncast(node, to: _SectionLeaf.self), first) }
      let inner = unsafeDowncast(node, to: _SectionInner.self)
      for slot in 0..<Self.fanout {
        guard let child = inner.child(slot) else { break }
        visit(child, level - 1, first + slot << Self.shift(level))
      }
    }
    visit(root, depth, 0)
  }

  /// Calls `body` with every node (and its height) not in `skipped`, not
  /// descending into skipped ones.
  func forEachNode(
    skipping skipped: Set<ObjectIdentifier> = [], _ body: (_SectionNode, Int) -> Void
  ) {
    func visit(_ node: _SectionNode, _ level: Int) {
      guard !skipped.contains(ObjectIdentifier(node)) else { return }
      body(node, level)
      guard level > 0 else { return }
      let inner = unsafeDowncast(node, to: _SectionInner.self)
      for slot in 0..<Self.fanout {
        guard let child = inner.child(slot) else { break }
        visit(child, level - 1)
      }
    }
    visit(root, depth)
  }

  /// The heap bytes of a node at `level` levels above the leaves: a leaf's
  /// 16-byte object header and 16 32-bit counts (80 bytes), an inner node's
  /// header, 8 32-bit totals and 8 references (112 bytes), each in glibc's
  /// next malloc chunk. The bench reports them beside glibc's count
  /// (`_StorageNodeSizes`).
  static func nodeBytes(level: Int) -> Int { level == 0 ? 96 : 128 }

  /// The sections whose counts differ from `other`'s, ascending: O(k log s)
  /// for the k leaves the two do not share.
  ///
  /// - Precondition: both have as many sections (hence the same shape).
  @usableFromInline
  func differingSections(from other: _SectionStarts) -> [Int] {
    precondition(sectionCount == other.sectionCount, "the same sections")
    var result: [Int] = []
    func visit(_ mine: _SectionNode, _ theirs: _SectionNode, _ level: Int, _ first: Int) {
      guard mine !== theirs else { return }
      guard level > 0 else {
        let mine = unsafeDowncast(mine, to: _SectionLeaf.self)
        let theirs = unsafeDowncast(theirs, to: _SectionLeaf.self)
        for slot in 0..<Self.leafWidth where mine.count(slot) != theirs.count(slot) {
          result.append(first + slot)
        }
        return
      }
      let mine = unsafeDowncast(mine, to: _SectionInner.self)
      let theirs = unsafeDowncast(theirs, to: _SectionInner.self)
      for slot in 0..<Self.fanout {
        guard let child = mine.child(slot), let other = theirs.child(slot) else { break }
        visit(child, other, level - 1, first + slot << Self.shift(level))
      }
    }
    visit(root, other.root, depth, 0)
    if sectionCount > 0 && itemCount - storedTotal != other.itemCount - other.storedTotal {
      result.append(sectionCount - 1)
    }
    return result
  }

  /// Checks the shape (the fewest levels for the sections, each node's
  /// children and unused slots), that every inner total is its child's, and
  /// the item count.
  @usableFromInline
  func verify() {
    precondition(sectionCount >= 0, "section count")
    var levels = 0
    while Self.leafWidth << (3 * levels) < storedCount { levels += 1 }
    precondition(depth == levels, "the fewest levels for \(storedCount) stored counts")
    /// The items under `node`, which covers the sections from `first`.
    func check(_ node: _SectionNode, _ level: Int, _ first: Int) -> Int {
      guard level > 0 else {
        let leaf = unsafeDowncast(node, to: _SectionLeaf.self)
        var total = 0
        for slot in 0..<Self.leafWidth {
          let count = leaf.count(slot)
          precondition(count >= 0, "section \(first + slot) holds \(count) items")
          precondition(count == 0 || first + slot < storedCount, "no count past the sections")
          total += count
        }
        return total
      }
      let inner = unsafeDowncast(node, to: _SectionInner.self)
      var total = 0
      for slot in 0..<Self.fanout {
        let childFirst = first + slot << Self.shift(level)
        guard let child = inner.child(slot) else {
          precondition(childFirst >= storedCount, "a child for each run of sections")
          precondition(inner.total(ofSlot: slot) == 0, "no total without a child")
          continue
        }
        precondition(childFirst < storedCount || childFirst == 0, "no child past the sections")
        let childTotal = check(child, level - 1, childFirst)
        precondition(inner.total(ofSlot: slot) == childTotal, "the total under a child")
        total += childTotal
      }
      return total
    }
    precondition(check(root, depth, 0) == storedTotal, "the counts add up to the stored total")
    precondition(
      storedTotal <= itemCount && (sectionCount > 0 || itemCount == 0),
      "the last section holds what the others leave")
  }
}
