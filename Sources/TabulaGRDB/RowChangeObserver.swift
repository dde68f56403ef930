import Foundation
import GRDB

/// Collects the rowids a transaction changes in one table, and tells its
/// owner once the transaction commits. Also notices schema changes (a
/// dropped or altered table), which no row event announces.
///
/// GRDB calls it on the writer's queue; its state is guarded by a lock.
final class RowChangeObserver: TransactionObserver, @unchecked Sendable {
  /// What a commit changed: rowids in the observed table, and whether the
  /// rows must be read again in full (the schema changed, or the request is
  /// SQL whose tables are unknown).
  typealias Commit = @Sendable (_ rowIDs: Set<Int64>, _ fullFetch: Bool) -> Void

  private let lock = NSLock()
  private var table: String?
  private var changed: Set<Int64> = []
  private var schemaVersion: Int32?
  private var undelivered = 0
  private let onCommit: Commit

  /// Observes `table`, or every table when `nil`.
  init(table: String?, schemaVersion: Int32?, onCommit: @escaping Commit) {
    self.table = table
    self.schemaVersion = schemaVersion
    self.onCommit = onCommit
  }

  /// Watches another table from the next transaction on.
  func observe(table: String?) {
    lock.withLock { self.table = table }
  }

  /// Whether commits were announced that the owner has not taken in yet.
  var hasUndeliveredCommits: Bool { lock.withLock { undelivered > 0 } }

  /// The owner took in one announced commit.
  func commitDelivered() {
    lock.withLock { undelivered -= 1 }
  }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    lock.withLock { table.map { $0.lowercased() == eventKind.tableName.lowercased() } ?? true }
  }

  func databaseDidChange(with event: DatabaseEvent) {
    let rowID = event.rowID
    lock.withLock { _ = changed.insert(rowID) }
  }

  func databaseDidCommit(_ db: Database) {
    let version = try? db.schemaVersion()
    let (rowIDs, schemaChanged, everything) = lock.withLock {
      let taken = changed
      changed = []
      let schemaChanged = version != schemaVersion
      schemaVersion = version
      return (taken, schemaChanged, table == nil)
    }
    guard !rowIDs.isEmpty || schemaChanged else { return }
    lock.withLock { undelivered += 1 }
    onCommit(rowIDs, schemaChanged || everything)
  }

  func databaseDidRollback(_ db: Database) {
    lock.withLock { changed = [] }
  }
}
