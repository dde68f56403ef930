extension Snapshot {
  /// Checks the invariants after an initializer or edit, when Tabula is
  /// built with the `TABULA_INTERNAL_CHECKS` condition (its CI sets it, see
  /// `Package.swift`); otherwise it does nothing. Apps' debug builds never
  /// pay for it.
  @inlinable
  func _checkInvariants() {
    #if TABULA_INTERNAL_CHECKS
      _verifyInvariants()
    #endif
  }

  /// Checks that the indexes agree with the stored sections and items, in
  /// any build: what tests call. The sections and marks are checked here;
  /// the items by their store (`_ItemStore.verify(sectionCount:)`).
  ///
  /// - Complexity: O(n), or O(n log n) in shared storage.
  @usableFromInline
  func _verifyInvariants() {
    precondition(_sectionHashes.count == _sections.count, "one hash per section")
    let starts = _allSectionStarts
    precondition(starts.count == _sections.count + 1, "one start per section, plus one")
    precondition(starts.first == 0, "the first section starts at 0")
    precondition(starts.last == _itemCount, "the starts end at the item count")
    for section in _sections.indices {
      precondition(starts[section] <= starts[section + 1], "starts ascend")
      precondition(
        _sectionHashes[section] == IDHashing.hash(_sections[section].id), "section hash")
      precondition(_sectionIndex(of: _sections[section].id) == section, "section index")
    }
    precondition(_sectionTable.storedPositions.count == _sections.count, "one per section")
    _store.verify(sectionCount: _sections.count)
    for id in _itemMarks.keys { precondition(_flatIndex(of: id) != nil, "marked item exists") }
    for id in _reloadedSections {
      precondition(_sectionIndex(of: id) != nil, "marked section exists")
    }
  }
}
