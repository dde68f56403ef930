import Tabula
import TabulaTestSupport
import Testing

/// `DiffableSnapshot` against `NSDiffableDataSourceSnapshot`'s documented
/// behaviour, and against a naive model of it.
@Suite("DiffableSnapshot: Apple's snapshot API on Tabula's snapshot")
struct DiffableSnapshotTests {
  enum Section: Hashable, Sendable { case favourites, all, archive }

  func sample() -> DiffableSnapshot<Section, Int> {
    var snapshot = DiffableSnapshot<Section, Int>()
    snapshot.appendSections([.favourites, .all])
    snapshot.appendItems([1, 2], toSection: .favourites)
    snapshot.appendItems([3, 4, 5])  // the last section
    return snapshot
  }

  @Test("counts, identifiers and lookups")
  func queries() {
    let snapshot = sample()
    #expect(snapshot.numberOfSections == 2)
    #expect(snapshot.numberOfItems == 5)
    #expect(snapshot.sectionIdentifiers == [.favourites, .all])
    #expect(snapshot.itemIdentifiers == [1, 2, 3, 4, 5])
    #expect(snapshot.itemIdentifiers(inSection: .all) == [3, 4, 5])
    #expect(snapshot.numberOfItems(inSection: .favourites) == 2)
    #expect(snapshot.sectionIdentifier(containingItem: 4) == .all)
    #expect(snapshot.sectionIdentifier(containingItem: 9) == nil)
    #expect(snapshot.indexOfItem(4) == 3, "the index among every item, as Apple's")
    #expect(snapshot.indexOfItem(9) == nil)
    #expect(snapshot.indexOfSection(.all) == 1)
    #expect(snapshot.indexOfSection(.archive) == nil)
    #expect(snapshot.numberOfItems(inSection: .archive) == 0, "unknown: none (Apple's stops)")
    #expect(snapshot.itemIdentifiers(inSection: .archive) == [])
    #expect(snapshot.problems.isEmpty)
    #expect(snapshot.snapshot.numberOfItems == 5, "the Tabula snapshot it is")
  }

  @Test("inserting and moving relative to items and sections, as Apple's")
  func placements() {
    var snapshot = sample()
    snapshot.insertSections([.archive], beforeSection: .all)
    #expect(snapshot.sectionIdentifiers == [.favourites, .archive, .all])
    snapshot.moveSection(.archive, afterSection: .all)
    #expect(snapshot.sectionIdentifiers == [.favourites, .all, .archive])
    snapshot.moveSection(.archive, beforeSection: .favourites)
    #expect(snapshot.sectionIdentifiers == [.archive, .favourites, .all])
    snapshot.insertItems([10, 11], beforeItem: 3)
    snapshot.insertItems([12], afterItem: 1)
    #expect(snapshot.itemIdentifiers(inSection: .favourites) == [1, 12, 2])
    #expect(snapshot.itemIdentifiers(inSection: .all) == [10, 11, 3, 4, 5])
    snapshot.moveItem(5, beforeItem: 1)
    snapshot.moveItem(10, afterItem: 5)
    #expect(snapshot.itemIdentifiers(inSection: .favourites) == [5, 10, 1, 12, 2])
    snapshot.appendItems([20], toSection: .archive)
    snapshot.deleteItems([12, 3])
    snapshot.deleteSections([.favourites])
    #expect(snapshot.sectionIdentifiers == [.archive, .all])
    #expect(snapshot.itemIdentifiers == [20, 11, 4])
    #expect(snapshot.problems.isEmpty)
  }

  @Test("deleteAllItems deletes the sections too, as Apple's")
  func deleteAll() {
    var snapshot = sample()
    snapshot.reloadItems([1])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
    #expect(snapshot.reloadedItemIdentifiers == [])
    #expect(snapshot == DiffableSnapshot())
  }

  @Test(
    "reloadItems and reconfigureItems are different marks; a reload wins; deleted items lose theirs"
  )
  func marks() {
    var snapshot = sample()
    snapshot.reconfigureItems([4, 2])
    snapshot.reloadItems([5, 1])
    #expect(snapshot.reloadedItemIdentifiers == [1, 5], "in snapshot order")
    #expect(snapshot.reconfiguredItemIdentifiers == [2, 4])
    snapshot.reloadItems([2])
    #expect(snapshot.reloadedItemIdentifiers == [1, 2, 5])
    #expect(snapshot.reconfiguredItemIdentifiers == [4], "a reload takes precedence")
    snapshot.reconfigureItems([1])
    #expect(snapshot.reloadedItemIdentifiers == [1, 2, 5], "a reload mark stays a reload")
    snapshot.deleteItems([5])
    #expect(snapshot.reloadedItemIdentifiers == [1, 2])
    snapshot.reloadSections([.all])
    #expect(snapshot.reloadedSectionIdentifiers == [.all])
    #expect(snapshot.problems.isEmpty)
  }

  @Test("the first items of a snapshot keep its sections' reload marks, and go where asked")
  func firstItems() {
    var snapshot = DiffableSnapshot<Section, Int>()
    snapshot.appendSections([.favourites, .all, .archive])
    snapshot.reloadSections([.all])
    snapshot.appendItems([1, 2], toSection: .all)
    #expect(snapshot.reloadedSectionIdentifiers == [.all])
    #expect(snapshot.itemIdentifiers(inSection: .all) == [1, 2])
    #expect(snapshot.itemIdentifiers(inSection: .archive) == [])
    var other = DiffableSnapshot<Section, Int>()
    other.appendSections([.favourites, .all])
    other.appendItems([3, 3, 4])
    #expect(other.itemIdentifiers(inSection: .all) == [3, 4])
    #expect(other.problems.count == 1)
  }

  @Test("duplicates in an append or insert are skipped and named with their positions")
  func duplicates() {
    var snapshot = sample()
    snapshot.appendItems([6, 2, 7, 6], toSection: .all)
    #expect(snapshot.itemIdentifiers(inSection: .all) == [3, 4, 5, 6, 7])
    snapshot.appendSections([.archive, .all, .archive])
    #expect(snapshot.sectionIdentifiers == [.favourites, .all, .archive])
    snapshot.insertItems([1], beforeItem: 3)
    #expect(
      snapshot.problems == [
        "DiffableSnapshot.appendItems(_:toSection:): item identifiers must be unique: 2 (at 1) "
          + "is at [0, 1] already; 6 (at 3) repeats the one at 0; 2 others added",
        "DiffableSnapshot.appendSections(_:): section identifiers must be unique: "
          + "TabulaTests.DiffableSnapshotTests.Section.all (at 1) is section 1 already; "
          + "TabulaTests.DiffableSnapshotTests.Section.archive (at 2) repeats the one at 0; 1 other added",
        "DiffableSnapshot.insertItems(_:beforeItem:): item identifiers must be unique: 1 (at 0) "
          + "is at [0, 0] already; no others added",
      ])
  }

  @Test("unknown items and sections are ignored and named; edits placed by them do nothing")
  func unknowns() {
    var snapshot = sample()
    snapshot.deleteItems([9, 1, 8])
    #expect(snapshot.itemIdentifiers == [2, 3, 4, 5], "the known one is deleted")
    snapshot.insertItems([30], afterItem: 99)
    snapshot.moveItem(2, beforeItem: 2)
    snapshot.moveItem(77, afterItem: 2)
    snapshot.appendItems([31], toSection: .archive)
    snapshot.reconfigureItems([4, 66])
    snapshot.deleteSections([.archive])
    snapshot.moveSection(.all, afterSection: .all)
    #expect(snapshot.itemIdentifiers == [2, 3, 4, 5])
    #expect(snapshot.reconfiguredItemIdentifiers == [4])
    #expect(
      snapshot.problems == [
        "DiffableSnapshot.deleteItems(_:): unknown item 9 (at 0), 8 (at 2): not in the snapshot, "
          + "ignored",
        "DiffableSnapshot.insertItems(_:afterItem:): unknown item 99 (at 0): not in the "
          + "snapshot, ignored",
        "DiffableSnapshot.moveItem(_:beforeItem:): cannot move item 2 before itself",
        "DiffableSnapshot.moveItem(_:afterItem:): unknown item 77 (at 0): not in the snapshot, "
          + "ignored",
        "DiffableSnapshot.appendItems(_:toSection:): unknown section "
          + "TabulaTests.DiffableSnapshotTests.Section.archive (at 0): not in the snapshot, ignored",
        "DiffableSnapshot.reconfigureItems(_:): unknown item 66 (at 1): not in the snapshot, "
          + "ignored",
        "DiffableSnapshot.deleteSections(_:): unknown section "
          + "TabulaTests.DiffableSnapshotTests.Section.archive (at 0): not in the snapshot, ignored",
        "DiffableSnapshot.moveSection(_:afterSection:): cannot move section "
          + "TabulaTests.DiffableSnapshotTests.Section.all after itself",
      ])
    var empty = DiffableSnapshot<Section, Int>()
    empty.appendItems([1, 2])
    #expect(
      empty.problems == [
        "DiffableSnapshot.appendItems(_:toSection:): no section to append 2 items to: append a "
          + "section first"
      ])
  }

  @Test("a Tabula snapshot becomes a diffable one without a copy, and back")
  func sharing() throws {
    let snapshot = sample()
    let tabula = snapshot.snapshot
    #expect(DiffableSnapshot(tabula).snapshot.isIdentical(to: tabula))
    #expect(DiffableSnapshot(tabula) == snapshot)
  }

  @Test("random edits, valid and not, against a naive model of Apple's semantics", arguments: 1...4)
  func randomized(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var snapshot = DiffableSnapshot<Int, Int>()
    var model = NaiveDiffableModel()
    for step in 0..<2_000 {
      let before = snapshot.problems.count
      let ids = (0..<random.int(in: 0...4)).map { _ in random.int(in: 0..<40) }
      let id = random.int(in: 0..<40)
      let other = random.int(in: 0..<40)
      let section = random.int(in: 0..<6)
      let otherSection = random.int(in: 0..<6)
      let sectionIDs = (0..<random.int(in: 0...2)).map { _ in random.int(in: 0..<6) }
      let expectProblem: Bool
      switch random.int(in: 0..<14) {
      case 0:
        snapshot.appendSections(sectionIDs)
        expectProblem = model.appendSections(sectionIDs)
      case 1:
        snapshot.insertSections(sectionIDs, beforeSection: section)
        expectProblem = model.insertSections(sectionIDs, at: section, after: false)
      case 2:
        snapshot.insertSections(sectionIDs, afterSection: section)
        expectProblem = model.insertSections(sectionIDs, at: section, after: true)
      case 3:
        snapshot.deleteSections(sectionIDs)
        expectProblem = model.deleteSections(sectionIDs)
      case 4:
        snapshot.moveSection(section, beforeSection: otherSection)
        expectProblem = model.moveSection(section, to: otherSection, after: false)
      case 5:
        snapshot.moveSection(section, afterSection: otherSection)
        expectProblem = model.moveSection(section, to: otherSection, after: true)
      case 6, 7:
        let target: Int? = random.chance(0.5) ? nil : section
        snapshot.appendItems(ids, toSection: target)
        expectProblem = model.appendItems(ids, to: target)
      case 8:
        snapshot.insertItems(ids, beforeItem: id)
        expectProblem = model.insertItems(ids, at: id, after: false)
      case 9:
        snapshot.insertItems(ids, afterItem: id)
        expectProblem = model.insertItems(ids, at: id, after: true)
      case 10:
        snapshot.deleteItems(ids)
        expectProblem = model.deleteItems(ids)
      case 11:
        snapshot.moveItem(id, beforeItem: other)
        expectProblem = model.moveItem(id, to: other, after: false)
      case 12:
        snapshot.moveItem(id, afterItem: other)
        expectProblem = model.moveItem(id, to: other, after: true)
      default:
        if random.chance(0.1) {
          snapshot.deleteAllItems()
          model.sections = []
        }
        expectProblem = false
      }
      #expect(
        snapshot.sectionIdentifiers == model.sections.map(\.id), "seed \(seed), step \(step)")
      #expect(
        snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
          == model.sections.map(\.items), "seed \(seed), step \(step)")
      #expect(
        (snapshot.problems.count > before) == expectProblem,
        "seed \(seed), step \(step): \(snapshot.problems.last ?? "no problem")")
      if let item = model.sections.flatMap(\.items).randomElement(using: &random) {
        let flat = model.sections.flatMap(\.items)
        #expect(snapshot.indexOfItem(item) == flat.firstIndex(of: item))
        #expect(
          snapshot.sectionIdentifier(containingItem: item)
            == model.sections.first { $0.items.contains(item) }?.id)
      }
    }
  }
}

/// `NSDiffableDataSourceSnapshot` as its documentation describes it, on
/// arrays, with Tabula's rule for what Apple's stops at: apply the rest.
/// Each edit returns whether it met a problem.
struct NaiveDiffableModel {
  var sections: [(id: Int, items: [Int])] = []

  var allItems: [Int] { sections.flatMap(\.items) }

  /// The ids new to the model, each once; whether any was not.
  func fresh(_ ids: [Int], existing: [Int]) -> ([Int], Bool) {
    var kept: [Int] = []
    for id in ids where !existing.contains(id) && !kept.contains(id) { kept.append(id) }
    return (kept, kept.count != ids.count)
  }

  func sectionIndex(_ id: Int) -> Int? { sections.firstIndex { $0.id == id } }

  func itemPath(_ id: Int) -> (section: Int, item: Int)? {
    for (index, section) in sections.enumerated() {
      if let item = section.items.firstIndex(of: id) { return (index, item) }
    }
    return nil
  }

  mutating func appendSections(_ ids: [Int]) -> Bool {
    let (kept, problem) = fresh(ids, existing: sections.map(\.id))
    sections += kept.map { ($0, []) }
    return problem
  }

  mutating func insertSections(_ ids: [Int], at anchor: Int, after: Bool) -> Bool {
    guard let index = sectionIndex(anchor) else { return true }
    let (kept, problem) = fresh(ids, existing: sections.map(\.id))
    sections.insert(contentsOf: kept.map { ($0, []) }, at: after ? index + 1 : index)
    return problem
  }

  mutating func deleteSections(_ ids: [Int]) -> Bool {
    let problem = ids.contains { sectionIndex($0) == nil }
    sections.removeAll { ids.contains($0.id) }
    return problem
  }

  mutating func moveSection(_ id: Int, to anchor: Int, after: Bool) -> Bool {
    guard let from = sectionIndex(id), sectionIndex(anchor) != nil, id != anchor else {
      return true
    }
    let moved = sections.remove(at: from)
    let index = sectionIndex(anchor)!
    sections.insert(moved, at: after ? index + 1 : index)
    return false
  }

  mutating func appendItems(_ ids: [Int], to section: Int?) -> Bool {
    let index: Int
    if let section {
      guard let found = sectionIndex(section) else { return true }
      index = found
    } else {
      guard !sections.isEmpty else { return true }
      index = sections.count - 1
    }
    let (kept, problem) = fresh(ids, existing: allItems)
    sections[index].items += kept
    return problem
  }

  mutating func insertItems(_ ids: [Int], at anchor: Int, after: Bool) -> Bool {
    guard let path = itemPath(anchor) else { return true }
    let (kept, problem) = fresh(ids, existing: allItems)
    sections[path.section].items.insert(
      contentsOf: kept, at: after ? path.item + 1 : path.item)
    return problem
  }

  mutating func deleteItems(_ ids: [Int]) -> Bool {
    let problem = ids.contains { itemPath($0) == nil }
    for index in sections.indices { sections[index].items.removeAll { ids.contains($0) } }
    return problem
  }

  mutating func moveItem(_ id: Int, to anchor: Int, after: Bool) -> Bool {
    guard let from = itemPath(id), itemPath(anchor) != nil, id != anchor else { return true }
    sections[from.section].items.remove(at: from.item)
    let path = itemPath(anchor)!
    sections[path.section].items.insert(id, at: after ? path.item + 1 : path.item)
    return false
  }
}
