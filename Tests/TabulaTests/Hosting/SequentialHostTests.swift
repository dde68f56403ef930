import Tabula
import TabulaTestSupport
import Testing

// A ListController driving a host that takes its batches as AppKit's
// NSTableView does (SequentialRowUpdate, each operation read in the rows the
// ones before it left), through random applies: after every batch, the
// host's rows are the controller's snapshot, group rows and all.

/// A table of rows that applies each batch one operation after another,
/// checking every index against the rows it is read in.
@MainActor
final class SequentialRowsHost: ListHost {
  weak var hostDataSource: (any ListHostDataSource<String>)?
  /// The rows shown: "§" and the section's title for a group row, the
  /// cell's text for an item.
  private(set) var rows: [String] = []
  private var layout = ListRowLayout(itemCounts: [], groupRows: true)
  private(set) var problems: [String] = []
  private(set) var moves = 0

  private func currentLayout() -> ListRowLayout {
    guard let source = hostDataSource else { return ListRowLayout(itemCounts: [], groupRows: true) }
    return ListRowLayout(
      itemCounts: (0..<source.numberOfSections).map { source.numberOfItems(inSectionAt: $0) },
      groupRows: true)
  }

  /// What the data source shows at `row` of `layout`.
  private func text(ofRow row: Int, in layout: ListRowLayout) -> String {
    guard let source = hostDataSource else { return "?" }
    switch layout[row] {
    case .group(let section): return "§" + (source.headerTitle(forSectionAt: section) ?? "")
    case .item(let path): return source.cell(for: self, at: path)
    }
  }

  func reloadData() {
    layout = currentLayout()
    rows = (0..<layout.rowCount).map { text(ofRow: $0, in: layout) }
  }

  func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void
  ) {
    let before = layout
    updateData()
    let after = currentLayout()
    let counts = { (layout: ListRowLayout) in
      (0..<layout.sectionCount).map { layout.itemCount(inSectionAt: $0) }
    }
    let update = SequentialRowUpdate(
      batch, oldCounts: counts(before), newCounts: counts(after), groupRows: true)
    layout = after
    for row in update.removals.reversed() {
      guard row < rows.count else { return fail("removal of row \(row) of \(rows.count)") }
      rows.remove(at: row)
    }
    for move in update.moves {
      guard move.from < rows.count, move.to < rows.count else {
        return fail("move \(move) among \(rows.count) rows")
      }
      rows.insert(rows.remove(at: move.from), at: move.to)
      moves += 1
    }
    for row in update.insertions {
      guard row <= rows.count else { return fail("insertion at \(row) of \(rows.count)") }
      rows.insert(text(ofRow: row, in: after), at: row)
    }
    for row in update.reloads + update.reconfigures + update.updatedGroupRows {
      rows[row] = text(ofRow: row, in: after)
    }
    completion()
  }

  private func fail(_ problem: String) {
    problems.append(problem)
    reloadData()
  }

  var visibleItemPaths: [ItemPath] { [] }
  func visibleCell(at path: ItemPath) -> String? { nil }
  func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath) -> String {
    reuseIdentifier
  }
  func fallbackCell(for path: ItemPath, message: String) -> String { message }
}

/// The rows `snapshot` shows in a table of group rows: "§" and the title,
/// then each item's id and content.
private func tableRows(_ snapshot: TestSnapshot) -> [String] {
  var rows: [String] = []
  for section in 0..<snapshot.numberOfSections {
    rows.append("§" + (snapshot.sections[section].title ?? ""))
    rows += snapshot.items(inSectionAt: section).map(\.description)
  }
  return rows
}

@MainActor
@Suite("A host that applies batches as AppKit does, driven by a ListController")
struct SequentialHostTests {
  @Test("random applies: after every batch the rows are the snapshot's", arguments: 0..<4)
  func randomApplies(seed: UInt64) {
    var random = SeededRandom(seed: seed + 4200)
    var ids = FreshIDs()
    let host = SequentialRowsHost()
    let controller = ListController<SectionInfo, TestItem, String>(host: host) { host, path, item in
      host.dequeueCell(withReuseIdentifier: item.description, for: path)
    }
    controller.transactionTiming = .immediate
    var snapshot = randomSnapshot(&random, maxItems: 40, ids: &ids)
    controller.apply(snapshot)
    for _ in 0..<60 {
      snapshot = randomChange(of: snapshot, &random, ids: &ids, maxInserts: 8)
      controller.apply(snapshot)
      #expect(host.problems.isEmpty)
      #expect(host.rows == tableRows(controller.snapshot))
    }
  }
}
