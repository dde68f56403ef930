import TabulaTestSupport
import Testing

@testable import Tabula

/// Checks every lookup of `snapshot` against the naive model, and the
/// snapshot's internal invariants.
func expectMatches(
  _ snapshot: TestSnapshot, _ model: NaiveModel, sourceLocation: SourceLocation = #_sourceLocation
) {
  snapshot._verifyInvariants()
  #expect(NaiveModel(snapshot) == model, sourceLocation: sourceLocation)
  #expect(snapshot.numberOfSections == model.sections.count, sourceLocation: sourceLocation)
  #expect(snapshot.sections == model.sections.map(\.model), sourceLocation: sourceLocation)
  #expect(snapshot.items == model.allItems, sourceLocation: sourceLocation)
  #expect(snapshot.numberOfItems == model.allItems.count, sourceLocation: sourceLocation)
  var flat = 0
  for (sectionIndex, section) in model.sections.enumerated() {
    #expect(
      snapshot.numberOfItems(inSectionAt: sectionIndex) == section.items.count,
      sourceLocation: sourceLocation)
    #expect(
      Array(snapshot.items(inSectionAt: sectionIndex)) == section.items,
      sourceLocation: sourceLocation)
    #expect(
      snapshot.sectionIndex(of: section.model.id) == model.sectionIndex(of: section.model.id),
      sourceLocation: sourceLocation)
    #expect(
      snapshot.section(withID: section.model.id) == section.model, sourceLocation: sourceLocation)
    for (index, item) in section.items.enumerated() {
      let path = ItemPath(section: sectionIndex, item: index)
      #expect(snapshot[path] == item, sourceLocation: sourceLocation)
      #expect(snapshot.item(at: path) == item, sourceLocation: sourceLocation)
      #expect(snapshot.path(of: item.id) == model.path(of: item.id), sourceLocation: sourceLocation)
      #expect(snapshot.item(withID: item.id) == item, sourceLocation: sourceLocation)
      #expect(
        snapshot.sectionIndex(ofItem: item.id) == sectionIndex, sourceLocation: sourceLocation)
      #expect(snapshot.section(ofItem: item.id) == section.model, sourceLocation: sourceLocation)
      #expect(snapshot.contains(itemWithID: item.id), sourceLocation: sourceLocation)
      #expect(snapshot.flatIndex(of: path) == flat, sourceLocation: sourceLocation)
      #expect(snapshot.path(atFlatIndex: flat) == path, sourceLocation: sourceLocation)
      flat += 1
    }
    #expect(
      snapshot.item(at: ItemPath(section: sectionIndex, item: section.items.count)) == nil,
      sourceLocation: sourceLocation)
    #expect(
      snapshot.item(at: ItemPath(section: sectionIndex, item: -1)) == nil,
      sourceLocation: sourceLocation)
  }
  #expect(
    snapshot.item(at: ItemPath(section: model.sections.count, item: 0)) == nil,
    sourceLocation: sourceLocation)
  #expect(snapshot.item(at: ItemPath(section: -1, item: 0)) == nil, sourceLocation: sourceLocation)
  #expect(snapshot.path(of: -12_345) == nil, sourceLocation: sourceLocation)
  #expect(snapshot.sectionIndex(ofItem: -12_345) == nil, sourceLocation: sourceLocation)
  #expect(!snapshot.contains(itemWithID: -12_345), sourceLocation: sourceLocation)
  #expect(snapshot.sectionIndex(of: "no such section") == nil, sourceLocation: sourceLocation)
  #expect(!snapshot.contains(sectionWithID: "no such section"), sourceLocation: sourceLocation)
}

/// Applies `edit` to a copy of `snapshot` and checks it against `expected`: the
/// same model on success, the same error (and an unchanged snapshot) on failure.
func expectEdit(
  _ snapshot: TestSnapshot,
  _ expected: Result<NaiveModel, SnapshotError>,
  _ edit: (inout TestSnapshot) throws(SnapshotError) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var copy = snapshot
  do {
    try edit(&copy)
    switch expected {
    case .success(let model):
      expectMatches(copy, model, sourceLocation: sourceLocation)
    case .failure(let error):
      Issue.record("expected \(error), the edit succeeded", sourceLocation: sourceLocation)
    }
  } catch {
    switch expected {
    case .success:
      Issue.record("unexpected error: \(error)", sourceLocation: sourceLocation)
    case .failure(let expectedError):
      #expect(error == expectedError, sourceLocation: sourceLocation)
      #expect(copy == snapshot, "a failed edit changes nothing", sourceLocation: sourceLocation)
      copy._verifyInvariants()
    }
  }
}

/// Every small sectioned model: up to `maxItems` items with distinct ids spread
/// over up to `maxSections` sections in every possible way (empty sections
/// included).
func everySmallModel(maxItems: Int, maxSections: Int) -> [NaiveModel] {
  var models: [NaiveModel] = []
  for sectionCount in 0...maxSections {
    for itemCount in 0...(sectionCount == 0 ? 0 : maxItems) {
      forEveryTuple(count: itemCount, base: sectionCount) { assignment in
        var sections = (0..<sectionCount).map {
          (model: section("S\($0)", title: "Title \($0)"), items: [TestItem]())
        }
        for (index, target) in assignment.enumerated() {
          // Ids that are not positions, so a lookup mixing the two fails.
          sections[target].items.append(TestItem(id: (index * 7 + 3) % 11, content: index))
        }
        models.append(NaiveModel(sections))
      }
    }
  }
  return models
}
