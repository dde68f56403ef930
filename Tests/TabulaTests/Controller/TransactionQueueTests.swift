import TabulaTestSupport
import Testing

@testable import Tabula

/// The queue of a list controller, on its own: no host, no diff.
@MainActor
@Suite("TransactionQueue: which transaction runs, which waits, whose completions run")
struct TransactionQueueTests {
  typealias Queue = TransactionQueue<SectionInfo, TestItem>

  /// A snapshot of one section "A" with items of these ids.
  func snapshot(_ ids: [Int]) -> TestSnapshot {
    try! TestSnapshot(items(ids), in: "A")
  }

  @Test("enqueue waits, start runs it, finish ends it: idle → waiting → running → idle")
  func transitions() {
    var queue = Queue()
    #expect(queue.pending == nil && queue.running == nil && !queue.isRunning)
    #expect(queue.start() == nil, "nothing waits")

    queue.enqueue(snapshot([1]), mode: .animated, completion: nil)
    #expect(queue.pending?.snapshot == snapshot([1]))
    #expect(!queue.isRunning, "enqueue does not start: the controller does")

    let started = queue.start()
    #expect(started?.snapshot == snapshot([1]) && started?.mode == .animated)
    #expect(queue.pending == nil)
    #expect(queue.isRunning && queue.running?.snapshot == snapshot([1]))

    let completions = queue.finish()
    #expect(completions.isEmpty)
    #expect(!queue.isRunning && queue.pending == nil && queue.start() == nil)
  }

  @Test("while one runs, a new one waits; start does nothing until the running one finishes")
  func oneAtATime() {
    var queue = Queue()
    queue.enqueue(snapshot([1]), mode: .animated, completion: nil)
    _ = queue.start()
    queue.enqueue(snapshot([2]), mode: .unanimated, completion: nil)
    #expect(queue.start() == nil, "one runs: the new one waits")
    #expect(queue.running?.snapshot == snapshot([1]))
    #expect(queue.pending?.snapshot == snapshot([2]))

    _ = queue.finish()
    #expect(
      !queue.isRunning && queue.pending?.snapshot == snapshot([2]), "running + waiting → waiting")
    let next = queue.start()
    #expect(next?.snapshot == snapshot([2]) && next?.mode == .unanimated)
    #expect(queue.pending == nil && queue.running?.snapshot == snapshot([2]))
  }

  @Test("snapshots waiting together coalesce to the latest")
  func coalescing() {
    var queue = Queue()
    queue.enqueue(snapshot([1]), mode: .animated, completion: nil)
    _ = queue.start()
    queue.enqueue(snapshot([2]), mode: .animated, completion: nil)
    queue.enqueue(snapshot([3]), mode: .animated, completion: nil)
    queue.enqueue(snapshot([4]), mode: .animated, completion: nil)
    #expect(queue.pending?.snapshot == snapshot([4]))
    _ = queue.finish()
    #expect(queue.start()?.snapshot == snapshot([4]), "only the latest runs")
    _ = queue.finish()
    #expect(queue.start() == nil, "the replaced ones never run")
  }

  @Test("the marks of a replaced snapshot are carried for the ids the new one still has")
  func marksCarried() throws {
    var queue = Queue()
    let replaced = try TestSnapshot {
      SnapshotSection("A") { items([1, 2, 3]) }
      SnapshotSection("B") { items([4]) }
    }.editing { (snapshot) throws(SnapshotError) in
      try snapshot.reloadItems([1, 3])
      try snapshot.reconfigureItems([2, 4])
      try snapshot.reloadSections(["A", "B"])
    }
    // 3 and section "B" are gone; 5 is new, with a mark of its own; 2 is
    // reloaded now, which a carried reconfigure must not weaken.
    let latest = try TestSnapshot {
      SnapshotSection("A") { items([5, 2, 1, 4]) }
    }.editing { (snapshot) throws(SnapshotError) in
      try snapshot.reconfigureItems([5])
      try snapshot.reloadItems([2])
    }
    queue.enqueue(replaced, mode: .animated, completion: nil)
    queue.enqueue(latest, mode: .animated, completion: nil)

    let pending = try #require(queue.pending?.snapshot)
    #expect(pending == latest)
    #expect(pending.markedItems == [1: .reload, 2: .reload, 4: .reconfigure, 5: .reconfigure])
    #expect(pending.reloadedSectionIDs == ["A"])
  }

  @Test("marks carry across several replacements, and none are invented")
  func marksCarriedTwice() throws {
    var queue = Queue()
    queue.enqueue(
      try snapshot([1, 2]).editing { (snapshot) throws(SnapshotError) in
        try snapshot.reloadItems([1])
      }, mode: .animated, completion: nil)
    queue.enqueue(snapshot([2, 3]), mode: .animated, completion: nil)
    #expect(queue.pending?.snapshot.markedItems == [:], "1 is gone: its mark with it")
    queue.enqueue(
      try snapshot([2, 3]).editing { (snapshot) throws(SnapshotError) in
        try snapshot.reconfigureItems([3])
      }, mode: .animated, completion: nil)
    queue.enqueue(snapshot([3, 2]), mode: .animated, completion: nil)
    #expect(queue.pending?.snapshot.markedItems == [3: .reconfigure])
    #expect(queue.pending?.snapshot.reloadedSectionIDs == [])
  }

  @Test(
    "a waiting reload is never downgraded; otherwise the latest call decides",
    arguments: [
      ([ApplyMode.animated, .unanimated], ApplyMode.unanimated),
      ([.unanimated, .animated], .animated),
      ([.animated, .reload], .reload),
      ([.reload, .animated], .reload),
      ([.reload, .unanimated, .animated], .reload),
      ([.unanimated, .reload, .unanimated], .reload),
      ([.animated, .unanimated, .animated], .animated),
    ])
  func applyMode(_ modes: [ApplyMode], _ expected: ApplyMode) {
    var queue = Queue()
    // A running reload: the waiting mode owes nothing to the running one.
    queue.enqueue(snapshot([0]), mode: .reload, completion: nil)
    _ = queue.start()
    for (index, mode) in modes.enumerated() {
      queue.enqueue(snapshot([index + 1]), mode: mode, completion: nil)
    }
    #expect(queue.pending?.mode == expected)
    _ = queue.finish()
    #expect(queue.start()?.mode == expected)
  }

  @Test("a mode applies to its own transaction: a running reload does not make the next one reload")
  func modeOfRunning() {
    var queue = Queue()
    queue.enqueue(snapshot([1]), mode: .reload, completion: nil)
    #expect(queue.start()?.mode == .reload)
    queue.enqueue(snapshot([2]), mode: .animated, completion: nil)
    #expect(queue.pending?.mode == .animated)
  }

  @Test("latestSnapshot: the waiting one with its marks, else the running one without, else shown")
  func latestSnapshot() throws {
    var queue = Queue()
    let shown = snapshot([0])
    #expect(queue.latestSnapshot(shown: shown) == shown)

    let marked = try snapshot([1, 2]).editing { (snapshot) throws(SnapshotError) in
      try snapshot.reloadItems([1])
      try snapshot.reloadSections(["A"])
    }
    queue.enqueue(marked, mode: .animated, completion: nil)
    #expect(queue.latestSnapshot(shown: shown) == marked)
    #expect(queue.latestSnapshot(shown: shown).markedItems == [1: .reload], "waiting: marks kept")

    let start = queue.start()
    let started = try #require(start)
    #expect(started.snapshot.markedItems == [1: .reload], "the controller gets the marks to apply")
    #expect(started.snapshot.reloadedSectionIDs == ["A"])
    let latest = queue.latestSnapshot(shown: shown)
    #expect(latest == marked)
    #expect(latest.markedItems.isEmpty && latest.reloadedSectionIDs.isEmpty, "running: no marks")
    #expect(queue.running?.snapshot.markedItems.isEmpty == true)

    let next = try snapshot([2]).editing { (snapshot) throws(SnapshotError) in
      try snapshot.reconfigureItems([2])
    }
    queue.enqueue(next, mode: .animated, completion: nil)
    #expect(queue.latestSnapshot(shown: shown).markedItems == [2: .reconfigure])
    #expect(queue.pending?.snapshot.markedItems == [2: .reconfigure], "running marks not carried")

    _ = queue.finish()
    _ = queue.start()
    _ = queue.finish()
    #expect(queue.latestSnapshot(shown: shown) == shown, "idle: what the view shows")
  }

  @Test("completions are collected, move with their transaction, and are handed back once")
  func completions() {
    var queue = Queue()
    var calls: [String: Int] = [:]
    func completion(_ name: String) -> Queue.Completion {
      { calls[name, default: 0] += 1 }
    }

    queue.enqueue(snapshot([1]), mode: .animated, completion: completion("first"))
    _ = queue.start()
    #expect(queue.runningCompletionCount == 1 && queue.pendingCompletionCount == 0)
    queue.enqueue(snapshot([2]), mode: .animated, completion: completion("second"))
    queue.enqueue(snapshot([3]), mode: .animated, completion: nil)
    queue.enqueue(snapshot([4]), mode: .reload, completion: completion("fourth"))
    queue.enqueue(snapshot([5]), mode: .animated, completion: completion("fifth"))
    #expect(queue.pendingCompletionCount == 3, "one per call that passed one")
    #expect(queue.runningCompletionCount == 1)

    for call in queue.finish() { call() }
    #expect(calls == ["first": 1], "the running transaction answers only its own call")
    #expect(queue.pendingCompletionCount == 3)

    #expect(queue.start()?.snapshot == snapshot([5]))
    #expect(queue.pendingCompletionCount == 0 && queue.runningCompletionCount == 3)
    for call in queue.finish() { call() }
    #expect(calls == ["first": 1, "second": 1, "fourth": 1, "fifth": 1])
    #expect(queue.runningCompletionCount == 0 && queue.pendingCompletionCount == 0)
    #expect(queue.start() == nil)
  }

  @Test("an apply made while completions run coalesces with the transaction that waits")
  func completionDuringFinish() {
    var queue = Queue()
    var calls = 0
    queue.enqueue(snapshot([1]), mode: .animated, completion: { calls += 1 })
    _ = queue.start()
    queue.enqueue(snapshot([2]), mode: .animated, completion: { calls += 10 })
    let finished = queue.finish()
    // As in the controller: completions run with nothing running; an apply
    // made from one coalesces with the transaction that waits.
    #expect(!queue.isRunning)
    queue.enqueue(snapshot([3]), mode: .animated, completion: { calls += 100 })
    for call in finished { call() }
    #expect(calls == 1)
    #expect(queue.start()?.snapshot == snapshot([3]))
    for call in queue.finish() { call() }
    #expect(calls == 111)
  }

  @Test("finish with nothing running traps, naming the broken rule")
  func finishWithoutRunning() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          var queue = TransactionQueue<SectionInfo, TestItem>()
          _ = queue.finish()
        }
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("finish() called with no transaction running"))
  }
}
