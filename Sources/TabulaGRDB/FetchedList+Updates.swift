import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Keeping up with the database: a read the live query started, built off the
// main actor when it read everything, or edited into the content in place
// when it read changed rows, then shown.

extension FetchedList {
  /// Reads what `fetch` needs (the query started it: see ``LiveQuery``),
  /// builds the content of a full read off the main actor, then shows the
  /// result.
  func read(_ fetch: FetchSchedule.Fetch) {
    // Too many changed rows to edit in one by one: everything is read.
    let limit = Self.changedRowLimit(sharedStorage: content?.usesSharedStorage ?? false)
    let need: FetchSchedule.Need =
      if case .rows(let changed, _) = fetch.need, changed.count > limit {
        .everything
      } else {
        fetch.need
      }
    if case .everything = need {
      counts.fullFetches += 1
    } else {
      counts.incrementalFetches += 1
    }
    let context = FetchedReadContext(
      request: request, sectioning: sectioning, makeItem: makeItem, generation: fetch.generation)
    // What a verified read's count must find: the rows the change leaves.
    var leaving = 0
    if case .rows(let changed, true) = need { leaving = index.count(of: changed) }
    let kept = index.count - leaving
    let edits = self.edits.count
    let build = build
    let query = query
    Task {
      let result: Result<FetchedResult<Item>, any Error>
      do {
        switch try await query.read({ db in
          try context.read(db, need: need, kept: kept)
        }) {
        case .rows(let rows, let removing, let checked):
          result = .success(.changed(rows, removing: removing, checked: checked))
        case .everything(let rows, let plan, let checked):
          result = .success(
            try await Task.detached(priority: .userInitiated) {
              try build.built(rows, plan: plan, checked: checked, sectioning: context.sectioning)
            }.value)
        }
      } catch {
        result = .failure(error)
      }
      self.finish(fetch, result, edits: edits)
    }
  }

  private func finish(
    _ fetch: FetchSchedule.Fetch, _ result: Result<FetchedResult<Item>, any Error>, edits: Int
  ) {
    let outcome: FetchSchedule.Outcome
    var edited: Snapshot<SectionInfo, Item>?
    switch result {
    case .success where edits != self.edits.count:
      // A user edit changed the rows while this fetch ran: its rows would
      // be merged into the ones before the edit. Everything is read again
      // rather than show them (the edit would flicker back).
      outcome = .inconsistent
    case .success(.changed(let rows, let removing, _)) where query.isCurrent(fetch):
      do {
        edited = try edit(with: rows, removing: removing)
        outcome = .applied
      } catch {
        // Duplicate ids, or rows the list does not know: the rows
        // contradict the database or the content.
        outcome = .inconsistent
      }
    case .success: outcome = .applied
    case .failure(is SnapshotError) where fetch.need != .everything:
      // Duplicate ids in a full read that replaced an incremental one: the
      // rows contradict the database.
      outcome = .inconsistent
    case .failure: outcome = .failed
    }
    if query.finished(fetch, outcome) {
      switch result {
      case .success where outcome == .inconsistent:
        break
      case .success(.built(let snapshot, let index, let plan, let checked)):
        if checked {
          // A count disagreed: the incremental read read everything.
          counts.consistencyChecks += 1
          counts.fullFetches += 1
        }
        query.adopt(plan)
        self.index = index
        unsettled = []
        rowsRequest = (request.table, request.ordering)
        show(snapshot)
      case .success(.changed(_, _, let checked)):
        if checked { counts.consistencyChecks += 1 }
        if let edited { show(edited) }
      case .failure(let error) where outcome == .failed:
        state = .error(String(describing: error))
        publish()
      case .failure:
        break
      }
    }
    query.next()
  }

  /// The most changed rows a read edits into the content one by one; more
  /// are read in full (off the main actor). In shared storage an edit
  /// costs O(log² n) per row, so 1,024 rows take a few milliseconds; flat
  /// content (a small list) is copied per row, so a few rows only.
  static func changedRowLimit(sharedStorage: Bool) -> Int { sharedStorage ? 1024 : 32 }

  /// Edits the content and the index with the changed rows of a read, in
  /// place (the index has one owner: it is not copied).
  ///
  /// - Throws: `SnapshotError` when the rows contradict the content; the
  ///   content is unchanged then, and the index must be read again.
  private func edit(with rows: FetchedRows<Item>, removing: Set<Int64>) throws(SnapshotError)
    -> Snapshot<SectionInfo, Item>
  {
    var edited = content ?? Snapshot()
    var index = self.index
    self.index = FetchedRowIndex()
    defer { self.index = index }
    try build.edit(&edited, &index, rows, removing, unsettled, request.ordering, sectioning)
    unsettled = []
    return edited
  }

  /// Shows `fetched` as the content, loaded (or empty).
  private func show(_ fetched: Snapshot<SectionInfo, Item>) {
    content = fetched
    state = fetched.numberOfItems == 0 ? .noContent : .loaded
    publish()
  }
}
