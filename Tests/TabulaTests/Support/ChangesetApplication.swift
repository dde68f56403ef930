import Tabula

/// Applies `changeset` to `old` with the plain meaning of its operations (no
/// UIKit rules): sections and rows that are neither deleted nor moved keep
/// their order and fill the positions inserts and moves leave free. Rows and
/// headers keep their old values unless updated. Returns `nil` when the
/// operations do not fit together.
func applyChangeset<SectionModel: Diffable & Equatable, Item: Diffable & Equatable>(
  _ changeset: Changeset, to old: Snapshot<SectionModel, Item>,
  serving new: Snapshot<SectionModel, Item>
) -> DisplayedList<SectionModel, Item>? {
  let oldList = DisplayedList(old)
  let sectionCount = new.numberOfSections
  var sectionSource = [Int?](repeating: nil, count: sectionCount)
  var sectionTaken = [Bool](repeating: false, count: sectionCount)
  for index in changeset.sectionInserts { sectionTaken[index] = true }
  for move in changeset.sectionMoves {
    sectionSource[move.to] = move.from
    sectionTaken[move.to] = true
  }
  let movedSections = Set(changeset.sectionMoves.map(\.from))
  var staying = (0..<old.numberOfSections).filter {
    !changeset.sectionDeletes.contains($0) && !movedSections.contains($0)
  }.makeIterator()
  for index in 0..<sectionCount where !sectionTaken[index] {
    guard let source = staying.next() else { return nil }
    sectionSource[index] = source
  }
  guard staying.next() == nil else { return nil }

  let deleted = Set(changeset.itemDeletes)
  let movedFrom = Set(changeset.itemMoves.map(\.from))
  var result = oldList
  result.sections = []
  result.rows = []
  for (section, source) in sectionSource.enumerated() {
    guard let source else {
      result.sections.append(new.sections[section])
      result.rows.append(Array(new.items(inSectionAt: section)))
      continue
    }
    result.sections.append(oldList.sections[source])
    let count = new.numberOfItems(inSectionAt: section)
    var rows = [Item?](repeating: nil, count: count)
    for insert in changeset.itemInserts where insert.section == section {
      guard insert.item < count else { return nil }
      rows[insert.item] = new[insert]
    }
    for move in changeset.itemMoves where move.to.section == section {
      guard move.to.item < count, rows[move.to.item] == nil else { return nil }
      rows[move.to.item] = oldList.rows[move.from.section][move.from.item]
    }
    var slot = 0
    for (index, item) in oldList.rows[source].enumerated() {
      let path = ItemPath(section: source, item: index)
      if deleted.contains(path) || movedFrom.contains(path) { continue }
      while slot < count && rows[slot] != nil { slot += 1 }
      guard slot < count else { return nil }
      rows[slot] = item
    }
    guard !rows.contains(where: { $0 == nil }) else { return nil }
    result.rows.append(rows.map { $0! })
  }
  for update in changeset.sectionUpdates { result.sections[update.to] = new.sections[update.to] }
  for update in changeset.itemUpdates {
    guard result.rows[update.to.section][update.to.item].id == old[update.from].id else {
      return nil
    }
    result.rows[update.to.section][update.to.item] = new[update.to]
  }
  return result
}

/// Applies an array changeset to `old`, taking inserted and updated values
/// from `new`; `nil` when the operations do not fit together.
func applyArrayChangeset<Element: Diffable & Equatable>(
  _ changeset: ArrayChangeset, to old: [Element], serving new: [Element]
) -> [Element]? {
  var result = [Element?](repeating: nil, count: new.count)
  for insert in changeset.inserts {
    guard insert < new.count else { return nil }
    result[insert] = new[insert]
  }
  for move in changeset.moves {
    guard move.to < new.count, result[move.to] == nil else { return nil }
    result[move.to] = old[move.from]
  }
  let gone = Set(changeset.deletes).union(changeset.moves.map(\.from))
  var slot = 0
  for (index, element) in old.enumerated() where !gone.contains(index) {
    while slot < new.count && result[slot] != nil { slot += 1 }
    guard slot < new.count else { return nil }
    result[slot] = element
  }
  guard !result.contains(where: { $0 == nil }) else { return nil }
  var elements = result.map { $0! }
  for update in changeset.updates {
    guard elements[update.to].id == old[update.from].id else { return nil }
    elements[update.to] = new[update.to]
  }
  return elements
}
