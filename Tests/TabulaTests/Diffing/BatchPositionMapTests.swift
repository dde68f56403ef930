import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@Suite("BatchPositionMap: where rows go, without tracking every row")
struct BatchPositionMapTests {
  @Test(
    "agrees with the full row mapping of UIKit's rules on random staged changes", arguments: 0..<10)
  func agreesWithBatchRules(seed: UInt64) {
    var random = SeededRandom(seed: seed + 500)
    for _ in 0..<150 {
      let (old, new) = randomPair(&random, maxItems: 60)
      var before = old
      for stage in StagedChangeset(from: old, to: new) {
        let counts = { (snapshot: TestSnapshot) in
          snapshot.sections.indices.map { snapshot.numberOfItems(inSectionAt: $0) }
        }
        guard
          let result = try? BatchRules.apply(
            BatchOperations(stage.changeset), before: counts(before),
            after: counts(stage.snapshot), kind: .table)
        else {
          Issue.record("a staged batch was rejected")
          return
        }
        let map = BatchPositionMap(stage.changeset)
        for section in 0..<before.numberOfSections {
          let expectedSection = result.sectionSources.firstIndex(of: section)
          #expect(map.newSection(of: section) == expectedSection, "section \(section)")
          for item in 0..<before.numberOfItems(inSectionAt: section) {
            let path = ItemPath(section: section, item: item)
            #expect(
              map.newPath(of: path) == result.rowTargets[section][item],
              "\(path) in \(stage.changeset)")
          }
        }
        before = stage.snapshot
      }
    }
  }
}
