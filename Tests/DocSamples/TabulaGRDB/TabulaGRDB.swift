import GRDB
import Tabula
import TabulaGRDB
import TabulaTesting
import Testing

// The sample of TabulaGRDB's overview (TabulaGRDB.md), run against an
// in-memory database and a simulated table view.

extension Contact: FetchableRecord {
  init(row: Row) {
    self.init(id: row["id"], name: row["name"])
  }
}

@MainActor
@Test func liveContactList() async throws {
  let database = try DatabaseQueue()
  try await database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE contact (
          id INTEGER PRIMARY KEY, name TEXT NOT NULL,
          initial TEXT GENERATED ALWAYS AS (upper(substr(name, 1, 1))));
        INSERT INTO contact (id, name) VALUES
          (1, 'Grace Hopper'), (2, 'Ada Lovelace'), (3, 'Alan Turing');
        """)
  }
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "contact")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.registerPlaceholders(in: tableView)
  presenters.register(ContactCellPresenter())
  let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(
    host: tableView, presenters: presenters)

  let contacts = FetchedList<Contact, AnyItem>(
    database,
    request: FetchedRequest(
      table: "contact", orderedBy: [.ascending("name", caseInsensitive: true)]),
    sectionedBy: .column("initial"),
    placeholderSection: SectionInfo(id: "contacts"))
  contacts.willApply = { snapshot in snapshot }  // mix in rows, show "no results"...
  controller.connect(to: contacts)

  // The search field's action: the filtered list animates in.
  func search(for text: String) throws(FetchedRequestError) {
    try contacts.setFilter(text.isEmpty ? nil : "name LIKE \("%\(text)%")")
  }

  await contacts.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Ada Lovelace", "Alan Turing", "Grace Hopper"])

  try search(for: "Gr")
  await contacts.waitUntilIdle()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Grace Hopper"])
  #expect(tableView.violations.isEmpty)
}

/// Shows a contact's name in a simulated cell.
struct ContactCellPresenter: Presenter {
  func reuseIdentifier(for contact: Contact, style: PresentationStyle) -> String { "contact" }

  func configure(_ cell: SimulatedCell, with contact: Contact, context: PresentationContext) {
    cell.text = contact.name
  }
}
