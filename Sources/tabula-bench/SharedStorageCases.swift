import Foundation
import Tabula

let sharedStorageCases = [
  BenchCase(
    name: "snapshot.edit",
    summary: "one insert, delete, move or update in a 1,000,000-item snapshot + the staged "
      + "changeset against the previous version, vs the full diff of the same pair",
    run: snapshotEdit),
  BenchCase(
    name: "collapse.toggle",
    summary: "collapse + expand a section of 1,000 items among 1,000 (1,000,000 items), "
      + "CollapsingSource into a controller, vs collapsing the base again and diffing",
    run: collapseToggle),
]

func snapshotEdit(runs: Int) -> [BenchResult] {
  snapshotEdit(runs: runs, sections: 1) + snapshotEdit(runs: runs, sections: 1000)
}

func snapshotEdit(runs: Int, sections: Int) -> [BenchResult] {
  let count = 1_000_000
  let items = (0..<count).map { BenchItem(id: $0, group: $0 / (count / sections), content: 0) }
  var base = try! Snapshot(
    grouping: items, by: { $0.group }, section: { SectionInfo(id: "\($0)") })
  // The first edit moves the items to shared storage (once, O(n)); the case
  // measures the edits after it, as a list that is edited sees them.
  try! base.updateItems([BenchItem(id: 0, group: 0, content: 1)])
  precondition(base.usesSharedStorage)
  let flatBase = base.withFlatStorage()
  var random = BenchRandom(seed: 7)
  var nextID = count

  typealias Edit = (inout Snapshot<SectionInfo, BenchItem>) -> Void
  // Distinct ids, so that a chain of deletes never deletes an id twice.
  var unusedIDs = Array(1..<count).shuffled(using: &random)
  func randomID() -> Int { unusedIDs.removeLast() }
  func makeEdit(_ kind: String) -> Edit {
    switch kind {
    case "insert":
      let anchor = randomID()
      nextID += 1
      let item = BenchItem(id: nextID, group: 0, content: 0)
      return { try! $0.insertItems([item], afterItem: anchor) }
    case "delete":
      let id = randomID()
      return { try! $0.deleteItems([id]) }
    case "move":
      let (id, anchor) = (randomID(), randomID())
      return { try! $0.moveItem(id, beforeItem: anchor == id ? id + 1 : anchor) }
    default:
      let id = randomID()
      return { try! $0.updateItems([BenchItem(id: id, group: 0, content: 2)]) }
    }
  }

  var results: [BenchResult] = []
  let clock = ContinuousClock()
  /// One edit of `kind` from the shared base and its staged changeset,
  /// timed; the new version and the changeset.
  func editAndStage(_ kind: String) -> (
    ms: Double, next: Snapshot<SectionInfo, BenchItem>,
    staged: StagedChangeset<SectionInfo, BenchItem>
  ) {
    let edit = makeEdit(kind)
    var next = base
    var staged: StagedChangeset<SectionInfo, BenchItem>?
    let time = clock.measure {
      edit(&next)
      staged = StagedChangeset(from: base, to: next)
    }
    return (milliseconds(time), next, staged!)
  }
  for kind in ["insert", "delete", "move", "update"] {
    // The edit and the staged changeset, from the shared base.
    var shared: [Double] = []
    var full: [Double] = []
    var moves = 0
    for _ in 0..<max(1, runs) {
      let (ms, next, staged) = editAndStage(kind)
      shared.append(ms)
      moves = staged.stages.reduce(0) { $0 + $1.changeset.itemMoves.count }
      // Today's full diff of the same pair (flat arrays, as before shared
      // storage), timed alone.
      let flatNext = next.withFlatStorage()
      var fullStaged: StagedChangeset<SectionInfo, BenchItem>?
      full.append(
        milliseconds(clock.measure { fullStaged = StagedChangeset(from: flatBase, to: flatNext) }))
      precondition(
        fullStaged!.stages.reduce(0) { $0 + $1.changeset.itemMoves.count } == moves,
        "the same minimal moves")
    }
    // The same, edits back to back (a list edited again and again, its
    // nodes in cache), without the full diffs between them.
    let warm = (0..<(max(1, runs) * 20)).map { _ in editAndStage(kind).ms }.sorted()
    shared.sort()
    full.sort()
    // Memory a retained version adds: the bytes of the nodes (and section
    // starts) it does not share with the version it came from, over 20 edits.
    var bytes = 0
    for _ in 0..<20 {
      var next = base
      makeEdit(kind)(&next)
      bytes += next.storageBytes(notSharedWith: base)
    }
    let bytesPerVersion = Double(bytes) / 20
    results.append(
      BenchResult(
        name: "snapshot.edit", n: count, milliseconds: shared[shared.count / 2],
        baseline: "full diff (\(kind))", baselineMilliseconds: full[full.count / 2],
        extra: [
          ("sections", Double(sections)), ("bytes_per_version", bytesPerVersion.rounded()),
          ("warm_ms", warm[warm.count / 2]),
          ("warm_ratio", warm[warm.count / 2] / full[full.count / 2]),
          ("moves", Double(moves)),
        ]))
  }
  return results
}

/// Collapsing and expanding one section of a large list: `CollapsingSource`
/// edits its last snapshot (shared storage), against what it did before
/// (the base collapsed again from flat arrays, and a full diff).
@MainActor
func collapseToggle(runs: Int) -> [BenchResult] {
  let sections = 1000
  let perSection = 1000
  let items = (0..<(sections * perSection)).map {
    BenchItem(id: $0, group: $0 / perSection, content: 0)
  }
  let flat = try! Snapshot(
    grouping: items, by: { $0.group }, section: { SectionInfo(id: "\($0)") })
  let shared = flat.withSharedStorage()
  let toggled = "500"
  /// A host that takes the batches at no cost.
  func controller() -> (
    BenchHost, ListController<CollapsibleSection<SectionInfo>, BenchItem, BenchCell>
  ) {
    let host = BenchHost()
    let controller = ListController<CollapsibleSection<SectionInfo>, BenchItem, BenchCell>(
      host: host
    ) { host, path, item in host.dequeueCell(withReuseIdentifier: "row", for: path) }
    controller.backgroundDiffThreshold = .max  // measure the work, not a thread hop
    return (host, controller)
  }
  let source = CollapsingSource(StaticSource(shared))
  let (sourceHost, sourceController) = controller()
  sourceController.connect(to: source)
  let (naiveHost, naiveController) = controller()
  naiveController.apply(flat.collapsingSections([]))
  var rowsChanged = 0
  let (toggle, naive) = measurePair(
    runs: runs,
    {
      let before = sourceHost.rowsChanged
      try! source.collapseSection(toggled)
      try! source.expandSection(toggled)
      rowsChanged = sourceHost.rowsChanged - before
      return sourceHost.batchCount
    },
    {
      naiveController.apply(flat.collapsingSections([toggled]))
      naiveController.apply(flat.collapsingSections([]))
      return naiveHost.batchCount
    })
  return [
    BenchResult(
      name: "collapse.toggle", n: items.count, milliseconds: toggle,
      baseline: "collapse again+diff", baselineMilliseconds: naive,
      extra: [("sections", Double(sections)), ("rows_changed", Double(rowsChanged))])
  ]
}
