import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTesting

let fetchedCases = [
  BenchCase(
    name: "fetched.update",
    summary: "100,000 rows in 100 sections, one sort key changes: commit to simulator vs re-read",
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
    return try await measureFetchedUpdate(runs: runs)
  } catch {
    print("fetched.update failed: \(error)")
    return []
  }
}

@MainActor
func measureFetchedUpdate(runs: Int) async throws -> [BenchResult] {
  let count = 100_000
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
  let table = SimulatedTableView(viewportHeight: 20)
  table.register(SimulatedCell.self, forReuseIdentifier: "row")
  table.animationTiming = .immediate
  let controller = ListController<SectionInfo, BenchRow, SimulatedCell>(host: table) {
    host, path, row in
    let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
    cell.text = row.title
    return cell
  }
  controller.connect(to: list)
  await list.waitUntilIdle()
  while controller.isUpdating { await Task.yield() }
  let clock = ContinuousClock()

  // From the commit of one changed sort key until the simulator shows it.
  var updates: [Double] = []
  for run in 0..<max(1, runs) {
    let id = Int64(run * 997 % count)
    let newRank = -(run + 1)
    try await database.write { db in
      try db.execute(sql: "UPDATE row SET rank = ? WHERE id = ?", arguments: [newRank, id])
    }
    let start = clock.now  // committed
    while controller.snapshot.item(withID: id)?.rank != newRank || controller.isUpdating {
      await Task.yield()
    }
    updates.append(milliseconds(clock.now - start))
  }

  // The baseline: the whole table read again into a new snapshot.
  var rereads: [Double] = []
  for _ in 0..<max(1, runs) {
    let start = clock.now
    let rows = try await database.read { db in
      try BenchRow.fetchAll(db, sql: "SELECT * FROM row ORDER BY section, rank, rowid")
    }
    let snapshot = try Snapshot(
      grouping: rows, by: { String($0.section) }, section: { SectionInfo(id: $0) })
    blackHole(snapshot)
    rereads.append(milliseconds(clock.now - start))
  }
  updates.sort()
  rereads.sort()
  return [
    BenchResult(
      name: "fetched.update", n: count, milliseconds: updates[updates.count / 2],
      baseline: "re-read", baselineMilliseconds: rereads[rereads.count / 2],
      extra: [
        ("full_fetches", Double(list.fullFetchCount)),
        ("incremental_fetches", Double(list.incrementalFetchCount)),
        ("violations", Double(table.violations.count)),
      ])
  ]
}
