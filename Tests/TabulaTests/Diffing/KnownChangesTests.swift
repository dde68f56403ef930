import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// A source that reports whatever change the test says it made.
@MainActor
final class ReportingSource: ChangeReportingSource {
  private(set) var snapshot: TestSnapshot
  private(set) var lastChange: SnapshotChange<SectionInfo, TestItem>?
  private let observers = ObserverList()

  init(_ snapshot: TestSnapshot) { self.snapshot = snapshot }

  var state: LoadingState { .loaded }

  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  func publish(_ next: TestSnapshot, changes: Changeset?) {
    lastChange = changes.map { SnapshotChange(from: snapshot, changes: $0) }
    snapshot = next
    observers.notify()
  }
}

@MainActor
@Suite("ListController: known changes instead of a diff")
struct KnownChangesTests {
  let before = try! TestSnapshot(items([1, 2, 3]), in: "A")

  /// Item 2 with new content: a diff says reconfigure it; the "known" changes
  /// below say delete and insert it instead, so the batch tells which ran.
  var after: TestSnapshot {
    try! TestSnapshot([TestItem(id: 1), TestItem(id: 2, content: 5), TestItem(id: 3)], in: "A")
  }
  var replaceTwo: Changeset {
    var changes = Changeset()
    changes.itemDeletes = [ItemPath(section: 0, item: 1)]
    changes.itemInserts = [ItemPath(section: 0, item: 1)]
    return changes
  }

  @Test("a connected source's known changes are performed as they are, without a diff")
  func usedWhenTheViewShowsTheBase() {
    let (view, controller) = makeController(.table, timing: .immediate)
    let source = ReportingSource(before)
    controller.connect(to: source)
    source.publish(after, changes: replaceTwo)
    #expect(view.batchLog.last?.deleteRows == [ItemPath(section: 0, item: 1)])
    #expect(view.batchLog.last?.insertRows == [ItemPath(section: 0, item: 1)])
    #expect(view.batchLog.last?.reconfigureRows.isEmpty == true)
    expectShows(view, after)
    #expect(view.violations.isEmpty)
  }

  @Test("changes from another snapshot than the one shown are diffed instead")
  func diffedOtherwise() {
    let (view, controller) = makeController(.table, timing: .immediate)
    let source = ReportingSource(before)
    controller.connect(to: source)
    // Equal to what the view shows, but built apart: not the same value.
    let lookalike = try! TestSnapshot(items([1, 2, 3]), in: "A")
    controller.apply(after, changes: SnapshotChange(from: lookalike, changes: replaceTwo))
    #expect(view.batchLog.last?.reconfigureRows == [ItemPath(section: 0, item: 1)])
    #expect(view.batchLog.last?.deleteRows.isEmpty == true)
    expectShows(view, after)
  }

  @Test("changes that coalesce with a waiting snapshot are diffed")
  func diffedWhenCoalesced() {
    let (view, controller) = makeController(.table, timing: .manual, snapshot: before)
    controller.apply(try! TestSnapshot(items([1, 2, 3, 4]), in: "A"), completion: {})
    controller.apply(
      after, changes: SnapshotChange(from: before, changes: replaceTwo), completion: {})
    view.finishAnimations()
    view.finishAnimations()
    #expect(view.batchLog.last?.deleteRows == [ItemPath(section: 0, item: 3)])
    #expect(view.batchLog.last?.reconfigureRows == [ItemPath(section: 0, item: 1)])
    #expect(controller.snapshot == after)
  }

  @Test("changes whose counts do not add up are reported and diffed")
  func inconsistent() {
    let (view, controller) = makeController(.table, timing: .immediate, snapshot: before)
    var wrong = Changeset()
    wrong.itemInserts = [ItemPath(section: 0, item: 3)]
    let reports = recordingReports {
      controller.apply(after, changes: SnapshotChange(from: controller.snapshot, changes: wrong))
    }
    #expect(
      reports == [
        "known changes do not make the new snapshot (3 items − 0 deleted + 1 inserted ≠ 3): "
          + "diffing instead"
      ])
    #expect(view.batchLog.last?.reconfigureRows == [ItemPath(section: 0, item: 1)])
    expectShows(view, after)
    #expect(view.violations.isEmpty)
  }
}
