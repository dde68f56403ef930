import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// A registry's whole message for a `Comment` in `feedTable()`'s registry.
let commentReport =
  "no presenter for model type Comment: it is not registered, not SelfPresenting, and no "
  + "default presenter is set (registered types: User, Post, LoadingPlaceholder, "
  + "NoResultsPlaceholder, ErrorPlaceholder, LoadingMorePlaceholder, PageErrorPlaceholder, "
  + "EndOfListPlaceholder)"

@MainActor
@Suite("Fallbacks: what nothing presents is shown plainly and reported once")
struct FallbackTests {
  @Test("a model type with no presenter: fallback cells, host heights, didSelect, one report")
  func missingPresenter() throws {
    let (table, registry, _) = feedTable()
    var heard: [String] = []
    registry.defaultHandler = { action, model, _ in heard.append("\(action) \(type(of: model))") }
    let feed = Feed {
      SnapshotSection("Feed") {
        User(id: 1, name: "Ada")
        Comment(id: 1, text: "First!")
        Comment(id: 2, text: "Nice")
        Post(id: 1, text: "Hello")
      }
    }
    var selected: [ItemPath] = []
    var controller: ListController<SectionInfo, AnyItem, SimulatedCell>?
    let reports = try recordingReports {
      let list = ListController(host: table, snapshot: feed, presenters: registry)
      controller = list
      list.didSelect = { _, path in selected.append(path) }
      let comment = ItemPath(section: 0, item: 1)
      #expect(list.height(forItemAt: comment, width: 320) == nil)
      #expect(list.height(forItemAt: ItemPath(section: 0, item: 2), width: 320) == nil)
      table.selectItem(at: comment)
      table.selectItem(at: ItemPath(section: 0, item: 3))
      // The row is replaced (never reconfigured in place) when its content
      // changes or it is marked for reconfiguring.
      let before = try #require(table.visibleCell(at: comment))
      list.apply(
        Feed {
          SnapshotSection("Feed") {
            User(id: 1, name: "Ada")
            Comment(id: 1, text: "First! (edited)")
            Comment(id: 2, text: "Nice")
            Post(id: 1, text: "Hello")
          }
        })
      let edited = try #require(table.visibleCell(at: comment))
      #expect(edited !== before)
      try list.reconfigureItems([AnyItem(Comment(id: 2, text: "Nice")).id])
      #expect(
        list.reconfigureVisibleRows(with: "x", for: User.avatar, subject: 1) == 1,
        "user 1's row; the comments skipped")
    }
    #expect(reports == [commentReport], "reported once, for every cell, height and selection")
    #expect(
      table.visibleCells.map(\.text) == [
        "Ada", "no presenter for model type Comment", "no presenter for model type Comment",
        "Hello",
      ])
    #expect(table.visibleCells[1].reuseIdentifier == SimulatedListView.fallbackReuseIdentifier)
    #expect(selected == [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 3)])
    #expect(heard == ["select Post"], "no presenter, so no handler, for the comment")
    #expect(table.violations.isEmpty)
    withExtendedLifetime(controller) {}
  }

  @Test("each model type without a presenter is reported once, per registry")
  func oneReportPerType() throws {
    let (table, registry, _) = feedTable(viewportHeight: 2)
    var comments = (0..<20).map { AnyItem(Comment(id: $0, text: "c\($0)")) }
    comments.insert(AnyItem(Squirrel(id: 1, name: "Nutkin", nuts: 1)), at: 10)
    var controller: ListController<SectionInfo, AnyItem, SimulatedCell>?
    let reports = try recordingReports {
      let list = ListController(
        host: table, snapshot: try Feed(comments, in: "Feed"), presenters: registry)
      controller = list
      for offset in 0..<comments.count { table.scrollOffset = offset }
    }
    #expect(reports.count == 2)
    #expect(reports.first == commentReport)
    #expect(reports.last?.hasPrefix("no presenter for model type Squirrel") == true)
    #expect(table.reusePoolCount > 0, "fallback cells are reused as they scroll")
    #expect(table.violations.isEmpty)
    withExtendedLifetime(controller) {}
  }

  @Test("a view-data presenter given a cell of another class leaves it blank, reported once")
  func viewDataCellClass() throws {
    let table = SimulatedTableView()
    table.register(SimulatedCell.self, forReuseIdentifier: "squirrel")
    let registry = PresenterRegistry<SimulatedCell>()
    registry.register(
      ViewDataPresenter(SquirrelCell.self, reuseIdentifier: "squirrel") {
        (squirrel: Squirrel, _: PresentationStyle) in
        SquirrelCell.ViewData(title: squirrel.name)
      })
    let squirrels = try Snapshot(
      (1...3).map { Squirrel(id: $0, name: "Squirrel \($0)", nuts: $0) },
      in: SectionInfo(id: "park"))
    var controller: ListController<SectionInfo, Squirrel, SimulatedCell>?
    let reports = recordingReports {
      controller = ListController(host: table, snapshot: squirrels, presenters: registry)
    }
    #expect(
      reports == [
        "cell registered as \"squirrel\" is a SimulatedCell, not the SquirrelCell whose view "
          + "data Squirrel provides"
      ])
    #expect(table.visibleCells.map(\.text) == ["", "", ""])
    withExtendedLifetime(controller) {}
  }

  @Test("the default reporter prints the message and stops debug builds")
  func defaultReporter() async {
    let result = await atHighPriority {
      await #expect(
        processExitsWith: .failure, observing: [\.standardOutputContent, \.standardErrorContent]
      ) {
        await MainActor.run { TabulaLog.report("a recoverable problem") }
      }
    }
    let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
    let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("Tabula: a recoverable problem"))
    #expect(errors.contains("a recoverable problem"))
  }
}
