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
    // Down unretained: this value holds every node for the walk, and a
    // retain is an atomic write, which waits for the loads before it.
    var node = Unmanaged.passUnretained(root)
    var shift = 0
    while shift < 64 {
      let bit: UInt32 = 1 &<< _IDTrie.slot(hash, shift)
      var label: UInt64?
      guard
        let next = node._withUnsafeGuaranteedRef({ node -> Unmanaged<Node>? in
          if node.entryMap & bit != 0 {
            let entry = node.entry(_IDTrie.index(node.entryMap, bit))
            if entry.hash == hash && entry.id == id { label = entry.label }
            return nil
          }
          guard node.childMap & bit != 0 else { return nil }
          return Unmanaged.passUnretained(node.child(_IDTrie.index(node.childMap, bit)))
        })
      else { return label }
      node = next
      shift &+= 5
    }
    return node._withUnsafeGuaranteedRef { node in
      for entry in node.entries where entry.hash == hash && entry.id == id { return entry.label }
      return nil
    }
  }

  /// Stores `label` for `id`, replacing its label if it has one.
  ///
  /// `patching`: whether an inserted or relabelled entry may be kept as a
  /// node's patch (in a box). Pass `false` when setting many ids in one
  /// version: most nodes they meet meet another, which applies the patch
  /// again, and the box is then a cost.
  ///
  /// - Complexity: O(log n).
  @inlinable
  mutating func set(_ label: UInt64, for id: ID, hash: Int, patching: Bool = true) {
    let entry = Entry(hash: hash, id: id, label: label)
    if _IDTrie.set(entry, in: &root, shift: 0, patching: patching) { count += 1 }
  }

  /// Returns whether the entry was new.
  @inlinable
  static func set(_ entry: Entry, in node: inout Node, shift: Int, patching: Bool) -> Bool {
    if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    if shift >= 64 {
      node.materialize()
      if let index = node.storedEntries.firstIndex(where: {
        $0.hash == entry.hash && $0.id == entry.id
      }) {
        node.storedEntries[index].label = entry.label
        return false
      }
      node.storedEntries.append(entry)
      return true
    }
    let bit: UInt32 = 1 &<< slot(entry.hash, shift)
    if node.childMap & bit != 0 {
      return node.editChild(index(node.childMap, bit)) {
        set(entry, in: &$0, shift: shift + 5, patching: patching)
      }
    }
    let index = index(node.entryMap, bit)
    if node.entryMap & bit == 0 {
      if patching && node.takesPatch {
        node.keepEntryPatch(.insertEntry, entry, at: index)
      } else {
        node.materialize()
        node.storedEntries.insert(entry, at: index)
      }
      node.entryMap |= bit
      return true
    }
    let existing = node.entry(index)
    if existing.hash == entry.hash && existing.id == entry.id {
      if patching && node.takesPatch {
        node.keepEntryPatch(.replaceEntry, entry, at: index)
      } else if patching, node.patchKind == .insertEntry || node.patchKind == .replaceEntry,
        Int(node.patchIndex) == index
      {
        // The patched entry, relabelled: an insert stays one.
        node.keepEntryPatch(node.patchKind, entry, at: index)
      } else {
        node.materialize()
        node.storedEntries[index].label = entry.label
      }
      return false
    }
    // Two entries in one slot: push both one level down.
    var child = Node()
    _ = set(existing, in: &child, shift: shift + 5, patching: false)
    _ = set(entry, in: &child, shift: shift + 5, patching: false)
    let childIndex = Self.index(node.childMap, bit)
    if node.takesPatch {
      node.patchKind = .pushDown
      node.patchIndex = Int32(index) | Int32(childIndex) &<< 8
      node.patchObject = child
    } else {
      node.materialize()
      node.storedEntries.remove(at: index)
      node.storedChildren.insert(child, at: childIndex)
    }
    node.entryMap &= ~bit
    node.childMap |= bit
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
      let entries = node.entries
      let children = node.children
      for entry in entries {
        precondition(entry.hash & mask == prefix, "an entry lies on the path of its hash")
      }
      total += entries.count
      let index = Int(node.patchIndex)
      switch node.patchKind {
      case .none: precondition(node.patchObject == nil, "no leftover patch")
      case .child:
        precondition(
          index < node.storedChildren.count && node.patchObject is Node,
          "a patch at a child the node has")
      case .replaceEntry:
        precondition(
          index < node.storedEntries.count && node.patchObject is PatchedEntry,
          "an entry patch at an entry the node has")
        let replaced = node.storedEntries[index]
        precondition(
          replaced.hash == node.patchEntry.hash && replaced.id == node.patchEntry.id,
          "a relabelled entry keeps its id")
      case .insertEntry:
        precondition(
          index <= node.storedEntries.count && node.patchObject is PatchedEntry,
          "an entry patch where an entry can go")
      case .pushDown:
        precondition(
          node.pushedEntry < node.storedEntries.count
            && node.pushedChild <= node.storedChildren.count && node.patchObject is Node,
          "an entry pushed down from an entry the node has, to a child where one can go")
      }
      if shift >= 64 {
        precondition(node.patchKind == .none, "no patch below the last level")
        precondition(children.isEmpty, "no children below the last level")
        return
      }
      precondition(entries.count == node.entryMap.nonzeroBitCount, "one entry per bit")
      precondition(children.count == node.childMap.nonzeroBitCount, "one child per bit")
      precondition(node.entryMap & node.childMap == 0, "a slot holds an entry or a child")
      var entry = 0
      var child = 0
      for slot in 0..<32 {
        let bit: UInt32 = 1 &<< UInt32(slot)
        if node.entryMap & bit != 0 {
          precondition(
            Int(_IDTrie.slot(entries[entry].hash, shift)) == slot, "an entry in its slot")
          precondition(
            node.entry(entry).hash == entries[entry].hash
              && node.entry(entry).label == entries[entry].label,
            "an entry read alone is the entry in the list")
          entry += 1
        }
        if node.childMap & bit != 0 {
          precondition(
            node.child(child) === children[child], "a child read alone is the child in the list")
          check(children[child], shift: shift + 5, prefix: prefix | (slot &<< shift))
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
