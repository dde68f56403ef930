import Testing

@testable import TabulaGRDB

@Suite("FetchSchedule: when a fetched list reads, and what")
struct FetchScheduleTests {
  typealias Need = FetchSchedule.Need

  @Test("a new list reads everything once, then is idle")
  func firstRead() {
    var schedule = FetchSchedule()
    #expect(!schedule.isIdle)
    let fetch = schedule.start()
    #expect(fetch == FetchSchedule.Fetch(need: .everything, generation: 0))
    #expect(schedule.start() == nil, "one read at a time")
    #expect(!schedule.isIdle)
    let isCurrent = schedule.finished(fetch!, .applied)
    #expect(isCurrent)
    #expect(schedule.isIdle)
    #expect(schedule.start() == nil)
  }

  @Test("commits during a read wait, merged, and start when it ends")
  func commitsMerge() {
    var schedule = FetchSchedule()
    let first = schedule.start()!
    schedule.committed(.rows([1, 2], verify: false), generation: 0)
    schedule.committed(.rows([2, 3], verify: true), generation: 0)
    #expect(schedule.pending == .rows([1, 2, 3], verify: true))
    #expect(schedule.start() == nil)
    _ = schedule.finished(first, .applied)
    let second = schedule.start()
    #expect(second?.need == .rows([1, 2, 3], verify: true))
    schedule.committed(.rows([4], verify: false), generation: 0)
    schedule.committed(.everything, generation: 0)
    schedule.committed(.rows([5], verify: false), generation: 0)
    #expect(schedule.pending == .everything, "everything absorbs rows")
  }

  @Test("needs combine: nothing is neutral, everything absorbs, rows add up")
  func needUnion() {
    let rows = Need.rows([1], verify: false)
    #expect(Need.nothing.union(rows) == rows)
    #expect(rows.union(.nothing) == rows)
    #expect(rows.union(.everything) == .everything)
    #expect(Need.everything.union(rows) == .everything)
    #expect(rows.union(.rows([2], verify: true)) == .rows([1, 2], verify: true))
  }

  @Test("a request change reads everything, and a read started before is stale")
  func requestChange() {
    var schedule = FetchSchedule()
    let first = schedule.start()!
    _ = schedule.finished(first, .applied)
    schedule.committed(.rows([7], verify: false), generation: 0)
    let incremental = schedule.start()!
    schedule.requestChanged()
    #expect(schedule.generation == 1)
    #expect(schedule.pending == .everything)
    // A commit observed under the old request is covered by the new full read.
    schedule.committed(.rows([8], verify: false), generation: 0)
    #expect(schedule.pending == .everything)
    let isCurrent = schedule.finished(incremental, .applied)
    #expect(!isCurrent, "the old request's rows are not shown")
    let full = schedule.start()
    #expect(full == FetchSchedule.Fetch(need: .everything, generation: 1))
  }

  @Test("a failed read is owed to the next commit, not retried at once, and never dropped")
  func failureIsOwed() {
    var schedule = FetchSchedule()
    _ = schedule.finished(schedule.start()!, .applied)
    schedule.committed(.rows([1, 2], verify: true), generation: 0)
    let failing = schedule.start()!
    let isCurrent = schedule.finished(failing, .failed)
    #expect(isCurrent, "its error is shown")
    #expect(schedule.isIdle, "no retry loop against a failing database")
    #expect(schedule.owed == .rows([1, 2], verify: true))
    #expect(schedule.start() == nil)
    schedule.committed(.rows([3], verify: false), generation: 0)
    #expect(schedule.owed == .nothing)
    #expect(schedule.start()?.need == .rows([1, 2, 3], verify: true))
  }

  @Test("a failed full read is owed in full; a request change replaces what is owed")
  func failedFullRead() {
    var schedule = FetchSchedule()
    _ = schedule.finished(schedule.start()!, .failed)
    #expect(schedule.owed == .everything)
    schedule.committed(.rows([1], verify: false), generation: 0)
    #expect(schedule.start()?.need == .everything)

    var other = FetchSchedule()
    _ = other.finished(other.start()!, .failed)
    other.requestChanged()
    #expect(other.owed == .nothing)
    #expect(other.pending == .everything)
  }

  @Test("an inconsistent merge reads everything at once")
  func inconsistent() {
    var schedule = FetchSchedule()
    _ = schedule.finished(schedule.start()!, .applied)
    schedule.committed(.rows([5], verify: false), generation: 0)
    let merge = schedule.start()!
    let isCurrent = schedule.finished(merge, .inconsistent)
    #expect(isCurrent)
    #expect(!schedule.isIdle)
    #expect(schedule.start()?.need == .everything)
  }

  @Test("a stale read's failure is not owed: the new request reads everything anyway")
  func staleFailure() {
    var schedule = FetchSchedule()
    let old = schedule.start()!
    schedule.requestChanged()
    let isCurrent = schedule.finished(old, .failed)
    #expect(!isCurrent)
    #expect(schedule.owed == .nothing)
    #expect(schedule.start()?.generation == 1)
  }
}
