// Reload and reconfigure marks: a snapshot can ask for rows and sections to
// be refreshed when it is applied, even if their content is unchanged. A
// list controller turns the marks into updates, then shows the snapshot
// without them.

extension Snapshot {
  /// Marks items to be reloaded (their cells replaced) when this snapshot is
  /// applied, even if their content is unchanged.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func reloadItems(_ ids: some Sequence<Item.ID>) throws(SnapshotError) {
    try _markItems(ids, as: .reload)
  }

  /// Marks items to be reconfigured (their cells refreshed in place) when this
  /// snapshot is applied, even if their content is unchanged. A reload mark
  /// takes precedence over a reconfigure mark.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func reconfigureItems(_ ids: some Sequence<Item.ID>) throws(SnapshotError) {
    try _markItems(ids, as: .reconfigure)
  }

  /// Marks sections to be reloaded (replaced, with all their items) when this
  /// snapshot is applied.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)`` naming every unknown id.
  /// - Complexity: Expected O(k).
  @inlinable
  public mutating func reloadSections(_ ids: some Sequence<SectionModel.ID>) throws(SnapshotError) {
    let ids = Array(ids)
    let unknown = ids.filter { _sectionIndex(of: $0) == nil }.map { String(reflecting: $0) }
    guard unknown.isEmpty else { throw .unknownSectionIDs(unknown) }
    _reloadedSections.formUnion(ids)
  }

  /// The snapshot without reload and reconfigure marks: what a list shows
  /// after applying it.
  @inlinable
  public var withoutMarks: Snapshot {
    guard !_itemMarks.isEmpty || !_reloadedSections.isEmpty else { return self }
    var copy = self
    copy._itemMarks = [:]
    copy._reloadedSections = []
    return copy
  }

  @inlinable
  mutating func _markItems(_ ids: some Sequence<Item.ID>, as kind: UpdateKind) throws(SnapshotError)
  {
    let ids = Array(ids)
    let unknown = ids.filter { _flatIndex(of: $0) == nil }.map { String(reflecting: $0) }
    guard unknown.isEmpty else { throw .unknownItemIDs(unknown) }
    for id in ids where _itemMarks[id] != .reload { _itemMarks[id] = kind }
  }
}
