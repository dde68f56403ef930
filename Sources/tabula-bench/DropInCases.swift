import Tabula
import TabulaTesting

let dropInCases = [
  BenchCase(
    name: "dropin.apply",
    summary: "DiffableDataSource (Apple's API: identifiers, reconfigureItems) against the "
      + "ListController path on the same change, 10,000 and 100,000 items, moderate and heavy "
      + "churn",
    run: dropInApply)
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
