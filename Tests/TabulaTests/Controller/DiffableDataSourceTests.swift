import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// `DiffableDataSource` driven as Apple's diffable data sources are, on
/// the simulated views, which enforce UIKit's batch rules.
@MainActor
@Suite("DiffableDataSource: Apple-style code on simulated views")
struct DiffableDataSourceTests {
  enum Section: Hashable, Sendable { case main, more }

  /// A data source whose cells show "row <id>", counting cell-provider
  /// calls, on a view of `kind`.
  @MainActor
  final class Screen {
    let view: SimulatedListView
    let dataSource: DiffableDataSource<SimulatedListView, Section, Int>
    var provided: [Int] = []

    init(_ kind: ListViewKind, nilFor: Set<Int> = []) {
      view = kind == .table ? SimulatedTableView() : SimulatedCollectionView()
      view.animationTiming = .immediate
      view.register(SimulatedCell.self, forReuseIdentifier: "row")
      weak var screen: Screen?
      dataSource = DiffableDataSource(host: view) { host, path, id in
        screen?.provided.append(id)
        guard !nilFor.contains(id) else { return nil }
        let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
        cell.text = "row \(id)"
        return cell
      }
      screen = self
    }

    /// What the view shows, section by section.
    var shown: [[String]] {
      (0..<view.numberOfSections).map { section in
        (0..<view.numberOfRows(inSectionAt: section)).map {
          view.visibleCell(at: ItemPath(section: section, item: $0))?.text ?? "?"
        }
      }
    }
  }

  /// Returns once the data source's transactions have run and their
  /// completions with them (an apply of the same snapshot completes after
  /// them).
  func settle(_ dataSource: DiffableDataSource<SimulatedListView, Section, Int>) async {
    await dataSource.apply(dataSource.snapshot())
  }

  func snapshot(_ main: [Int], _ more: [Int]? = nil) -> DiffableSnapshot<Section, Int> {
    var snapshot = DiffableSnapshot<Section, Int>()
    snapshot.appendSections([.main])
    snapshot.appendItems(main)
    if let more {
      snapshot.appendSections([.more])
      snapshot.appendItems(more, toSection: .more)
    }
    return snapshot
  }

  @Test(
    "apply animates the difference in batches UIKit accepts; lookups answer for the screen",
    arguments: [ListViewKind.table, .collection])
  func apply(kind: ListViewKind) async {
    let screen = Screen(kind)
    await screen.dataSource.apply(snapshot([1, 2, 3], [4, 5]), animatingDifferences: false)
    #expect(screen.shown == [["row 1", "row 2", "row 3"], ["row 4", "row 5"]])
    await screen.dataSource.apply(snapshot([5, 3, 1], [2, 6]))
    #expect(screen.view.violations.isEmpty, "\(screen.view.violations)")
    #expect(screen.shown == [["row 5", "row 3", "row 1"], ["row 2", "row 6"]])
    #expect(screen.dataSource.snapshot() == snapshot([5, 3, 1], [2, 6]))
    #expect(screen.dataSource.itemIdentifier(for: ItemPath(section: 1, item: 1)) == 6)
    #expect(screen.dataSource.itemIdentifier(for: ItemPath(section: 1, item: 5)) == nil)
    #expect(screen.dataSource.path(for: 1) == ItemPath(section: 0, item: 2))
    #expect(screen.dataSource.path(for: 9) == nil)
    #expect(screen.dataSource.sectionIdentifier(for: 1) == .more)
    #expect(screen.dataSource.sectionIdentifier(for: 2) == nil)
    #expect(screen.dataSource.index(for: .more) == 1)

    var completed = false
    screen.dataSource.apply(snapshot([1]), animatingDifferences: true) { completed = true }
    #expect(screen.dataSource.snapshot() == snapshot([1]), "the last snapshot applied")
    await settle(screen.dataSource)
    #expect(completed)
    #expect(screen.shown == [["row 1"]])
  }

  @Test(
    "reloadItems makes a new cell; reconfigureItems updates the cell on screen",
    arguments: [ListViewKind.table, .collection])
  func reloadAndReconfigure(kind: ListViewKind) async {
    let screen = Screen(kind)
    await screen.dataSource.apply(snapshot([1, 2, 3]))
    let cells = (0..<3).map { screen.view.visibleCell(at: ItemPath(section: 0, item: $0)) }
    screen.provided = []
    var next = screen.dataSource.snapshot()
    next.reloadItems([1])
    next.reconfigureItems([3])
    #expect(next.reloadedItemIdentifiers == [1])
    await screen.dataSource.apply(next)
    #expect(screen.view.violations.isEmpty, "\(screen.view.violations)")
    #expect(Set(screen.provided) == [1, 3], "the cell provider is asked again for both")
    let after = (0..<3).map { screen.view.visibleCell(at: ItemPath(section: 0, item: $0)) }
    #expect(after[0] !== cells[0], "a reload replaces the cell")
    #expect(after[1] === cells[1], "an unmarked row keeps its cell and is not asked")
    #expect(after[2] === cells[2], "a reconfigure updates the cell in place")
    #expect(screen.dataSource.snapshot().reloadedItemIdentifiers == [], "marks are spent")
  }

  @Test("applySnapshotUsingReloadData reloads without a batch")
  func reloadData() async {
    let screen = Screen(.table)
    await screen.dataSource.apply(snapshot([1, 2]))
    let batches = screen.view.batchCount
    let reloads = screen.view.reloadCount
    await screen.dataSource.applySnapshotUsingReloadData(snapshot([2, 1, 3]))
    #expect(screen.view.batchCount == batches)
    #expect(screen.view.reloadCount == reloads + 1)
    #expect(screen.shown == [["row 2", "row 1", "row 3"]])
  }

  @Test("where Apple's stops the app: the problems are reported at apply, the rest is shown")
  func problemsReported() async {
    let screen = Screen(.table, nilFor: [2])
    var snapshot = DiffableSnapshot<Section, Int>()
    snapshot.appendSections([.main])
    snapshot.appendItems([1, 2, 1, 3])
    snapshot.deleteItems([7])
    let reports = recordingReports {
      screen.dataSource.apply(snapshot, animatingDifferences: false)
    }
    await settle(screen.dataSource)
    #expect(
      reports == [
        "DiffableSnapshot.appendItems(_:toSection:): item identifiers must be unique: 1 (at 2) "
          + "repeats the one at 0; 3 others added",
        "DiffableSnapshot.deleteItems(_:): unknown item 7 (at 0): not in the snapshot, ignored",
        "the cell provider returned nil for item 2 at [0, 1]: the row shows a fallback cell "
          + "(Apple's data source stops the app here)",
      ])
    #expect(screen.view.numberOfRows(inSectionAt: 0) == 3, "the screen is the snapshot")
    #expect(screen.dataSource.snapshot().itemIdentifiers == [1, 2, 3])
    #expect(screen.dataSource.snapshot().problems == [], "reported once, with the apply")
  }

  @Test("moves: refused without canMoveItem; kept by the data source before didMoveItem hears it")
  func userMoves() async {
    let screen = Screen(.table)
    await screen.dataSource.apply(snapshot([1, 2, 3], [4]))
    let from = ItemPath(section: 0, item: 0)
    #expect(screen.view.userMoveRow(from: from, to: ItemPath(section: 0, item: 2)) == nil)
    var heard: [(ItemPath, ItemPath, [Int])] = []
    screen.dataSource.canMoveItem = { $0.section == 0 }
    screen.dataSource.didMoveItem = { from, to in
      heard.append((from, to, screen.dataSource.snapshot().itemIdentifiers))
    }
    let landed = screen.view.userMoveRow(from: from, to: ItemPath(section: 1, item: 0))
    #expect(landed == ItemPath(section: 1, item: 0))
    #expect(heard.count == 1)
    #expect(heard.first?.2 == [2, 3, 1, 4], "snapshot() shows the move when it is heard")
    #expect(screen.dataSource.snapshot() == snapshot([2, 3], [1, 4]))
    await settle(screen.dataSource)
    #expect(screen.view.violations.isEmpty)
    #expect(screen.shown == [["row 2", "row 3"], ["row 1", "row 4"]])
  }

  @Test("deletes: the data source hears the commit and the row stays until a snapshot without it")
  func userDeletes() async {
    let screen = Screen(.table)
    await screen.dataSource.apply(snapshot([1, 2, 3]))
    var committed: [ItemPath] = []
    screen.dataSource.commitDelete = { committed.append($0) }
    #expect(screen.view.userDeleteRows(at: [ItemPath(section: 0, item: 1)]).isEmpty)
    #expect(committed.isEmpty, "canDeleteItem is false without an answer, as canEditRowAt's")
    screen.dataSource.canDeleteItem = { _ in true }
    _ = screen.view.userDeleteRows(at: [ItemPath(section: 0, item: 1)])
    #expect(committed == [ItemPath(section: 0, item: 1)])
    #expect(screen.dataSource.snapshot().itemIdentifiers == [1, 2, 3], "nothing deleted yet")
    var next = screen.dataSource.snapshot()
    next.deleteItems([screen.dataSource.itemIdentifier(for: committed[0])!])
    await screen.dataSource.apply(next)
    #expect(screen.shown == [["row 1", "row 3"]])
    #expect(screen.view.violations.isEmpty)
  }

  @Test("section titles come from the data source")
  func titles() async {
    let screen = Screen(.table)
    screen.dataSource.sectionTitle = { kind, section in
      kind == .header ? "Header \(section)" : nil
    }
    await screen.dataSource.apply(snapshot([1], [2]))
    #expect(screen.view.headerTitle(forSectionAt: 1) == "Header 1")
    #expect(screen.view.footerTitle(forSectionAt: 1) == nil)
  }
}
