import Tabula
import TabulaTesting

let dropInCases = [
  BenchCase(
    name: "dropin.apply",
    summary: "DiffableDataSource (Apple's API: identifiers, reconfigureItems) against the "
      + "ListController path on the same change, 10,000 and 100,000 items, moderate and heavy "
      + "churn",
    run: dropInApply),
  BenchCase(
    name: "dropin.outline.toggle",
    summary: "expand + collapse a parent of 999 children in a 1,000,000-item section snapshot "
      + "(Apple's API: snapshot(for:), expand, apply(_:to:)), vs the same rows applied as a "
      + "whole snapshot and diffed",
    run: dropInOutlineToggle),
]

/// A moderate change of `count` items: 1% deleted, 1% inserted, 1% moved,
/// 1% updated.
func moderateMix(count: Int, seed: UInt64) -> (old: [BenchItem], new: [BenchItem]) {
  var random = BenchRandom(seed: seed)
  let old = (0..<count).map { BenchItem(id: $0, group: 0, content: 0) }
  var keyed: [(key: Double, item: BenchItem)] = []
  keyed.reserveCapacity(count + count / 100)
  for item in old where Double.random(in: 0..<1, using: &random) >= 0.01 {
    var item = item
    if Double.random(in: 0..<1, using: &random) < 0.01 { item.content = 1 }
    let moved = Double.random(in: 0..<1, using: &random) < 0.01
    keyed.append(
      (moved ? Double.random(in: 0..<Double(count), using: &random) : Double(item.id), item))
  }
  for id in count..<(count + count / 100) {
    keyed.append(
      (
        Double.random(in: 0..<Double(count), using: &random),
        BenchItem(id: id, group: 0, content: 0)
      ))
  }
  keyed.sort { $0.key < $1.key }
  return (old, keyed.map(\.item))
}

@MainActor
func dropInApply(runs: Int) -> [BenchResult] {
  var results: [BenchResult] = []
  for count in [10_000, 100_000] {
    for (churn, mix) in [("moderate", moderateMix), ("heavy", flatMix)] {
      let (oldItems, newItems) = mix(count, 7)
      let changed = newItems.filter { $0.content != 0 }.map(\.id)
      // The app's identifiers, as it holds them (the adapter's cost is what
      // is measured, not the app's mapping of its models to ids).
      let newIDs = newItems.map(\.id)
      var batches = 0
      var violations = 0
      // Apple-style: a data source showing the old identifiers; the new
      // snapshot built from identifiers, the changed rows reconfigured.
      let (dropIn, core) = measurePair(
        runs: runs,
        setUp: { () -> (SimulatedTableView, DiffableDataSource<SimulatedTableView, String, Int>) in
          let table = benchTable()
          let dataSource = DiffableDataSource<SimulatedTableView, String, Int>(host: table) {
            host, path, id in
            let cell = host.dequeueCell(withReuseIdentifier: "cell", for: path)
            cell.text = String(id)
            return cell
          }
          dataSource.controller.backgroundDiffThreshold = .max
          var old = DiffableSnapshot<String, Int>()
          old.appendSections(["all"])
          old.appendItems(oldItems.map(\.id))
          dataSource.applySnapshotUsingReloadData(old)
          return (table, dataSource)
        },
        { table, dataSource in
          var new = DiffableSnapshot<String, Int>()
          new.appendSections(["all"])
          new.appendItems(newIDs)
          new.reconfigureItems(changed)
          dataSource.apply(new)
          batches = table.batchCount
          violations = table.violations.count
          return table
        },
        // The core path: snapshots of the items, updates found by content.
        setUp: {
          () -> (SimulatedTableView, ListController<SectionInfo, BenchItem, SimulatedCell>) in
          let table = benchTable()
          let old = try! Snapshot(oldItems, in: SectionInfo(id: "all"))
          let controller = ListController(host: table, snapshot: old, cellProvider: benchCell)
          controller.backgroundDiffThreshold = .max
          return (table, controller)
        },
        { table, controller in
          controller.apply(try! Snapshot(newItems, in: SectionInfo(id: "all")))
          return table
        })
      results.append(
        BenchResult(
          name: "dropin.apply.\(churn)", n: count, milliseconds: dropIn,
          baseline: "ListController", baselineMilliseconds: core,
          extra: [("batches", Double(batches)), ("violations", Double(violations))]))
    }
  }
  return results
}

/// An empty simulated table, as the apply cases use.
@MainActor
func benchTable() -> SimulatedTableView {
  let table = SimulatedTableView(viewportHeight: 20)
  table.register(SimulatedCell.self, forReuseIdentifier: "cell")
  table.animationTiming = .immediate
  return table
}

/// A drop-in data source on a host that takes batches at no cost, showing
/// `roots` parents of `children` items each as one section snapshot, every
/// parent expanded but the last (the one toggled).
@MainActor
func dropInOutline(roots: Int, children: Int) -> (
  BenchHost, DiffableDataSource<BenchHost, String, Int>, toggled: Int
) {
  let host = BenchHost()
  let dataSource = DiffableDataSource<BenchHost, String, Int>(host: host) { host, path, _ in
    host.dequeueCell(withReuseIdentifier: "row", for: path)
  }
  var outline = DiffableSectionSnapshot<Int>()
  let parents = (0..<roots).map { $0 * (children + 1) }
  outline.append(parents)
  for parent in parents { outline.append(Array((parent + 1)...(parent + children)), to: parent) }
  outline.expand(Array(parents.dropLast()))
  dataSource.apply(outline, to: "main", animatingDifferences: false)
  return (host, dataSource, parents.last!)
}

@MainActor
func dropInOutlineToggle(runs: Int) -> [BenchResult] {
  let (roots, children) = (1_000, 999)
  // Once through a simulated collection view: the batches obey UIKit's rules.
  let view = SimulatedCollectionView(viewportHeight: 40)
  view.register(SimulatedCell.self, forReuseIdentifier: "row")
  view.animationTiming = .immediate
  let checked = DiffableDataSource<SimulatedListView, String, Int>(host: view) { host, path, _ in
    host.dequeueCell(withReuseIdentifier: "row", for: path)
  }
  var small = DiffableSectionSnapshot<Int>()
  small.append([0, 10])
  small.append(Array(1...9), to: 0)
  small.append(Array(11...19), to: 10)
  checked.apply(small, to: "main")
  for parent in [0, 10, 0, 10] { checked.toggleExpansion(of: parent) }
  let violations = view.violations.count

  let (host, dataSource, toggled) = dropInOutline(roots: roots, children: children)
  // The whole-snapshot way: the visible items rebuilt and diffed.
  let wholeHost = BenchHost()
  let whole = DiffableDataSource<BenchHost, String, Int>(host: wholeHost) { host, path, _ in
    host.dequeueCell(withReuseIdentifier: "row", for: path)
  }
  func flat(_ items: [Int]) -> DiffableSnapshot<String, Int> {
    var snapshot = DiffableSnapshot<String, Int>()
    snapshot.appendSections(["main"])
    snapshot.appendItems(items)
    return snapshot
  }
  var naive = dataSource.snapshot(for: "main")
  whole.apply(flat(naive.visibleItems), animatingDifferences: false)
  // One toggle first: the list's first edit moves it to shared storage.
  for expanded in [true, false] {
    var outline = dataSource.snapshot(for: "main")
    if expanded { outline.expand([toggled]) } else { outline.collapse([toggled]) }
    dataSource.apply(outline, to: "main")
  }
  var rowsChanged = 0
  let (toggle, rebuild) = measurePair(
    runs: runs,
    {
      let before = host.rowsChanged
      var outline = dataSource.snapshot(for: "main")
      outline.expand([toggled])
      dataSource.apply(outline, to: "main")
      outline = dataSource.snapshot(for: "main")
      outline.collapse([toggled])
      dataSource.apply(outline, to: "main")
      rowsChanged = host.rowsChanged - before
      return host.batchCount
    },
    {
      naive.expand([toggled])
      whole.apply(flat(naive.visibleItems))
      naive.collapse([toggled])
      whole.apply(flat(naive.visibleItems))
      return wholeHost.batchCount
    })
  return [
    BenchResult(
      name: "dropin.outline.toggle", n: roots * (children + 1), milliseconds: toggle,
      baseline: "whole snapshot diff", baselineMilliseconds: rebuild,
      extra: [
        ("ms_per_toggle", toggle / 2),
        ("rows_changed", Double(rowsChanged)),
        ("visible_rows", Double(dataSource.snapshot().numberOfItems)),
        ("violations", Double(violations)),
      ])
  ]
}
