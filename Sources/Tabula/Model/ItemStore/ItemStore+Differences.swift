// What the diff asks the store: which items of two versions may differ.
// Two versions in shared storage share every leaf an edit did not touch, so
// the items of the leaves they do not share (less the common ends of two
// leaves with the same label) are the only candidates for a change
// (`Persistent/TreeDifference+*.swift`), and the sections whose counts
// differ are found in the section starts' unshared nodes.

/// The walks that find what two versions of shared storage do not share.
@usableFromInline
enum _TreeDifference {}

extension _ItemStore {
  /// The items that may differ between this version and `new`, each side's
  /// flat positions, items and id hashes ascending: every other item is in
  /// both, unchanged, in the same relative order. `nil` when either is not
  /// in shared storage, or when more than `limit` leaves differ (the full
  /// diff is as cheap then).
  ///
  /// - Complexity: O(d log n) for d unshared leaves.
  @inlinable
  func differingItems(from new: _ItemStore, limit: Int) -> (
    old: _TreeDifference._Candidates<Item>, new: _TreeDifference._Candidates<Item>
  )? {
    guard let oldShared = shared, let newShared = new.shared,
      let (oldLeaves, newLeaves) = _TreeDifference._unsharedLeaves(
        oldShared.tree.root, newShared.tree.root, limit: limit)
    else { return nil }
    return _TreeDifference._candidates(oldLeaves, newLeaves)
  }

  /// The sections whose item counts may differ between this version and
  /// `new`, both in shared storage; ascending, possibly with repeats.
  ///
  /// - Complexity: O(d log s) for d unshared nodes of the section starts.
  @inlinable
  func differingSections(from new: _ItemStore) -> [Int] {
    guard let oldShared = shared, let newShared = new.shared else {
      preconditionFailure("differing sections are read from two versions in shared storage")
    }
    return oldShared.starts.differingSections(from: newShared.starts)
  }
}
