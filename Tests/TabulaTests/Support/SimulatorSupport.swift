import Tabula
import TabulaTesting
import Testing

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

/// The cell provider of the controller tests: text is the item's description
/// (id and content), and the cell records the item's id.
@MainActor
func testCell(_ host: any ListHost<SimulatedCell>, _ path: ItemPath, _ item: TestItem)
  -> SimulatedCell
{
  let cell = host.dequeueCell(withReuseIdentifier: "cell", for: path)
  cell.text = item.description
  cell.representedID = item.id
  return cell
}

/// Expects `view` to show `snapshot`: counts, header titles, and every visible
/// cell showing the right item with its current content; and no broken rule.
@MainActor
func expectShows(
  _ view: SimulatedListView, _ snapshot: TestSnapshot, _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    view.violations.isEmpty, "\(view.violations). \(comment())", sourceLocation: sourceLocation)
  guard view.numberOfSections == snapshot.numberOfSections else {
    Issue.record(
      "\(view.numberOfSections) sections shown, \(snapshot.numberOfSections) in the snapshot. \(comment())",
      sourceLocation: sourceLocation)
    return
  }
  for (section, model) in snapshot.sections.enumerated() {
    #expect(
      view.numberOfRows(inSectionAt: section) == snapshot.numberOfItems(inSectionAt: section),
      "section \(section). \(comment())", sourceLocation: sourceLocation)
    #expect(
      view.headerTitle(forSectionAt: section) == model.title, "header \(section). \(comment())",
      sourceLocation: sourceLocation)
  }
  for path in view.visibleItemPaths {
    let cell = view.visibleCell(at: path)
    let item = snapshot.item(at: path)
    #expect(
      cell?.representedID == item.map { AnyHashable($0.id) } && cell?.text == item?.description,
      "cell at \(path) shows \(cell?.text ?? "nothing"), should show \(item?.description ?? "-"). \(comment())",
      sourceLocation: sourceLocation)
  }
}

extension SimulatedListView {
  /// The row counts the view shows, per section.
  var rowCounts: [Int] { (0..<numberOfSections).map { numberOfRows(inSectionAt: $0) } }
}

/// A random row of a list with `counts` rows per section; `nil` when it has
/// none.
func randomRow(_ counts: [Int], _ random: inout SeededRandom) -> ItemPath? {
  let filled = counts.indices.filter { counts[$0] > 0 }
  guard !filled.isEmpty else { return nil }
  let section = filled[random.int(in: 0..<filled.count)]
  return ItemPath(section: section, item: random.int(in: 0..<counts[section]))
}

/// A random place for the row at `source` in a list with `counts` rows per
/// section: a path after the row left, as `moveRow(at:to:)` means it.
func randomPlace(for source: ItemPath, _ counts: [Int], _ random: inout SeededRandom) -> ItemPath {
  let section = random.int(in: 0..<counts.count)
  let room = counts[section] - (section == source.section ? 1 : 0)
  return ItemPath(section: section, item: random.int(in: 0...room))
}
