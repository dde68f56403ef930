import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// The live-query engine ``FetchedList`` and ``FetchedTree`` share: it
/// watches a database for commits (a ``ChangeTracker`` registered as a
/// transaction observer), decides when to read and what (a
/// ``FetchSchedule``), runs reads on GRDB's reader once the tracker is
/// registered, and wakes the callers of ``waitUntilIdle()``.
///
/// Its owner says how to read (``startRead``, called on the main actor with
/// each read that is due) and reports how each ended (``finished(_:_:)``);
/// everything else about keeping up with the database is here:
///
/// ```
/// commit ──▶ tracker ──▶ schedule.committed ──▶ next() ──▶ startRead(fetch)
///                                                  ▲              │
///                  requestChanged() ───────────────┤              ▼
///                  release() (a save ended) ───────┘   owner reads, then
///                                                      finished(fetch, outcome)
/// ```
@MainActor
final class LiveQuery {
  /// The database read and observed.
  let writer: any DatabaseWriter
  /// Starts a read that is due; the owner calls ``finished(_:_:)`` when it
  /// ends, then ``next()``.
  var startRead: (@MainActor (FetchSchedule.Fetch) -> Void)?
  private var schedule = FetchSchedule()
  private let tracker: ChangeTracker
  /// Registers the tracker with the database without blocking the main
  /// actor (the writer may be busy); every read waits for it, so no commit
  /// after the first read goes unseen.
  private let registration: Task<Void, Never>
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  /// Holds on reads (user edits shown and not saved yet): no read starts
  /// while there is one, since it would show the table without the edit.
  private var holds = 0

  /// A query over `database` whose request reads `table` (`nil` for SQL).
  /// It starts observing at once; the first read is due at once too (the
  /// owner calls ``next()`` once it can read).
  init(_ database: some DatabaseWriter, table: String?) {
    writer = database
    let tracker = ChangeTracker(table: table)
    self.tracker = tracker
    registration = Task {
      _ = try? await database.writeWithoutTransaction { db in
        db.add(transactionObserver: tracker, extent: .observerLifetime)
      }
    }
    tracker.deliver { [weak self] need, generation in
      Task { @MainActor in self?.committed(need, generation: generation) }
    }
  }

  /// Whether every commit announced so far was read, no read runs or is
  /// due, and nothing holds reads.
  var isIdle: Bool { schedule.isIdle && !tracker.hasUndeliveredCommits && holds == 0 }

  /// Returns once ``isIdle``.
  func waitUntilIdle() async {
    while !isIdle {
      await withCheckedContinuation { idleWaiters.append($0) }
    }
  }

  /// The request changed (or must be read again whole): a new generation,
  /// so that a read running for the old one is not applied, and a full read.
  func requestChanged(table: String?) {
    schedule.requestChanged()
    tracker.begin(generation: schedule.generation, table: table)
    next()
  }

  /// Runs `body` on GRDB's reader, once the tracker is registered.
  nonisolated func read<Value: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> Value
  ) async throws -> Value {
    await registration.value
    return try await writer.read(body)
  }

  /// Reports how `fetch` ended; returns whether its result is to be shown
  /// (its generation is current and it was not superseded).
  func finished(_ fetch: FetchSchedule.Fetch, _ outcome: FetchSchedule.Outcome) -> Bool {
    schedule.finished(fetch, outcome)
  }

  /// Whether `fetch` belongs to the current generation (its result is to
  /// be shown).
  func isCurrent(_ fetch: FetchSchedule.Fetch) -> Bool {
    fetch.generation == schedule.generation
  }

  /// Follows the request as a full read described it.
  func adopt(_ plan: FetchPlan) {
    tracker.adopt(plan)
  }

  /// Holds reads back until ``release()``.
  func hold() { holds += 1 }

  /// Ends a ``hold()``, and starts a read if one is due.
  func release() {
    holds -= 1
    next()
  }

  /// Starts the next read, if one is due, none runs and nothing holds
  /// reads; wakes the callers of ``waitUntilIdle()`` when there is nothing
  /// left to do.
  func next() {
    guard holds == 0, let fetch = schedule.start() else {
      if isIdle {
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
      }
      return
    }
    startRead?(fetch)
  }

  private func committed(_ need: FetchSchedule.Need, generation: Int) {
    tracker.commitDelivered()
    schedule.committed(need, generation: generation)
    next()
  }
}
