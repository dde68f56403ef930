import Tabula

/// The obvious model of a sectioned list: nested arrays, linear searches. Every
/// snapshot lookup and edit is checked against it.
package struct NaiveModel: Equatable, CustomStringConvertible {
  package var sections: [(model: SectionInfo, items: [TestItem])]

  package static func == (lhs: NaiveModel, rhs: NaiveModel) -> Bool {
    lhs.sections.map(\.model) == rhs.sections.map(\.model)
      && lhs.sections.map(\.items) == rhs.sections.map(\.items)
  }

  package init(_ sections: [(model: SectionInfo, items: [TestItem])]) { self.sections = sections }

  package init(_ snapshot: TestSnapshot) {
    sections = snapshot.sectionsWithItems.map { ($0.model, $0.items) }
  }

  package var description: String {
    sections.map { "\($0.model.id): \($0.items)" }.joined(separator: "; ")
  }

  package var snapshotSections: [SnapshotSection<SectionInfo, TestItem>] {
    sections.map { SnapshotSection($0.model, items: $0.items) }
  }

  package var allItems: [TestItem] { sections.flatMap(\.items) }

  package func path(of id: Int) -> ItemPath? {
    for (sectionIndex, section) in sections.enumerated() {
      if let index = section.items.firstIndex(where: { $0.id == id }) {
        return ItemPath(section: sectionIndex, item: index)
      }
    }
    return nil
  }

  /// Every item's path, by id (for tests that look many up).
  package var pathsByID: [Int: ItemPath] {
    var paths: [Int: ItemPath] = [:]
    for (sectionIndex, section) in sections.enumerated() {
      for (index, item) in section.items.enumerated() {
        paths[item.id] = ItemPath(section: sectionIndex, item: index)
      }
    }
    return paths
  }

  package func sectionIndex(of id: String) -> Int? { sections.firstIndex { $0.model.id == id } }

  /// The duplicate-id error this model would cause as a snapshot, if any.
  package var duplicateError: SnapshotError? {
    // Most models have no duplicate: a set says so without collecting
    // every id's positions (random walks ask after every edit).
    var sectionIDs = Set<String>(minimumCapacity: sections.count)
    var itemIDs = Set<Int>(minimumCapacity: sections.reduce(0) { $0 + $1.items.count })
    let unique =
      sections.allSatisfy { sectionIDs.insert($0.model.id).inserted }
      && sections.allSatisfy { section in
        section.items.allSatisfy { itemIDs.insert($0.id).inserted }
      }
    if unique { return nil }
    var sectionPositions: [String: [Int]] = [:]
    var sectionOrder: [String] = []
    for (index, section) in sections.enumerated() {
      if sectionPositions[section.model.id] == nil { sectionOrder.append(section.model.id) }
      sectionPositions[section.model.id, default: []].append(index)
    }
    let sectionDuplicates = sectionOrder.compactMap { id in
      sectionPositions[id]!.count > 1
        ? SnapshotError.Duplicate(id: String(reflecting: id), positions: sectionPositions[id]!)
        : nil
    }
    if !sectionDuplicates.isEmpty { return .duplicateSectionIDs(sectionDuplicates) }
    var itemPositions: [Int: [ItemPath]] = [:]
    var itemOrder: [Int] = []
    for (sectionIndex, section) in sections.enumerated() {
      for (index, item) in section.items.enumerated() {
        if itemPositions[item.id] == nil { itemOrder.append(item.id) }
        itemPositions[item.id, default: []].append(ItemPath(section: sectionIndex, item: index))
      }
    }
    let itemDuplicates = itemOrder.compactMap { id in
      itemPositions[id]!.count > 1
        ? SnapshotError.Duplicate(id: String(reflecting: id), positions: itemPositions[id]!)
        : nil
    }
    return itemDuplicates.isEmpty ? nil : .duplicateItemIDs(itemDuplicates)
  }

  // MARK: Edits, each returning the edited model or the error the snapshot must throw

  package func appending(_ new: [TestItem], toSection id: String?) -> Result<
    NaiveModel, SnapshotError
  > {
    var copy = self
    let index: Int
    if let id {
      guard let found = sectionIndex(of: id) else {
        return .failure(.unknownSectionIDs([String(reflecting: id)]))
      }
      index = found
    } else {
      guard !sections.isEmpty else { return .failure(.noSections) }
      index = sections.count - 1
    }
    copy.sections[index].items += new
    return copy.checked()
  }

  package func inserting(_ new: [TestItem], relativeTo id: Int, after: Bool) -> Result<
    NaiveModel, SnapshotError
  > {
    guard let path = path(of: id) else { return .failure(.unknownItemIDs([String(id)])) }
    var copy = self
    copy.sections[path.section].items.insert(contentsOf: new, at: path.item + (after ? 1 : 0))
    return copy.checked()
  }

  package func replacing(inSectionAt index: Int, subrange: Range<Int>, with new: [TestItem])
    -> Result<
      NaiveModel, SnapshotError
    >
  {
    guard index >= 0 && index < sections.count else {
      return .failure(.sectionIndexOutOfRange(index, sectionCount: sections.count))
    }
    let count = sections[index].items.count
    guard subrange.lowerBound >= 0, subrange.upperBound <= count else {
      let bad = subrange.lowerBound < 0 ? subrange.lowerBound : subrange.upperBound
      return .failure(
        .insertionPathOutOfRange(
          ItemPath(section: index, item: bad), sectionCount: sections.count, itemCount: count))
    }
    var copy = self
    copy.sections[index].items.replaceSubrange(subrange, with: new)
    return copy.checked()
  }

  package func deleting(_ ids: [Int]) -> Result<NaiveModel, SnapshotError> {
    let present = Set(sections.lazy.flatMap(\.items).map(\.id))
    let unknown = ids.filter { !present.contains($0) }
    guard unknown.isEmpty else { return .failure(.unknownItemIDs(unknown.map(String.init))) }
    let deleted = Set(ids)
    var copy = self
    for index in copy.sections.indices {
      copy.sections[index].items.removeAll { deleted.contains($0.id) }
    }
    return .success(copy)
  }

  package func moving(_ id: Int, relativeTo other: Int, after: Bool) -> Result<
    NaiveModel, SnapshotError
  > {
    let unknown = [id, other].filter { path(of: $0) == nil }
    guard unknown.isEmpty else { return .failure(.unknownItemIDs(unknown.map(String.init))) }
    guard id != other else { return .failure(.itemMovedRelativeToItself(String(id))) }
    var copy = self
    let source = path(of: id)!
    let item = copy.sections[source.section].items.remove(at: source.item)
    let anchor = copy.path(of: other)!
    copy.sections[anchor.section].items.insert(item, at: anchor.item + (after ? 1 : 0))
    return .success(copy)
  }

  package func sortingItems(inSection id: String, by order: (TestItem, TestItem) -> Bool) -> Result<
    NaiveModel, SnapshotError
  > {
    guard let index = sectionIndex(of: id) else {
      return .failure(.unknownSectionIDs([String(reflecting: id)]))
    }
    var copy = self
    copy.sections[index].items = stableSorted(copy.sections[index].items, by: order)
    return .success(copy)
  }

  package func updating(_ new: [TestItem]) -> Result<NaiveModel, SnapshotError> {
    let unknown = new.filter { path(of: $0.id) == nil }
    guard unknown.isEmpty else { return .failure(.unknownItemIDs(unknown.map { String($0.id) })) }
    var copy = self
    for item in new {
      let path = copy.path(of: item.id)!
      copy.sections[path.section].items[path.item] = item
    }
    return .success(copy)
  }

  package func insertingSections(_ new: [SectionInfo], at anchor: String?, after: Bool) -> Result<
    NaiveModel, SnapshotError
  > {
    var copy = self
    let index: Int
    if let anchor {
      guard let found = sectionIndex(of: anchor) else {
        return .failure(.unknownSectionIDs([String(reflecting: anchor)]))
      }
      index = found + (after ? 1 : 0)
    } else {
      index = sections.count
    }
    copy.sections.insert(contentsOf: new.map { ($0, []) }, at: index)
    return copy.checked()
  }

  package func deletingSections(_ ids: [String]) -> Result<NaiveModel, SnapshotError> {
    let unknown = ids.filter { sectionIndex(of: $0) == nil }
    guard unknown.isEmpty else {
      return .failure(.unknownSectionIDs(unknown.map { String(reflecting: $0) }))
    }
    var copy = self
    copy.sections.removeAll { ids.contains($0.model.id) }
    return .success(copy)
  }

  package func movingSection(_ id: String, relativeTo other: String, after: Bool) -> Result<
    NaiveModel, SnapshotError
  > {
    let unknown = [id, other].filter { sectionIndex(of: $0) == nil }
    guard unknown.isEmpty else {
      return .failure(.unknownSectionIDs(unknown.map { String(reflecting: $0) }))
    }
    guard id != other else {
      return .failure(.sectionMovedRelativeToItself(String(reflecting: id)))
    }
    var copy = self
    let moved = copy.sections.remove(at: sectionIndex(of: id)!)
    copy.sections.insert(moved, at: copy.sectionIndex(of: other)! + (after ? 1 : 0))
    return .success(copy)
  }

  package func sortingSections(by order: (SectionInfo, SectionInfo) -> Bool) -> NaiveModel {
    var copy = self
    let sorted = stableSorted(copy.sections.indices.map { $0 }) {
      order(copy.sections[$0].model, copy.sections[$1].model)
    }
    copy.sections = sorted.map { sections[$0] }
    return copy
  }

  private func checked() -> Result<NaiveModel, SnapshotError> {
    if let error = duplicateError { return .failure(error) }
    return .success(self)
  }
}

/// A stable sort that does not rely on the standard library's.
package func stableSorted<Element>(_ elements: [Element], by order: (Element, Element) -> Bool)
  -> [Element]
{
  var result: [Element] = []
  for element in elements {
    var index = result.count
    while index > 0 && order(element, result[index - 1]) { index -= 1 }
    result.insert(element, at: index)
  }
  return result
}
