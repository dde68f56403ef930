import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

// The named parts of a ListController, each on its own: the selection's
// transitions, the height cache, the pairing of the cell lifecycle, the
// user-edit state's rules, report-once, and the host's data source being an
// object of its own.

@MainActor
@Suite("SelectionState: the selection's transitions")
struct SelectionStateTests {
  typealias State = SelectionState<Int>

  /// Runs a transition and returns whether it changed the selection, and
  /// the ids after it.
  func run(_ state: inout State, _ transition: (inout State) -> Bool) -> (Bool, [Int]) {
    let changed = transition(&state)
    return (changed, state.ids)
  }

  @Test("with no mode nothing is selected; single replaces; multiple adds in order")
  func modes() {
    var state = State()
    #expect(run(&state) { $0.select(1, shown: true) } == (false, []), "mode none")
    #expect(run(&state) { $0.setMode(.single) } == (false, []))
    #expect(run(&state) { $0.select(1, shown: true) } == (true, [1]))
    #expect(run(&state) { $0.select(2, shown: true) } == (true, [2]), "single: 2 instead of 1")
    #expect(run(&state) { $0.select(2, shown: true) } == (false, [2]), "already selected")
    #expect(run(&state) { $0.select(3, shown: false) } == (false, [2]), "not shown")
    #expect(run(&state) { $0.setMode(.multiple) } == (false, [2]))
    #expect(run(&state) { $0.select(5, shown: true) } == (true, [2, 5]))
    #expect(run(&state) { $0.select(4, shown: true) } == (true, [2, 5, 4]))
    #expect(state.set == [2, 4, 5] && state.contains(5))
    #expect(run(&state) { $0.deselect(5) } == (true, [2, 4]))
    #expect(run(&state) { $0.deselect(5) } == (false, [2, 4]))
    #expect(run(&state) { $0.toggle(2, shown: true) } == (true, [4]))
    #expect(run(&state) { $0.toggle(2, shown: true) } == (true, [4, 2]))
  }

  @Test("a mode that allows fewer rows than selected deselects all")
  func fewerRows() {
    var state = State()
    #expect(run(&state) { $0.setMode(.multiple) } == (false, []))
    #expect(run(&state) { $0.selectAll([1, 2, 3]) } == (true, [1, 2, 3]))
    #expect(run(&state) { $0.setMode(.single) } == (true, []))
    #expect(run(&state) { $0.select(1, shown: true) } == (true, [1]))
    #expect(run(&state) { $0.setMode(.single) } == (false, [1]), "one row fits single")
    #expect(run(&state) { $0.setMode(.none) } == (true, []))
    #expect(run(&state) { $0.selectAll([1, 2]) } == (false, []), "multiple only")
  }

  @Test("a tap selects in single, toggles in multiple while editing only")
  func taps() {
    var state = State()
    #expect(run(&state) { $0.tap(1) } == (false, []))
    #expect(run(&state) { $0.setMode(.single) } == (false, []))
    #expect(run(&state) { $0.tap(1) } == (true, [1]))
    #expect(run(&state) { $0.setMode(.multiple) } == (false, [1]))
    #expect(run(&state) { $0.tap(2) } == (false, [1]), "outside editing a tap opens the row")
    state.isEditing = true
    #expect(run(&state) { $0.tap(2) } == (true, [1, 2]))
    #expect(run(&state) { $0.tap(1) } == (true, [2]))
  }

  @Test("keep(where:) drops the rows no longer shown, in order, and says whether it did")
  func keep() {
    var state = State()
    #expect(run(&state) { $0.setMode(.multiple) } == (false, []))
    #expect(run(&state) { $0.selectAll([3, 1, 2]) } == (true, [3, 1, 2]))
    #expect(run(&state) { $0.keep { _ in true } } == (false, [3, 1, 2]))
    #expect(run(&state) { $0.keep { $0 != 1 } } == (true, [3, 2]))
    #expect(state.set == [2, 3])
    #expect(run(&state) { $0.deselectAll() } == (true, []))
    #expect(run(&state) { $0.deselectAll() } == (false, []))
  }
}

@Suite("HeightCache: heights valid while content, width and source stay")
struct HeightCacheTests {
  typealias Cache = HeightCache<TestItem, String, Int>

  @Test("a height is valid for the same content, width and source only")
  func validity() {
    var cache = Cache()
    let item = TestItem(id: 1)
    #expect(cache.height(of: item, width: 320, source: "a") == nil)
    cache.remember(44, of: item, width: 320, source: "a", group: 7)
    #expect(cache.height(of: item, width: 320, source: "a") == .some(44))
    #expect(cache.height(of: item, width: 300, source: "a") == nil, "another width")
    #expect(cache.height(of: item, width: 320, source: "b") == nil, "another source")
    #expect(
      cache.height(of: TestItem(id: 1, content: 1), width: 320, source: "a") == nil,
      "another content")
    #expect(cache.anyHeight(of: 1, width: 320) == .some(44), "a cheap estimate ignores the rest")
    cache.remember(nil, of: TestItem(id: 2), width: 320, source: "a", group: 7)
    #expect(cache.height(of: TestItem(id: 2), width: 320, source: "a") == .some(nil))
  }

  @Test("averages per group and over all, of the heights answered")
  func averages() {
    var cache = Cache()
    #expect(cache.average(of: nil) == nil && cache.average(of: 1) == nil)
    cache.remember(10, of: TestItem(id: 1), width: 1, source: "a", group: 1)
    cache.remember(30, of: TestItem(id: 2), width: 1, source: "a", group: 1)
    cache.remember(50, of: TestItem(id: 3), width: 1, source: "b", group: nil)
    #expect(cache.average(of: 1) == 20)
    #expect(cache.average(of: nil) == 30)
    #expect(cache.average(of: 2) == nil)
  }

  @Test("prune drops items not shown once they outnumber the shown ones")
  func prune() {
    var cache = Cache()
    for id in 0..<100 { cache.remember(1, of: TestItem(id: id), width: 1, source: "a", group: 1) }
    cache.prune(shownCount: 50) { $0 < 10 }
    #expect(cache.count == 100, "100 ≤ 2 × 50 + 64: not yet")
    cache.prune(shownCount: 10) { $0 < 10 }
    #expect(cache.count == 10)
  }

  @Test("invalid heights are clamped: NaN and negative to 0, infinite to the largest")
  func clamped() {
    #expect(Cache.clamped(12) == nil)
    #expect(Cache.clamped(0) == nil)
    #expect(Cache.clamped(.nan) == 0)
    #expect(Cache.clamped(-1) == 0)
    #expect(Cache.clamped(.infinity) == .greatestFiniteMagnitude)
  }
}

@Suite("DisplayedCells: every end paired with its appearance")
struct DisplayedCellsTests {
  final class Cell {}

  @Test("an end reaches the model the cell appeared with, once")
  func pairs() {
    var cells = DisplayedCells<String>()
    let a = Cell()
    let b = Cell()
    #expect(cells.appear(a, with: 1, presenter: "p") == nil)
    #expect(cells.appear(b, with: 2, presenter: nil) == nil)
    #expect(cells.count == 2)
    let again = cells.appear(a, with: 3, presenter: "q")
    #expect(again?.model as? Int == 1 && again?.presenter == "p", "shown again: ends 1 first")
    #expect(cells.end(a)?.model as? Int == 3)
    #expect(cells.end(a) == nil, "ended already")
    #expect(cells.end(Cell()) == nil, "never appeared")
    #expect(cells.count == 1)
  }
}

@MainActor
@Suite("UserEditState: rows hidden by swipes, step names, moves onto a newer snapshot")
struct UserEditStateTests {
  typealias State = UserEditState<SectionInfo, TestItem>

  @Test("hidden rows leave every snapshot shown until they are unhidden")
  func hidden() throws {
    var state = State()
    let snapshot = try twoSections()
    #expect(state.visible(snapshot).isIdentical(to: snapshot), "nothing hidden: the same value")
    state.hide(2, placement: snapshot.placement(at: ItemPath(section: 0, item: 1)))
    state.hide(99, placement: nil)
    #expect(state.visible(snapshot).items(inSectionAt: 0).map(\.id) == [1, 3, 4])
    #expect(state.unhide(2)?.before == 3)
    #expect(state.unhide(99) == nil && state.hidesNothing)
  }

  @Test("steps are named by verb and count, in the list's words, unless editName says")
  func names() {
    var state = State()
    var strings = ListStrings()
    #expect(state.name("Move", [TestItem(id: 1)], strings: strings) == "Move Item")
    #expect(state.name("Delete", items([1, 2, 3]), strings: strings) == "Delete 3 Items")
    strings.undoName = { verb, count in verb == "Delete" ? "Supprimer \(count)" : verb }
    #expect(state.name("Delete", items([1, 2]), strings: strings) == "Supprimer 2")
    state.rules.editName = { verb, items in "\(verb) \(items.count) things" }
    #expect(state.name("Delete", items([1, 2]), strings: strings) == "Delete 2 things")
  }

  @Test("a move made on a view behind the data lands between the neighbours the data has")
  func moveOntoNewer() throws {
    let shown = try twoSections()  // A: 1 2 3 4, B: 5 6 8
    var newer = shown
    try newer.deleteItems([3])  // the data lost 3 meanwhile
    var moved = shown
    try moved.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 2))
    // On screen: A: 1 2 5 3 4. 5 came after 2 and before 3, which is gone.
    let edit = try #require(
      State.move(at: ItemPath(section: 0, item: 2), of: moved, shown: shown, onto: newer))
    guard case .move(let placement, let base, let result) = edit else {
      Issue.record("not a move")
      return
    }
    #expect(placement.before == 4 && placement.after == 2)
    #expect(base.isIdentical(to: newer))
    #expect(result.items(inSectionAt: 0).map(\.id) == [1, 2, 5, 4])
    // The same view as the data: the move is taken as the view shows it.
    let same = try #require(
      State.move(at: ItemPath(section: 0, item: 2), of: moved, shown: shown, onto: shown))
    if case .move(_, _, let result) = same { #expect(result.isIdentical(to: moved)) }
    // A row the data no longer has: nothing to write.
    var gone = newer
    try gone.deleteItems([5])
    #expect(
      State.move(at: ItemPath(section: 0, item: 2), of: moved, shown: shown, onto: gone) == nil)
  }
}

@MainActor
@Suite("ReportOnce: one report per key")
struct ReportOnceTests {
  @Test("the first report of a key goes to TabulaLog, the next ones do not")
  func once() {
    let reporter = ReportOnce<String>()
    var reported: [Bool] = []
    let reports = recordingReports {
      reported.append(reporter.report("a", "first a"))
      reported.append(reporter.report("a", "second a"))
      reported.append(reporter.report("b", "first b"))
    }
    #expect(reports == ["first a", "first b"])
    #expect(reported == [true, false, true])
    #expect(reporter.hasReported("a") && !reporter.hasReported("c"))
  }
}

@MainActor
@Suite("HostEvents: the host's data source is not the controller")
struct HostEventsTests {
  @Test("the host answers from the controller's snapshot through an object of its own")
  func answers() async throws {
    let (view, controller) = movableList()
    await controller.apply(try twoSections())
    let source = try #require(view.hostDataSource)
    #expect(source !== (controller as AnyObject), "host callbacks are not the controller's API")
    #expect(source.numberOfSections == 2 && source.numberOfItems(inSectionAt: 1) == 3)
    #expect(source.canMoveItem(at: ItemPath(section: 0, item: 0)))
    // A tap reaches the controller's didSelect through it.
    var tapped: [Int] = []
    controller.didSelect = { item, _ in tapped.append(item.id) }
    source.didSelectItem(at: ItemPath(section: 1, item: 2))
    #expect(tapped == [8])
  }
}
