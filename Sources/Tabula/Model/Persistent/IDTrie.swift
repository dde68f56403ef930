/// A persistent map from ids to labels: a hash array mapped trie (32 ways
/// per level, by 5 bits of the id's stored hash), so that a lookup is
/// O(log₃₂ n) and a set copies only the nodes on its path that another
/// version also holds. ``_IDIndex`` keeps the ids placed since its base was
/// built in one; entries are never removed (the index confirms each label
/// in the tree, and drops forgotten ids when it rebuilds).
@usableFromInline
struct _IDTrie<ID: Hashable & Sendable>: Sendable {
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline var hash: Int
    @usableFromInline var id: ID
    @usableFromInline var label: UInt64

    @inlinable
    init(hash: Int, id: ID, label: UInt64) {
      self.hash = hash
      self.id = id
      self.label = label
    }
  }

  /// A node: entries and children, each placed by a bitmap of the 32 slots
  /// of its level. Below the last level (all 64 bits used) a node holds
  /// colliding entries in a plain list.
  ///
  /// Its properties skip the runtime's exclusivity checks: a node is
  /// mutated only by the one version that holds it uniquely, never in
  /// overlapping accesses, and the checks cost more than the edits they
  /// guard (a tenth of an outline toggle's time).
  ///
  /// As in ``_ItemChunk``, a copy shares its arrays with the node it copies
  /// and keeps a replaced child beside them as a patch (``patchIndex``,
  /// ``patchChild``), instead of copying its children (a retain of each, up
  /// to 32) to replace one; a second edit applies the patch first.
  @usableFromInline
  final class Node: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var entryMap: UInt32
    @exclusivity(unchecked) @usableFromInline var childMap: UInt32
    @exclusivity(unchecked) @usableFromInline var entries: [Entry]
    /// The children before the patch.
    @exclusivity(unchecked) @usableFromInline var storedChildren: [Node]
    /// The child that replaces `storedChildren[patchIndex]`, if any.
    @exclusivity(unchecked) @usableFromInline var patchChild: Node?
    @exclusivity(unchecked) @usableFromInline var patchIndex: Int32
    /// Whether no other node shares the arrays (a hint, as in
    /// ``_ItemChunk/ownsArrays``).
    @exclusivity(unchecked) @usableFromInline var ownsArrays: Bool

    @inlinable
    init(entryMap: UInt32 = 0, childMap: UInt32 = 0, entries: [Entry] = [], children: [Node] = []) {
      self.entryMap = entryMap
      self.childMap = childMap
      self.entries = entries
      storedChildren = children
      patchIndex = -1
      ownsArrays = true
    }

    @inlinable
    func copy() -> Node {
      let copy = Node(
        entryMap: entryMap, childMap: childMap, entries: entries, children: storedChildren)
      copy.patchChild = patchChild
      copy.patchIndex = patchIndex
      copy.ownsArrays = false
      return copy
    }

    /// Child `index`, in the order of `childMap`'s bits.
    @inlinable
    func child(_ index: Int) -> Node {
      index == Int(patchIndex) ? patchChild.unsafelyUnwrapped : storedChildren[index]
    }

    /// The children, in order.
    @inlinable
    var children: [Node] {
      guard patchIndex >= 0 else { return storedChildren }
      var children = storedChildren
      children[Int(patchIndex)] = patchChild.unsafelyUnwrapped
      return children
    }

    /// Applies the patch to the arrays, so that they can be edited in place
    /// (the node is not shared).
    @inlinable
    func materialize() {
      if patchIndex >= 0 {
        storedChildren[Int(patchIndex)] = patchChild.unsafelyUnwrapped
        patchChild = nil
        patchIndex = -1
      }
      ownsArrays = true
    }

    /// Calls `body` with child `index` to edit it (the node is not shared),
    /// as a patch when no other is pending and the arrays may be shared.
    @inlinable
    func editChild<Result>(_ index: Int, _ body: (inout Node) -> Result) -> Result {
      if index == Int(patchIndex) { return body(&patchChild!) }
      if patchIndex < 0 && !ownsArrays {
        patchIndex = Int32(index)
        patchChild = storedChildren[index]
        return body(&patchChild!)
      }
      materialize()
      return body(&storedChildren[index])
    }
  }

  @usableFromInline var root: Node
  @usableFromInline var count: Int

  @inlinable
  init() {
    root = Node()
    count = 0
  }

  @inlinable @inline(__always)
  static func slot(_ hash: Int, _ shift: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: (UInt(bitPattern: hash) &>> UInt(shift)) & 31)
  }

  @inlinable @inline(__always)
  static func index(_ map: UInt32, _ bit: UInt32) -> Int {
    (map & (bit &- 1)).nonzeroBitCount
  }

  /// The label stored for `id`, whose hash is `hash`.
  ///
  /// - Complexity: O(log n).
  @inlinable
  func label(of id: ID, hash: Int) -> UInt64? {
    var node = root
    var shift = 0
    while shift < 64 {
      let bit: UInt32 = 1 &<< _IDTrie.slot(hash, shift)
      if node.entryMap & bit != 0 {
        let entry = node.entries[_IDTrie.index(node.entryMap, bit)]
        return entry.hash == hash && entry.id == id ? entry.label : nil
      }
      guard node.childMap & bit != 0 else { return nil }
      node = node.child(_IDTrie.index(node.childMap, bit))
      shift &+= 5
    }
    for entry in node.entries where entry.hash == hash && entry.id == id { return entry.label }
    return nil
  }

  /// Stores `label` for `id`, replacing its label if it has one.
  ///
  /// - Complexity: O(log n).
  @inlinable
  mutating func set(_ label: UInt64, for id: ID, hash: Int) {
    if _IDTrie.set(Entry(hash: hash, id: id, label: label), in: &root, shift: 0) { count += 1 }
  }

  /// Returns whether the entry was new.
  @inlinable
  static func set(_ entry: Entry, in node: inout Node, shift: Int) -> Bool {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    let bit: UInt32 = shift >= 64 ? 0 : 1 &<< slot(entry.hash, shift)
    if bit != 0 && node.childMap & bit != 0 {
      return node.editChild(index(node.childMap, bit)) { set(entry, in: &$0, shift: shift + 5) }
    }
    node.materialize()
    if shift >= 64 {
      if let index = node.entries.firstIndex(where: { $0.hash == entry.hash && $0.id == entry.id })
      {
        node.entries[index].label = entry.label
        return false
      }
      node.entries.append(entry)
      return true
    }
    if node.entryMap & bit != 0 {
      let index = index(node.entryMap, bit)
      let existing = node.entries[index]
      if existing.hash == entry.hash && existing.id == entry.id {
        node.entries[index].label = entry.label
        return false
      }
      // Two entries in one slot: push both one level down.
      node.entries.remove(at: index)
      node.entryMap &= ~bit
      var child = Node()
      _ = set(existing, in: &child, shift: shift + 5)
      _ = set(entry, in: &child, shift: shift + 5)
      node.storedChildren.insert(child, at: Self.index(node.childMap, bit))
      node.childMap |= bit
      return true
    }
    node.entries.insert(entry, at: index(node.entryMap, bit))
    node.entryMap |= bit
    return true
  }

  /// Calls `body` with every entry (in no particular order).
  @usableFromInline
  func forEach(_ body: (Entry) -> Void) {
    func visit(_ node: Node) {
      node.entries.forEach(body)
      node.children.forEach(visit)
    }
    visit(root)
  }

  /// Checks that every node's bitmaps match its entries and children, that
  /// each entry and child sits in the slot of its hash at its level, that
  /// no id appears twice, and that `count` counts the entries.
  @usableFromInline
  func verify() {
    var total = 0
    func check(_ node: Node, shift: Int, prefix: Int) {
      let mask = shift >= 64 ? -1 : (1 &<< shift) &- 1
      for entry in node.entries {
        precondition(entry.hash & mask == prefix, "an entry lies on the path of its hash")
      }
      total += node.entries.count
      precondition(
        node.patchIndex < 0
          || (Int(node.patchIndex) < node.storedChildren.count && node.patchChild != nil),
        "a patch at a child the node has")
      if shift >= 64 {
        precondition(node.children.isEmpty, "no children below the last level")
        return
      }
      precondition(node.entries.count == node.entryMap.nonzeroBitCount, "one entry per bit")
      precondition(node.children.count == node.childMap.nonzeroBitCount, "one child per bit")
      precondition(node.entryMap & node.childMap == 0, "a slot holds an entry or a child")
      var entry = 0
      var child = 0
      for slot in 0..<32 {
        let bit: UInt32 = 1 &<< UInt32(slot)
        if node.entryMap & bit != 0 {
          precondition(
            Int(_IDTrie.slot(node.entries[entry].hash, shift)) == slot, "an entry in its slot")
          entry += 1
        }
        if node.childMap & bit != 0 {
          check(node.child(child), shift: shift + 5, prefix: prefix | (slot &<< shift))
          child += 1
        }
      }
    }
    check(root, shift: 0, prefix: 0)
    precondition(total == count, "the count counts the entries")
    var seen = Set<ID>()
    forEach { precondition(seen.insert($0.id).inserted, "one entry per id") }
  }
}
