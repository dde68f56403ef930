import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// Gates that a test opens to let loads finish, in any order. Waiting ignores
/// cancellation, so a cancelled load can still finish late, as a slow network
/// call does.
actor Gates {
  private var open: Set<Int> = []
  private var waiting: [Int: [CheckedContinuation<Void, Never>]] = [:]

  func wait(_ gate: Int) async {
    if open.contains(gate) { return }
    await withCheckedContinuation { waiting[gate, default: []].append($0) }
  }

  func open(_ gate: Int) {
    open.insert(gate)
    for continuation in waiting.removeValue(forKey: gate) ?? [] { continuation.resume() }
  }
}

struct LoadFailure: Error, CustomStringConvertible {
  let description: String
}

/// A loader whose n-th call waits for gate n and returns `results[n]`.
final class ScriptedLoader: Sendable {
  let gates = Gates()
  let calls = Counter()
  let results: [Result<[Int], LoadFailure>]
  let section: SectionInfo

  init(_ results: [Result<[Int], LoadFailure>], section: SectionInfo) {
    self.results = results
    self.section = section
  }

  func load() async throws -> Feed {
    let call = await calls.next()
    await gates.wait(call)
    let ids = try results[call].get()
    return try Feed(ids.map { AnyItem(Post(id: $0, text: "post \($0)")) }, in: section)
  }
}

actor Counter {
  private var value = -1
  func next() -> Int {
    value += 1
    return value
  }
  /// How many calls were numbered.
  var count: Int { value + 1 }
}

@MainActor
func feedController(_ table: SimulatedTableView, _ registry: PresenterRegistry<SimulatedCell>)
  -> ListController<SectionInfo, AnyItem, SimulatedCell>
{
  ListController(host: table, snapshot: Feed(), presenters: registry)
}

/// Waits until the controller has shown everything asked of it.
@MainActor
func settle(_ controller: ListController<some Any, some Any, some Any>) async {
  await yieldUntil { !controller.isUpdating }
}

@MainActor
@Suite("Data sources: composition, loading states, refresh")
struct DataSourceTests {
  let postsSection = SectionInfo(id: "posts", title: "Posts")

  @Test("a static source: connected, then changed, animated")
  func staticSource() async throws {
    let (table, registry, _) = feedTable()
    let controller = feedController(table, registry)
    let people = try StaticSource(
      [AnyItem(User(id: 1, name: "Ada"))], in: SectionInfo(id: "people"))
    controller.connect(to: people)
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Ada"])
    let reloads = table.reloadCount
    try people.setItems(
      [AnyItem(User(id: 2, name: "Grace")), AnyItem(User(id: 1, name: "Ada"))],
      in: SectionInfo(id: "people"))
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Grace", "Ada"])
    #expect(table.reloadCount == reloads && table.violations.isEmpty)
    #expect(people.state == .loaded)
  }

  @Test("an observer may cancel observations, its own included, while being notified")
  func cancelWhileNotified() throws {
    @MainActor final class Log {
      var calls: [String] = []
      var tokens: [String: ObservationToken] = [:]
    }
    let source = StaticSource<SectionInfo, User>()
    let log = Log()
    log.tokens["first"] = source.observe {
      log.calls.append("first")
      log.tokens["first"]?.cancel()
      log.tokens["second"]?.cancel()
    }
    log.tokens["second"] = source.observe { log.calls.append("second") }
    log.tokens["third"] = source.observe { log.calls.append("third") }
    try source.setItems([User(id: 1, name: "Ada")], in: SectionInfo(id: "people"))
    #expect(log.calls == ["first", "third"], "a cancelled observer is not called after all")
    try source.setItems([User(id: 2, name: "Grace")], in: SectionInfo(id: "people"))
    #expect(log.calls == ["first", "third", "third"])
  }

  @Test("a child's change touches only its sections")
  func compositionIsolation() async throws {
    let (table, registry, _) = feedTable()
    let controller = feedController(table, registry)
    let people = StaticSource(
      Feed {
        SnapshotSection("people") { User(id: 1, name: "Ada") }
        SnapshotSection("more people") { User(id: 2, name: "Grace") }
      })
    let loader = ScriptedLoader([.success([1, 2]), .success([3, 2, 4])], section: postsSection)
    let posts = LoadingSource(placeholderSection: postsSection) { try await loader.load() }
    let ads = try StaticSource(
      [AnyItem(Ad(id: "a", headline: "Sale"))], in: SectionInfo(id: "ads"))
    let screen = ComposedSource([people, posts, ads])
    controller.connect(to: screen)
    posts.load()
    await loader.gates.open(0)
    await posts.waitForLoad()
    await settle(controller)
    #expect(screen.sectionRange(ofChildAt: 1) == 2..<3)
    #expect(
      table.visibleCells.map(\.text) == ["Ada", "Grace", "post 1", "post 2", "Ad: Sale"])
    let peopleCells = [0, 1].map { table.visibleCell(at: ItemPath(section: $0, item: 0)) }
    let batches = table.batchLog.count

    posts.refresh()
    await loader.gates.open(1)
    await posts.waitForLoad()
    await settle(controller)
    #expect(
      table.visibleCells.map(\.text) == ["Ada", "Grace", "post 3", "post 2", "post 4", "Ad: Sale"])
    let sent = table.batchLog[batches...]
    #expect(!sent.isEmpty)
    for batch in sent {
      let touched =
        batch.deleteRows.map(\.section) + batch.insertRows.map(\.section)
        + batch.reloadRows.map(\.section) + batch.reconfigureRows.map(\.section)
        + batch.moveRows.flatMap { [$0.from.section, $0.to.section] } + batch.deleteSections
        + batch.insertSections + batch.reloadSections
        + batch.moveSections.flatMap { [$0.from, $0.to] }
      #expect(touched.allSatisfy { $0 == 2 }, "only the posts' section: \(batch)")
    }
    let peopleCellsAfter = [0, 1].map { table.visibleCell(at: ItemPath(section: $0, item: 0)) }
    #expect(
      zip(peopleCells, peopleCellsAfter).allSatisfy { $0 === $1 },
      "the people rows kept their cells")
    #expect(table.violations.isEmpty)
  }

  @Test("children with their own states show per-section placeholders")
  func perSectionPlaceholders() async throws {
    let (table, registry, _) = feedTable()
    let controller = feedController(table, registry)
    let postsLoader = ScriptedLoader(
      [.failure(LoadFailure(description: "offline")), .success([7])], section: postsSection)
    let friendsSection = SectionInfo(id: "friends", title: "Friends")
    let friendsLoader = ScriptedLoader([.success([])], section: friendsSection)
    let posts = LoadingSource(placeholderSection: postsSection) { try await postsLoader.load() }
    let friends = LoadingSource(placeholderSection: friendsSection) {
      try await friendsLoader.load()
    }
    let screen = ComposedSource([posts, friends])
    controller.connect(to: screen)
    posts.load()
    friends.load()
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Loading…", "Loading…"])
    #expect(screen.state == .loading)

    await friendsLoader.gates.open(0)
    await friends.waitForLoad()
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Loading…", "No results"])

    await postsLoader.gates.open(0)
    await posts.waitForLoad()
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Error: offline", "No results"])
    #expect(posts.state == .error("offline"))
    #expect(screen.state == .error("offline"))

    // Retry.
    posts.load()
    await postsLoader.gates.open(1)
    await posts.waitForLoad()
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["post 7", "No results"])
    #expect(posts.state == .loaded)
    #expect(table.reloadCount == 1, "every change animated (the one reload is the initial one)")
    #expect(table.violations.isEmpty)
  }

  @Test("a slow stale load that finishes after a newer one is ignored")
  func staleLoads() async throws {
    let loader = ScriptedLoader([.success([1]), .success([2])], section: postsSection)
    let posts = LoadingSource(placeholderSection: postsSection) { try await loader.load() }
    var seen: [String] = []
    let observation = posts.observe {
      seen.append(posts.snapshot.items.map { "\($0)" }.joined(separator: ","))
    }
    posts.load()
    // The first load takes call 0 (result [1]) before the second starts:
    // two loads started at once take their numbers in either order.
    var started = false
    for _ in 0..<100_000 where !started {
      started = await loader.calls.count == 1
      if !started { await Task.yield() }
    }
    #expect(started, "the first load started")
    posts.load()  // replaces the first, which is still waiting
    await loader.gates.open(1)
    await yieldUntil { !posts.state.isLoading }
    #expect(posts.content?.items.map(\.id) == [AnyItem(Post(id: 2, text: "")).id])
    await loader.gates.open(0)  // the stale load now finishes
    for _ in 0..<50 { await Task.yield() }
    #expect(posts.content?.items.map(\.id) == [AnyItem(Post(id: 2, text: "")).id])
    #expect(!seen.contains { $0.contains("post 1") }, "the stale result was never shown")
    observation.cancel()
  }

  @Test("a refresh keeps the content on screen until the new content arrives")
  func refreshKeepsContent() async throws {
    let (table, registry, _) = feedTable()
    let controller = feedController(table, registry)
    let loader = ScriptedLoader(
      [.success([1, 2]), .success([2, 3]), .failure(LoadFailure(description: "timeout"))],
      section: postsSection)
    let posts = LoadingSource(placeholderSection: postsSection) { try await loader.load() }
    controller.connect(to: posts)
    posts.load()
    await loader.gates.open(0)
    await posts.waitForLoad()
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["post 1", "post 2"])

    posts.refresh()
    await settle(controller)
    #expect(posts.state == .refreshing)
    #expect(
      table.visibleCells.map(\.text) == ["post 1", "post 2"], "no placeholder while refreshing")
    await loader.gates.open(1)
    await posts.waitForLoad()
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["post 2", "post 3"])

    // A failed refresh keeps the content and reports the error.
    posts.refresh()
    await loader.gates.open(2)
    await posts.waitForLoad()
    await settle(controller)
    #expect(posts.state == .error("timeout"))
    #expect(table.visibleCells.map(\.text) == ["post 2", "post 3"])
    #expect(table.reloadCount == 1 && table.violations.isEmpty)
  }

  @Test("a segmented source switches children with an animation")
  func segmented() async throws {
    let (table, registry, _) = feedTable()
    let controller = feedController(table, registry)
    let people = try StaticSource(
      [AnyItem(User(id: 1, name: "Ada"))], in: SectionInfo(id: "people"))
    let posts = try StaticSource(
      [AnyItem(Post(id: 1, text: "Hello"))], in: SectionInfo(id: "posts"))
    let segments = SegmentedSource([people, posts])
    controller.connect(to: segments)
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Ada"])
    let batches = table.batchCount
    try segments.selectSegment(at: 1)
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Hello"])
    #expect(table.batchCount == batches + 1 && table.reloadCount == 1)
    // A change in the hidden segment does not reach the list.
    try people.setItems([AnyItem(User(id: 9, name: "Zed"))], in: SectionInfo(id: "people"))
    await settle(controller)
    #expect(table.visibleCells.map(\.text) == ["Hello"])
    #expect(
      (#expect(throws: SegmentError.self) { try segments.selectSegment(at: 2) })?.description
        == "segment 2 is out of range: there are 2 segments (valid indices are 0..<2)")
    #expect(segments.selectedIndex == 1)
  }
}

@MainActor
@Suite("ListController: editing like a mutable array")
struct ControllerEditingTests {
  func makeEditable() -> (SimulatedListView, ListController<SectionInfo, TestItem, SimulatedCell>) {
    makeController(.table, viewportHeight: 1000, timing: .nextTurn)
  }

  @Test("each edit animates and reads like an array operation")
  func edits() async throws {
    let (view, controller) = makeEditable()
    try controller.insertSection(section("A"), items: items([1, 2, 3]), at: 0)
    try controller.insertSection(section("B"), items: items([4]), at: 1)
    try controller.moveSection(from: 1, to: 0)
    try controller.sortSection(at: 1, by: { $0.id > $1.id })
    try controller.moveItem(from: ItemPath(section: 1, item: 0), to: ItemPath(section: 0, item: 1))
    try controller.insertItems(items([9, 8]), at: ItemPath(section: 1, item: 2))
    try controller.deleteItems(at: [ItemPath(section: 1, item: 0)])
    try controller.moveItems(
      from: [ItemPath(section: 0, item: 0)], to: [ItemPath(section: 1, item: 3)])
    await settle(controller)
    let expected = TestSnapshot {
      SnapshotSection("B", title: "B") { items([3]) }
      SnapshotSection("A", title: "A") { items([1, 9, 8, 4]) }
    }
    expectShows(view, expected)
    #expect(view.reloadCount == 1, "only the initial load")
  }

  @Test("bad input is a clear error and the list stays as it was")
  func badInput() async throws {
    let (view, controller) = makeEditable()
    try controller.insertSection(section("A"), items: items([1, 2]), at: 0)
    await settle(controller)
    let before = controller.latestSnapshot
    #expect(
      (#expect(throws: SnapshotError.self) { try controller.moveSection(from: 0, to: 0) })?
        .description == "cannot move section 0 onto itself")
    #expect(
      (#expect(throws: SnapshotError.self) { try controller.deleteSection(at: 3) })?.description
        == "section index 3 is out of range: the snapshot has 1 section (valid section index is 0)")
    #expect(
      (#expect(throws: SnapshotError.self) {
        try controller.insertItems(items([5]), at: ItemPath(section: 0, item: 3))
      })?.description
        == "cannot insert at [0, 3]: section 0 has 2 items (valid insertion indices are 0...2)")
    #expect(
      (#expect(throws: SnapshotError.self) {
        try controller.moveItem(
          from: ItemPath(section: 0, item: 2), to: ItemPath(section: 0, item: 0))
      })?.description
        == "item path [0, 2] is out of range: section 0 has 2 items (valid item indices are 0..<2); "
        + "the snapshot has 1 section")
    #expect(
      (#expect(throws: SnapshotError.self) {
        try controller.moveItem(
          from: ItemPath(section: 0, item: 1), to: ItemPath(section: 0, item: 1))
      })?.description == "cannot move the item at [0, 1] onto itself")
    #expect(
      (#expect(throws: SnapshotError.self) {
        try controller.insertSection(section("A"), at: 1)
      })?.description == "duplicate section IDs: \"A\" at sections 0 and 1")
    await settle(controller)
    #expect(controller.snapshot == before)
    expectShows(view, before)
  }

  @Test("moves given as two arrays of different lengths throw and change nothing")
  func mismatchedMoves() async throws {
    let (view, controller) = makeEditable()
    try controller.insertSection(section("A"), items: items([1, 2, 3]), at: 0)
    await settle(controller)
    let batches = view.batchCount
    let error = #expect(throws: SnapshotError.self) {
      try controller.moveItems(
        from: [ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1)],
        to: [ItemPath(section: 0, item: 2)])
    }
    #expect(error == .mismatchedMoves(sources: 2, destinations: 1))
    #expect(
      error?.description
        == "cannot move items: 2 source paths but 1 destination (they go in pairs)")
    #expect(!controller.isUpdating && view.batchCount == batches, "nothing was applied")
    #expect(controller.latestSnapshot == (try TestSnapshot(items([1, 2, 3]), in: section("A"))))
  }

  @Test("random bursts of 1,000 edits from concurrent tasks", arguments: 0..<3)
  func concurrentBursts(seed: UInt64) async throws {
    let (view, controller) = makeEditable()
    let state = BurstState(seed: seed)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1000 {
        group.addTask {
          await MainActor.run {
            let edit = PathEdit.random(for: state.model, &state.random, ids: &state.ids)
            let expected = edit.applied(to: state.model)
            do throws(SnapshotError) {
              try edit.send(to: controller)
              if case .success(let next) = expected {
                state.model = next
                state.applied += 1
              } else {
                Issue.record("\(edit) succeeded; expected \(expected)")
              }
            } catch {
              if case .failure(let expectedError) = expected {
                #expect(error == expectedError, "\(edit)")
                state.rejected += 1
              } else {
                Issue.record("\(edit) failed with \(error)")
              }
            }
          }
        }
      }
    }
    await settle(controller)
    #expect(
      state.applied > 600 && state.rejected > 20,
      "\(state.applied) applied, \(state.rejected) rejected")
    #expect(controller.snapshot == state.model.snapshot)
    expectShows(view, state.model.snapshot)
    #expect(view.violations.isEmpty)
  }
}

@MainActor
final class BurstState {
  var model = PathModel(sections: [])
  var random: SeededRandom
  var ids = FreshIDs()
  var applied = 0
  var rejected = 0
  init(seed: UInt64) { random = SeededRandom(seed: seed) }
}

@Suite("Snapshot.showing: content or a placeholder for the state")
struct ShowingTests {
  let section = SectionInfo(id: "posts", title: "Posts")
  let content = try! Feed([AnyItem(Post(id: 1, text: "Hello"))], in: SectionInfo(id: "posts"))

  func shown(_ content: Feed?, _ state: LoadingState, placeholders: Bool = true) -> [String] {
    let make: (any Diffable) -> AnyItem = { AnyItem($0) }
    return Feed.showing(
      content, in: state, placeholderSection: section, makePlaceholder: placeholders ? make : nil
    ).items.map { "\(type(of: $0.base))" }
  }

  @Test("each state with and without content")
  func states() {
    #expect(shown(nil, .loading) == ["LoadingPlaceholder"])
    #expect(shown(nil, .noContent) == ["NoResultsPlaceholder"])
    #expect(shown(nil, .error("x")) == ["ErrorPlaceholder"])
    #expect(shown(content, .error("x")) == ["Post"], "content survives an error")
    #expect(shown(content, .refreshing) == ["Post"])
    #expect(shown(content, .loaded) == ["Post"])
    #expect(shown(nil, .initial).isEmpty)
    #expect(shown(nil, .loading, placeholders: false).isEmpty, "no placeholders without a maker")
    let error = Feed.showing(
      nil, in: .error("offline"), placeholderSection: section, makePlaceholder: { AnyItem($0) })
    #expect(error.items.first?.base(as: ErrorPlaceholder.self)?.message == "offline")
    #expect(error.sections == [section])
  }
}
