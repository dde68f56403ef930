import Tabula
import TabulaTesting
import Testing

// The portable sample of TabulaUIKit's migration article
// (AdoptingByRenaming.md): the drop-in's data source on a simulated table,
// run here.

@MainActor
func testTeamScreenOnLinux() async {
  let table = SimulatedTableView()
  table.register(SimulatedCell.self, forReuseIdentifier: "member")
  let dataSource = DiffableDataSource<SimulatedTableView, TeamSection, Int>(host: table) {
    table, path, id in
    let cell = table.dequeueCell(withReuseIdentifier: "member", for: path)
    cell.text = "Member \(id)"
    return cell
  }
  var snapshot = DiffableSnapshot<TeamSection, Int>()
  snapshot.appendSections([.leads, .members])
  snapshot.appendItems([1], toSection: .leads)
  snapshot.appendItems([2, 3], toSection: .members)
  await dataSource.apply(snapshot)
  snapshot.moveItem(3, beforeItem: 1)
  await dataSource.apply(snapshot)
  assert(table.violations.isEmpty)
  assert(dataSource.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 3)
}

@MainActor
@Test("the migration article's Linux test of a drop-in screen")
func migrationArticleSample() async {
  await testTeamScreenOnLinux()
  let table = SimulatedTableView()
  let dataSource = DiffableDataSource<SimulatedTableView, TeamSection, Int>(host: table) {
    table, path, id in
    let cell = table.dequeueCell(withReuseIdentifier: "member", for: path)
    cell.text = "Member \(id)"
    return cell
  }
  table.register(SimulatedCell.self, forReuseIdentifier: "member")
  var snapshot = DiffableSnapshot<TeamSection, Int>()
  snapshot.appendSections([.leads, .members])
  snapshot.appendItems([1], toSection: .leads)
  snapshot.appendItems([2, 3], toSection: .members)
  await dataSource.apply(snapshot)
  snapshot.moveItem(3, beforeItem: 1)
  await dataSource.apply(snapshot)
  #expect(table.violations.isEmpty)
  #expect(dataSource.itemIdentifier(for: ItemPath(section: 0, item: 0)) == 3)
  #expect(dataSource.snapshot().itemIdentifiers(inSection: .members) == [2])
}
