import Tabula
import TabulaTesting

let outlineCases = [
  BenchCase(
    name: "outline.toggle",
    summary: "expand + collapse a node of 1,000 children in a mostly expanded tree, to a "
      + "simulated table, vs rebuilding the rows and diffing",
    run: outlineToggle),
  BenchCase(
    name: "outline.build",
    summary: "visible snapshot of a fully expanded 1,111,110-node tree (6 levels) vs a flat build",
    run: outlineBuild),
]

/// A tree of `levels` levels, `fanout` roots and `fanout` children under
/// every node above the last level, ids in preorder.
func benchTree(levels: Int, fanout: Int) -> Tree<BenchItem> {
  var next = 0
  func nodes(level: Int) -> [TreeNode<BenchItem>] {
    (0..<fanout).map { _ in
      let item = BenchItem(id: next, group: level, content: 0)
      next += 1
      return TreeNode(item, children: level + 1 < levels ? nodes(level: level + 1) : [])
    }
  }
  return try! Tree(roots: nodes(level: 0))
}

func outlineBuild(runs: Int) -> [BenchResult] {
  let tree = benchTree(levels: 6, fanout: 10)
  var outline = Outline(tree)
  outline.expandAll()
  let section = SectionInfo(id: "tree")
  let items = tree.items
  let (visible, flat) = measurePair(
    runs: runs, { try! outline.snapshot(in: section) }, { try! Snapshot(items, in: section) })
  return [
    BenchResult(
      name: "outline.build", n: tree.count, milliseconds: visible, baseline: "flat build",
      baselineMilliseconds: flat, extra: [("levels", 6)])
  ]
}

/// `roots` roots of `children` leaves each, every root expanded but the
/// last: the node to toggle.
func toggleTree(roots: Int, children: Int) -> (Outline<BenchItem>, toggled: Int) {
  var next = 0
  func item(_ group: Int) -> BenchItem {
    next += 1
    return BenchItem(id: next, group: group, content: 0)
  }
  let nodes = (0..<roots).map { _ in
    TreeNode(item(0), children: (0..<children).map { _ in TreeNode(item(1)) })
  }
  let tree = try! Tree(roots: nodes)
  let rootIDs = tree.roots.map(\.id)
  return (Outline(tree, expandedIDs: Set(rootIDs.dropLast())), rootIDs.last!)
}

@MainActor
func outlineToggle(runs: Int) -> [BenchResult] {
  var results: [BenchResult] = []
  for (roots, children) in [(999, 1000), (10, 1000)] {
    let (outline, toggled) = toggleTree(roots: roots, children: children)
    let section = SectionInfo(id: "tree")
    // Once through a simulated table first: the batches obey UIKit's rules.
    let violations = outlineToggleViolations(outline, toggled: toggled, section: section)
    /// A host that takes the batches at no cost: the case measures the
    /// outline and the controller, not a view.
    @MainActor func host() -> (
      BenchHost, ListController<SectionInfo, OutlineRow<BenchItem>, BenchCell>
    ) {
      let host = BenchHost()
      let controller = ListController<SectionInfo, OutlineRow<BenchItem>, BenchCell>(host: host) {
        host, path, row in host.dequeueCell(withReuseIdentifier: "row", for: path)
      }
      controller.backgroundDiffThreshold = .max  // measure the work, not a thread hop
      return (host, controller)
    }
    // Tabula: the source reports the rows each toggle inserts or deletes.
    let source = OutlineSource(outline, in: section, makePlaceholder: nil)
    let (sourceHost, sourceController) = host()
    sourceController.connect(to: source)
    // Naive: rebuild every visible row after each toggle, and diff.
    var naiveOutline = outline
    let (naiveHost, naiveController) = host()
    naiveController.apply(try! naiveOutline.snapshot(in: section))
    var rowsChanged = 0
    // Small trees toggle many times per measurement, so that each figure is
    // well above the clock's resolution; the times are per expand+collapse.
    let repetitions = max(1, 1_000_000 / outline.tree.count)
    let (toggleTotal, naiveTotal) = measurePair(
      runs: runs,
      {
        let before = sourceHost.rowsChanged
        for _ in 0..<repetitions {
          try! source.expand(toggled)
          try! source.collapse(toggled)
        }
        rowsChanged = (sourceHost.rowsChanged - before) / repetitions
        return sourceHost.batchCount
      },
      {
        for _ in 0..<repetitions {
          try! naiveOutline.expand(toggled)
          naiveController.apply(try! naiveOutline.snapshot(in: section))
          try! naiveOutline.collapse(toggled)
          naiveController.apply(try! naiveOutline.snapshot(in: section))
        }
        return naiveHost.batchCount
      })
    let (toggle, naive) = (toggleTotal / Double(repetitions), naiveTotal / Double(repetitions))
    results.append(
      BenchResult(
        name: "outline.toggle", n: outline.tree.count, milliseconds: toggle,
        baseline: "rebuild+diff", baselineMilliseconds: naive,
        extra: [
          ("rows_changed", Double(rowsChanged)),
          ("visible_rows", Double(outline.visibleRows.count)),
          ("violations", Double(violations)),
        ]))
  }
  return results
}

/// Expands and collapses `toggled` once through a simulated table, and
/// returns the number of UIKit rules its batches broke.
@MainActor
func outlineToggleViolations(
  _ outline: Outline<BenchItem>, toggled: Int, section: SectionInfo
) -> Int {
  let table = SimulatedTableView(viewportHeight: 40)
  table.register(SimulatedCell.self, forReuseIdentifier: "cell")
  table.animationTiming = .immediate
  let controller = ListController<SectionInfo, OutlineRow<BenchItem>, SimulatedCell>(
    host: table
  ) { host, path, row in
    let cell = host.dequeueCell(withReuseIdentifier: "cell", for: path)
    cell.text = String(row.item.id)
    return cell
  }
  let source = OutlineSource(outline, in: section, makePlaceholder: nil)
  controller.connect(to: source)
  try! source.expand(toggled)
  try! source.collapse(toggled)
  return table.violations.count
}
