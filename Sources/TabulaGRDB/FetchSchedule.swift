/// When a ``FetchedList`` reads, and what: its scheduling as a value, so
/// that every transition can be tested on its own.
///
/// ```
///            requestChanged()             committed(need)
///   ┌──────────────────────────┐    ┌──────────────────────┐
///   ▼                          │    ▼                      │
/// pending ──start()──▶ running(fetch) ──finished(outcome)──▶ idle
///                                         │ failed: owed += need (read at the next commit)
///                                         │ inconsistent: pending = everything
///                                         └ stale (older generation): dropped
/// ```
///
/// - At most one read runs at a time. What commits announce while it runs
///   waits in ``pending``, merged: rowids add up, and "everything" absorbs
///   rows.
/// - A request change starts a new generation: the next read is of
///   everything, and the result of a read started before is never applied.
///   Commits announced under an older generation are dropped, since the
///   new generation's full read starts after them.
/// - A failed read is not retried at once (a missing table would fail
///   forever): what it should have read is ``owed``, and joins the next
///   commit's read, or a request change replaces it. Nothing announced is
///   ever lost to a failure.
struct FetchSchedule: Sendable, Equatable {
  /// What a read must cover.
  enum Need: Sendable, Equatable {
    /// Nothing.
    case nothing
    /// These rows of the request's table; with `verify`, a count afterwards
    /// checks that no row vanished unannounced (a `REPLACE` conflict or a
    /// changed rowid, which SQLite's update hook does not report).
    case rows(Set<Int64>, verify: Bool)
    /// The whole request.
    case everything

    /// Both needs: rowids add up, and everything absorbs rows.
    func union(_ other: Need) -> Need {
      switch (self, other) {
      case (.nothing, _): other
      case (_, .nothing): self
      case (.everything, _), (_, .everything): .everything
      case (.rows(let left, let leftVerify), .rows(let right, let rightVerify)):
        .rows(left.union(right), verify: leftVerify || rightVerify)
      }
    }
  }

  /// A read that was started.
  struct Fetch: Sendable, Equatable {
    /// What it reads (never ``Need/nothing``).
    let need: Need
    /// The generation of the request it reads.
    let generation: Int
  }

  /// How a read ended.
  enum Outcome: Sendable, Equatable {
    /// It succeeded, and its rows are shown.
    case applied
    /// It failed; what it should have read is owed to the next commit.
    case failed
    /// Its rows contradict the database (an incremental merge made
    /// duplicate ids): everything must be read now.
    case inconsistent
  }

  /// Increases with every request change.
  private(set) var generation = 0
  /// The read in flight, if any.
  private(set) var running: Fetch?
  /// What the next read must cover. A new list must read everything.
  private(set) var pending = Need.everything
  /// What failed reads left unread, for the next commit to pick up.
  private(set) var owed = Need.nothing

  /// Whether nothing runs and nothing waits (an owed read waits for a
  /// commit or a request change, so it does not count).
  var isIdle: Bool { running == nil && pending == .nothing }

  /// The request changed (or must be read again in full): a new generation
  /// whose first read is of everything.
  mutating func requestChanged() {
    generation += 1
    pending = .everything
    owed = .nothing
  }

  /// A commit announced `need`, observed while `generation` was current.
  mutating func committed(_ need: Need, generation: Int) {
    guard generation == self.generation else { return }
    pending = pending.union(need).union(owed)
    owed = .nothing
  }

  /// Starts the pending read, if there is one and none runs.
  mutating func start() -> Fetch? {
    guard running == nil, pending != .nothing else { return nil }
    let fetch = Fetch(need: pending, generation: generation)
    pending = .nothing
    running = fetch
    return fetch
  }

  /// The running read ended. Returns whether it belongs to the current
  /// generation, so that its result (rows or error) should be shown.
  ///
  /// - Precondition: `fetch` is the running read.
  mutating func finished(_ fetch: Fetch, _ outcome: Outcome) -> Bool {
    precondition(running == fetch, "finished a read that is not running: \(fetch)")
    running = nil
    guard fetch.generation == generation else { return false }
    switch outcome {
    case .applied: break
    case .failed: owed = owed.union(fetch.need)
    case .inconsistent: pending = pending.union(.everything)
    }
    return true
  }
}
