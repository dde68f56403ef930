// The nodes of an `_IDTrie`: their entries and children, and the one
// pending edit a copied node keeps beside the arrays it shares.

extension _IDTrie {
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
  /// entries and more). A second edit
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
    /// 64-byte malloc chunk. The bench reports it beside glibc's count
    /// (`_StorageNodeSizes`).
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
    func keepEntryPatch(_ kind: Patch, _ entry: Entry, at index: Int) {
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
