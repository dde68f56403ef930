/// A persistent map from item ids to the labels of their leaves in an
/// ``_ItemTree``: a hash array mapped trie (32 ways per level, by 5 bits of
/// the id's stored hash), so that a lookup is O(log₃₂ n) and an insert,
/// update or removal copies only the nodes on its path that another version
/// also holds.
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
  @usableFromInline
  final class Node: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var entryMap: UInt32
    @exclusivity(unchecked) @usableFromInline var childMap: UInt32
    @exclusivity(unchecked) @usableFromInline var entries: [Entry]
    @exclusivity(unchecked) @usableFromInline var children: [Node]

    @inlinable
    init(entryMap: UInt32 = 0, childMap: UInt32 = 0, entries: [Entry] = [], children: [Node] = []) {
      self.entryMap = entryMap
      self.childMap = childMap
      self.entries = entries
      self.children = children
    }

    @inlinable
    func copy() -> Node {
      Node(entryMap: entryMap, childMap: childMap, entries: entries, children: children)
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
      node = node.children[_IDTrie.index(node.childMap, bit)]
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
    if shift >= 64 {
      if let index = node.entries.firstIndex(where: { $0.hash == entry.hash && $0.id == entry.id })
      {
        node.entries[index].label = entry.label
        return false
      }
      node.entries.append(entry)
      return true
    }
    let bit: UInt32 = 1 &<< slot(entry.hash, shift)
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
      node.children.insert(child, at: Self.index(node.childMap, bit))
      node.childMap |= bit
      return true
    }
    if node.childMap & bit != 0 {
      return set(entry, in: &node.children[index(node.childMap, bit)], shift: shift + 5)
    }
    node.entries.insert(entry, at: index(node.entryMap, bit))
    node.entryMap |= bit
    return true
  }

  /// Removes the entry for `id`, if there is one.
  ///
  /// - Complexity: O(log n).
  @inlinable
  mutating func remove(_ id: ID, hash: Int) {
    if _IDTrie.remove(id, hash: hash, from: &root, shift: 0) { count -= 1 }
  }

  /// Returns whether an entry was removed. A child left with one entry and
  /// no children is folded back into its parent, so that equal maps have
  /// equal shapes no matter the order of their edits.
  @inlinable
  static func remove(_ id: ID, hash: Int, from node: inout Node, shift: Int) -> Bool {
    if shift >= 64 {
      guard let index = node.entries.firstIndex(where: { $0.hash == hash && $0.id == id })
      else { return false }
      if !isKnownUniquelyReferenced(&node) { node = node.copy() }
      node.entries.remove(at: index)
      return true
    }
    let bit: UInt32 = 1 &<< slot(hash, shift)
    if node.entryMap & bit != 0 {
      let index = index(node.entryMap, bit)
      guard node.entries[index].hash == hash && node.entries[index].id == id else { return false }
      if !isKnownUniquelyReferenced(&node) { node = node.copy() }
      node.entries.remove(at: index)
      node.entryMap &= ~bit
      return true
    }
    guard node.childMap & bit != 0 else { return false }
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    let childIndex = index(node.childMap, bit)
    guard remove(id, hash: hash, from: &node.children[childIndex], shift: shift + 5) else {
      return false
    }
    let child = node.children[childIndex]
    if child.children.isEmpty && child.entries.count <= 1 {
      node.children.remove(at: childIndex)
      node.childMap &= ~bit
      if let only = child.entries.first {
        node.entries.insert(only, at: index(node.entryMap, bit))
        node.entryMap |= bit
      }
    }
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
}
