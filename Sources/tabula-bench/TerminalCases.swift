import Tabula
import TabulaTerminal

let terminalCases = [
  BenchCase(
    name: "terminal.frame",
    summary: "a one-row update, then a frame, at 1,000 and at 1,000,000 rows",
    run: terminalFrame)
]

/// Rows "Row i" in one section, and a version that changes one row's text.
@MainActor
final class FrameSource: ListHostDataSource {
  let count: Int
  var version = 0
  init(count: Int) { self.count = count }
  var numberOfSections: Int { 1 }
  func numberOfItems(inSectionAt section: Int) -> Int { count }
  func cell(for host: any ListHost<TerminalCell>, at path: ItemPath) -> TerminalCell {
    let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
    cell.text = "Row \(path.item)" + (path.item == 3 ? " v\(version)" : "")
    cell.detail = "\(path.item % 97)"
    return cell
  }
  func headerTitle(forSectionAt section: Int) -> String? { "Rows" }
  func footerTitle(forSectionAt section: Int) -> String? { nil }
  func height(forItemAt path: ItemPath, width: Double) -> Double? { nil }
  func didSelectItem(at path: ItemPath) {}
}

@MainActor
func terminalFrame(runs: Int) async -> [BenchResult] {
  let frames = 2000
  func setUp(_ count: Int) -> (TerminalListView, FrameSource) {
    let list = TerminalListView(width: 100, height: 40)
    let source = FrameSource(count: count)
    list.hostDataSource = source
    list.reloadData()
    list.handle(.pageDown)  // the cursor and the updated row are on screen
    _ = list.render()
    return (list, source)
  }
  let (small, smallSource) = setUp(1000)
  let (large, largeSource) = setUp(1_000_000)
  var update = Changeset()
  update.itemUpdates = [
    ItemUpdate(
      from: ItemPath(section: 0, item: 3), to: ItemPath(section: 0, item: 3), kind: .reconfigure)
  ]
  /// One update and one frame, `frames` times.
  func run(_ list: TerminalListView, _ source: FrameSource) -> Int {
    var characters = 0
    for _ in 0..<frames {
      list.performBatch(update, animated: true, updateData: { source.version += 1 }, completion: {})
      characters &+= list.render().count
    }
    return characters
  }
  let (largeTime, smallTime) = measurePair(runs: runs) {
    run(large, largeSource)
  } _: {
    run(small, smallSource)
  }
  return [
    BenchResult(
      name: "terminal.frame", n: 1_000_000, milliseconds: largeTime, baseline: "n=1000",
      baselineMilliseconds: smallTime,
      extra: [
        ("us_per_frame", largeTime * 1000 / Double(frames)),
        ("baseline_us_per_frame", smallTime * 1000 / Double(frames)),
      ])
  ]
}
