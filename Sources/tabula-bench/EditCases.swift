import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTesting

let editCases = [
  BenchCase(
    name: "edit.reorder",
    summary:
      "10,000 random user moves in a 100,000-row SQLite list, written back by rank vs "
      + "renumbering the whole list",
    run: editReorder),
  BenchCase(
    name: "edit.reorder.dense",
    summary:
      "2,000 random user moves in a 100,000-row list whose ranks start 1 apart (every move "
      + "relabels a window at first)",
    run: editReorderDense),
]

/// A row whose content is its title: its list and position place it.
struct EditRow: FetchableRecord, Diffable, Sendable {
  var id: Int64
  var list: String
  var position: Int64
  var title: String

  init(row: Row) throws {
    id = row["id"]
    list = row["list"]
    position = row["position"]
    title = row["title"]
  }

  func isContentEqual(to other: EditRow) -> Bool { title == other.title }
}

struct EditRowPresenter: Presenter {
  func reuseIdentifier(for row: EditRow, style: PresentationStyle) -> String { "row" }
  func configure(_ cell: SimulatedCell, with row: EditRow, context: PresentationContext) {
    cell.text = row.title
  }
  func canMove(_ row: EditRow) -> Bool { true }
}

@MainActor
func editReorder(runs: Int) async -> [BenchResult] {
  do {
    return try await measureEditReorder(runs: runs, moves: 10_000, dense: false)
  } catch {
    print("edit.reorder failed: \(error)")
    return []
  }
}

@MainActor
func editReorderDense(runs: Int) async -> [BenchResult] {
  do {
    return try await measureEditReorder(runs: runs, moves: 2_000, dense: true)
  } catch {
    print("edit.reorder.dense failed: \(error)")
    return []
  }
}

/// A database of `count` rows in `lists` lists (the row `id` in list
/// `id % lists`), ranked 2³² apart in id order, or 1 apart when `dense`;
/// with a unique index on the order when `uniqueOrder`.
func rowDatabase(count: Int, lists: Int, dense: Bool, uniqueOrder: Bool) async throws
  -> TemporaryDatabase
{
  let temporary = try TemporaryDatabase()
  do {
    try await fill(temporary)
  } catch {
    temporary.remove()
    throw error
  }
  return temporary

  func fill(_ temporary: TemporaryDatabase) async throws {
    try await temporary.pool.write { db in
      try db.execute(
        sql: "CREATE TABLE row (id INTEGER PRIMARY KEY, list TEXT NOT NULL, "
          + "position INTEGER NOT NULL, title TEXT NOT NULL)")
      try db.execute(
        sql: "CREATE \(uniqueOrder ? "UNIQUE " : "")INDEX row_order ON row (list, position)")
      let insert = try db.makeStatement(
        sql: "INSERT INTO row (id, list, position, title) VALUES (?, ?, ?, ?)")
      for id in 0..<count {
        let position = dense ? Int64(id / lists) : Int64(id) << 32
        try insert.execute(arguments: [id, "list \(id % lists)", position, "Row \(id)"])
      }
    }
  }
}

/// `moves` random user moves in a 100,000-row list in 10 sections, ranks
/// 2³² apart (or 1 apart when `dense`).
@MainActor
func measureEditReorder(runs: Int, moves: Int, dense: Bool) async throws -> [BenchResult] {
  let count = 100_000
  let lists = 10
  let temporary = try await rowDatabase(
    count: count, lists: lists, dense: dense, uniqueOrder: false)
  defer { temporary.remove() }
  let database = temporary.pool
  let request = FetchedRequest(
    table: "row", orderedBy: [.ascending("list"), .ascending("position")])
  let list = FetchedList<EditRow, EditRow>(
    database, request: request, sectionedBy: .column("list"))
  try list.enableEditing(rankColumn: "position")
  let table = SimulatedTableView(viewportHeight: 20)
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  table.animationTiming = .immediate
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(EditRowPresenter())
  let controller = ListController<SectionInfo, EditRow, SimulatedCell>(
    host: table, presenters: presenters)
  controller.connect(to: list)
  await list.waitUntilIdle()
  while controller.isUpdating { await Task.yield() }
  let clock = ContinuousClock()
  let batchesBefore = table.batchCount

  // Random moves as the user makes them: the view moves the row, the
  // controller adopts it and the list writes it back. Every 100 moves the
  // database's echoes are let in (they coalesce into one fetch).
  // A naive model of the user's moves, per section: what SQLite must hold
  // at the end (the echoes bring the list to the table, so comparing those
  // two alone would prove nothing).
  var expected = controller.snapshot.sections.indices.map {
    controller.snapshot.items(inSectionAt: $0).map(\.id)
  }
  var random = BenchRandom(seed: 17)
  var times: [Double] = []
  var saves: [Double] = []
  var written: [Int] = []
  var echo = Duration.zero
  for move in 0..<moves {
    let counts = (0..<table.numberOfSections).map { table.numberOfRows(inSectionAt: $0) }
    let from = Int(random.next() % UInt64(counts.count))
    let source = ItemPath(section: from, item: Int(random.next() % UInt64(counts[from])))
    let to = Int(random.next() % UInt64(counts.count))
    let room = counts[to] - (to == from ? 1 : 0)
    let target = ItemPath(section: to, item: Int(random.next() % UInt64(room + 1)))
    let rowsBefore = list.rowsWrittenByEdits
    let start = clock.now
    let landed = table.userMoveRow(from: source, to: target)
    times.append(milliseconds(clock.now - start))
    if let landed, landed != source {
      expected[landed.section].insert(
        expected[source.section].remove(at: source.item), at: landed.item)
    }
    // The save runs off the main actor; its rows are counted once it ends.
    let saveStart = clock.now
    await controller.waitUntilWritten()
    saves.append(milliseconds(clock.now - saveStart))
    written.append(list.rowsWrittenByEdits - rowsBefore)
    if move % 100 == 99 {
      let echoStart = clock.now
      await list.waitUntilIdle()
      while controller.isUpdating { await Task.yield() }
      echo += clock.now - echoStart
    }
  }
  await list.waitUntilIdle()
  while controller.isUpdating { await Task.yield() }
  let echoBatches = table.batchCount - batchesBefore

  // Checked against SQLite itself: the table in rank order is the list.
  let stored = try await database.read { db in
    try Int64.fetchAll(db, sql: "SELECT id FROM row ORDER BY list, position, rowid")
  }
  let shown = controller.snapshot.items.map(\.id)
  let intended = expected.flatMap { $0 }

  // The baseline: the new order written by renumbering every row.
  var renumbers: [Double] = []
  for _ in 0..<max(1, min(runs, 5)) {
    let order = shown
    let start = clock.now
    try await database.write { db in
      let update = try db.makeStatement(sql: "UPDATE row SET position = ? WHERE id = ?")
      for (index, id) in order.enumerated() {
        try update.execute(arguments: [Int64(index) << 32, id])
      }
    }
    renumbers.append(milliseconds(clock.now - start))
  }
  renumbers.sort()
  times.sort()
  let mean = times.reduce(0, +) / Double(times.count)
  let firstMove = dense ? try await measureFirstDenseMove(count: count) : nil
  var extra: [(String, Double)] = [
    ("moves", Double(moves)),
    ("rows_written_mean", Double(written.reduce(0, +)) / Double(written.count)),
    ("rows_written_max", Double(written.max() ?? 0)),
    ("relabels", Double(written.filter { $0 > 1 }.count)),
    ("echo_batches", Double(echoBatches)),
    ("ms_median", times[times.count / 2]),
    ("ms_max", times.last ?? 0),
    ("save_ms_mean", saves.reduce(0, +) / Double(saves.count)),
    ("save_ms_max", saves.max() ?? 0),
    ("echo_ms_per_move", milliseconds(echo) / Double(moves)),
    ("order_matches_sqlite", stored == shown && stored == intended ? 1 : 0),
    ("violations", Double(table.violations.count)),
  ]
  if let firstMove {
    extra += [
      ("first_move_rows", Double(firstMove.rows)), ("first_move_main_ms", firstMove.main),
      ("first_move_save_ms", firstMove.save), ("first_move_main_gap_ms", firstMove.gap),
    ]
  }
  return [
    BenchResult(
      name: dense ? "edit.reorder.dense" : "edit.reorder", n: count, milliseconds: mean,
      baseline: "renumber all", baselineMilliseconds: renumbers[renumbers.count / 2],
      extra: extra)
  ]
}

/// The documented worst case: the first move into one densely ranked
/// section of `count` rows (ranks 0, 1, 2...), which relabels the whole
/// section. Returns the rows written, the main actor's time in the move,
/// the time to save it, and the longest the main actor went without
/// running a 1 ms ticker while the save ran (it is not blocked by it).
@MainActor
func measureFirstDenseMove(count: Int) async throws -> (
  rows: Int, main: Double, save: Double, gap: Double
) {
  let temporary = try await rowDatabase(count: count, lists: 1, dense: true, uniqueOrder: true)
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
  controller.connect(to: list)
  await list.waitUntilIdle()
  while controller.isUpdating { await Task.yield() }
  let clock = ContinuousClock()
  let start = clock.now
  table.userMoveRow(
    from: ItemPath(section: 0, item: count - 1), to: ItemPath(section: 0, item: count / 2))
  let main = milliseconds(clock.now - start)
  // A ticker on the main actor: the longest gap between its ticks is how
  // long the main actor was kept from running while the save ran.
  let ticker = Task { @MainActor in
    var longest = Duration.zero
    var last = clock.now
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(1))
      let now = clock.now
      longest = max(longest, now - last)
      last = now
    }
    return longest
  }
  await controller.waitUntilWritten()
  let save = milliseconds(clock.now - start)
  ticker.cancel()
  let longest = await ticker.value
  return (list.rowsWrittenByEdits, main, save, milliseconds(longest))
}
