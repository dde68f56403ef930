import Tabula
import TabulaTesting
import Testing

// The samples of TabulaTesting's guide "Testing a screen's data flow on
// Linux" (TestingAScreen.md). `Contact` is README.md's. The guide's section
// on the core articles' samples shows the tests of Tabula/Presenters.swift,
// UserEdits.swift, Sizing.swift and Outlines.swift.

@MainActor
final class ContactsScreen<Cell> {
  let controller: ListController<SectionInfo, Contact, Cell>
  private var all: [Contact] = []

  init(
    host: some ListHost<Cell>,
    cell: @escaping ListController<SectionInfo, Contact, Cell>.CellProvider
  ) {
    controller = ListController(host: host, cellProvider: cell)
  }

  func show(_ contacts: [Contact], filter: String = "") async throws(SnapshotError) {
    all = contacts
    try await apply(filter: filter)
  }

  func apply(filter: String) async throws(SnapshotError) {
    let shown = filter.isEmpty ? all : all.filter { $0.name.contains(filter) }
    let snapshot = try Snapshot(grouping: shown, by: \.initial, sectionOrder: .ascending)
    await controller.apply(snapshot)
  }
}

@MainActor
@Test func filteringAnimatesWithoutInvalidUpdates() async throws {
  let contacts = [
    Contact(id: 1, name: "Grace Hopper"), Contact(id: 2, name: "Ada Lovelace"),
    Contact(id: 3, name: "Alan Turing"), Contact(id: 4, name: "Barbara Liskov"),
  ]
  let tableView = SimulatedTableView(viewportHeight: 10)
  tableView.register(SimulatedCell.self, forReuseIdentifier: "contact")
  let screen = ContactsScreen(host: tableView) { host, path, contact in
    let cell = host.dequeueCell(withReuseIdentifier: "contact", for: path)
    cell.text = contact.name
    cell.representedID = contact.id
    return cell
  }

  try await screen.show(contacts)
  #expect(tableView.numberOfSections == 3)
  #expect(tableView.headerTitle(forSectionAt: 0) == "A")

  let batches = tableView.batchCount
  try await screen.apply(filter: "Gr")
  #expect(tableView.visibleCells.map(\.text) == ["Grace Hopper"])
  #expect(tableView.batchCount == batches + 1, "animated, not reloaded")
  #expect(tableView.violations.isEmpty, "UIKit would have accepted every batch")
}
