import Tabula
import TabulaTesting
import Testing

// The sample of TabulaTesting's article "UIKit's callbacks, as the simulated
// views play them" (CallbackRules.md): Apple's sample's didReorder, which
// keeps a store of each section's items, driven through a simulated
// collection view.

@MainActor
@Test("Apple's didReorder keeps its store equal to the list")
func callbackRulesSample() async throws {
  let view = SimulatedCollectionView(viewportHeight: 20)
  view.register(SimulatedCell.self, forReuseIdentifier: "row")
  let dataSource = DiffableDataSource<SimulatedListView, String, Int>(host: view) {
    host, path, id in
    let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
    cell.text = "\(id)"
    return cell
  }
  var backingStore: [String: [Int]] = ["A": [1, 2, 3], "B": [4, 5]]
  var snapshot = DiffableSnapshot<String, Int>()
  snapshot.appendSections(["A", "B"])
  snapshot.appendItems(backingStore["A"]!, toSection: "A")
  snapshot.appendItems(backingStore["B"]!, toSection: "B")
  await dataSource.apply(snapshot)
  dataSource.canMoveItem = { _ in true }
  dataSource.didReorder = { transaction in
    for sectionTransaction in transaction.sectionTransactions {
      let sectionIdentifier = sectionTransaction.sectionIdentifier
      if let previousSectionItems = backingStore[sectionIdentifier],
        let updatedSectionItems = previousSectionItems.applying(sectionTransaction.difference)
      {
        backingStore[sectionIdentifier] = updatedSectionItems
      }
    }
  }
  view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2))
  #expect(backingStore == ["A": [2, 3], "B": [4, 5, 1]])
  #expect(dataSource.snapshot().itemIdentifiers(inSection: "B") == [4, 5, 1])
}
