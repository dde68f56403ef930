import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// What VoiceOver offers on a row where others use a gesture: moves by the
/// same rules as a drag, written back with undo, and an outline's folders
/// opened and closed; performed through the simulated views as
/// TabulaUIKit's custom actions perform them.
@MainActor
@Suite("Accessibility: VoiceOver's actions move rows and open folders")
struct ListAccessibilityTests {
  private func screen(_ snapshot: TestSnapshot? = nil) throws -> (
    SimulatedTableView, ListController<SectionInfo, TestItem, SimulatedCell>
  ) {
    let table = testTable(voiceOver: true)
    let controller = ListController(
      host: table, snapshot: try snapshot ?? twoSections(), cellProvider: testCell)
    controller.canMove = { item, _ in item.id != 8 }
    table.reloadData()
    return (table, controller)
  }

  private func ids(_ controller: ListController<SectionInfo, TestItem, SimulatedCell>) -> [[Int]] {
    let snapshot = controller.snapshot
    return (0..<snapshot.numberOfSections).map { snapshot.items(inSectionAt: $0).map(\.id) }
  }

  @Test("a row offers the moves the rules allow: up, down, to each other section")
  func offeredMoves() throws {
    let (table, controller) = try screen()
    func names(_ section: Int, _ item: Int) -> [String] {
      table.visibleCell(at: ItemPath(section: section, item: item))?.accessibilityActionNames ?? []
    }
    #expect(names(0, 1) == ["Move Up", "Move Down", "Move to B"])
    #expect(names(0, 0) == ["Move Down", "Move to B"])
    #expect(names(1, 2) == [], "8 may not move")
    controller.movePolicy = .withinSection
    table.reloadData()
    #expect(names(0, 1) == ["Move Up", "Move Down"])
    withExtendedLifetime(controller) {}
  }

  @Test("Move Down and Move to B move the row, each one undo step; the view never disagrees")
  func movesAreUserEdits() throws {
    let (table, controller) = try screen()
    #expect(table.performAccessibilityAction(named: "Move Down", at: ItemPath(section: 0, item: 1)))
    #expect(ids(controller) == [[1, 3, 2, 4], [5, 6, 8]])
    #expect(controller.history.undoName == "Move Item")
    #expect(table.performAccessibilityAction(named: "Move to B", at: ItemPath(section: 0, item: 0)))
    #expect(ids(controller) == [[3, 2, 4], [1, 5, 6, 8]], "the start of the section after")
    #expect(
      table.visibleCell(at: ItemPath(section: 1, item: 0))?.accessibilityActionNames
        == ["Move Down", "Move to A"], "the moved row's actions follow it")
    controller.undo()
    #expect(ids(controller) == [[1, 3, 2, 4], [5, 6, 8]])
    controller.undo()
    #expect(ids(controller) == [[1, 2, 3, 4], [5, 6, 8]])
    #expect(!table.performAccessibilityAction(named: "Move Up", at: ItemPath(section: 0, item: 0)))
    #expect(table.violations.isEmpty)
  }

  @Test("with a writable source, the move is written back once")
  func writtenBack() throws {
    let table = testTable(voiceOver: true)
    let source = StaticSource(try twoSections())
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: table, cellProvider: testCell)
    controller.canMove = { _, _ in true }
    controller.connect(to: source)
    table.reloadData()
    let batches = table.batchCount
    #expect(table.performAccessibilityAction(named: "Move to A", at: ItemPath(section: 1, item: 0)))
    #expect(source.snapshot.items(inSectionAt: 0).map(\.id) == [1, 2, 3, 4, 5])
    #expect(table.batchCount == batches + 1, "one batch: no echo")
    controller.undo()
    #expect(source.snapshot.items(inSectionAt: 1).map(\.id) == [5, 6, 8])
    #expect(table.violations.isEmpty)
  }

  @Test("a moved id the list lacks, or a path outside it, is an error naming it")
  func badMoves() throws {
    let (_, controller) = try screen()
    #expect(throws: SnapshotError.unknownItemIDs(["42"])) {
      try controller.userMoveItem(withID: 42, to: ItemPath(section: 0, item: 0))
    }
    #expect(throws: SnapshotError.self) {
      try controller.userMoveItem(withID: 1, to: ItemPath(section: 0, item: 9))
    }
    do {
      try controller.userMoveItem(withID: 1, to: ItemPath(section: 0, item: 9))
    } catch {
      #expect("\(error)".contains("0...3"), "the valid range: \(error)")
    }
    #expect(ids(controller) == [[1, 2, 3, 4], [5, 6, 8]])
  }

  @Test("a folder offers Expand, then Collapse, and says its state; leaves offer neither")
  func outlineFolders() throws {
    let source = OutlineSource(
      Outline(
        try TestTree.make {
          TreeNode(TestItem(id: 1)) { TestItem(id: 2) }
          TestItem(id: 3)
        }), in: SectionInfo(id: "tree"), makePlaceholder: nil)
    let (view, controller) = outlineView(.collection, source: source)
    view.isVoiceOverRunning = true
    view.reloadData()
    let folder = ItemPath(section: 0, item: 0)
    #expect(view.visibleCell(at: folder)?.accessibilityActionNames == ["Expand"])
    #expect(view.visibleCell(at: folder)?.accessibilityValue == "collapsed")
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1))?.accessibilityActionNames == [])
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1))?.accessibilityValue == nil)
    #expect(view.performAccessibilityAction(named: "Expand", at: folder))
    #expect(controller.snapshot.items.map(\.id) == [1, 2, 3])
    #expect(view.visibleCell(at: folder)?.accessibilityActionNames == ["Collapse"])
    #expect(view.visibleCell(at: folder)?.accessibilityValue == "expanded", "the state follows")
    #expect(view.performAccessibilityAction(named: "Collapse", at: folder))
    #expect(controller.snapshot.items.map(\.id) == [1, 3])
  }

  @Test("an error row of a source that retries offers Retry, which loads again")
  func retryErrorRow() async throws {
    let table = testTable(voiceOver: true)
    let attempts = Attempts()
    let source = LoadingSource<SectionInfo, AnyItem>(placeholderSection: SectionInfo(id: "s")) {
      await attempts.add()
      throw Offline()
    }
    let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(host: table) {
      host, path, _ in host.dequeueCell(withReuseIdentifier: "cell", for: path)
    }
    controller.connect(to: source)
    source.load()
    await source.waitForLoad()
    let row = ItemPath(section: 0, item: 0)
    #expect(controller.snapshot.item(at: row)?.base is ErrorPlaceholder)
    #expect(table.visibleCell(at: row)?.accessibilityActionNames == ["Retry"])
    #expect(table.performAccessibilityAction(named: "Retry", at: row))
    await source.waitForLoad()
    #expect(await attempts.count == 2)
  }
}

/// Counts a loader's attempts.
private actor Attempts {
  var count = 0
  func add() { count += 1 }
}

/// A load that fails.
private struct Offline: Error {}
