// How the item store reaches a version's directory without a copy of the
// storage (see LeafDirectory.swift and `_ItemStore`'s shared lookups).

/// What finds a version's directory: the version's read slot, and the
/// roots of its item tree and section starts, which the directory must
/// describe (three words, passed in registers).
@usableFromInline
struct _DirectoryKey {
  @usableFromInline let slot: _ReadSlot
  @usableFromInline let root: ObjectIdentifier
  @usableFromInline let startsRoot: ObjectIdentifier

  @inlinable @inline(__always)
  init(slot: _ReadSlot, root: ObjectIdentifier, startsRoot: ObjectIdentifier) {
    self.slot = slot
    self.root = root
    self.startsRoot = startsRoot
  }
}

extension _LeafDirectory {
  /// The directory in `key`'s slot, if one is published there and
  /// describes the version whose roots `key` names; not retained (see
  /// ``_ReadSlot/directoryAddress``).
  @inlinable @inline(__always)
  static func published(for key: _DirectoryKey) -> Unmanaged<_LeafDirectory>? {
    guard let address = key.slot.directoryAddress else { return nil }
    let directory = Unmanaged<_LeafDirectory>.fromOpaque(address)
    @inline(__always) func check(_ directory: _LeafDirectory) -> Bool {
      // Every edit replaces the slot (`forgetReads()`); a directory of
      // another version would only be slower, never wrong.
      ObjectIdentifier(directory.root) == key.root
        && ObjectIdentifier(directory.startsRoot) == key.startsRoot
    }
    return directory._withUnsafeGuaranteedRef(check) ? directory : nil
  }

  /// The path of `id` (whose hash is `hash`) in the version (`.some(nil)`
  /// when absent) that `key` finds, if it has a directory (see
  /// `_ItemStore.path(of:hash:)`).
  @inlinable @inline(never)
  static func path(of id: Item.ID, hash: Int, key: _DirectoryKey) -> ItemPath?? {
    guard let directory = published(for: key) else { return nil }
    @inline(__always) func read(_ directory: _LeafDirectory) -> ItemPath?? {
      .some(directory.path(of: id, hash: hash))
    }
    return directory._withUnsafeGuaranteedRef(read)
  }
}
