import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// A list's empty state: shown behind the list while it has no rows,
/// whatever the snapshot's item type; no placeholder row.
@MainActor
@Suite("EmptyState: what a list shows while it has no rows")
struct EmptyStateTests {
  @Test("shown while the list is empty, hidden when rows come, shown again when they go")
  func showsWhileEmpty() async throws {
    let (table, controller) = makeController(.table, timing: .immediate)
    #expect(table.emptyState == nil)
    controller.emptyState = .message("No contacts", symbolName: "person")
    #expect(table.emptyState?.text == "No contacts")
    #expect(table.emptyState?.symbolName == "person")
    await controller.apply(try TestSnapshot(items([1, 2]), in: section("A")))
    #expect(table.emptyState == nil, "rows show: no empty state")
    controller.emptyState = .message("No results")
    #expect(table.emptyState == nil, "a new state waits for the list to be empty")
    await controller.apply(try TestSnapshot(sections: [SnapshotSection(section("A"), items: [])]))
    #expect(table.emptyState?.text == "No results", "empty sections are an empty list")
    controller.emptyState = nil
    #expect(table.emptyState == nil)
  }

  @Test("a loading state and an error whose button retries")
  func loadingAndError() async throws {
    let (table, controller) = makeController(.collection, timing: .immediate)
    controller.emptyState = .loading()
    #expect(table.emptyState?.isLoading == true)
    var retried = 0
    controller.emptyState = .error("The feed could not load.") { retried += 1 }
    #expect(table.emptyState?.isLoading == false)
    #expect(table.emptyState?.actionTitle == "Try Again")
    table.tapEmptyStateAction()
    #expect(retried == 1)
  }
}
