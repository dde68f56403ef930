import Foundation

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// What a full read learned about a request, which tells the
/// ``ChangeTracker`` which changes matter and how to follow them.
struct FetchPlan: Sendable {
  /// The request generation the plan was made for.
  let generation: Int
  /// The schema version the plan was read at.
  let schemaVersion: Int32
  /// Every table and column the request reads.
  let region: DatabaseRegion
  /// Whether the request's table is followed row by row (a rowid table, and
  /// a filter that reads no other rows): else every change to the region
  /// reads everything again.
  let incremental: Bool
  /// The names that update the rowid, lowercased: `rowid`, `oid`,
  /// `_rowid_` and the table's INTEGER PRIMARY KEY column.
  let rowIDColumns: Set<String>
  /// The columns of the table's UNIQUE indexes (besides the rowid),
  /// lowercased; `nil` when one indexes an expression (any column may
  /// matter).
  let uniqueColumns: Set<String>?

  /// Whether an insert into the table can delete other rows unannounced
  /// (a `REPLACE` conflict on a UNIQUE index).
  var insertsMayReplace: Bool { uniqueColumns?.isEmpty != true }

  /// Whether an update of `columns` changes rowids (SQLite reports only the
  /// new ones).
  func updatesRowID(_ columns: Set<String>) -> Bool {
    columns.contains { rowIDColumns.contains($0.lowercased()) }
  }

  /// Whether an update of `columns` can delete rows unannounced: it changes
  /// a UNIQUE column (a `REPLACE` conflict).
  func updateMayReplace(_ columns: Set<String>) -> Bool {
    guard let uniqueColumns else { return true }
    return columns.contains { uniqueColumns.contains($0.lowercased()) }
  }
}

/// Follows what each committed transaction changes for one ``FetchedList``,
/// and tells it what to read: the changed rowids of its table, those rows
/// plus a consistency check, or everything.
///
/// SQLite's update hook, which GRDB forwards as row events, does not see
/// everything. It does not report rows deleted by `REPLACE` conflict
/// resolution, reports only the new rowid when an UPDATE changes a rowid,
/// and reports nothing for `WITHOUT ROWID` tables, for schema changes, or
/// for rows another table's change brings into a filter. The tracker fills
/// these gaps from what GRDB tells it before each statement runs (the
/// tables and columns it writes, from SQLite's authorizer):
///
/// - a write to another table the request reads (a filter's subquery, a
///   view's tables), to a table followed without rowids, an explicit
///   `Database.notifyChanges(in:)`, or a schema change: read everything;
/// - an UPDATE of the rowid: read everything (the old rowid is gone
///   unannounced);
/// - an INSERT into a table with UNIQUE indexes, or an UPDATE of a UNIQUE
///   column: read the changed rows, then check the count (a `REPLACE` may
///   have deleted rows unannounced);
/// - otherwise: read the changed rows.
///
/// Before a full read has described the request (a ``FetchPlan``), and
/// after each schema change until the next one does, every write reads
/// everything.
///
/// GRDB calls it on the writer's queue; its state is guarded by a lock, and
/// each commit is taken and counted in one critical section, so that the
/// list is never seen idle with a commit on its way.
final class ChangeTracker: TransactionObserver, @unchecked Sendable {
  /// Hands a commit's need to the list, with the generation it was
  /// observed under.
  typealias Deliver = @Sendable (_ need: FetchSchedule.Need, _ generation: Int) -> Void

  private let lock = NSLock()
  private var deliver: Deliver?

  // What is watched.
  private var generation = 0
  private var table: String?
  private var plan: FetchPlan?
  private var schemaVersion: Int32?

  // The transaction in progress.
  private var rowIDs: Set<Int64> = []
  private var mustVerify = false
  private var mustReadEverything = false
  private var sawStatement = false

  private var undelivered = 0

  /// A tracker for a request on `table` (`nil` for SQL).
  init(table: String?) {
    self.table = table?.lowercased()
  }

  /// Hands each commit's need to `deliver` from now on.
  func deliver(to deliver: @escaping Deliver) {
    lock.withLock { self.deliver = deliver }
  }

  /// Watches a new request generation, on `table`, until a plan describes
  /// it. A transaction in progress reads everything, since its statements
  /// were judged for the old request.
  func begin(generation: Int, table: String?) {
    lock.withLock {
      if sawStatement { mustReadEverything = true }
      self.generation = generation
      self.table = table?.lowercased()
      plan = nil
    }
  }

  /// Follows `plan` from now on, unless it is for an older generation or a
  /// schema older than the last commit's (then the next full read brings a
  /// current one).
  func adopt(_ plan: FetchPlan) {
    lock.withLock {
      guard plan.generation == generation,
        schemaVersion == nil || schemaVersion == plan.schemaVersion
      else { return }
      schemaVersion = plan.schemaVersion
      self.plan = plan
    }
  }

  /// Whether commits were announced that the list has not taken in yet.
  var hasUndeliveredCommits: Bool { lock.withLock { undelivered > 0 } }

  /// The list took in one announced commit.
  func commitDelivered() {
    lock.withLock { undelivered -= 1 }
  }

  // MARK: TransactionObserver

  /// Called by GRDB before each statement runs, with each kind of change it
  /// may make: judges the statement, and asks for row events only for the
  /// request's table when it is followed by rowid.
  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    lock.withLock {
      sawStatement = true
      guard let plan else {
        mustReadEverything = true
        return false
      }
      if plan.incremental, eventKind.tableName.lowercased() == table {
        switch eventKind {
        case .insert: if plan.insertsMayReplace { mustVerify = true }
        case .update(_, let columns):
          if plan.updatesRowID(columns) {
            // The old rowid is gone unannounced: a count would only confirm it.
            mustReadEverything = true
          } else if plan.updateMayReplace(columns) {
            mustVerify = true
          }
        case .delete: break
        }
        return true
      }
      if plan.region.isModified(byEventsOfKind: Self.widened(eventKind)) {
        mustReadEverything = true
      }
      return false
    }
  }

  /// `eventKind`, with an UPDATE of the rowid made an UPDATE of every
  /// column: SQLite's authorizer names the column `ROWID`, which no region
  /// lists, although the row's INTEGER PRIMARY KEY column changes with it
  /// (and a `REPLACE` can delete rows).
  static func widened(_ eventKind: DatabaseEventKind) -> DatabaseEventKind {
    guard case .update(let table, let columns) = eventKind,
      columns.contains(where: { ["rowid", "oid", "_rowid_"].contains($0.lowercased()) })
    else { return eventKind }
    return .insert(tableName: table)
  }

  func databaseDidChange(with event: DatabaseEvent) {
    let rowID = event.rowID
    lock.withLock { _ = rowIDs.insert(rowID) }
  }

  /// An explicit `Database.notifyChanges(in:)`: changes the update hook
  /// could not see.
  func databaseDidChange() {
    lock.withLock { mustReadEverything = true }
  }

  func databaseDidCommit(_ db: Database) {
    let version = try? db.schemaVersion()
    let delivery: (FetchSchedule.Need, Int, Deliver)? = lock.withLock {
      defer { resetTransaction() }
      let schemaChanged = version == nil || version != schemaVersion
      if schemaChanged {
        schemaVersion = version
        plan = nil
      }
      let need: FetchSchedule.Need
      if mustReadEverything || schemaChanged {
        need = .everything
      } else if !rowIDs.isEmpty {
        need = .rows(rowIDs, verify: mustVerify)
      } else {
        return nil
      }
      guard let deliver else { return nil }
      undelivered += 1
      return (need, generation, deliver)
    }
    if let (need, generation, deliver) = delivery { deliver(need, generation) }
  }

  func databaseDidRollback(_ db: Database) {
    lock.withLock { resetTransaction() }
  }

  /// Forgets the transaction's changes. Call with the lock held.
  private func resetTransaction() {
    rowIDs = []
    mustVerify = false
    mustReadEverything = false
    sawStatement = false
  }
}
