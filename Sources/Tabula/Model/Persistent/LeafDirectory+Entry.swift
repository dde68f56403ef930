// How the item store reaches a version's directory without a copy of the
// storage (see LeafDirectory.swift and `_ItemStore`'s shared lookups).

extension _LeafDirectory {
  /// The directory in `slot`, if one is published there and describes the
  /// version whose item tree has root `root` and whose section starts have
  /// root `startsRoot`; not retained (see ``_ReadSlot/directoryAddress``).
  @inlinable @inline(__always)
  static func published(
    in slot: _ReadSlot, root: ObjectIdentifier, startsRoot: ObjectIdentifier
  ) -> Unmanaged<_LeafDirectory>? {
    guard let address = slot.directoryAddress else { return nil }
    let directory = Unmanaged<_LeafDirectory>.fromOpaque(address)
    @inline(__always) func check(_ directory: _LeafDirectory) -> Bool {
      // Every edit replaces the slot (`forgetReads()`); a directory of
      // another version would only be slower, never wrong.
      ObjectIdentifier(directory.root) == root
        && ObjectIdentifier(directory.startsRoot) == startsRoot
    }
    return directory._withUnsafeGuaranteedRef(check) ? directory : nil
  }

  /// The path of `id` (whose hash is `hash`) in the version (`.some(nil)`
  /// when absent) whose slot and roots are given (see
  /// ``published(in:root:startsRoot:)``), if it has a directory (see
  /// `_ItemStore.path(of:hash:)`).
  @inlinable @inline(never)
  static func path(
    of id: Item.ID, hash: Int, slot: _ReadSlot, root: ObjectIdentifier,
    startsRoot: ObjectIdentifier
  ) -> ItemPath?? {
    guard let directory = published(in: slot, root: root, startsRoot: startsRoot) else {
      return nil
    }
    @inline(__always) func read(_ directory: _LeafDirectory) -> ItemPath?? {
      .some(directory.path(of: id, hash: hash))
    }
    return directory._withUnsafeGuaranteedRef(read)
  }
}
