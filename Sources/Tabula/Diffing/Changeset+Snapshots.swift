extension Changeset {
  /// The changes that turn `old` into `new`.
  ///
  /// Identity comes from the ids, content from ``Diffable/isContentEqual(to:)``.
  /// Items and sections marked in `new` (``Snapshot/reloadItems(_:)``,
  /// ``Snapshot/reconfigureItems(_:)``, ``Snapshot/reloadSections(_:)``) are
  /// updated or reloaded even when their content is unchanged.
  ///
  /// - Parameters:
  ///   - old: The snapshot the list shows now.
  ///   - new: The snapshot it should show.
  ///   - updateKind: For an item whose content changed, whether its cell can be
  ///     refreshed in place (`.reconfigure`, the default) or must be replaced
  ///     (`.reload`), given the old and new values. A list controller answers
  ///     this from its presenters: the same presenter and cell kind reconfigure.
  /// - Complexity: Expected O(n + m) plus O(k log k) for the k items whose
  ///   order changed. Ids are not hashed again: the new snapshot's stored
  ///   hashes probe the old snapshot's index. Two snapshots in shared
  ///   storage (see ``Snapshot``), one edited from the other, with the same
  ///   sections: O(d log n) for the d items in storage they do not share.
  @inlinable
  public init<SectionModel, Item>(
    from old: Snapshot<SectionModel, Item>,
    to new: Snapshot<SectionModel, Item>,
    updateKind: (_ old: Item, _ new: Item) -> UpdateKind = { _, _ in .reconfigure }
  ) {
    self = Changeset._diff(old, new, updateKind: updateKind, avoidingSamePositionMoves: false)
  }

  /// The diff. With `avoidingSamePositionMoves`, a move whose old and new
  /// positions are numerically equal (which UIKit rejects under its strict
  /// rules) becomes a delete plus an insert.
  @inlinable
  static func _diff<SectionModel, Item>(
    _ old: Snapshot<SectionModel, Item>,
    _ new: Snapshot<SectionModel, Item>,
    updateKind: (Item, Item) -> UpdateKind,
    avoidingSamePositionMoves avoiding: Bool
  ) -> Changeset {
    // The store says how to read two versions: flat arrays, or the items
    // two versions in shared storage do not share.
    guard let (oldFlat, newFlat) = _ItemStore.flatItems(of: old._store, new._store) else {
      if let changes = _sharedDiff(
        old, new, updateKind: updateKind, avoidingSamePositionMoves: avoiding)
      {
        return changes
      }
      return _diff(
        old._withFlatStorage(), new._withFlatStorage(), updateKind: updateKind,
        avoidingSamePositionMoves: avoiding)
    }
    var result = Changeset()

    // Sections: match by id, then keep a longest increasing run in place.
    let oldSectionCount = old._sections.count
    let newSectionCount = new._sections.count
    var newSectionOld = [Int](repeating: -1, count: newSectionCount)
    var oldSectionNew = [Int](repeating: -1, count: oldSectionCount)
    let reloaded = new._reloadedSections
    for section in 0..<newSectionCount {
      let id = new._sections[section].id
      if !reloaded.isEmpty && reloaded.contains(id) { continue }
      if let match = old._sectionTable.find(
        hash: new._sectionHashes[section], where: { old._sections[$0].id == id })
      {
        newSectionOld[section] = match
        oldSectionNew[match] = section
      }
    }
    var survivingSections: [Int] = []
    var survivingOldIndices: [Int32] = []
    for section in 0..<newSectionCount where newSectionOld[section] >= 0 {
      survivingSections.append(section)
      survivingOldIndices.append(Int32(truncatingIfNeeded: newSectionOld[section]))
    }
    let keptSections = survivingOldIndices.withUnsafeBufferPointer(longestIncreasingSubsequence)
    for (offset, section) in survivingSections.enumerated() where !keptSections[offset] {
      let oldIndex = newSectionOld[section]
      if avoiding && oldIndex == section {
        newSectionOld[section] = -1
        oldSectionNew[oldIndex] = -1
      } else {
        result.sectionMoves.append(IndexMove(from: oldIndex, to: section))
      }
    }
    for section in survivingSections where newSectionOld[section] >= 0 {
      let oldIndex = newSectionOld[section]
      if !old._sections[oldIndex].isContentEqual(to: new._sections[section]) {
        result.sectionUpdates.append(IndexMove(from: oldIndex, to: section))
      }
    }
    for section in 0..<oldSectionCount where oldSectionNew[section] < 0 {
      result.sectionDeletes.append(section)
    }
    for section in 0..<newSectionCount where newSectionOld[section] < 0 {
      result.sectionInserts.append(section)
    }

    // Items (both flat): match every new item in the old index with its
    // stored hash.
    let oldCount = oldFlat.items.count
    let newCount = newFlat.items.count
    var oldToNew = [Int32](repeating: -1, count: oldCount)
    var newToOld = [Int32](repeating: -1, count: newCount)
    oldFlat.items.withUnsafeBufferPointer { oldItems in
      newFlat.items.withUnsafeBufferPointer { newItems in
        newFlat.hashes.withUnsafeBufferPointer { hashes in
          for position in 0..<newCount {
            let id = newItems[position].id
            if let match = oldFlat.table.find(
              hash: hashes[position], where: { oldItems[$0].id == id })
            {
              newToOld[position] = Int32(truncatingIfNeeded: match)
              oldToNew[match] = Int32(truncatingIfNeeded: position)
            }
          }
        }
      }
    }

    // The marks by new position, found once per mark (k lookups) rather
    // than by probing the marks with every matched item (n lookups).
    var markAt: [UInt8] = []
    if !new._itemMarks.isEmpty {
      markAt = Array(repeating: 0, count: newFlat.items.count)
      for (id, kind) in new._itemMarks {
        if let position = new._flatIndex(of: id) { markAt[position] = kind == .reload ? 2 : 1 }
      }
    }
    func update(_ oldPosition: Int, _ newPosition: Int, _ from: ItemPath, _ to: ItemPath) {
      var mark: UpdateKind?
      if !markAt.isEmpty, markAt[newPosition] != 0 {
        mark = markAt[newPosition] == 2 ? .reload : .reconfigure
      }
      let kind = _update(
        from: oldFlat.items[oldPosition], to: newFlat.items[newPosition], marked: mark,
        updateKind: updateKind)
      if let kind { result.itemUpdates.append(ItemUpdate(from: from, to: to, kind: kind)) }
    }

    var candidates: [Int32] = []  // old positions inside the section, in new order
    for section in 0..<newSectionCount {
      let oldSection = newSectionOld[section]
      guard oldSection >= 0 else { continue }  // an inserted section covers its items
      let oldStart = oldFlat.starts[oldSection]
      let newStart = newFlat.starts[section]
      let newEnd = newFlat.starts[section + 1]
      candidates.removeAll(keepingCapacity: true)
      for position in newStart..<newEnd {
        let match = Int(newToOld[position])
        if match >= 0 && Int(oldFlat.sections[match]) == oldSection {
          candidates.append(Int32(truncatingIfNeeded: match - oldStart))
        }
      }
      let kept = candidates.withUnsafeBufferPointer(longestIncreasingSubsequence)
      var candidate = 0
      for position in newStart..<newEnd {
        let to = ItemPath(section: section, item: position - newStart)
        let match = Int(newToOld[position])
        if match < 0 {
          result.itemInserts.append(to)
          continue
        }
        let matchSection = Int(oldFlat.sections[match])
        if matchSection == oldSection {
          let from = ItemPath(section: oldSection, item: Int(candidates[candidate]))
          defer { candidate += 1 }
          if kept[candidate] {
            update(match, position, from, to)
          } else if avoiding && from == to {
            result.itemInserts.append(to)
            oldToNew[match] = -1
          } else {
            result.itemMoves.append(ItemMove(from: from, to: to))
            update(match, position, from, to)
          }
        } else if oldSectionNew[matchSection] < 0 {
          result.itemInserts.append(to)  // its old section is deleted
        } else {
          let from = ItemPath(
            section: matchSection, item: match - oldFlat.starts[matchSection])
          if avoiding && from == to {
            result.itemInserts.append(to)
            oldToNew[match] = -1
          } else {
            result.itemMoves.append(ItemMove(from: from, to: to))
            update(match, position, from, to)
          }
        }
      }
    }

    // Deletes: old items that are gone, or went to an inserted section.
    for section in 0..<oldSectionCount where oldSectionNew[section] >= 0 {
      let start = oldFlat.starts[section]
      for position in start..<oldFlat.starts[section + 1] {
        let match = Int(oldToNew[position])
        if match < 0 || newSectionOld[Int(newFlat.sections[match])] < 0 {
          result.itemDeletes.append(ItemPath(section: section, item: position - start))
        }
      }
    }
    return result
  }

  /// How a matched item is refreshed: its mark, if any, unless its content
  /// changed, which asks `updateKind` (a reload mark wins); `nil` when it
  /// is neither marked nor changed. Both diffs, flat and shared, use it.
  @inlinable
  static func _update<Item: Diffable>(
    from oldItem: Item, to newItem: Item, marked mark: UpdateKind?,
    updateKind: (Item, Item) -> UpdateKind
  ) -> UpdateKind? {
    guard !oldItem.isContentEqual(to: newItem) else { return mark }
    return mark == .reload || updateKind(oldItem, newItem) == .reload ? .reload : .reconfigure
  }
}
