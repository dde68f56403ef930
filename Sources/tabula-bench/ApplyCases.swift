import Tabula
import TabulaTesting

let applyCases = [
  BenchCase(
    name: "apply.flat",
    summary: "100,000 items, the diff.flat mix, diff + staged batches into a simulated table",
    run: applyFlat)
]

/// A cell provider for the benchmark: dequeue and set the text.
@MainActor
func benchCell(_ host: any ListHost<SimulatedCell>, _ path: ItemPath, _ item: BenchItem)
  -> SimulatedCell
{
  let cell = host.dequeueCell(withReuseIdentifier: "cell", for: path)
  cell.text = String(item.id)
  return cell
}

@MainActor
func applyFlat(runs: Int) -> [BenchResult] {
  let count = 100_000
  let (oldItems, newItems) = flatMix(count: count, seed: 42)
  let old = try! Snapshot(oldItems, in: SectionInfo(id: "all"))
  let new = try! Snapshot(newItems, in: SectionInfo(id: "all"))
  /// A table showing `old`, driven by a controller, ready for the next apply.
  @MainActor func loadedTable() -> (
    SimulatedTableView, ListController<SectionInfo, BenchItem, SimulatedCell>
  ) {
    let table = SimulatedTableView(viewportHeight: 20)
    table.register(SimulatedCell.self, forReuseIdentifier: "cell")
    table.animationTiming = .immediate
    let controller = ListController(host: table, snapshot: old, cellProvider: benchCell)
    controller.backgroundDiffThreshold = .max  // measure the work, not a thread hop
    return (table, controller)
  }
  var batches = 0
  var violations = 0
  let animated = measure(
    runs: runs, setUp: { loadedTable() },
    { table, controller in
      controller.apply(new)
      batches = table.batchCount
      violations = table.violations.count
      return table
    })
  let reload = measure(
    runs: runs, setUp: { loadedTable() },
    { table, controller in
      controller.applyUsingReloadData(new)
      return table
    })
  return [
    BenchResult(
      name: "apply.flat", n: count, milliseconds: animated, baseline: "reload",
      baselineMilliseconds: reload,
      extra: [("batches", Double(batches)), ("violations", Double(violations))])
  ]
}
