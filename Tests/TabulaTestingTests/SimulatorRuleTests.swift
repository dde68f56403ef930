import Tabula
import TabulaTesting
import Testing

/// `path` as UIKit prints it in messages.
func uikit(_ section: Int, _ item: Int) -> String {
  "<NSIndexPath> {length = 2, path = \(section) - \(item)}"
}

/// A case of a batch UIKit must reject: counts before and after, the batch,
/// and the message for each kind of view (`nil`: that view accepts it).
struct RejectedBatch: CustomStringConvertible, Sendable {
  let name: String
  let before: [Int]
  let after: [Int]
  let operations: BatchOperations
  let tableMessage: String?
  let collectionMessage: String?

  init(
    _ name: String, before: [Int], after: [Int], table: String?, collection: String?? = nil,
    _ build: (inout BatchOperations) -> Void
  ) {
    self.name = name
    self.before = before
    self.after = after
    var operations = BatchOperations()
    build(&operations)
    self.operations = operations
    tableMessage = table
    // The collection view's wording: "item" for "row", "collection view" for "table view".
    collectionMessage =
      collection
      ?? table.map {
        $0.replacingAll("table view", with: "collection view").replacingAll(" row", with: " item")
          .replacingAll("rows", with: "items")
      }
  }

  var description: String { name }
}

extension String {
  func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}

let rejectedBatches: [RejectedBatch] = [
  // The three known failing batches of TabulaTesting's UIKitBatchRules article (rule 4).
  RejectedBatch(
    "known 1: delete {1}, move 0→1, move 3→0, reload {2}", before: [5], after: [4],
    table: "attempt to perform an insert and a move to the same index path (\(uikit(0, 1)))"
  ) {
    $0.deleteRows = [ItemPath(section: 0, item: 1)]
    $0.moveRows = [
      ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)),
      ItemMove(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0)),
    ]
    $0.reloadRows = [ItemPath(section: 0, item: 2)]
  },
  RejectedBatch(
    "known 2: moveSection 2→4, reloadSections {3}, deleteSections {4}, insertSections {2}",
    before: [1, 1, 1, 1, 1], after: [1, 1, 1, 1, 1],
    table: "attempt to perform an insert and a move to the same section (4)"
  ) {
    $0.moveSections = [IndexMove(from: 2, to: 4)]
    $0.reloadSections = [3]
    $0.deleteSections = [4]
    $0.insertSections = [2]
  },
  RejectedBatch(
    "known 3: reload and move of the same row", before: [3], after: [3],
    table: "attempt to perform a delete and a move from the same index path (\(uikit(0, 1)))"
  ) {
    $0.reloadRows = [ItemPath(section: 0, item: 1)]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 2))]
  },
  // Deletes, against the counts before.
  RejectedBatch(
    "delete and reload the same row", before: [3], after: [2],
    table: "attempt to delete and reload the same index path (\(uikit(0, 1)))"
  ) {
    $0.deleteRows = [ItemPath(section: 0, item: 1)]
    $0.reloadRows = [ItemPath(section: 0, item: 1)]
  },
  RejectedBatch(
    "delete and move the same section", before: [1, 1], after: [1],
    table: "attempt to perform a delete and a move from the same section (0)"
  ) {
    $0.deleteSections = [0]
    $0.moveSections = [IndexMove(from: 0, to: 0)]
  },
  RejectedBatch(
    "delete and move the same row", before: [3], after: [2],
    table: "attempt to perform a delete and a move from the same index path (\(uikit(0, 0)))"
  ) {
    $0.deleteRows = [ItemPath(section: 0, item: 0)]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))]
  },
  RejectedBatch(
    "delete a section that does not exist", before: [1, 1], after: [1],
    table: "attempt to delete section 5, but there are only 2 sections before the update"
  ) { $0.deleteSections = [5] },
  RejectedBatch(
    "delete a row from a section that does not exist", before: [2], after: [2],
    table: "attempt to delete row 0 from section 3, but there are only 1 sections before the update"
  ) { $0.deleteRows = [ItemPath(section: 3, item: 0)] },
  RejectedBatch(
    "delete a row that does not exist", before: [2], after: [1],
    table: "attempt to delete row 5 from section 0 which only contains 2 rows before the update"
  ) { $0.deleteRows = [ItemPath(section: 0, item: 5)] },
  RejectedBatch(
    "move a row out of a deleted section", before: [1, 1], after: [2],
    table: "cannot move a row from a deleted section (0) (strict)",
    collection: "cannot move an item from a deleted section (0)"
  ) {
    $0.deleteSections = [0]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1))]
  },
  RejectedBatch(
    "delete a row twice", before: [3], after: [2],
    table: "attempt to delete row 1 from section 0 more than once (strict)"
  ) { $0.deleteRows = [ItemPath(section: 0, item: 1), ItemPath(section: 0, item: 1)] },
  // Inserts, against the counts after.
  RejectedBatch(
    "insert a section beyond the end", before: [1], after: [1, 1],
    table: "attempt to insert section 5 but there are only 2 sections after the update"
  ) { $0.insertSections = [5] },
  RejectedBatch(
    "insert a row into a section that does not exist", before: [1], after: [1],
    table: "attempt to insert row 0 into section 3, but there are only 1 sections after the update"
  ) { $0.insertRows = [ItemPath(section: 3, item: 0)] },
  RejectedBatch(
    "insert a row beyond the end", before: [1], after: [2],
    table: "attempt to insert row 4 into section 0, but there are only 2 rows in section 0 after "
      + "the update"
  ) { $0.insertRows = [ItemPath(section: 0, item: 4)] },
  RejectedBatch(
    "insert and move to the same section", before: [1, 1], after: [1, 1, 1],
    table: "attempt to perform an insert and a move to the same section (1)"
  ) {
    $0.insertSections = [1]
    $0.moveSections = [IndexMove(from: 0, to: 1)]
  },
  RejectedBatch(
    "insert and move to the same row", before: [2], after: [3],
    table: "attempt to perform an insert and a move to the same index path (\(uikit(0, 0)))"
  ) {
    $0.insertRows = [ItemPath(section: 0, item: 0)]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 0))]
  },
  RejectedBatch(
    "move a row into an inserted section", before: [2], after: [1, 1],
    table: "cannot move a row into a newly inserted section (1) (strict)",
    collection: "cannot move an item into a newly inserted section (1)"
  ) {
    $0.insertSections = [1]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0))]
  },
  RejectedBatch(
    "insert rows into an inserted section", before: [1], after: [1, 1],
    table: "attempt to insert row 0 into section 1, which is itself inserted (strict)"
  ) {
    $0.insertSections = [1]
    $0.insertRows = [ItemPath(section: 1, item: 0)]
  },
  RejectedBatch(
    "insert a row twice", before: [1], after: [3],
    table: "attempt to insert row 0 into section 0 more than once (strict)"
  ) { $0.insertRows = [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 0)] },
  // Moves.
  RejectedBatch(
    "move a section that does not exist", before: [1], after: [1],
    table: "attempt to move section 3, but there are only 1 sections before the update"
  ) { $0.moveSections = [IndexMove(from: 3, to: 0)] },
  RejectedBatch(
    "move a section beyond the end", before: [1, 1], after: [1, 1],
    table: "attempt to to move section 0 to section 4, but there are only 2 sections after the "
      + "update"
  ) { $0.moveSections = [IndexMove(from: 0, to: 4)] },
  RejectedBatch(
    "move a row from a section that does not exist", before: [1], after: [1],
    table: "attempt to move index path (\(uikit(2, 0))) from a section that does not exist - "
      + "there are only 1 sections before the update"
  ) {
    $0.moveRows = [ItemMove(from: ItemPath(section: 2, item: 0), to: ItemPath(section: 0, item: 0))]
  },
  RejectedBatch(
    "move a row that does not exist", before: [1], after: [1],
    table:
      "attempt to move index path (\(uikit(0, 3))) that does not exist - there are only 1 rows "
      + "in section 0 before the update"
  ) {
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 0))]
  },
  RejectedBatch(
    "move a row into a section that does not exist", before: [2], after: [2],
    table: "attempt to move index path (\(uikit(0, 0))) to index path (\(uikit(4, 0))) in section "
      + "that does not exist - there are only 1 sections after the update"
  ) {
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 4, item: 0))]
  },
  RejectedBatch(
    "move a row beyond the end", before: [2], after: [2],
    table: "attempt to move index path (\(uikit(0, 0))) to index path (\(uikit(0, 7))) that does "
      + "not exist - there are only 2 rows in section 0 after the update"
  ) {
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 7))]
  },
  RejectedBatch(
    "move a section to two places", before: [1, 1, 1], after: [1, 1, 1],
    table: "attempt to move section 0 to both section 1 and section 2"
  ) { $0.moveSections = [IndexMove(from: 0, to: 1), IndexMove(from: 0, to: 2)] },
  RejectedBatch(
    "move two sections to one place", before: [1, 1, 1], after: [1, 1, 1],
    table: "attempt to move both section 0 and section 1 to section 2"
  ) { $0.moveSections = [IndexMove(from: 0, to: 2), IndexMove(from: 1, to: 2)] },
  RejectedBatch(
    "move a row to two places", before: [3], after: [3],
    table:
      "attempt to move row at index path \(uikit(0, 0)) to both \(uikit(0, 1)) and \(uikit(0, 2))"
  ) {
    $0.moveRows = [
      ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 1)),
      ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)),
    ]
  },
  RejectedBatch(
    "move two rows to one place", before: [3], after: [3],
    table:
      "attempt to move both row at index path \(uikit(0, 0)) and \(uikit(0, 1)) to \(uikit(0, 2))"
  ) {
    $0.moveRows = [
      ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2)),
      ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 2)),
    ]
  },
  RejectedBatch(
    "move a row to where it is", before: [3], after: [3],
    table: "attempt to move index path (\(uikit(0, 1))) to the same index path (strict)"
  ) {
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))]
  },
  RejectedBatch(
    "move a section to where it is", before: [1, 1], after: [1, 1],
    table: "attempt to move section 1 to the same position (strict)"
  ) { $0.moveSections = [IndexMove(from: 1, to: 1)] },
  // Counts.
  RejectedBatch(
    "the number of sections does not add up", before: [1, 1], after: [1, 1, 1],
    table: "Invalid update: invalid number of sections.  The number of sections contained in the "
      + "table view after the update (3) must be equal to the number of sections contained in the "
      + "table view before the update (2), plus or minus the number of sections inserted or "
      + "deleted (0 inserted, 0 deleted)."
  ) { _ in },
  RejectedBatch(
    "the number of rows does not add up, with moves in and out", before: [3, 3], after: [3, 4],
    table: "Invalid update: invalid number of rows in section 1.  The number of rows contained in "
      + "an existing section after the update (4) must be equal to the number of rows contained "
      + "in that section before the update (3), plus or minus the number of rows inserted or "
      + "deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows "
      + "moved into or out of that section (1 moved in, 0 moved out)."
  ) {
    $0.deleteRows = [ItemPath(section: 1, item: 0)]
    $0.insertRows = [ItemPath(section: 0, item: 0)]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 0))]
  },
  RejectedBatch(
    "a reloaded section changes its count", before: [2, 2], after: [2, 3],
    table: "attempt to reload section 1, whose number of rows changes from 2 to 3 (strict)"
  ) { $0.reloadSections = [1] },
  RejectedBatch(
    "reconfigure a moved row", before: [3], after: [3],
    table: "attempt to reconfigure and move the same index path (\(uikit(0, 0))) (strict)"
  ) {
    $0.reconfigureRows = [ItemPath(section: 0, item: 0)]
    $0.moveRows = [ItemMove(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))]
  },
]

@MainActor
@Suite("Simulated views: UIKit's batch rules and messages")
struct SimulatorRuleTests {
  @Test("each rejected batch fails with UIKit's message", arguments: rejectedBatches)
  func rejected(_ case: RejectedBatch) {
    for kind in [ListViewKind.table, .collection] {
      let (view, source) = loadedView(kind, counts: `case`.before)
      let message = kind == .table ? `case`.tableMessage : `case`.collectionMessage
      source.counts = `case`.after
      let error = #expect(throws: ListViewError.self, "\(kind)") {
        try view.performBatchUpdates {
          for section in `case`.operations.deleteSections {
            try? view.deleteSections(at: [section])
          }
          try? view.insertSections(at: `case`.operations.insertSections)
          try? view.reloadSections(at: `case`.operations.reloadSections)
          for move in `case`.operations.moveSections {
            try? view.moveSection(move.from, toSection: move.to)
          }
          applyRows(`case`.operations, to: view)
        }
      }
      #expect(error?.message == message, "\(kind)")
      #expect(view.numberOfSections == `case`.before.count, "a rejected batch changes nothing")
    }
  }

  func applyRows(_ operations: BatchOperations, to view: SimulatedListView) {
    if let table = view as? SimulatedTableView {
      try? table.deleteRows(at: operations.deleteRows)
      try? table.insertRows(at: operations.insertRows)
      try? table.reloadRows(at: operations.reloadRows)
      try? table.reconfigureRows(at: operations.reconfigureRows)
      for move in operations.moveRows { try? table.moveRow(at: move.from, to: move.to) }
    } else if let collection = view as? SimulatedCollectionView {
      try? collection.deleteItems(at: operations.deleteRows)
      try? collection.insertItems(at: operations.insertRows)
      try? collection.reloadItems(at: operations.reloadRows)
      try? collection.reconfigureItems(at: operations.reconfigureRows)
      for move in operations.moveRows { try? collection.moveItem(at: move.from, to: move.to) }
    }
  }

  @Test("the same batches through BatchRules directly")
  func pureRules() {
    for rejected in rejectedBatches {
      for kind in [ListViewKind.table, .collection] {
        let error = #expect(throws: ListViewError.self, "\(rejected) \(kind)") {
          _ = try BatchRules.apply(
            rejected.operations, before: rejected.before, after: rejected.after, kind: kind)
        }
        #expect(
          error?.message == (kind == .table ? rejected.tableMessage : rejected.collectionMessage),
          "\(rejected) \(kind)")
      }
    }
  }

  @Test("a valid batch with section and cross-section moves keeps every row's identity")
  func validBatchKeepsRows() throws {
    let (view, source) = loadedView(.table, counts: [2, 3, 1])
    let cellsBefore = (0..<3).map { section in
      (0..<source.counts[section]).map {
        view.visibleCell(at: ItemPath(section: section, item: $0))!
      }
    }
    source.counts = [3, 2, 1]
    let table = view as! SimulatedTableView
    try table.performBatchUpdates {
      try? table.moveSection(1, toSection: 0)  // [3] [2] [1]
      try? table.moveRow(at: ItemPath(section: 0, item: 0), to: ItemPath(section: 2, item: 0))
      try? table.deleteRows(at: [ItemPath(section: 2, item: 0)])
      try? table.insertRows(at: [ItemPath(section: 1, item: 1)])
    }
    // Old section 1 is now 0 with its three rows; old section 0 lost row 0 to section 2.
    for row in 0..<3 {
      #expect(table.visibleCell(at: ItemPath(section: 0, item: row)) === cellsBefore[1][row])
    }
    #expect(table.visibleCell(at: ItemPath(section: 1, item: 0)) === cellsBefore[0][1])
    #expect(table.visibleCell(at: ItemPath(section: 1, item: 1))!.text == "1-1", "a new cell")
    #expect(table.visibleCell(at: ItemPath(section: 2, item: 0)) === cellsBefore[0][0])
    #expect(table.headerTitle(forSectionAt: 0) == "Section 1", "headers move with their sections")
  }

  @Test("counts are cached: a change announced after the model changed is counted twice")
  func cachedCounts() {
    let (view, source) = loadedView(.table, counts: [2])
    source.counts = [3]
    // The data source already has 3 rows; the view still knows 2.
    #expect(view.numberOfRows(inSectionAt: 0) == 2)
    let table = view as! SimulatedTableView
    #expect(throws: Never.self) { try table.insertRows(at: [ItemPath(section: 0, item: 2)]) }

    // Never loaded: the counts are read at the first update, after the change.
    let fresh = SimulatedTableView()
    fresh.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let late = CountsDataSource([2])
    fresh.hostDataSource = late
    late.counts = [3]
    let error = #expect(throws: ListViewError.self) {
      try fresh.insertRows(at: [ItemPath(section: 0, item: 2)])
    }
    #expect(
      error?.message.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
    #expect(error?.message.contains("after the update (3)") == true)
    #expect(error?.message.contains("before the update (3)") == true)
  }

  @Test("nested batches are validated once, when the outermost ends")
  func nestedBatches() throws {
    let (view, source) = loadedView(.collection, counts: [2])
    let collection = view as! SimulatedCollectionView
    source.counts = [2]
    try collection.performBatchUpdates {
      // Alone, the inner batch (one insert) would not add up; with the outer delete it does.
      try? collection.performBatchUpdates {
        try? collection.insertItems(at: [ItemPath(section: 0, item: 0)])
      }
      #expect(collection.batchCount == 0, "the inner end validates nothing")
      try? collection.deleteItems(at: [ItemPath(section: 0, item: 1)])
    }
    #expect(collection.batchCount == 1)
  }

  @Test("until the outermost batch ends, the view answers from the old state")
  func oldStateDuringBatch() throws {
    let (view, source) = loadedView(.table, counts: [2])
    let table = view as! SimulatedTableView
    let first = table.visibleCell(at: ItemPath(section: 0, item: 0))
    source.counts = [0]
    try table.performBatchUpdates {
      try? table.deleteRows(at: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)])
      #expect(table.numberOfRows(inSectionAt: 0) == 2)
      #expect(table.visibleItemPaths.count == 2)
      #expect(table.visibleCell(at: ItemPath(section: 0, item: 0)) === first)
    }
    #expect(table.numberOfRows(inSectionAt: 0) == 0)
    #expect(table.visibleItemPaths.isEmpty)
  }

  @Test("reloadData inside a batch is refused")
  func reloadInsideBatch() throws {
    let (view, source) = loadedView(.table, counts: [1])
    try withExtendedLifetime(source) { try view.performBatchUpdates { view.reloadData() } }
    #expect(
      view.violations.map(\.message) == [
        "reloadData() is not allowed inside a batch update (strict)"
      ])
  }
}
