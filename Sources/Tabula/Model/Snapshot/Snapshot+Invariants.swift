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
  /// any build: what tests call. The sections and marks are checked the same
  /// way in both representations; the items by their own storage's checks.
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
    if let shared = _shared {
      _verifySharedItems(shared)
    } else {
      _verifyFlatItems()
    }
    for id in _itemMarks.keys { precondition(_flatIndex(of: id) != nil, "marked item exists") }
    for id in _reloadedSections {
      precondition(_sectionIndex(of: id) != nil, "marked section exists")
    }
  }

  /// The flat arrays: each item's section, hash and index entry.
  @usableFromInline
  func _verifyFlatItems() {
    for section in _sections.indices {
      for flat in _sectionStarts[section]..<_sectionStarts[section + 1] {
        precondition(Int(_itemSections[flat]) == section, "section of item \(flat)")
      }
    }
    precondition(_itemHashes.count == _items.count, "one hash per item")
    precondition(_itemSections.count == _items.count, "one section per item")
    for flat in _items.indices {
      precondition(_itemHashes[flat] == IDHashing.hash(_items[flat].id), "item hash \(flat)")
      precondition(_flatIndex(of: _items[flat].id) == flat, "item index \(flat)")
    }
    precondition(_itemTable.storedPositions.count == _items.count, "one entry per item")
  }

  /// Shared storage: the tree's counts and label order, the id index's
  /// structure and that it finds every item where it is
  /// (``_PersistentItems/verify()``), and no flat items beside it.
  @usableFromInline
  func _verifySharedItems(_ shared: _PersistentItems<Item>) {
    shared.verify()
    precondition(
      _items.isEmpty && _itemHashes.isEmpty && _itemSections.isEmpty && _sectionStarts.isEmpty,
      "no flat items or starts beside shared storage")
    precondition(shared.starts.sectionCount == _sections.count, "one count per section")
  }
}
