import Foundation
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

@MainActor
func makeController(
  _ kind: ListViewKind, viewportHeight: Int = 50,
  timing: SimulatedListView.AnimationTiming = .nextTurn,
  snapshot: TestSnapshot = TestSnapshot()
) -> (SimulatedListView, ListController<SectionInfo, TestItem, SimulatedCell>) {
  let view: SimulatedListView =
    kind == .table
    ? SimulatedTableView(viewportHeight: viewportHeight)
    : SimulatedCollectionView(viewportHeight: viewportHeight)
  view.register(SimulatedCell.self, forReuseIdentifier: "cell")
  view.animationTiming = timing
  let controller = ListController(host: view, snapshot: snapshot, cellProvider: testCell)
  return (view, controller)
}

@MainActor
@Suite("ListController: driving a host")
struct ListControllerTests {
  @Test("an animated apply sends batches; the view shows the snapshot")
  func animatedApply() async throws {
    let first = TestSnapshot {
      SnapshotSection("A") { items([1, 2, 3]) }
      SnapshotSection("B") { items([4]) }
    }
    let (view, controller) = makeController(.table, snapshot: first)
    expectShows(view, first)
    let reloads = view.reloadCount
    let second = TestSnapshot {
      SnapshotSection("B", title: "Bee") {
        TestItem(id: 4)
        TestItem(id: 3, content: 1)  // moved across sections and updated: two stages
      }
      SnapshotSection("A") {
        TestItem(id: 1, content: 5)
        TestItem(id: 9)
      }
    }
    await controller.apply(second)
    expectShows(view, second)
    #expect(view.reloadCount == reloads, "no reload")
    #expect(view.batchCount == 2, "moved and updated: two stages")
    #expect(controller.snapshot == second)
  }

  @Test("applyUsingReloadData reloads; animatingDifferences: false sends unanimated batches")
  func withoutAnimation() async throws {
    let (view, controller) = makeController(.collection)
    let snapshot = try TestSnapshot(items([1, 2]), in: "A")
    await controller.applyUsingReloadData(snapshot)
    #expect(view.reloadCount == 2 && view.batchCount == 0)
    expectShows(view, snapshot)
    let cell = view.visibleCell(at: ItemPath(section: 0, item: 0))

    let next = try TestSnapshot(items([1, 3, 2]), in: "A")
    await controller.apply(next, animatingDifferences: false)
    #expect(view.reloadCount == 2, "no reload: the differences are batch updates")
    #expect(view.batchCount == 1 && view.unanimatedBatchCount == 1)
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 0)) === cell, "cells that stay, stay")
    expectShows(view, next)

    await controller.apply(try TestSnapshot(items([3]), in: "A"))
    #expect(view.batchCount == 2 && view.unanimatedBatchCount == 1)
  }

  @Test("a reload asked for while a transaction runs is not downgraded by a later apply")
  func reloadIsSticky() async throws {
    let (view, controller) = makeController(.table, timing: .manual)
    // The first runs and waits for its animation; the others wait, coalesced.
    controller.apply(try TestSnapshot(items([1]), in: "A"), completion: {})
    controller.applyUsingReloadData(try TestSnapshot(items([2]), in: "A"), completion: {})
    controller.apply(try TestSnapshot(items([3]), in: "A"), completion: {})
    let reloads = view.reloadCount
    while controller.isUpdating {
      view.finishAnimations()
      await Task.yield()
    }
    #expect(view.reloadCount == reloads + 1)
    expectShows(view, try TestSnapshot(items([3]), in: "A"))
  }

  @Test("a change larger than the threshold reloads instead")
  func reloadThreshold() async throws {
    let (view, controller) = makeController(.table, snapshot: try TestSnapshot(items([1]), in: "A"))
    controller.reloadThreshold = 3
    await controller.apply(try TestSnapshot(items([1, 2, 3]), in: "A"))
    #expect(view.batchCount == 1)
    await controller.apply(try TestSnapshot(items([4, 5, 6, 7, 8]), in: "A"))
    #expect(view.batchCount == 1 && view.reloadCount == 2)
    expectShows(view, try TestSnapshot(items([4, 5, 6, 7, 8]), in: "A"))
  }

  @Test("large diffs run off the main actor and land the same")
  func backgroundDiff() async throws {
    var random = SeededRandom(seed: 3)
    var ids = FreshIDs()
    let old = randomSnapshot(&random, maxItems: 300, ids: &ids)
    let new = randomChange(of: old, &random, ids: &ids, maxInserts: 60)
    let (view, controller) = makeController(.collection, snapshot: old)
    controller.backgroundDiffThreshold = 0
    await controller.apply(new)
    expectShows(view, new.withoutMarks)
  }

  @Test("reconfigure and reload by id, without a new snapshot")
  func reconfigureAndReload() async throws {
    let snapshot = try TestSnapshot(items([1, 2, 3]), in: "A")
    let (view, controller) = makeController(.table, timing: .immediate, snapshot: snapshot)
    let cell = try #require(view.visibleCell(at: ItemPath(section: 0, item: 1)))
    try controller.reconfigureItems([2])
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1)) === cell, "same cell, refreshed")
    try controller.reloadItems([2])
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1)) !== cell, "a new cell")
    #expect(throws: SnapshotError.unknownItemIDs(["7"])) { try controller.reloadItems([7]) }
    #expect(view.violations.isEmpty)
  }

  @Test("while a transaction runs, waiting snapshots coalesce; every completion runs once")
  func coalescing() async throws {
    let (view, controller) = makeController(.table, timing: .manual)
    var calls: [Int] = []
    controller.apply(try TestSnapshot(items([1]), in: "A")) { calls.append(1) }
    #expect(controller.isUpdating, "waiting for the first animation")
    controller.apply(try TestSnapshot(items([1, 2]), in: "A")) { calls.append(2) }
    controller.apply(try TestSnapshot(items([3, 2, 1]), in: "A")) { calls.append(3) }
    #expect(view.batchCount == 1)
    view.finishAnimations()
    #expect(calls == [1])
    #expect(view.batchCount == 2, "the two waiting snapshots were applied as one")
    view.finishAnimations()
    #expect(calls == [1, 2, 3])
    expectShows(view, try TestSnapshot(items([3, 2, 1]), in: "A"))
  }

  @Test("a refresh asked for while waiting survives a newer snapshot")
  func marksSurviveCoalescing() throws {
    let start = try TestSnapshot(items([1, 2]), in: "A")
    let (view, controller) = makeController(.table, timing: .manual, snapshot: start)
    controller.apply(try TestSnapshot(items([1, 2, 3]), in: "A"))
    let cell = try #require(view.visibleCell(at: ItemPath(section: 0, item: 0)))
    try controller.reloadItems([1])
    controller.apply(try TestSnapshot(items([1, 2, 3, 4]), in: "A"))
    view.finishAnimations()
    view.finishAnimations()
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 0)) !== cell, "item 1 was reloaded")
    #expect(!controller.isUpdating)
  }

  @Test(
    "a completion that applies fewer sections at once: titles are read before it runs",
    arguments: [ListViewKind.table, .collection])
  func completionAppliesAtOnce(kind: ListViewKind) throws {
    let start = TestSnapshot {
      SnapshotSection("A") { items([1]) }
      SnapshotSection("B") { items([2]) }
      SnapshotSection("C") { items([3]) }
    }
    let (view, controller) = makeController(kind, timing: .immediate, snapshot: start)
    let retitled = TestSnapshot {
      SnapshotSection("A") { items([1]) }
      SnapshotSection("B") { items([2]) }
      SnapshotSection("C", title: "Sea") { items([3]) }
    }
    let fewer = TestSnapshot { SnapshotSection("A", title: "Aye") { items([1]) } }
    var completions = 0
    controller.apply(retitled) {
      completions += 1
      controller.apply(fewer) { completions += 1 }
    }
    #expect(completions == 2)
    expectShows(view, fewer)
  }

  @Test("an edit made while a refresh runs does not refresh the same row again")
  func marksAppliedOnce() throws {
    let start = try TestSnapshot(items([1, 2, 3]), in: "A")
    let (view, controller) = makeController(.table, timing: .manual, snapshot: start)
    try controller.reloadItems([2])
    #expect(view.batchLog.last?.reloadRows == [ItemPath(section: 0, item: 1)])
    #expect(controller.latestSnapshot.markedItems.isEmpty, "the running marks are being applied")
    try controller.insertItems(items([4]), at: ItemPath(section: 0, item: 3))
    view.finishAnimations()
    #expect(view.batchCount == 2)
    #expect(view.batchLog.last?.reloadRows == [], "item 2 was reloaded once")
    #expect(view.batchLog.last?.insertRows == [ItemPath(section: 0, item: 3)])
    view.finishAnimations()
    #expect(!controller.isUpdating)
    expectShows(view, try TestSnapshot(items([1, 2, 3, 4]), in: "A"))
  }

  @Test("a waiting snapshot keeps its marks for the edits made after it")
  func waitingMarksKept() throws {
    let start = try TestSnapshot(items([1, 2, 3]), in: "A")
    let (view, controller) = makeController(.table, timing: .manual, snapshot: start)
    controller.apply(try TestSnapshot(items([1, 2, 3, 4]), in: "A"))
    try controller.reloadItems([2])
    try controller.insertItems(items([5]), at: ItemPath(section: 0, item: 0))
    #expect(controller.latestSnapshot.markedItems == [2: .reload])
    view.finishAnimations()
    #expect(view.batchLog.last?.reloadRows == [ItemPath(section: 0, item: 1)])
    view.finishAnimations()
    expectShows(view, try TestSnapshot(items([5, 1, 2, 3, 4]), in: "A"))
  }

  @Test("a composed source passes on the marks of the child that changed, once")
  func composedMarks() throws {
    let (view, controller) = makeController(.table, timing: .immediate)
    let first = try StaticSource(items([1, 2]), in: section("A"))
    let second = try StaticSource(items([3]), in: section("B"))
    let screen = ComposedSource([first, second])
    controller.connect(to: screen)
    let cell = view.visibleCell(at: ItemPath(section: 0, item: 1))
    var marked = first.snapshot
    try marked.reloadItems([2])
    first.setSnapshot(marked)
    #expect(screen.snapshot.markedItems == [2: .reload])
    #expect(view.batchLog.last?.reloadRows == [ItemPath(section: 0, item: 1)])
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1)) !== cell, "item 2 was reloaded")
    try second.setItems(items([3, 4]), in: section("B"))
    #expect(screen.snapshot.markedItems.isEmpty, "another child's change")
    #expect(view.batchLog.last?.reloadRows == [])
    expectShows(
      view,
      TestSnapshot {
        SnapshotSection("A") { items([1, 2]) }
        SnapshotSection("B") { items([3, 4]) }
      })
  }

  @Test("selection reaches the controller with the item")
  func selection() async throws {
    let (view, controller) = makeController(
      .collection, snapshot: try TestSnapshot(items([5, 6]), in: "A"))
    var selected: [Int] = []
    controller.didSelect = { item, _ in selected.append(item.id) }
    view.selectItem(at: ItemPath(section: 0, item: 1))
    #expect(selected == [6])
  }

  @Test(
    "a reload leaves no stale cell; a reconfigure keeps the cell",
    arguments: [ListViewKind.table, .collection])
  func noStaleCells(kind: ListViewKind) async throws {
    let start = try TestSnapshot(items([1, 2, 3]), in: "A")
    let (view, controller) = makeController(kind, snapshot: start)
    controller.updateKind = { _, new in new.content >= 10 ? .reload : .reconfigure }
    let cells = (0..<3).map { view.visibleCell(at: ItemPath(section: 0, item: $0))! }
    let next = try TestSnapshot(
      [TestItem(id: 1, content: 1), TestItem(id: 2, content: 10), TestItem(id: 3)], in: "A")
    await controller.apply(next)
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 0)) === cells[0])
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 1)) !== cells[1])
    #expect(view.visibleCell(at: ItemPath(section: 0, item: 2)) === cells[2])
    expectShows(view, next)
  }

  /// How many random sequences the fuzz test runs in all: 4,000 in the
  /// short tier, 10,000 in the long one. A deep run sets the
  /// `TABULA_FUZZ_SEQUENCES` environment variable (at least 100,000):
  ///
  ///     TABULA_FUZZ_SEQUENCES=100000 swift test --filter fuzz
  static let fuzzSequences = TestLength.count(
    short: 4_000, long: 10_000, variable: "TABULA_FUZZ_SEQUENCES")

  @Test(
    "fuzz: 10,000 random sequences of snapshots (4,000 in the short tier) through both simulators",
    arguments: 0..<40)
  func fuzz(seed: UInt64) async {
    var random = SeededRandom(seed: seed)
    // The sequences are shared out among the 40 seeds.
    let sequences = (Self.fuzzSequences + 39) / 40
    for sequence in 0..<sequences {
      var ids = FreshIDs()
      var snapshot = randomSnapshot(&random, maxItems: 30, ids: &ids)
      let kind: ListViewKind = random.chance(0.5) ? .table : .collection
      let (view, controller) = makeController(
        kind, viewportHeight: random.chance(0.5) ? 1000 : random.int(in: 1...8),
        timing: random.chance(0.5) ? .immediate : .nextTurn, snapshot: snapshot)
      // Half the collection views lay out grids of 1 to 3 columns (sizes
      // from the layout, rows of several items).
      if let collection = view as? SimulatedCollectionView, random.chance(0.5) {
        collection.compositionalLayout = .grid(
          columns: random.int(in: 1...3),
          itemHeight: random.chance(0.5) ? .absolute(1) : .estimated(2))
      }
      for step in 0..<random.int(in: 1...4) {
        snapshot = randomChange(of: snapshot, &random, ids: &ids, maxInserts: 8)
        view.scrollOffset = random.int(in: 0...max(0, snapshot.numberOfItems - 2))
        await controller.apply(snapshot)
        expectShows(view, snapshot, "seed \(seed), sequence \(sequence), step \(step), \(kind)")
        if !view.violations.isEmpty { return }
      }
    }
  }

  @Test("1,000 applies from concurrent tasks: the last one shows, every completion runs once")
  func concurrentApplies() async throws {
    var random = SeededRandom(seed: 99)
    var ids = FreshIDs()
    var snapshots = [randomSnapshot(&random, maxItems: 40, ids: &ids)]
    for _ in 1..<1000 {
      snapshots.append(
        randomChange(of: snapshots[snapshots.count - 1], &random, ids: &ids, maxInserts: 5))
    }
    let (view, controller) = makeController(.collection, viewportHeight: 1000)
    let log = ApplyLog()
    let all = snapshots
    await withTaskGroup(of: Void.self) { group in
      for index in all.indices {
        group.addTask {
          await MainActor.run {
            log.order.append(index)
            controller.apply(all[index]) { log.completions[index, default: 0] += 1 }
          }
        }
      }
    }
    await yieldUntil { !controller.isUpdating }
    #expect(log.order.count == 1000)
    #expect(log.completions.count == 1000 && log.completions.values.allSatisfy { $0 == 1 })
    expectShows(view, all[log.order.last!].withoutMarks)
    #expect(controller.snapshot == all[log.order.last!])
  }
}

@MainActor
final class ApplyLog {
  var order: [Int] = []
  var completions: [Int: Int] = [:]
}
