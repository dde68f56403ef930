// Joining snapshots end to end, as a composed source does with its children.

extension Snapshot {
  /// The sections of `parts`, one after another, reusing their stored hashes,
  /// with the reload and reconfigure marks of the parts whose indices are in
  /// `marksOf` (the parts that changed: the marks of the others were applied
  /// when they changed).
  ///
  /// - Throws: ``SnapshotError/duplicateSectionIDs(_:)`` or
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when the parts share ids;
  ///   ``SnapshotError/tooManyItems(_:limit:)`` or
  ///   ``SnapshotError/tooManySections(_:limit:)`` when together they are
  ///   too large (checked before anything is copied).
  /// - Complexity: Expected O(n).
  static func _concatenating(
    _ parts: [Snapshot], carryingMarksOf marksOf: Set<Int> = []
  ) throws(SnapshotError) -> Snapshot {
    try _checkCapacity(
      items: parts.reduce(0) { $0 + $1._itemCount },
      sections: parts.reduce(0) { $0 + $1._sections.count })
    var result = try _concatenatingUnmarked(parts)
    for index in marksOf.sorted() where parts.indices.contains(index) {
      result._itemMarks.merge(parts[index]._itemMarks) { first, second in
        first == .reload || second == .reload ? .reload : .reconfigure
      }
      result._reloadedSections.formUnion(parts[index]._reloadedSections)
    }
    result._checkInvariants()
    return result
  }

  static func _concatenatingUnmarked(_ parts: [Snapshot]) throws(SnapshotError) -> Snapshot {
    if parts.count == 1 { return parts[0].withoutMarks }
    let parts = parts.map { part in
      var flat = part
      flat._moveToFlatStorage()
      return flat
    }
    var result = Snapshot()
    result._sections = parts.flatMap { $0._sections }
    result._sectionHashes = parts.flatMap { $0._sectionHashes }
    var starts = [0]
    starts.reserveCapacity(result._sections.count + 1)
    for part in parts {
      let base = starts[starts.count - 1]
      starts.append(contentsOf: part._allSectionStarts.dropFirst().map { $0 + base })
    }
    try result._rebuildSectionTable()
    result._store = try _ItemStore(
      items: parts.flatMap { $0._allItems }, hashes: parts.flatMap { $0._store.allHashes },
      starts: starts)
    result._checkInvariants()
    return result
  }
}
