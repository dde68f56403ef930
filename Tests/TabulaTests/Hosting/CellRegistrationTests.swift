import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

// Cells registered for the app: a presenter's reuse identifier is
// registered the first time the list uses it, with the presenter's cell
// class; a registration the view already has is kept where the view can
// tell (a table view can, a collection view cannot); an identifier with no
// registration and no class to register is reported by name and shows a
// fallback cell, never UIKit's exception.

/// A cell subclass a presenter asks for.
final class RegisteredCell: SimulatedCell {}

/// Presents `TestItem`s under `identifier` with `cellClass`.
struct RegisteringPresenter: Presenter {
  var identifier = "row"
  var cellClass: SimulatedCell.Type? = SimulatedCell.self

  func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { identifier }
  func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
    cell.text = item.description
  }
}

/// A section presenter whose views are of `viewClass` (any type).
struct RegisteringSectionPresenter: SectionPresenter {
  var viewClass: SimulatedCell.Type? = SimulatedCell.self

  func reuseIdentifier(for section: SectionInfo, kind: SectionViewKind) -> String? {
    kind == .header ? "banner" : nil
  }
  func configure(_ view: SimulatedCell, with section: SectionInfo, kind: SectionViewKind) {
    view.text = "banner: \(section.title ?? "")"
  }
}

@MainActor
@Suite("Cells registered on first use")
struct CellRegistrationTests {
  /// A list of `count` items on `view` with `presenter` and nothing
  /// registered by the test, shown before it returns (the batch of a small
  /// change on a view whose animations end at once is synchronous).
  func list(
    _ view: SimulatedListView, _ presenter: RegisteringPresenter, count: Int = 5
  ) throws -> ListController<SectionInfo, TestItem, SimulatedCell> {
    view.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(presenter)
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: view, presenters: presenters)
    controller.apply(try TestSnapshot(items(Array(1...count)), in: section("S")))
    #expect(!controller.isUpdating)
    return controller
  }

  @Test(
    "a presenter's cells need no registration: its class is registered once, on first use",
    arguments: [ListViewKind.table, .collection])
  func registeredOnFirstUse(kind: ListViewKind) async throws {
    let view: SimulatedListView =
      kind == .table
      ? SimulatedTableView(viewportHeight: 3) : SimulatedCollectionView(viewportHeight: 3)
    #expect(view.registeredCellClass(forReuseIdentifier: "row") == nil)
    let controller = try list(view, RegisteringPresenter(cellClass: RegisteredCell.self), count: 8)
    #expect(view.registeredCellClass(forReuseIdentifier: "row") == RegisteredCell.self)
    #expect(view.visibleCells.map(\.text) == ["1", "2", "3"])
    #expect(view.visibleCells.allSatisfy { $0 is RegisteredCell })
    view.scrollOffset = 5
    var next = controller.snapshot
    try next.appendItems(items([9, 10]))
    await controller.apply(next)
    #expect(view.visibleCells.map(\.text) == ["6", "7", "8"])
    #expect(view.cellRegistrationCount == 1, "registered once, not per cell")
    #expect(view.violations.isEmpty)
  }

  @Test("a table view keeps the registration the app made (a nib, a prototype, a class)")
  func tableKeepsTheAppsRegistration() async throws {
    let table = SimulatedTableView(viewportHeight: 3)
    table.register(RegisteredCell.self, forReuseIdentifier: "row")
    _ = try list(table, RegisteringPresenter())
    #expect(table.registeredCellClass(forReuseIdentifier: "row") == RegisteredCell.self)
    #expect(table.cellRegistrationCount == 1, "only the app's")
    #expect(table.visibleCells.allSatisfy { $0 is RegisteredCell })
  }

  @Test("no registration and no cellClass: the rows show a fallback and the identifier is named")
  func missingRegistrationIsNamed() async throws {
    let table = SimulatedTableView(viewportHeight: 3)
    let reports = try recordingReports {
      _ = try list(table, RegisteringPresenter(identifier: "contact", cellClass: nil))
    }
    #expect(
      reports == [
        "RegisteringPresenter dequeues cells under the reuse identifier \"contact\", which "
          + "SimulatedTableView has no registration for, and its cellClass is nil: register a "
          + "cell class or nib for \"contact\", or give RegisteringPresenter a cellClass. Its "
          + "rows show a fallback cell"
      ], "reported once for all its rows")
    #expect(
      table.visibleCells.map(\.text)
        == Array(
          repeating: "no cell registered for reuse identifier \"contact\"", count: 3))
    #expect(table.violations.isEmpty, "no exception: the view never dequeued it")
  }

  @Test("a registration made after the report is used from then on")
  func registrationAfterTheReport() async throws {
    let table = SimulatedTableView(viewportHeight: 3)
    var controller: ListController<SectionInfo, TestItem, SimulatedCell>?
    let reports = try recordingReports {
      controller = try list(table, RegisteringPresenter(cellClass: nil))
    }
    #expect(reports.count == 1)
    table.register(RegisteredCell.self, forReuseIdentifier: "row")
    let next = try #require(controller).snapshot
    try #require(controller).applyUsingReloadData(next, completion: nil)
    #expect(table.visibleCells.map(\.text) == ["1", "2", "3"])
    #expect(table.visibleCells.allSatisfy { $0 is RegisteredCell })
  }

  @Test("a collection view cannot tell: with no cellClass the app's registration is trusted")
  func collectionTrustsTheApp() async throws {
    let collection = SimulatedCollectionView(viewportHeight: 3)
    collection.register(RegisteredCell.self, forReuseIdentifier: "row")
    _ = try list(collection, RegisteringPresenter(cellClass: nil))
    #expect(collection.visibleCells.allSatisfy { $0 is RegisteredCell })
    #expect(collection.cellRegistrationCount == 1)
    #expect(collection.violations.isEmpty)

    // Without the app's registration, UIKit raises on the dequeue, and so
    // does the simulator: what the documentation warns about.
    let bare = SimulatedCollectionView(viewportHeight: 3)
    _ = try list(bare, RegisteringPresenter(cellClass: nil))
    #expect(
      bare.violations.first?.message
        == "unable to dequeue a cell with identifier row - must register a nib or a class for "
        + "the identifier or connect a prototype cell in a storyboard")
  }

  @Test(
    "section views are registered on first use too", arguments: [ListViewKind.table, .collection])
  func sectionViewsRegisteredOnFirstUse(kind: ListViewKind) async throws {
    let view: SimulatedListView =
      kind == .table
      ? SimulatedTableView(viewportHeight: 5) : SimulatedCollectionView(viewportHeight: 5)
    view.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(RegisteringPresenter())
    presenters.register(
      RegisteringSectionPresenter(viewClass: RegisteredCell.self), forSection: SectionInfo.self)
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: view, presenters: presenters)
    await controller.apply(
      try TestSnapshot(sections: [
        SnapshotSection(section("A", title: "Inbox"), items: items([1])),
        SnapshotSection(section("B", title: "Sent"), items: items([2])),
      ]))
    #expect(view.sectionView(ofKind: .header, inSectionAt: 0)?.text == "banner: Inbox")
    #expect(view.sectionView(ofKind: .header, inSectionAt: 1) is RegisteredCell)
    #expect(view.sectionViewRegistrationCount == 1)
    #expect(view.violations.isEmpty)
  }

  @Test("a section view class the host cannot show is reported, and the title shows")
  func sectionViewOfAnotherKind() async throws {
    struct TerminalHeader: SectionPresenter {
      final class Banner {}
      func reuseIdentifier(for section: SectionInfo, kind: SectionViewKind) -> String? {
        kind == .header ? "banner" : nil
      }
      func configure(_ view: Banner, with section: SectionInfo, kind: SectionViewKind) {}
    }
    let table = SimulatedTableView(viewportHeight: 5)
    table.animationTiming = .immediate
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(RegisteringPresenter())
    presenters.register(TerminalHeader(), forSection: SectionInfo.self)
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, presenters: presenters)
    let reports = try recordingReports {
      controller.apply(
        try TestSnapshot(sections: [
          SnapshotSection(section("A", title: "Inbox"), items: items([1]))
        ]))
    }
    #expect(
      reports == [
        "TerminalHeader makes header views of class Banner, which SimulatedTableView cannot show "
          + "as section views: its sections show their titles instead"
      ])
    #expect(table.sectionView(ofKind: .header, inSectionAt: 0) == nil)
    #expect(table.headerTitle(forSectionAt: 0) == "Inbox")
  }

  @Test("a configuration that makes the view lay out again gets its cells (none held open)")
  func configurationThatLaysOutAgain() throws {
    /// Scrolls the view, once, from inside the first configuration (as a
    /// cell that scrolls its table to a row would).
    struct ScrollingPresenter: Presenter {
      let scroll: @MainActor () -> Void
      func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "row" }
      func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
        cell.text = item.description
        scroll()
      }
    }
    let view = SimulatedTableView(viewportHeight: 3)
    view.animationTiming = .immediate
    var scrolled = false
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(
      ScrollingPresenter {
        guard !scrolled else { return }
        scrolled = true
        view.scrollOffset = 4
      })
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: view, presenters: presenters)
    controller.apply(try TestSnapshot(items(Array(1...8)), in: section("S")))
    #expect(scrolled)
    #expect(view.visibleCells.map(\.text) == ["5", "6", "7"])
    #expect(view.cellRegistrationCount == 1)
  }
}
