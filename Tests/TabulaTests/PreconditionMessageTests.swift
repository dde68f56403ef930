import Tabula
import TabulaTesting
import Testing

/// The trapping conveniences stop with a message that names the bad input.
@Suite("Preconditions name what is wrong")
struct PreconditionMessageTests {
  /// What an exit test's process wrote to stderr.
  func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test("a composed source's child index out of range")
  func composedChildIndex() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let source = ComposedDataSource<SectionInfo, TestItem>([StaticDataSource()])
        source.remove(at: 3)
      }
    }
    let output = standardError(result)
    #expect(output.contains("child index 3 is out of range: there are 1 children"))
  }

  @Test("provide(_:key:for:) on a controller without presenters")
  func provideWithoutPresenters() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let (_, controller) = makeController(.table)
        controller.provide("image", key: "avatar")
      }
    }
    let output = standardError(result)
    #expect(output.contains("provide(_:key:for:) needs a controller created with presenters"))
  }

  @Test("a segmented source's first selection out of range")
  func segmentIndex() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        _ = SegmentedDataSource<SectionInfo, TestItem>([StaticDataSource()], selectedIndex: 2)
      }
    }
    let output = standardError(result)
    #expect(output.contains("segment 2 is out of range: there are 1 segments"))
  }

  @Test("a view-data presenter given a cell of another class")
  func viewDataCellClass() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let table = SimulatedTableView()
        table.register(SimulatedCell.self, forReuseIdentifier: "squirrel")
        let registry = PresenterRegistry<SimulatedCell>()
        registry.register(
          ViewDataPresenter(SquirrelCell.self, reuseIdentifier: "squirrel") {
            (squirrel: Squirrel, _: PresentationStyle) in
            SquirrelCell.ViewData(title: squirrel.name)
          })
        let snapshot = try! Snapshot(
          [Squirrel(id: 1, name: "Nutkin", nuts: 1)], in: SectionInfo(id: "park"))
        _ = ListController(host: table, snapshot: snapshot, presenters: registry)
      }
    }
    let output = standardError(result)
    #expect(
      output.contains(
        "cell registered as \"squirrel\" is a SimulatedCell, not the SquirrelCell whose view data "
          + "Squirrel provides"))
  }
}
