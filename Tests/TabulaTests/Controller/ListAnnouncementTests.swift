import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// What users who do not see the list change are told: loads that end or
/// fail, and rows that go away without the user deleting them.
@MainActor
@Suite("Announcements: loads, failures, rows removed by someone else")
struct ListAnnouncementTests {
  @Test("a load that ends, empty or failed is announced once per change of state")
  func loads() throws {
    let table = testTable(voiceOver: true)
    let source = ScriptedSource()
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.connect(to: source)
    source.set(.loading)
    source.set(.loaded, try TestSnapshot(items([1, 2]), in: section("A")))
    source.set(.loaded, try TestSnapshot(items([1, 2, 3]), in: section("A")))
    source.set(.refreshing)
    source.set(.error("offline"))
    #expect(table.announcements == ["Loaded 2 items", "Couldn’t load: offline"])
    source.set(.loading)
    source.set(.noContent, TestSnapshot())
    #expect(
      table.announcements.suffix(2) == ["3 items removed", "Nothing to show"],
      "the reload took the rows away, then found nothing")
    controller.announcementText = { announcement in
      if case .failed = announcement { return "Échec du chargement" }
      return nil
    }
    source.set(.loading)
    source.set(.loaded, try TestSnapshot(items([1]), in: section("A")))
    source.set(.error("offline"))
    #expect(table.announcements.last == "Échec du chargement")
    #expect(table.announcements.count == 5, "nil says nothing")
  }

  @Test("rows another writer removes are announced; the user's own deletes and moves are not")
  func removals() throws {
    let table = testTable(voiceOver: true)
    let source = StaticSource(try twoSections())
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.canDelete = { _, _ in true }
    controller.connect(to: source)
    controller.userDeleteItems(withIDs: [2])
    #expect(table.announcements.isEmpty, "the user's delete")
    var next = source.snapshot
    try next.deleteItems([5, 6])
    try next.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))
    source.setSnapshot(next)
    #expect(table.announcements == ["2 items removed"], "5 and 6; 1 moved")
    controller.undo()
    #expect(table.announcements.count == 1)
  }

  @Test("without VoiceOver nothing is worked out or announced")
  func silentWithoutVoiceOver() throws {
    let table = testTable()
    let source = StaticSource(try twoSections())
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.canDelete = { _, _ in true }
    controller.connect(to: source)
    controller.userDeleteItems(withIDs: [2])
    var next = source.snapshot
    try next.deleteItems([5])
    source.setSnapshot(next)
    #expect(table.announcements.isEmpty)
    #expect(controller.userEdits.state.deletedByUser.isEmpty, "nothing kept for announcements")
  }
}

/// A source whose state and snapshot the test sets.
@MainActor
private final class ScriptedSource: SnapshotSource {
  var snapshot = TestSnapshot()
  var state = LoadingState.initial
  private let observers = ObserverList()

  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Publishes `state`, with `snapshot` if given.
  func set(_ state: LoadingState, _ snapshot: TestSnapshot? = nil) {
    self.state = state
    if let snapshot { self.snapshot = snapshot }
    observers.notify()
  }
}
