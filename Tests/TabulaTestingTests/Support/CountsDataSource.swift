import Tabula
import TabulaTesting

/// A data source with plain counts, for exercising a simulated view's rules
/// directly. Cells read "section-row" and headers "Section n".
@MainActor
final class CountsDataSource: ListHostDataSource {
  var counts: [Int]
  var cellsMade = 0

  init(_ counts: [Int]) { self.counts = counts }

  var numberOfSections: Int { counts.count }
  func numberOfItems(inSectionAt section: Int) -> Int { counts[section] }
  func cell(for host: any ListHost<SimulatedCell>, at path: ItemPath) -> SimulatedCell {
    cellsMade += 1
    let cell = host.dequeueCell(withReuseIdentifier: "cell", for: path)
    cell.text = "\(path.section)-\(path.item)"
    return cell
  }
  func headerTitle(forSectionAt section: Int) -> String? { "Section \(section)" }
  func footerTitle(forSectionAt section: Int) -> String? { nil }
  func height(forItemAt path: ItemPath, width: Double) -> Double? { nil }
  func didSelectItem(at path: ItemPath) {}
}

/// A simulated view of `kind`, loaded with `counts`, its data source kept alive
/// by the caller.
@MainActor
func loadedView(_ kind: ListViewKind, counts: [Int], viewportHeight: Int = 20) -> (
  SimulatedListView, CountsDataSource
) {
  let view: SimulatedListView =
    kind == .table
    ? SimulatedTableView(viewportHeight: viewportHeight)
    : SimulatedCollectionView(viewportHeight: viewportHeight)
  view.register(SimulatedCell.self, forReuseIdentifier: "cell")
  view.animationTiming = .immediate
  let source = CountsDataSource(counts)
  view.hostDataSource = source
  view.reloadData()
  return (view, source)
}
