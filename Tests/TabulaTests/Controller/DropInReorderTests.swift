import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// Reorders on the drop-in data source as Apple's callbacks report them:
/// several rows dropped at once are one reorder (one `willReorder`, one
/// `didReorder`) and moves one after another (`moveRowAt`); every section
/// a reorder touches has its section transaction; nothing reaches the view
/// inside its move callback.
@MainActor
@Suite("DiffableDataSource: reorders as Apple's callbacks report them")
struct DropInReorderTests {
  enum Section: String, Hashable, Sendable { case a, b }

  typealias Source = DiffableDataSource<SimulatedListView, Section, String>

  /// A table with `sections` (each a section's items), every row movable.
  func make(_ sections: [Section: [String]], kind: ListViewKind = .table) async
    -> (SimulatedListView, Source)
  {
    let view: SimulatedListView =
      kind == .table
      ? SimulatedTableView(viewportHeight: 40) : SimulatedCollectionView(viewportHeight: 40)
    view.register(SimulatedCell.self, forReuseIdentifier: "row")
    let dataSource = Source(host: view) { host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = id
      return cell
    }
    dataSource.canMoveItem = { _ in true }
    var snapshot = DiffableSnapshot<Section, String>()
    for section in [Section.a, .b] where sections[section] != nil {
      snapshot.appendSections([section])
      snapshot.appendItems(sections[section]!, toSection: section)
    }
    await dataSource.apply(snapshot)
    return (view, dataSource)
  }

  /// What the view shows, section by section.
  func shown(_ view: SimulatedListView) -> [[String]] {
    (0..<view.numberOfSections).map { section in
      (0..<view.numberOfRows(inSectionAt: section)).map {
        view.visibleCell(at: ItemPath(section: section, item: $0))?.text ?? "?"
      }
    }
  }

  @Test("rows a, b dropped at the end of a…e: one transaction, moves one after another")
  func severalRowsDropped() async throws {
    let (view, dataSource) = await make([.a: ["a", "b", "c", "d", "e"]])
    // An app as Apple's documentation has it: its array, updated by each
    // moveRowAt in turn; and a store the section transactions update.
    var rows = ["a", "b", "c", "d", "e"]
    var moves: [String] = []
    dataSource.didMoveItem = { from, to in
      moves.append("\(from)→\(to)")
      rows.insert(rows.remove(at: from.item), at: to.item)
    }
    var transactions: [String] = []
    var store: [Section: [String]] = [.a: rows]
    dataSource.willReorder = { _ in transactions.append("will") }
    dataSource.didReorder = { transaction in
      transactions.append("did")
      for section in transaction.sectionTransactions {
        store[section.sectionIdentifier] = section.finalSnapshot.items
      }
      #expect(transaction.finalSnapshot.itemIdentifiers == ["c", "d", "e", "a", "b"])
      #expect(transaction.initialSnapshot.itemIdentifiers == ["a", "b", "c", "d", "e"])
    }
    var drag = try #require(view.beginDrag(at: ItemPath(section: 0, item: 0)))
    #expect(view.addToDrag(&drag, at: ItemPath(section: 0, item: 1)))
    #expect(!view.addToDrag(&drag, at: ItemPath(section: 0, item: 1)), "once")
    #expect(view.drop(drag, at: .insert(at: ItemPath(section: 0, item: 5))))
    #expect(shown(view) == [["c", "d", "e", "a", "b"]])
    #expect(dataSource.snapshot().itemIdentifiers == ["c", "d", "e", "a", "b"])
    #expect(transactions == ["will", "did"], "one reorder")
    #expect(moves == ["[0, 0]→[0, 4]", "[0, 0]→[0, 4]"])
    #expect(rows == ["c", "d", "e", "a", "b"], "the moves, applied in turn")
    #expect(store[.a] == rows)
    #expect(view.violations.isEmpty)
  }

  @Test(
    "a move across ordinary sections: a section transaction for each, which Apple's handlers apply",
    arguments: [ListViewKind.table, .collection])
  func sectionTransactionsForOrdinarySections(kind: ListViewKind) async throws {
    let (view, dataSource) = await make([.a: ["a", "b", "c"], .b: ["d", "e"]], kind: kind)
    // Apple's sample's two handlers: the difference applied to the
    // section's items, and the final snapshot's items.
    var byDifference: [Section: [String]] = [.a: ["a", "b", "c"], .b: ["d", "e"]]
    var byFinal = byDifference
    var heard: [DiffableDataSourceTransaction<Section, String>] = []
    dataSource.didReorder = { transaction in
      heard.append(transaction)
      for section in transaction.sectionTransactions {
        let id = section.sectionIdentifier
        if let items = byDifference[id]?.applying(section.difference) { byDifference[id] = items }
        byFinal[id] = section.finalSnapshot.items
      }
    }
    let landed = view.userMoveRow(
      from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
    #expect(landed == ItemPath(section: 1, item: 1))
    let transaction = try #require(heard.first)
    #expect(transaction.sectionTransactions.map(\.sectionIdentifier) == [.a, .b])
    #expect(
      transaction.sectionTransactions.map(\.initialSnapshot.items) == [
        ["a", "b", "c"], ["d", "e"],
      ])
    #expect(byDifference == [.a: ["a", "c"], .b: ["d", "b", "e"]])
    #expect(byFinal == byDifference)
    // The app's next apply, from its store, keeps the move.
    var next = DiffableSnapshot<Section, String>()
    next.appendSections([.a, .b])
    next.appendItems(byFinal[.a]!, toSection: .a)
    next.appendItems(byFinal[.b]!, toSection: .b)
    await dataSource.apply(next)
    #expect(shown(view) == [["a", "c"], ["d", "b", "e"]])
    // A move within one section touches that section only.
    _ = view.userMoveRow(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 1, item: 2))
    #expect(heard.last?.sectionTransactions.map(\.sectionIdentifier) == [.b])
    #expect(byFinal == [.a: ["a", "c"], .b: ["b", "e", "d"]])
    #expect(view.violations.isEmpty)
  }

  @Test(
    "an app that applies inside moveRowAt, and an outline's reorder: no update inside the callback")
  func nothingInsideTheMoveCallback() async throws {
    let (view, dataSource) = await make([.a: ["a", "b", "c"]])
    // An app that answers a move by applying its own snapshot at once.
    dataSource.didMoveItem = { _, _ in
      var snapshot = dataSource.snapshot()
      snapshot.reconfigureItems(snapshot.itemIdentifiers)
      dataSource.apply(snapshot)
    }
    _ = view.userMoveRow(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
    #expect(view.violations.isEmpty, "\(view.violations)")
    #expect(dataSource.snapshot().itemIdentifiers == ["b", "c", "a"])
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["b", "c", "a"]])

    // An outline: the rows under a moved folder follow it once the
    // callback returned.
    var outline = DiffableSectionSnapshot<String>()
    outline.append(["Inbox", "Archive"])
    outline.append(["Work", "Home"], to: "Inbox")
    outline.expand(["Inbox"])
    dataSource.didMoveItem = nil
    await dataSource.apply(outline, to: .b)
    #expect(shown(view) == [["b", "c", "a"], ["Inbox", "Work", "Home", "Archive"]])
    _ = view.userMoveRow(from: ItemPath(section: 1, item: 3), to: ItemPath(section: 1, item: 0))
    #expect(view.violations.isEmpty, "\(view.violations)")
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["b", "c", "a"], ["Archive", "Inbox", "Work", "Home"]])
    #expect(dataSource.snapshot(for: .b).rootItems == ["Archive", "Inbox"])
    // Below Archive (a leaf, the row above), in an outline that is not
    // the first section: beside it.
    _ = view.userMoveRow(from: ItemPath(section: 1, item: 3), to: ItemPath(section: 1, item: 1))
    await dataSource.apply(dataSource.snapshot())
    #expect(shown(view) == [["b", "c", "a"], ["Archive", "Home", "Inbox", "Work"]])
    #expect(dataSource.snapshot(for: .b).rootItems == ["Archive", "Home", "Inbox"])
    #expect(view.violations.isEmpty)
  }
}
