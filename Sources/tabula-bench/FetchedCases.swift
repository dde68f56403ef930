import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTerminal
import TabulaTesting

let fetchedCases = [
  BenchCase(
    name: "fetched.update",
    summary:
      "100,000 and 1,000,000 rows in 100 sections, one sort key changes: commit to terminal view vs re-read",
    run: fetchedUpdate)
]

/// A `DatabasePool` in a new temporary folder, which ``remove()`` deletes.
struct TemporaryDatabase {
  let folder: URL
  let pool: DatabasePool

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabula-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    pool = try DatabasePool(path: folder.appendingPathComponent("bench.sqlite").path)
  }

  /// Deletes the folder and the database in it.
  func remove() { try? FileManager.default.removeItem(at: folder) }
}

struct BenchRow: FetchableRecord, Diffable, Equatable, Sendable {
  var id: Int64
  var section: Int
  var rank: Int
  var title: String

  init(row: Row) throws {
    id = row["id"]
    section = row["section"]
    rank = row["rank"]
    title = row["title"]
  }
}

@MainActor
func fetchedUpdate(runs: Int) async -> [BenchResult] {
  do {
    var results: [BenchResult] = []
    for count in [100_000, 1_000_000] {
      results += try await measureFetchedUpdate(count: count, runs: runs)
    }
    return results
  } catch {
    print("fetched.update failed: \(error)")
    return []
  }
}

@MainActor
func measureFetchedUpdate(count: Int, runs: Int) async throws -> [BenchResult] {
  let temporary = try TemporaryDatabase()
  defer { temporary.remove() }
  let database = temporary.pool
  try await database.write { db in
    try db.execute(
      sql: "CREATE TABLE row (id INTEGER PRIMARY KEY, section INTEGER NOT NULL, "
        + "rank INTEGER NOT NULL, title TEXT NOT NULL)")
    try db.execute(sql: "CREATE INDEX row_order ON row (section, rank)")
    let insert = try db.makeStatement(
      sql: "INSERT INTO row (id, section, rank, title) VALUES (?, ?, ?, ?)")
    for id in 0..<count {
      try insert.execute(arguments: [id, id % 100, id, "Row \(id)"])
    }
  }
  let request = FetchedRequest(
    table: "row", orderedBy: [.ascending("section"), .ascending("rank")])
  let list = FetchedList<BenchRow, BenchRow>(
    database, request: request, sectionedBy: .column("section"))
  await list.waitUntilIdle()
  let clock = ContinuousClock()
  var run = 0

  /// From the commit of one changed sort key until `controller` shows it
  /// (its view took the batch and, for the terminal, drew a frame), `runs`
  /// times; also until the list published it.
  func measure<Cell>(
    _ controller: ListController<SectionInfo, BenchRow, Cell>, frame: () -> Void
  ) async throws -> (shown: [Double], published: [Double]) {
    controller.connect(to: list)
    defer { controller.disconnect() }
    while controller.isUpdating { await Task.yield() }
    var shown: [Double] = []
    var published: [Double] = []
    for _ in 0..<max(1, runs) {
      run += 1
      let id = Int64(run * 997 % count)
      let newRank = -run
      try await database.write { db in
        try db.execute(sql: "UPDATE row SET rank = ? WHERE id = ?", arguments: [newRank, id])
      }
      let start = clock.now  // committed
      while list.snapshot.item(withID: id)?.rank != newRank { await Task.yield() }
      published.append(milliseconds(clock.now - start))
      while controller.snapshot.item(withID: id)?.rank != newRank || controller.isUpdating {
        await Task.yield()
      }
      frame()
      shown.append(milliseconds(clock.now - start))
    }
    return (shown.sorted(), published.sorted())
  }

  // The terminal list view, a real view: per-section counts and a line
  // index, so a batch costs what it changes.
  let terminal = TerminalListView(width: 100, height: 40)
  let onTerminal = ListController<SectionInfo, BenchRow, TerminalCell>(host: terminal) {
    host, path, row in
    let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
    cell.text = row.title
    return cell
  }
  var characters = 0
  let (updates, published) = try await measure(onTerminal) {
    characters &+= terminal.render().count
  }
  blackHole(characters)

  // The simulated table of the tests: it checks every batch against UIKit's
  // rules row by row, O(n) by design.
  let table = SimulatedTableView(viewportHeight: 20)
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  table.animationTiming = .immediate
  let onTable = ListController<SectionInfo, BenchRow, SimulatedCell>(host: table) {
    host, path, row in
    let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
    cell.text = row.title
    return cell
  }
  let (simulated, _) = try await measure(onTable) {}

  // The baseline: the whole table read again into a new snapshot (at most
  // three times: a million rows take seconds).
  var rereads: [Double] = []
  for _ in 0..<min(3, max(1, runs)) {
    let start = clock.now
    let rows = try await database.read { db in
      try BenchRow.fetchAll(db, sql: "SELECT * FROM row ORDER BY section, rank, rowid")
    }
    let snapshot = try Snapshot(
      grouping: rows, by: { String($0.section) }, section: { SectionInfo(id: $0) })
    blackHole(snapshot)
    rereads.append(milliseconds(clock.now - start))
  }
  rereads.sort()
  return [
    BenchResult(
      name: "fetched.update", n: count, milliseconds: updates[updates.count / 2],
      baseline: "re-read", baselineMilliseconds: rereads[rereads.count / 2],
      extra: [
        ("list_ms", published[published.count / 2]),
        ("simulated_table_ms", simulated[simulated.count / 2]),
        ("full_fetches", Double(list.fullFetchCount)),
        ("incremental_fetches", Double(list.incrementalFetchCount)),
        ("violations", Double(table.violations.count)),
      ])
  ]
}
