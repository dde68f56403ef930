import Foundation
import Tabula
import TabulaTerminal
import TabulaTestSupport
import Testing

@MainActor
@Suite("User edits from the terminal's keys")
struct TerminalUserEditTests {
  func harness(_ snapshot: TestSnapshot) -> (
    TerminalListView, ListController<SectionInfo, TestItem, TerminalCell>,
    StaticSource<SectionInfo, TestItem>
  ) {
    struct Row: Presenter {
      func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "row" }
      func configure(_ cell: TerminalCell, with item: TestItem, context: PresentationContext) {
        cell.text = "item \(item.id)"
      }
      func canMove(_ item: TestItem) -> Bool { !item.id.isMultiple(of: 7) }
      func canDelete(_ item: TestItem) -> Bool { !item.id.isMultiple(of: 7) }
    }
    let list = TerminalListView(width: 30, height: 12)
    let presenters = PresenterRegistry<TerminalCell>()
    presenters.register(Row())
    let controller = ListController<SectionInfo, TestItem, TerminalCell>(
      host: list, presenters: presenters)
    let source = StaticSource(snapshot)
    controller.connect(to: source)
    return (list, controller, source)
  }

  func ids(_ source: StaticSource<SectionInfo, TestItem>) -> [[Int]] {
    source.snapshot.sections.indices.map { source.snapshot.items(inSectionAt: $0).map(\.id) }
  }

  @Test("m picks the cursor row up, arrows carry it, Enter drops it: written back, no batch")
  func move() async throws {
    let (list, controller, source) = harness(try twoSections())
    await controller.apply(controller.latestSnapshot)
    _ = list.render()
    let batches = list.batchCount
    list.handle(.character("m"))
    #expect(list.carrying == ItemPath(section: 0, item: 0) && list.prompt != nil)
    #expect(list.render()[1].text.hasPrefix("›⇅"), "the carried row is marked")
    list.handle(.down)
    list.handle(.down)
    list.handle(.enter)
    #expect(ids(source) == [[2, 3, 1, 4], [5, 6, 8]])
    #expect(list.selection == ItemPath(section: 0, item: 2), "the cursor stays on the row")
    await controller.apply(controller.latestSnapshot)
    #expect(list.batchCount == batches, "no batch for the move, none for its echo")
    #expect(
      list.render().map(\.text)[1...4].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "item 2", "item 3", "› item 1", "item 4",
      ])
    // Esc puts a carried row down where it was.
    list.handle(.character("m"))
    list.handle(.up)
    list.handle(.escape)
    #expect(ids(source) == [[2, 3, 1, 4], [5, 6, 8]] && list.carrying == nil)
    #expect(list.userMoveCount == 1)
  }

  @Test("space selects, d asks, y deletes the selection; z undoes, Z redoes")
  func selectDeleteUndo() async throws {
    let (list, controller, source) = harness(try twoSections())
    controller.selectionMode = .multiple
    await controller.apply(controller.latestSnapshot)
    _ = list.render()
    list.handle(.character(" "))
    list.handle(.down)
    list.handle(.down)
    list.handle(.character(" "))
    #expect(controller.selectedIDs == [1, 3])
    #expect(list.render()[1].text.hasPrefix(" •"), "selected rows are marked")
    list.handle(.character("d"))
    #expect(list.prompt == "Delete 2 rows? y deletes")
    list.handle(.character("n"))
    #expect(ids(source) == [[1, 2, 3, 4], [5, 6, 8]] && list.prompt == nil, "n keeps them")
    // The prompt is the list's words.
    var strings = ListStrings()
    strings.deletePrompt = { "Supprimer \($0) lignes ? y supprime" }
    controller.strings = strings
    list.handle(.character("d"))
    #expect(list.prompt == "Supprimer 2 lignes ? y supprime")
    list.handle(.character("n"))
    controller.strings = ListStrings()
    list.handle(.character("d"))
    list.handle(.character("y"))
    await controller.apply(controller.latestSnapshot)
    #expect(ids(source) == [[2, 4], [5, 6, 8]])
    #expect(controller.selectedIDs.isEmpty, "deleted rows leave the selection")
    #expect(controller.history.undoName == "Delete 2 Items")
    list.handle(.character("z"))
    await controller.apply(controller.latestSnapshot)
    #expect(ids(source) == [[1, 2, 3, 4], [5, 6, 8]])
    list.handle(.character("Z"))
    await controller.apply(controller.latestSnapshot)
    #expect(ids(source) == [[2, 4], [5, 6, 8]])
  }

  @Test("the keys go through the list's key map: a binding changed there changes the terminal")
  func keysGoThroughTheMap() async throws {
    let (list, controller, source) = harness(try twoSections())
    #expect(list.keyMap == .terminal)
    list.keyMap.bindings[ListKey(.character("x"))] = .delete
    list.keyMap.bindings[ListKey(.character("u"))] = .undo
    list.keyMap.bindings[ListKey(.character("z"))] = nil
    list.keyMap.bindings[ListKey(.character("j"))] = .focusNext
    await controller.apply(controller.latestSnapshot)
    _ = list.render()
    list.handle(.character("j"))
    #expect(list.selection == ItemPath(section: 0, item: 1))
    list.handle(.character("x"))
    list.handle(.character("y"))
    await controller.apply(controller.latestSnapshot)
    #expect(ids(source) == [[1, 3, 4], [5, 6, 8]])
    #expect(list.handle(.character("z")) == false, "unbound now")
    list.handle(.character("u"))
    await controller.apply(controller.latestSnapshot)
    #expect(ids(source) == [[1, 2, 3, 4], [5, 6, 8]])
  }

  @Test(
    "random editing keys and another writer: the terminal ends showing the source, written back")
  func randomizedKeys() async throws {
    var random = SeededRandom(seed: 13)
    var ids = FreshIDs()
    var start = randomSnapshot(&random, maxItems: 40, ids: &ids)
    if start.numberOfItems == 0 { start = oneSection(&ids) }
    let (list, controller, source) = harness(start)
    controller.selectionMode = .multiple
    controller.didFailToWrite = { _, _ in }  // conflicts with the other writer converge
    let keys: [Key] = [
      .up, .down, .down, .pageDown, .home, .character("m"), .character("m"), .enter, .escape,
      .character(" "), .character("d"), .character("y"), .character("z"), .character("Z"),
    ]
    for step in 0..<400 {
      if random.chance(0.15) {
        var next = randomChange(of: source.snapshot, &random, ids: &ids, maxInserts: 3)
        if next.numberOfItems == 0 { next = oneSection(&ids) }
        source.setSnapshot(next.withoutMarks)
      } else if random.chance(0.3) {
        // A whole move: pick up, carry a few rows, drop (or cancel).
        list.handle(.character("m"))
        for _ in 0..<random.int(in: 1...4) { list.handle(random.chance(0.5) ? .down : .up) }
        list.handle(random.chance(0.9) ? .enter : .escape)
      } else {
        list.handle(keys[random.int(in: 0..<keys.count)])
      }
      _ = list.render()
      if step % 20 == 19 { await controller.apply(controller.latestSnapshot) }
    }
    await controller.apply(controller.latestSnapshot)
    #expect(list.userMoveCount > 30, "moves happened (\(list.userMoveCount))")
    #expect(controller.snapshot.items.map(\.id) == source.snapshot.items.map(\.id))
    // What the terminal draws is the source: every row, in order.
    let drawn = list.plainText().split(separator: "\n").filter { $0.hasPrefix("  item ") }
    #expect(drawn.map { $0.dropFirst(2) } == source.snapshot.items.map { "item \($0.id)"[...] })
  }

  @Test("a reload while a row is carried puts it down")
  func reloadWhileCarrying() async throws {
    let (list, controller, _) = harness(try twoSections())
    await controller.apply(controller.latestSnapshot)
    _ = list.render()
    list.handle(.character("m"))
    #expect(list.carrying != nil)
    list.reloadData()
    #expect(list.carrying == nil && list.prompt == nil)
  }
}
