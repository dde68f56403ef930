import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// One call of the editing API, and the error it threw, if any.
struct EditCall {
  let edit: PathEdit
  let error: SnapshotError?
}

/// The calls the editing tasks made, in the order they made them, and what
/// the tasks draw their edits from.
@MainActor
final class EditLog {
  var calls: [EditCall] = []
  var ids = FreshIDs()
  var editorRandoms: [SeededRandom]
  var animatorRandom: SeededRandom

  init(editors: Int, seed: UInt64) {
    editorRandoms = (0..<editors).map { SeededRandom(seed: seed &* 1_000 &+ UInt64($0)) }
    animatorRandom = SeededRandom(seed: seed &+ 77)
  }

  /// Makes one random call of the editing API (valid most of the time: it
  /// reads the latest snapshot) and logs it.
  func edit(_ controller: ListController<SectionInfo, TestItem, SimulatedCell>, editor: Int) {
    let edit = PathEdit.random(
      for: PathModel(controller.latestSnapshot), &editorRandoms[editor], ids: &ids)
    do throws(SnapshotError) {
      try edit.send(to: controller)
      calls.append(EditCall(edit: edit, error: nil))
    } catch {
      calls.append(EditCall(edit: edit, error: error))
    }
  }

  /// Ends the waiting animations, sometimes; returns whether to go on (edits
  /// are still to come, or a transaction runs).
  func animate(
    _ view: SimulatedListView, _ controller: ListController<SectionInfo, TestItem, SimulatedCell>,
    until total: Int
  ) -> Bool {
    guard calls.count < total || controller.isUpdating else { return false }
    if animatorRandom.chance(0.3) { view.finishAnimations() }
    return true
  }
}

@MainActor
@Suite("ListController: edits from concurrent tasks while transactions run")
struct ConcurrentEditingTests {
  @Test(
    "random edits from several tasks end showing the model they replay on",
    arguments: [SimulatedListView.AnimationTiming.nextTurn, .manual], 0..<3 as Range<UInt64>)
  func concurrentEdits(timing: SimulatedListView.AnimationTiming, seed: UInt64) async {
    let (view, controller) = makeController(.table, viewportHeight: 1000, timing: timing)
    let editors = 4
    let editsPerEditor = 250
    let total = editors * editsPerEditor
    let log = EditLog(editors: editors, seed: seed)
    await withTaskGroup(of: Void.self) { group in
      for editor in 0..<editors {
        group.addTask {
          // One edit per turn of the main actor: the tasks' edits interleave
          // with each other and with the transactions' steps.
          for _ in 0..<editsPerEditor {
            await MainActor.run { log.edit(controller, editor: editor) }
          }
        }
      }
      if timing == .manual {
        // The animations end at random moments while the edits go on, so
        // snapshots wait, coalesce and start in between.
        group.addTask {
          while await MainActor.run(body: { log.animate(view, controller, until: total) }) {}
        }
      }
    }
    await settle(controller)

    var model = PathModel(sections: [])
    var applied = 0
    for (index, call) in log.calls.enumerated() {
      switch call.edit.applied(to: model) {
      case .success(let next):
        #expect(call.error == nil, "call \(index), \(call.edit): threw \(call.error!)")
        model = next
        applied += 1
      case .failure(let expected):
        #expect(call.error == expected, "call \(index), \(call.edit)")
      }
    }
    #expect(log.calls.count == total)
    #expect(applied > total / 4 && applied < total, "\(applied) of \(total) applied")
    #expect(view.batchCount > 10, "the edits animated")
    #expect(controller.snapshot == model.snapshot)
    expectShows(view, model.snapshot)
    #expect(view.violations.isEmpty)
  }
}
