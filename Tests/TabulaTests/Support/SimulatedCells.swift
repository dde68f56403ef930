import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

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

/// A table whose batches land at once, with ``testCell(_:_:_:)``'s cells
/// registered, and VoiceOver running if `voiceOver`.
@MainActor
func testTable(voiceOver: Bool = false) -> SimulatedTableView {
  let table = SimulatedTableView()
  table.animationTiming = .immediate
  table.register(SimulatedCell.self, forReuseIdentifier: "cell")
  table.isVoiceOverRunning = voiceOver
  return table
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
