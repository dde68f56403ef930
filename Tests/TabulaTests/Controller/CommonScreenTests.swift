import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// The parts the common screens are made of (Common screens article):
/// items applied straight from an array, deletes the app commits, error
/// rows that retry, on the simulated views.
@MainActor
@Suite("The common screen's parts")
struct CommonScreenTests {
  struct Contact: Diffable, Equatable {
    let id: Int
    var name: String
    var initial: String { String(name.prefix(1)) }
  }

  func contactsTable() -> (SimulatedTableView, ListController<SectionInfo, Contact, SimulatedCell>)
  {
    let table = SimulatedTableView()
    table.animationTiming = .immediate
    table.register(SimulatedCell.self, forReuseIdentifier: "contact")
    let list = ListController<SectionInfo, Contact, SimulatedCell>(host: table) { host, path, c in
      let cell = host.dequeueCell(withReuseIdentifier: "contact", for: path)
      cell.text = c.name
      return cell
    }
    return (table, list)
  }

  @Test("apply(_:groupedBy:) shows an array in sections; a repeated id is left out and named")
  func itemsGrouped() async {
    let (table, list) = contactsTable()
    let people = [
      Contact(id: 1, name: "Grace"), Contact(id: 2, name: "Ada"), Contact(id: 3, name: "Alan"),
      Contact(id: 1, name: "Grace again"),
    ]
    let reports = recordingReports {
      list.apply(people, groupedBy: \.initial, sectionOrder: .ascending)
    }
    #expect(
      reports == ["duplicate item IDs: 1 at [1, 0] and [1, 1]: the repeats are left out"],
      "the id and both places it has in the grouped sections")
    await list.apply(list.latestSnapshot)
    #expect(table.numberOfSections == 2)
    #expect(table.headerTitle(forSectionAt: 0) == "A")
    #expect(list.snapshot.items.map(\.name) == ["Ada", "Alan", "Grace"])
    list.apply([Contact(id: 9, name: "Barbara")])
    #expect(list.snapshot.numberOfSections == 1 && list.snapshot.items.map(\.id) == [9])
  }

  @Test("with commitDelete the app deletes: every row may go, the list changes nothing itself")
  func commitDelete() async {
    let (table, list) = contactsTable()
    var contacts = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Alan")]
    list.apply(contacts, groupedBy: \.initial)
    #expect(!list.canDeleteItem(at: ItemPath(section: 0, item: 0)), "not without it")
    list.commitDelete = { deleted, _ in
      contacts.removeAll { contact in deleted.contains { $0.id == contact.id } }
      list.apply(contacts, groupedBy: \.initial)
    }
    #expect(list.canDeleteItem(at: ItemPath(section: 0, item: 0)))
    _ = table.userDeleteRows(at: [ItemPath(section: 0, item: 1)])
    #expect(contacts.map(\.id) == [1])
    await list.apply(list.latestSnapshot)
    #expect(table.numberOfRows(inSectionAt: 0) == 1)
    list.canDelete = { contact, _ in contact.id != 1 }
    #expect(!list.canDeleteItem(at: ItemPath(section: 0, item: 0)), "canDelete still decides")
  }

  @Test("a tap on a failed page's row retries it, through a composed source")
  func errorRowsRetry() async throws {
    let script = ScriptedPages()
    let feed = PagedSource<SectionInfo, AnyItem, Int>(section: SectionInfo(id: "feed")) {
      try await script.load($0)
    }
    let top = try StaticSource([AnyItem(TestItem(id: 100))], in: SectionInfo(id: "top"))
    let table = SimulatedTableView(viewportHeight: 5)
    table.animationTiming = .immediate
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let list = ListController<SectionInfo, AnyItem, SimulatedCell>(host: table) {
      host, path, _ in host.dequeueCell(withReuseIdentifier: "cell", for: path)
    }
    list.connect(to: ComposedSource([top, feed]))
    feed.load()
    await script.waitForRequests(1)
    script.fail(0)
    await feed.waitUntilIdle()
    await yieldUntil { !list.isUpdating }
    let errorRow = ItemPath(section: 1, item: 0)
    #expect(list.snapshot.item(at: errorRow)?.base is ErrorPlaceholder)
    table.selectItem(at: ItemPath(section: 0, item: 0))
    #expect(script.requests.count == 1, "a tap elsewhere retries nothing")
    table.selectItem(at: errorRow)
    await script.waitForRequests(2)
    script.answer(1, ids: 0..<3, next: nil)
    await feed.waitUntilIdle()
  }
}
