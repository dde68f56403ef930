// Where each section starts, in either representation. Flat storage keeps
// the starts in an array (`_sectionStarts`: O(1) reads, O(s) edits); shared
// storage in a tree that versions share (`_PersistentItems.starts`: O(log s)
// reads and edits), and its `_sectionStarts` is empty. Every read outside
// code that knows its storage goes through these accessors.

extension Snapshot {
  /// The flat index of section `index`'s first item; `index ==
  /// numberOfSections` gives the item count.
  ///
  /// - Complexity: O(1); O(log s) in shared storage.
  @inlinable
  func _sectionStart(_ index: Int) -> Int {
    if _shared == nil { return _sectionStarts[index] }
    return _sharedSectionRange(index).lowerBound
  }

  /// The flat range of section `index`'s items.
  ///
  /// - Complexity: O(1); O(log s) in shared storage.
  @inlinable
  func _sectionRange(_ index: Int) -> Range<Int> {
    if _shared == nil { return _sectionStarts[index]..<_sectionStarts[index + 1] }
    return _sharedSectionRange(index)
  }

  /// The number of items in section `index`.
  @inlinable
  func _sectionItemCount(_ index: Int) -> Int { _sectionRange(index).count }

  @inlinable
  func _sharedSectionRange(_ index: Int) -> Range<Int> {
    _shared!.sectionRange(index)
  }

  /// The section holding flat index `flat`, and where it starts, in shared
  /// storage.
  @inlinable
  func _sharedSection(containing flat: Int) -> (section: Int, start: Int) {
    _shared!.section(containing: flat)
  }

  /// Every section's start, and the item count last.
  ///
  /// - Complexity: O(1); O(s) in shared storage.
  @inlinable
  var _allSectionStarts: [Int] { _shared?.starts.array ?? _sectionStarts }

  /// Replaces every section start (an edit of sections: O(s) in either
  /// storage).
  @inlinable
  mutating func _setSectionStarts(_ starts: [Int]) {
    if _shared == nil {
      _sectionStarts = starts
    } else {
      _shared!.starts = _SectionStarts(starts: starts)
    }
  }
}
