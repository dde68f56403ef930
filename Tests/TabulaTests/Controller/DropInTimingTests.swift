import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// Apple's contract for the drop-in: once `apply` returns, the view and
/// every query answer the snapshot applied, whatever Tabula stages or
/// coalesces; completions run after the animations, never inside `apply`;
/// the content offset is left alone.
@MainActor
@Suite("DiffableDataSource: Apple's timing")
struct DropInTimingTests {
  enum Section: Hashable, Sendable { case a, b, c }

  typealias Source = DiffableDataSource<SimulatedListView, Section, Int>

  /// A data source on a table whose animations end when `timing` says.
  func make(_ timing: SimulatedListView.AnimationTiming, viewportHeight: Int = 20)
    -> (SimulatedTableView, Source)
  {
    let table = SimulatedTableView(viewportHeight: viewportHeight)
    table.animationTiming = timing
    table.register(SimulatedCell.self, forReuseIdentifier: "row")
    let dataSource = Source(host: table) { host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = "row \(id)"
      return cell
    }
    return (table, dataSource)
  }

  func snapshot(_ sections: [(Section, [Int])]) -> DiffableSnapshot<Section, Int> {
    var snapshot = DiffableSnapshot<Section, Int>()
    for (section, items) in sections {
      snapshot.appendSections([section])
      snapshot.appendItems(items, toSection: section)
    }
    return snapshot
  }

  /// Every query of `dataSource`, and the table, agree with `expected`.
  func expectAgreement(
    _ dataSource: Source, _ table: SimulatedTableView, _ expected: DiffableSnapshot<Section, Int>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(dataSource.snapshot() == expected, sourceLocation: sourceLocation)
    #expect(table.violations.isEmpty, "\(table.violations)", sourceLocation: sourceLocation)
    #expect(
      table.numberOfSections == expected.numberOfSections, "the view shows the snapshot",
      sourceLocation: sourceLocation)
    #expect(
      dataSource.numberOfSections == expected.numberOfSections, sourceLocation: sourceLocation)
    for (index, section) in expected.sectionIdentifiers.enumerated() {
      #expect(dataSource.sectionIdentifier(for: index) == section, sourceLocation: sourceLocation)
      #expect(dataSource.index(for: section) == index, sourceLocation: sourceLocation)
      let items = expected.itemIdentifiers(inSection: section)
      #expect(dataSource.numberOfItems(inSectionAt: index) == items.count)
      if index < table.numberOfSections {
        #expect(
          table.numberOfRows(inSectionAt: index) == items.count, sourceLocation: sourceLocation)
      }
      for (item, id) in items.enumerated() {
        let path = ItemPath(section: index, item: item)
        #expect(dataSource.path(for: id) == path, sourceLocation: sourceLocation)
        #expect(dataSource.itemIdentifier(for: path) == id, sourceLocation: sourceLocation)
      }
    }
  }

  @Test("an apply during an animation: the view and every query answer it once apply returns")
  func applyDuringAnimation() {
    let (table, dataSource) = make(.manual)
    var completed: [Int] = []
    let first = snapshot([(.a, [1, 2, 3]), (.b, [4]), (.c, [5])])
    dataSource.apply(first) { completed.append(1) }
    expectAgreement(dataSource, table, first)
    // The first apply's animation is still running: the next one does not wait.
    let second = snapshot([(.b, [6, 4, 1])])
    dataSource.apply(second) { completed.append(2) }
    expectAgreement(dataSource, table, second)
    // What a screen does right after apply: scroll to the new row.
    let path = dataSource.path(for: 6)
    #expect(path == ItemPath(section: 0, item: 0))
    #expect(completed.isEmpty, "completions wait for the animations")
    table.finishAnimations()
    #expect(completed == [1, 2], "each once its animation ended, in order")
  }

  @Test("completions run after the animations, in order, never inside apply")
  func completionsAfterAnimations() async {
    let (table, dataSource) = make(.immediate)
    var completed: [Int] = []
    dataSource.apply(snapshot([(.a, [1, 2])])) { completed.append(1) }
    #expect(completed.isEmpty, "the view completed the batch at once, but apply has not returned")
    dataSource.apply(snapshot([(.a, [2, 1])]), animatingDifferences: false) { completed.append(2) }
    dataSource.applySnapshotUsingReloadData(snapshot([(.a, [3])])) { completed.append(3) }
    dataSource.apply(snapshot([(.a, [3])])) { completed.append(4) }
    #expect(completed.isEmpty)
    await yieldUntil { completed.count >= 4 }
    #expect(completed == [1, 2, 3, 4])
    #expect(table.violations.isEmpty)
  }

  @Test("a large list is diffed before apply returns, not in the background")
  func largeList() {
    let (table, dataSource) = make(.nextTurn)
    let first = snapshot([(.a, Array(0..<15_000))])
    dataSource.apply(first, animatingDifferences: false)
    #expect(dataSource.controller.backgroundDiffThreshold < 30_000)
    let second = snapshot([(.a, [-1] + Array(0..<15_000).filter { $0 % 7 != 0 })])
    dataSource.apply(second)
    #expect(dataSource.path(for: -1) == ItemPath(section: 0, item: 0))
    #expect(dataSource.path(for: 7) == nil)
    #expect(table.numberOfRows(inSectionAt: 0) == second.numberOfItems)
    #expect(dataSource.snapshot() == second)
    #expect(table.violations.isEmpty)
  }

  @Test("a staged update: every batch reaches the view before apply returns")
  func stagedUpdate() {
    let (table, dataSource) = make(.manual)
    dataSource.apply(snapshot([(.a, [1, 2, 3]), (.b, [4, 5]), (.c, [6])]))
    table.finishAnimations()
    let batches = table.batchCount
    // A section move with item moves across it, and a moved row reloaded:
    // UIKit takes these in more than one batch.
    var next = snapshot([(.c, [6, 3]), (.a, [2, 1]), (.b, [5, 4])])
    next.reloadItems([3, 1])
    dataSource.apply(next)
    #expect(table.batchCount - batches > 1, "staged in several batches")
    expectAgreement(dataSource, table, snapshot([(.c, [6, 3]), (.a, [2, 1]), (.b, [5, 4])]))
  }

  @Test("UIKit's callbacks during a staged update ask about the batch, and the queries answer it")
  func callbacksDuringStages() {
    let (table, dataSource) = make(.manual)
    var asked: [(section: Int, sections: Int)] = []
    dataSource.sectionTitle = { kind, section in
      // What Apple-style code does in titleForHeaderInSection.
      let sections = dataSource.snapshot().sectionIdentifiers
      asked.append((section, sections.count))
      guard kind == .header, section < sections.count else { return nil }
      return "\(sections[section])"
    }
    var random = SeededRandom(seed: 7)
    let all: [Section] = [.a, .b, .c]
    for _ in 0..<40 {
      let sections = all.shuffled(using: &random).prefix(random.int(in: 0...3))
      var next = DiffableSnapshot<Section, Int>()
      var ids = Array(0..<12).shuffled(using: &random)
      for section in sections {
        next.appendSections([section])
        next.appendItems(Array(ids.prefix(random.int(in: 0...4))), toSection: section)
        ids.removeFirst(min(ids.count, next.numberOfItems(inSection: section)))
      }
      if let id = next.itemIdentifiers.randomElement(using: &random) { next.reloadItems([id]) }
      dataSource.apply(next)
      if random.chance(0.5) { table.finishAnimations() }
      next = DiffableSnapshot(next.snapshot.withoutMarks)
      expectAgreement(dataSource, table, next)
      for (index, section) in next.sectionIdentifiers.enumerated() {
        #expect(table.headerTitle(forSectionAt: index) == "\(section)")
      }
    }
    #expect(
      asked.allSatisfy { $0.section < $0.sections },
      "a title was asked for a section snapshot() does not have")
  }

  @Test("the content offset is left alone, as Apple's: rows inserted above push the content down")
  func noAnchoring() {
    let (table, dataSource) = make(.immediate, viewportHeight: 10)
    dataSource.apply(snapshot([(.a, Array(100..<150))]))
    table.contentOffset = 20
    #expect(table.visibleItemPaths.first == ItemPath(section: 0, item: 20))
    dataSource.apply(snapshot([(.a, Array(0..<5) + Array(100..<150))]))
    #expect(table.contentOffset == 20)
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 20))?.text == "row 115")
  }
}
