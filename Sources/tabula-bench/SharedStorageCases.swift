import CHeapStats
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
  BenchCase(
    name: "generic.toggle",
    summary: "collapse + expand a section of 1,000 items among 1,000 (1,000,000 items) in "
      + "CollapsingSource, and of a node of 1,000 in OutlineSource (generic code), vs the "
      + "same edits specialized",
    run: genericToggle),
]

func snapshotEdit(runs: Int) -> [BenchResult] {
  snapshotEdit(runs: runs, sections: 1) + snapshotEdit(runs: runs, sections: 1000)
}

/// A flat snapshot of `sections` sections of `perSection` items each
/// (ids in list order), and its items.
func sectionedList(sections: Int, perSection: Int) -> (
  items: [BenchItem], snapshot: Snapshot<SectionInfo, BenchItem>
) {
  let items = (0..<(sections * perSection)).map {
    BenchItem(id: $0, group: $0 / perSection, content: 0)
  }
  let snapshot = try! Snapshot(
    grouping: items, by: { $0.group }, section: { SectionInfo(id: "\($0)") })
  return (items, snapshot)
}

func snapshotEdit(runs: Int, sections: Int) -> [BenchResult] {
  let count = 1_000_000
  var base = sectionedList(sections: sections, perSection: count / sections).snapshot
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
  func editAndStage(_ kind: String, from base: Snapshot<SectionInfo, BenchItem>) -> (
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
  // A small list in shared storage, whose edits run the same code as the
  // large one's without touching its nodes (see "data cold" below).
  var small = try! Snapshot(
    grouping: (0..<8192).map { BenchItem(id: -1 - $0, group: 0, content: 0) }, by: { $0.group },
    section: { SectionInfo(id: "\($0)") })
  try! small.updateItems([BenchItem(id: -1, group: 0, content: 1)])
  var smallRound = 0
  func editSmall(_ kind: String) -> Int {
    smallRound += 1
    let id = -1 - (smallRound % 8000)
    var next = small
    switch kind {
    case "insert":
      try! next.insertItems([BenchItem(id: -100_000, group: 0, content: 0)], afterItem: id)
    case "delete": try! next.deleteItems([id])
    case "move": try! next.moveItem(id, beforeItem: id - 97)
    default: try! next.updateItems([BenchItem(id: id, group: 0, content: 2)])
    }
    return StagedChangeset(from: small, to: next).stages.count
  }
  // 64 MB, twice the last-level cache: writing one byte per line evicts
  // everything the edits touched.
  var sweep = [UInt8](repeating: 0, count: 64 << 20)
  func evictCaches() {
    sweep.withUnsafeMutableBufferPointer { bytes in
      for offset in stride(from: 0, to: bytes.count, by: 64) { bytes[offset] &+= 1 }
    }
  }
  // Memory a retained version adds over the version it came from, over
  // `versions` edits of `kind` from `base`: by the storage's own count
  // (bytes of the nodes and arrays they do not share), and by the heap's
  // (glibc's bytes in use while the versions are retained).
  func bytesPerVersion(_ kind: String, from base: Snapshot<SectionInfo, BenchItem>) -> (
    storage: Double, heap: Double?
  ) {
    let versions = 100
    var kept: [Snapshot<SectionInfo, BenchItem>] = []
    kept.reserveCapacity(versions)
    let edits = (0..<versions).map { _ in makeEdit(kind) }
    let before = heapBytesInUse()
    for edit in edits {
      var next = base
      edit(&next)
      kept.append(next)
    }
    let after = heapBytesInUse()
    let storage = kept.reduce(0) { $0 + $1.storageBytes(notSharedWith: base) }
    return (
      Double(storage) / Double(versions),
      before.flatMap { before in after.map { Double($0 - before) / Double(versions) } }
    )
  }
  // A base that has been edited 20,000 times (every kind, at random
  // places): its nodes carry the patches and its id index the overlay that a
  // list edited for a while has, unlike the fresh base.
  var edited = base
  for step in 0..<20_000 {
    makeEdit(["insert", "delete", "move", "update"][step % 4])(&edited)
  }
  for kind in ["insert", "delete", "move", "update"] {
    // The edit and the staged changeset, from the shared base.
    var shared: [Double] = []
    var full: [Double] = []
    var moves = 0
    for _ in 0..<max(1, runs) {
      let (ms, next, staged) = editAndStage(kind, from: base)
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
    let warm = (0..<(max(1, runs) * 20)).map { _ in editAndStage(kind, from: base).ms }.sorted()
    // Data cold: all caches evicted, then an edit of the small list (the
    // code, the runtime's type metadata and malloc's free lists warm, as in
    // an app that edits lists), then the timed edit, whose nodes are cold.
    var dataCold: [Double] = []
    for _ in 0..<max(1, runs) {
      evictCaches()
      _ = editSmall(kind)
      dataCold.append(editAndStage(kind, from: base).ms)
    }
    dataCold.sort()
    shared.sort()
    full.sort()
    let fresh = bytesPerVersion(kind, from: base)
    let steady = bytesPerVersion(kind, from: edited)
    var extra: [(String, Double)] = [
      ("sections", Double(sections)), ("bytes_per_version", fresh.storage.rounded()),
    ]
    if let heap = fresh.heap { extra.append(("heap_bytes_per_version", heap.rounded())) }
    extra.append(("edited_bytes_per_version", steady.storage.rounded()))
    if let heap = steady.heap { extra.append(("edited_heap_bytes_per_version", heap.rounded())) }
    if kind == "insert" {
      // The bytes counted for each node kind, and malloc's for one node.
      for node in _StorageNodeSizes.compared(chunkBytes: { Int(cheapstats_chunk_bytes($0)) }) {
        extra.append(("\(node.kind)_bytes", Double(node.counted)))
        if node.allocated > 0 {
          extra.append(("\(node.kind)_malloc_bytes", Double(node.allocated)))
        }
      }
    }
    extra += [
      ("data_cold_ms", dataCold[dataCold.count / 2]),
      ("data_cold_ratio", dataCold[dataCold.count / 2] / full[full.count / 2]),
    ]
    results.append(
      BenchResult(
        name: "snapshot.edit", n: count, milliseconds: shared[shared.count / 2],
        baseline: "full diff (\(kind))", baselineMilliseconds: full[full.count / 2],
        extra: extra + [
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
  let (items, flat) = sectionedList(sections: sections, perSection: 1000)
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

/// The bytes malloc has handed out and not had back, where the C library
/// tells (glibc's `mallinfo2`): a count the benchmarks did not make
/// themselves.
func heapBytesInUse() -> Int? {
  let bytes = cheapstats_heap_bytes_in_use()
  return bytes < 0 ? nil : Int(bytes)
}

/// A collapse and an expand of one section of a large list in shared
/// storage, made by `CollapsingSource` (the library's generic code, which
/// runs for any id type) against the same snapshot edits made here (code
/// specialized for the bench's types): what generic callers pay for not
/// knowing the id type.
@MainActor
func genericToggle(runs: Int) -> [BenchResult] {
  let repetitions = 20
  let (items, flat) = sectionedList(sections: 1000, perSection: 1000)
  let base = flat.withSharedStorage()
  let toggled = "500"
  let source = CollapsingSource(StaticSource(base))
  let baseIndex = base.sectionIndex(of: toggled)!
  let model = base.sections[baseIndex]
  let shown = Array(base.items(inSectionAt: baseIndex))
  var specialized = source.snapshot
  let index = specialized.sectionIndex(of: toggled)!
  let (generic, direct) = measurePair(
    runs: runs,
    {
      for _ in 0..<repetitions {
        try! source.collapseSection(toggled)
        try! source.expandSection(toggled)
      }
      return source.snapshot.numberOfItems
    },
    {
      for _ in 0..<repetitions {
        try! specialized.replaceItems(
          inSectionAt: index, subrange: 0..<shown.count, with: [BenchItem]())
        try! specialized.updateSections([
          CollapsibleSection(model, isCollapsed: true, itemCount: shown.count)
        ])
        try! specialized.replaceItems(
          inSectionAt: index, subrange: 0..<0, with: Array(base.items(inSectionAt: baseIndex)))
        try! specialized.updateSections([
          CollapsibleSection(model, isCollapsed: false, itemCount: shown.count)
        ])
      }
      return specialized.numberOfItems
    })
  precondition(
    specialized.items(inSectionAt: index).elementsEqual(shown, by: { $0.id == $1.id })
      && source.snapshot.items(inSectionAt: index).elementsEqual(shown, by: { $0.id == $1.id }),
    "both end expanded")
  let toggles = Double(2 * repetitions)
  return [
    BenchResult(
      name: "generic.toggle", n: items.count, milliseconds: generic / toggles,
      baseline: "specialized edits", baselineMilliseconds: direct / toggles,
      extra: [("rows_per_toggle", Double(shown.count)), ("collapsing", 1)]),
    genericOutlineToggle(runs: runs),
  ]
}

/// An expand and a collapse of a node of 1,000 children in a mostly
/// expanded tree by `OutlineSource` (generic code), against the same
/// outline and snapshot edits made here, specialized.
@MainActor
func genericOutlineToggle(runs: Int) -> BenchResult {
  let repetitions = 20
  let (outline, toggled) = toggleTree(roots: 999, children: 1000)
  let section = SectionInfo(id: "tree")
  let source = OutlineSource(outline, in: section, makePlaceholder: nil)
  var specialized = outline
  var rows = try! specialized.snapshot(in: section)
  let (generic, direct) = measurePair(
    runs: runs,
    {
      for _ in 0..<repetitions {
        try! source.expand(toggled)
        try! source.collapse(toggled)
      }
      return source.snapshot.numberOfItems
    },
    {
      for _ in 0..<repetitions {
        rows = try! specialized.toggling(toggled, shown: rows) { (outline) throws(TreeError) in
          try outline.expand(toggled)
        }!.0
        rows = try! specialized.toggling(toggled, shown: rows) { (outline) throws(TreeError) in
          try outline.collapse(toggled)
        }!.0
      }
      return rows.numberOfItems
    })
  precondition(
    rows.items.map(\.id) == source.snapshot.items.map(\.id), "both show the same rows")
  let toggles = Double(2 * repetitions)
  return BenchResult(
    name: "generic.toggle", n: outline.tree.count, milliseconds: generic / toggles,
    baseline: "specialized edits", baselineMilliseconds: direct / toggles,
    extra: [("rows_per_toggle", 1000), ("outline", 1)])
}
