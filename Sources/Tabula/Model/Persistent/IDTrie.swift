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
  /// and keeps one edit beside them as a patch (``patchKind``), instead of
  /// copying an array to make it: a replaced child (instead of retaining
  /// each of up to 32 children), or an entry inserted, relabelled or pushed
  /// down into a new child (instead of copying up to 32 entries: a trie
  /// that holds the ids of a list edited for a while has nodes of ten
  /// entries and more, 24 bytes each with integer ids). A second edit
  /// applies the patch first, unless it edits the patch itself.
  @usableFromInline
  final class Node: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var entryMap: UInt32
    @exclusivity(unchecked) @usableFromInline var childMap: UInt32
    /// The entries before the patch.
    @exclusivity(unchecked) @usableFromInline var storedEntries: [Entry]
    /// The children before the patch.
    @exclusivity(unchecked) @usableFromInline var storedChildren: [Node]
    /// The patch's child (``Patch/child``, ``Patch/pushDown``) or entry (a
    /// ``PatchedEntry``, for ``Patch/insertEntry``, ``Patch/replaceEntry``).
    @exclusivity(unchecked) @usableFromInline var patchObject: AnyObject?
    /// Where the patch is: the child's index for ``Patch/child``, the
    /// entry's for the entry patches, both for ``Patch/pushDown`` (the
    /// removed entry's in the low 8 bits, the new child's above them).
    @exclusivity(unchecked) @usableFromInline var patchIndex: Int32
    @exclusivity(unchecked) @usableFromInline var patchKind: Patch
    /// Whether no other node shares the arrays (a hint, as in
    /// ``_ItemChunk/ownsArrays``).
    @exclusivity(unchecked) @usableFromInline var ownsArrays: Bool

    @inlinable
    init(entryMap: UInt32 = 0, childMap: UInt32 = 0, entries: [Entry] = [], children: [Node] = []) {
      self.entryMap = entryMap
      self.childMap = childMap
      storedEntries = entries
      storedChildren = children
      patchIndex = 0
      patchKind = .none
      ownsArrays = true
    }

    /// The heap bytes of a node object: a header, two bitmaps, two arrays,
    /// the patch and its 32-bit index, its kind and a flag (54 bytes), in a
    /// 64-byte malloc chunk. `NodeSizeTests` checks it against glibc.
    @usableFromInline static var objectBytes: Int { 64 }

    /// The heap bytes of a patched entry's box: header and entry, in
    /// malloc's chunks.
    @usableFromInline static var patchEntryBytes: Int {
      (16 + MemoryLayout<Entry>.stride + 8 + 15) / 16 * 16
    }

    @inlinable
    func copy() -> Node {
      let copy = Node(
        entryMap: entryMap, childMap: childMap, entries: storedEntries, children: storedChildren)
      copy.patchObject = patchObject
      copy.patchIndex = patchIndex
      copy.patchKind = patchKind
      copy.ownsArrays = false
      return copy
    }

    /// The patch's child (``Patch/child``, ``Patch/pushDown``).
    @inlinable var patchChild: Node {
      get { unsafeDowncast(patchObject.unsafelyUnwrapped, to: Node.self) }
      _modify {
        var child = unsafeDowncast(patchObject.unsafelyUnwrapped, to: Node.self)
        patchObject = nil  // keep the child uniquely referenced
        defer { patchObject = child }
        yield &child
      }
    }

    /// The patch's entry (``Patch/insertEntry``, ``Patch/replaceEntry``).
    @inlinable var patchEntry: Entry {
      unsafeDowncast(patchObject.unsafelyUnwrapped, to: PatchedEntry.self).entry
    }

    /// The removed entry's index, for ``Patch/pushDown``.
    @inlinable var pushedEntry: Int { Int(patchIndex & 0xFF) }

    /// The new child's index, for ``Patch/pushDown``.
    @inlinable var pushedChild: Int { Int(patchIndex &>> 8) }

    /// Entry `index`, in the order of `entryMap`'s bits.
    @inlinable @inline(__always)
    func entry(_ index: Int) -> Entry {
      switch patchKind {
      case .none, .child: return storedEntries[index]
      case .replaceEntry: return index == Int(patchIndex) ? patchEntry : storedEntries[index]
      case .insertEntry:
        let at = Int(patchIndex)
        return index < at
          ? storedEntries[index] : index == at ? patchEntry : storedEntries[index &- 1]
      case .pushDown: return index < pushedEntry ? storedEntries[index] : storedEntries[index &+ 1]
      }
    }

    /// The entries, in order.
    @inlinable
    var entries: [Entry] {
      var entries = storedEntries
      switch patchKind {
      case .none, .child: break
      case .replaceEntry: entries[Int(patchIndex)] = patchEntry
      case .insertEntry: entries.insert(patchEntry, at: Int(patchIndex))
      case .pushDown: entries.remove(at: pushedEntry)
      }
      return entries
    }

    /// Child `index`, in the order of `childMap`'s bits.
    @inlinable
    func child(_ index: Int) -> Node {
      switch patchKind {
      case .child: return index == Int(patchIndex) ? patchChild : storedChildren[index]
      case .pushDown:
        let at = pushedChild
        return index < at
          ? storedChildren[index] : index == at ? patchChild : storedChildren[index &- 1]
      case .none, .insertEntry, .replaceEntry: return storedChildren[index]
      }
    }

    /// The children, in order.
    @inlinable
    var children: [Node] {
      switch patchKind {
      case .child:
        var children = storedChildren
        children[Int(patchIndex)] = patchChild
        return children
      case .pushDown:
        var children = storedChildren
        children.insert(patchChild, at: pushedChild)
        return children
      case .none, .insertEntry, .replaceEntry: return storedChildren
      }
    }

    /// Whether an edit of this node should be kept as its patch: it has
    /// none, and another node may share its arrays.
    @inlinable var takesPatch: Bool { patchKind == .none && !ownsArrays }

    /// Keeps `entry`, inserted at or relabelling entry `index`, as the
    /// patch.
    @inlinable
    func patchEntry(_ kind: Patch, _ entry: Entry, at index: Int) {
      patchKind = kind
      patchIndex = Int32(index)
      patchObject = PatchedEntry(entry)
    }

    /// Applies the patch to the arrays, so that they can be edited in place
    /// (the node is not shared).
    ///
    /// Inlined always, with the patch applied out of line: in code not
    /// specialized for the id type, a call that touches an entry looks up
    /// the entry type's metadata first, patch or none.
    @inlinable @inline(__always)
    func materialize() {
      if patchKind != .none { applyPatch() }
      ownsArrays = true
    }

    @inlinable @inline(never)
    func applyPatch() {
      switch patchKind {
      case .none: break
      case .child: storedChildren[Int(patchIndex)] = patchChild
      case .replaceEntry: storedEntries[Int(patchIndex)] = patchEntry
      case .insertEntry: storedEntries.insert(patchEntry, at: Int(patchIndex))
      case .pushDown:
        storedEntries.remove(at: pushedEntry)
        storedChildren.insert(patchChild, at: pushedChild)
      }
      patchObject = nil
      patchKind = .none
      patchIndex = 0
    }

    /// Calls `body` with child `index` to edit it (the node is not shared),
    /// as a patch when no other is pending and the arrays may be shared.
    @inlinable
    func editChild<Result>(_ index: Int, _ body: (inout Node) -> Result) -> Result {
      switch patchKind {
      case .child where index == Int(patchIndex), .pushDown where index == pushedChild:
        return body(&patchChild)
      case .none where !ownsArrays:
        patchKind = .child
        patchIndex = Int32(index)
        patchObject = storedChildren[index]
        return body(&patchChild)
      default:
        materialize()
        return body(&storedChildren[index])
      }
    }
  }

  /// A node's pending edit (a type outside the generic trie, so that code
  /// the compiler did not specialize for the id type compares and switches
  /// on it without looking up type metadata).
  @usableFromInline typealias Patch = _IDTriePatch

  /// A patched entry, boxed so that nodes do not grow with the id type.
  @usableFromInline
  final class PatchedEntry: Sendable {
    @usableFromInline let entry: Entry

    @inlinable
    init(_ entry: Entry) { self.entry = entry }
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
        let entry = node.entry(_IDTrie.index(node.entryMap, bit))
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
        node.patchEntry(.insertEntry, entry, at: index)
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
        node.patchEntry(.replaceEntry, entry, at: index)
      } else if node.patchKind == .insertEntry || node.patchKind == .replaceEntry,
        Int(node.patchIndex) == index
      {
        // The patched entry, relabelled: an insert stays one.
        node.patchEntry(node.patchKind, entry, at: index)
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

/// The pending edit of an ``_IDTrie`` node.
@usableFromInline
enum _IDTriePatch: UInt8, Sendable {
  /// None.
  case none
  /// A child replaced.
  case child
  /// An entry inserted.
  case insertEntry
  /// An entry's label replaced.
  case replaceEntry
  /// An entry removed, and a new child that holds it and another entry
  /// inserted.
  case pushDown
}
