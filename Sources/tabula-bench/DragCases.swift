import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTesting

let dragCases = [
  BenchCase(
    name: "edit.drag.many",
    summary:
      "1,000 selected rows of a 100,000-row SQLite list dragged to one place: one write of the "
      + "rows moved vs the same rows moved one at a time",
    run: editDragMany)
]

@MainActor
func editDragMany(runs: Int) async -> [BenchResult] {
  do {
    return try await measureDragMany(runs: runs)
  } catch {
    print("edit.drag.many failed: \(error)")
    return []
  }
}

/// Drags every 100th row of a 100,000-row list in 10 sections (ranks 2³²
/// apart) to one place in the fourth section, through the simulated
/// table's drop as TabulaUIKit's drop delegate makes it; then undoes it.
/// The baseline moves the same rows to the same place one user move at a
/// time.
@MainActor
func measureDragMany(runs: Int) async throws -> [BenchResult] {
  let count = 100_000
  let lists = 10
  let temporary = try await rowDatabase(count: count, lists: lists, dense: false, uniqueOrder: true)
  defer { temporary.remove() }
  let database = temporary.pool
  let list = FetchedList<EditRow, EditRow>(
    database,
    request: FetchedRequest(table: "row", orderedBy: [.ascending("list"), .ascending("position")]),
    sectionedBy: .column("list"))
  try list.enableEditing(rankColumn: "position")
  let table = SimulatedTableView(viewportHeight: 20)
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  table.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(EditRowPresenter())
  let controller = ListController<SectionInfo, EditRow, SimulatedCell>(
    host: table, presenters: presenters)
  controller.selectionMode = .multiple
  controller.connect(to: list)
  let commits = CommitCount()
  database.add(transactionObserver: commits)
  func settle() async {
    await controller.waitUntilWritten()
    await list.waitUntilIdle()
    while controller.isUpdating { await Task.yield() }
  }
  await settle()
  let start = controller.snapshot.items.map(\.id)
  // Every 100th row, in the list's order; dropped before row 5,050 of the
  // fourth section (not one of them).
  let selected = stride(from: 0, to: start.count, by: 100).map { start[$0] }
  let target = ItemPath(section: 3, item: 5_050)
  let anchor = controller.snapshot[target].id
  var naive = start.filter { !Set(selected).contains($0) }
  naive.insert(contentsOf: selected, at: naive.firstIndex(of: anchor)!)

  let clock = ContinuousClock()
  var drops: [Double] = []
  var saves: [Double] = []
  var undos: [Double] = []
  var written: [Int] = []
  var commitCounts: [Int] = []
  var echoBatches: [Int] = []
  var matches = true
  for _ in 0..<max(1, min(runs, 5)) {
    _ = controller.setSelection(Set(selected))
    let drag = table.beginDrag(at: controller.snapshot.path(of: selected[0])!)!
    let rowsBefore = list.rowsWrittenByEdits
    let commitsBefore = commits.count
    let began = clock.now
    guard table.drop(drag, at: .insert(at: target)) else { throw DragBenchError.refused }
    drops.append(milliseconds(clock.now - began))
    await controller.waitUntilWritten()
    saves.append(milliseconds(clock.now - began))
    let batches = table.batchCount
    await settle()
    echoBatches.append(table.batchCount - batches)
    written.append(list.rowsWrittenByEdits - rowsBefore)
    commitCounts.append(commits.count - commitsBefore)
    let stored = try await database.read { db in
      try Int64.fetchAll(db, sql: "SELECT id FROM row ORDER BY list, position, rowid")
    }
    matches = matches && stored == naive && controller.snapshot.items.map(\.id) == naive
    let undoStart = clock.now
    controller.undo()
    await settle()
    undos.append(milliseconds(clock.now - undoStart))
    matches = matches && controller.snapshot.items.map(\.id) == start
  }

  // The baseline: the same rows moved to the same place one user move
  // (one transaction) at a time, in order.
  let rowsBefore = list.rowsWrittenByEdits
  let baselineStart = clock.now
  for id in selected {
    let path = controller.latestSnapshot.path(of: anchor)!
    _ = try controller.userMoveItem(
      withID: id,
      to: controller.latestSnapshot.path(of: id)!.section == path.section
        && controller.latestSnapshot.path(of: id)!.item < path.item
        ? ItemPath(section: path.section, item: path.item - 1) : path)
    await controller.waitUntilWritten()
  }
  let baseline = milliseconds(clock.now - baselineStart)
  let baselineRows = list.rowsWrittenByEdits - rowsBefore
  await settle()
  let afterBaseline = try await database.read { db in
    try Int64.fetchAll(db, sql: "SELECT id FROM row ORDER BY list, position, rowid")
  }
  drops.sort()
  saves.sort()
  return [
    BenchResult(
      name: "edit.drag.many", n: count, milliseconds: saves[saves.count / 2],
      baseline: "1,000 single moves", baselineMilliseconds: baseline,
      extra: [
        ("rows_dragged", Double(selected.count)),
        ("rows_written", Double(written.max() ?? 0)),
        ("commits", Double(commitCounts.max() ?? 0)),
        ("echo_batches", Double(echoBatches.max() ?? 0)),
        ("drop_main_ms", drops[drops.count / 2]),
        ("undo_ms", undos.sorted()[undos.count / 2]),
        ("baseline_rows_written", Double(baselineRows)),
        ("order_matches_sqlite", matches && afterBaseline == naive ? 1 : 0),
        ("violations", Double(table.violations.count)),
      ])
  ]
}

enum DragBenchError: Error { case refused }

/// Counts a database's commits.
final class CommitCount: TransactionObserver, @unchecked Sendable {
  private let lock = NSLock()
  private var commits = 0

  var count: Int { lock.withLock { commits } }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
  func databaseDidChange(with event: DatabaseEvent) {}
  func databaseDidCommit(_ db: Database) { lock.withLock { commits += 1 } }
  func databaseDidRollback(_ db: Database) {}
}
