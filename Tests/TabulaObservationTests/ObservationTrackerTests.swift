import Observation
import Tabula
import TabulaObservation
import TabulaTestSupport
import TabulaTesting
import Testing

/// A person whose name can change in place, as an app's model object.
@MainActor
@Observable
final class Person {
  var name: String
  var age = 30

  init(name: String) { self.name = name }
}

/// A row showing a person: the same object is the same content.
struct PersonRow: Diffable {
  let id: Int
  let person: Person

  nonisolated func isContentEqual(to other: PersonRow) -> Bool { person === other.person }
}

/// Shows a person's name (and never the age), counting its configurations.
@MainActor
final class PersonPresenter: Presenter {
  var configured: [Int: Int] = [:]

  func reuseIdentifier(for row: PersonRow, style: PresentationStyle) -> String { "person" }

  func configure(_ cell: SimulatedCell, with row: PersonRow, context: PresentationContext) {
    cell.text = row.person.name
    configured[row.id, default: 0] += 1
  }
}

/// A row that reads an `@Observable` model is configured again alone, in
/// place, when what it read changes: checked on the simulated table with
/// the Observation module that Linux has too.
@MainActor
@Suite("ObservationTracker: a row follows the @Observable model it read", .timeLimit(.minutes(10)))
struct ObservationTrackerTests {
  let people = (0..<20).map { Person(name: "Person \($0)") }
  let presenter = PersonPresenter()

  private func list(tracking: Bool) throws -> (
    SimulatedTableView, ListController<SectionInfo, PersonRow, SimulatedCell>
  ) {
    let table = SimulatedTableView(viewportHeight: 10)
    table.register(SimulatedCell.self, forReuseIdentifier: "person")
    table.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(presenter)
    let controller = ListController<SectionInfo, PersonRow, SimulatedCell>(
      host: table, presenters: presenters)
    if tracking { controller.configurationTracking = ObservationTracker() }
    controller.apply(
      try Snapshot(
        people.indices.map { PersonRow(id: $0, person: people[$0]) },
        in: SectionInfo(id: "people")), completion: {})
    return (table, controller)
  }

  private func settle() async {
    for _ in 0..<10 { await Task.yield() }
  }

  @Test("a changed name shows in its row, and no other row is configured")
  func rowFollowsItsModel() async throws {
    let (table, controller) = try list(tracking: true)
    let before = presenter.configured
    people[3].name = "Renamed"
    await settle()
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 3))?.text == "Renamed")
    var expected = before
    expected[3, default: 0] += 1
    #expect(presenter.configured == expected, "row 3 alone, once")

    people[3].name = "Renamed again"  // tracked anew by the second configuration
    await settle()
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 3))?.text == "Renamed again")
    #expect(presenter.configured[3] == expected[3]! + 1)
    withExtendedLifetime(controller) {}
  }

  @Test("a property the row did not read changes nothing")
  func unreadPropertyIsIgnored() async throws {
    let (_, controller) = try list(tracking: true)
    let before = presenter.configured
    people[4].age = 99
    await settle()
    #expect(presenter.configured == before)
    withExtendedLifetime(controller) {}
  }

  @Test("a row off screen is not configured; it shows the new value when it appears")
  func offScreenRow() async throws {
    let (table, controller) = try list(tracking: true)
    people[15].name = "Scrolled to"
    await settle()
    #expect(presenter.configured[15] == nil, "row 15 was never on screen")
    table.contentOffset = 10  // rows 10...19
    #expect(
      table.visibleCells.contains { $0.text == "Scrolled to" },
      "configured afresh when it appears")
    withExtendedLifetime(controller) {}
  }

  @Test("without tracking, a changed model shows only with a new snapshot")
  func noTrackingNoUpdate() async throws {
    let (table, controller) = try list(tracking: false)
    people[3].name = "Renamed"
    await settle()
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 3))?.text == "Person 3")
    withExtendedLifetime(controller) {}
  }

  @Test("with a cell provider, the row is reconfigured as an item (the provider dequeues)")
  func cellProviderRow() async throws {
    let table = SimulatedTableView(viewportHeight: 10)
    table.register(SimulatedCell.self, forReuseIdentifier: "person")
    table.animationTiming = .immediate
    var made: [Int] = []
    let controller = ListController<SectionInfo, PersonRow, SimulatedCell>(host: table) {
      host, path, row in
      made.append(row.id)
      let cell = host.dequeueCell(withReuseIdentifier: "person", for: path)
      cell.text = row.person.name
      return cell
    }
    controller.configurationTracking = ObservationTracker()
    controller.apply(
      try Snapshot(
        people.indices.map { PersonRow(id: $0, person: people[$0]) },
        in: SectionInfo(id: "people")), completion: {})
    made.removeAll()
    people[2].name = "Renamed"
    await settle()
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 2))?.text == "Renamed")
    #expect(made == [2], "row 2 alone")
    #expect(table.violations.isEmpty)
  }
}
