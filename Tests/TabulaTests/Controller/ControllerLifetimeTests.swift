import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

@MainActor
@Suite("ListController: what it keeps alive, and for how long")
struct ControllerLifetimeTests {
  @Test("a connected source needs no other owner, and is freed with the controller")
  func connectedSourceOwnership() throws {
    weak var weakController: ListController<SectionInfo, TestItem, SimulatedCell>?
    weak var firstSource: StaticSource<SectionInfo, TestItem>?
    weak var secondSource: StaticSource<SectionInfo, TestItem>?
    let view: SimulatedListView
    do {
      let (shown, controller) = makeController(.table, timing: .immediate)
      view = shown
      weakController = controller
      // The documented use: a source made where it is connected.
      func connectToNewSource(_ ids: [Int]) throws -> StaticSource<SectionInfo, TestItem>? {
        let source = try StaticSource(items(ids), in: section("A"))
        controller.connect(to: source)
        return source
      }
      firstSource = try connectToNewSource([1, 2])
      #expect(firstSource != nil, "held while connected")
      try firstSource?.setItems(items([2, 3]), in: section("A"))
      expectShows(view, try TestSnapshot(items([2, 3]), in: section("A")))
      controller.disconnect()
      #expect(firstSource == nil, "released when disconnected")
      secondSource = try connectToNewSource([4])
      try secondSource?.setItems(items([4, 5]), in: section("A"))
      expectShows(view, try TestSnapshot(items([4, 5]), in: section("A")))
    }
    #expect(weakController == nil && secondSource == nil, "no cycle keeps either alive")
  }

  @Test("controllers released from a shared registry leave no observer behind")
  func registryObserversBounded() throws {
    let registry = PresenterRegistry<SimulatedCell>()
    registry.register(PostPresenter(log: PresenterLog()))
    let table = SimulatedTableView()
    table.register(SimulatedCell.self, forReuseIdentifier: "post")
    let feed = try Feed([AnyItem(Post(id: 1, text: "Hello"))], in: "Feed")
    for _ in 0..<1000 {
      let controller = ListController(host: table, snapshot: feed, presenters: registry)
      withExtendedLifetime(controller) {}
    }
    #expect(registry.observerCount == 0)
    let kept = ListController(host: table, snapshot: feed, presenters: registry)
    #expect(registry.observerCount == 1)
    registry.setStyle(.compact, for: Post.self)
    #expect(table.violations.isEmpty)
    withExtendedLifetime(kept) {}
  }

  @Test("the controller holds its host weakly, as UIKit holds a data source; without it, it idles")
  func hostHeldWeakly() async throws {
    weak var weakTable: SimulatedTableView?
    var controller: ListController<SectionInfo, TestItem, SimulatedCell>?
    do {
      let table = SimulatedTableView()
      table.register(SimulatedCell.self, forReuseIdentifier: "row")
      weakTable = table
      controller = ListController(
        host: table, snapshot: try TestSnapshot(items([1]), in: section("A"))
      ) {
        host, path, _ in host.dequeueCell(withReuseIdentifier: "row", for: path)
      }
    }
    #expect(weakTable == nil, "the view's owner keeps the view, not its list")
    // Applies still complete: the data moves on, nothing is shown.
    await controller?.apply(try TestSnapshot(items([2, 1]), in: section("A")))
    #expect(controller?.snapshot.items.map(\.id) == [2, 1])
  }
}

/// A second controller on a view another one still drives is reported; one
/// made after the first went is not.
@MainActor
@Suite("One controller per view")
struct OneControllerPerViewTests {
  @Test("a second controller on a view that has one is reported; after the first goes, none")
  func secondController() throws {
    let table = testTable()
    do {
      let first = ListController(host: table, snapshot: try twoSections(), cellProvider: testCell)
      first.emptyState = .message("Nothing")
      let reports = recordingReports {
        _ = ListController(host: table, snapshot: try! twoSections(), cellProvider: testCell)
      }
      #expect(
        reports == [
          "a second ListController attaches to a SimulatedTableView that another one still "
            + "drives: the view takes the new one, without the first one's settings. Make one "
            + "controller per view, or let the first go before making the next (a lazy "
            + "controller made before the view loads can run viewDidLoad inside its own "
            + "initializer, which makes a first one)"
        ])
      withExtendedLifetime(first) {}
    }
    // Once the first went, the next is no second controller.
    let again = recordingReports {
      _ = ListController(host: table, snapshot: try! twoSections(), cellProvider: testCell)
    }
    #expect(again.isEmpty)
  }
}
