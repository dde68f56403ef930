import Foundation
import GRDB
import TabulaTestSupport
import Testing

@testable import TabulaGRDB

/// The live-query engine alone: what it asks its owner to read, and when
/// it is idle.
@MainActor
@Suite("LiveQuery: commits, reads, holds and idleness")
struct LiveQueryTests {
  /// A query over a `thing` table whose owner records each read it is
  /// asked for and ends it as `outcome` says.
  @MainActor
  final class Owner {
    let query: LiveQuery
    var reads: [FetchSchedule.Need] = []
    /// Reads started and not finished yet.
    var running: [FetchSchedule.Fetch] = []

    init(_ database: DatabaseQueue) {
      query = LiveQuery(database, table: "thing")
      query.startRead = { [unowned self] fetch in
        reads.append(fetch.need)
        running.append(fetch)
      }
    }

    /// Ends the oldest running read as applied (reading nothing), adopting
    /// a plan for a full read so that commits are followed by rowid.
    func finishRead(_ database: DatabaseQueue) async throws {
      let fetch = running.removeFirst()
      if fetch.need == .everything {
        let plan = try await query.read { db in
          let statement = try db.makeStatement(sql: "SELECT * FROM thing")
          return FetchPlan(
            generation: fetch.generation, schemaVersion: try db.schemaVersion(),
            region: statement.databaseRegion, incremental: true,
            rowIDColumns: ["rowid", "oid", "_rowid_", "id"], uniqueColumns: [])
        }
        if query.finished(fetch, .applied) { query.adopt(plan) }
      } else {
        _ = query.finished(fetch, .applied)
      }
      query.next()
    }
  }

  func thingDatabase() throws -> DatabaseQueue {
    let database = try DatabaseQueue()
    try database.write { db in
      try db.execute(sql: "CREATE TABLE thing (id INTEGER PRIMARY KEY, name TEXT)")
    }
    return database
  }

  @Test("the first read is of everything; a commit asks for its rows; idle once they are read")
  func commitsAskForReads() async throws {
    let database = try thingDatabase()
    let owner = Owner(database)
    #expect(owner.reads.isEmpty, "nothing is read before the owner asks")
    owner.query.next()
    #expect(owner.reads == [.everything])
    #expect(!owner.query.isIdle)
    try await owner.finishRead(database)
    await owner.query.waitUntilIdle()
    #expect(owner.query.isIdle)

    try await database.write { db in try db.execute(sql: "INSERT INTO thing VALUES (7, 'seven')") }
    await yieldUntil { !owner.running.isEmpty }
    #expect(owner.reads.last == .rows([7], verify: false), "only the row the commit changed")
    #expect(!owner.query.isIdle)
    try await owner.finishRead(database)
    await owner.query.waitUntilIdle()
    #expect(owner.reads.count == 2)
  }

  @Test("a hold keeps reads back and the query busy; its release starts the read that is due")
  func holds() async throws {
    let database = try thingDatabase()
    let owner = Owner(database)
    owner.query.next()
    try await owner.finishRead(database)
    await owner.query.waitUntilIdle()

    owner.query.hold()
    #expect(!owner.query.isIdle, "a held query is not idle: a save is on its way")
    owner.query.requestChanged(table: "thing")
    #expect(owner.reads.count == 1, "no read starts while held")
    owner.query.release()
    #expect(owner.reads == [.everything, .everything])
    try await owner.finishRead(database)
    await owner.query.waitUntilIdle()
    #expect(owner.query.isIdle)
  }

  @Test("a read made for an old request is not shown after the request changed")
  func generations() async throws {
    let database = try thingDatabase()
    let owner = Owner(database)
    owner.query.next()
    let old = owner.running[0]
    owner.query.requestChanged(table: "thing")
    #expect(!owner.query.finished(old, .applied), "superseded by the new request")
    owner.running.removeFirst()
    owner.query.next()
    #expect(owner.reads == [.everything, .everything])
    try await owner.finishRead(database)
    await owner.query.waitUntilIdle()
  }
}
