// Editing the sections of a snapshot, with the same discipline as the item
// edits (`Snapshot+Editing.swift`): validate every argument, then commit; an
// edit that throws leaves the snapshot as it was.

extension Snapshot {
  /// Appends sections, empty, after the last one.
  ///
  /// - Throws: ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(s + k).
  @inlinable
  public mutating func appendSections(_ sections: [SectionModel]) throws(SnapshotError) {
    try _insertSections(sections, at: _sections.count)
  }

  /// Inserts sections, empty, before an existing section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionModel], beforeSection id: SectionModel.ID
  ) throws(SnapshotError) {
    try _insertSections(sections, at: _existingSectionIndex(of: id))
  }

  /// Inserts sections, empty, after an existing section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/duplicateSectionIDs(_:)``.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func insertSections(
    _ sections: [SectionModel], afterSection id: SectionModel.ID
  ) throws(SnapshotError) {
    try _insertSections(sections, at: _existingSectionIndex(of: id) + 1)
  }

  /// Deletes sections and their items.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)`` naming every unknown id;
  ///   nothing is deleted then.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func deleteSections(_ ids: some Sequence<SectionModel.ID>) throws(SnapshotError) {
    var doomed = [Bool](repeating: false, count: _sections.count)
    var unknown: [String] = []
    for id in ids {
      if let index = _sectionIndex(of: id) {
        doomed[index] = true
      } else {
        unknown.append(String(reflecting: id))
      }
    }
    guard unknown.isEmpty else { throw .unknownSectionIDs(unknown) }
    _reorderSections(_sections.indices.filter { !doomed[$0] })
  }

  /// Moves a section, with its items, to just before another section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/sectionMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func moveSection(
    _ id: SectionModel.ID, beforeSection other: SectionModel.ID
  ) throws(SnapshotError) {
    try _moveSection(id, relativeTo: other, after: false)
  }

  /// Moves a section, with its items, to just after another section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``,
  ///   ``SnapshotError/sectionMovedRelativeToItself(_:)`` when `id == other`.
  /// - Complexity: Expected O(n + s).
  @inlinable
  public mutating func moveSection(
    _ id: SectionModel.ID, afterSection other: SectionModel.ID
  ) throws(SnapshotError) {
    try _moveSection(id, relativeTo: other, after: true)
  }

  /// Sorts the sections, each keeping its items; sections the comparator finds
  /// equal keep their order.
  ///
  /// - Complexity: O(s log s + n).
  @inlinable
  public mutating func sortSections(by areInIncreasingOrder: (SectionModel, SectionModel) -> Bool) {
    _reorderSections(_stableOrder(of: _sections[...], by: areInIncreasingOrder))
  }

  /// Replaces section models with new values of the same ids (new header or
  /// footer content).
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func updateSections(_ sections: [SectionModel]) throws(SnapshotError) {
    var positions: [Int] = []
    var unknown: [String] = []
    for section in sections {
      if let index = _sectionIndex(of: section.id) {
        positions.append(index)
      } else {
        unknown.append(String(reflecting: section.id))
      }
    }
    guard unknown.isEmpty else { throw .unknownSectionIDs(unknown) }
    for (section, index) in zip(sections, positions) { _sections[index] = section }
  }
}
