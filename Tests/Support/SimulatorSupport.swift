import Tabula
import TabulaTesting

extension SimulatedListView {
  /// The row counts the view shows, per section.
  package var rowCounts: [Int] { (0..<numberOfSections).map { numberOfRows(inSectionAt: $0) } }
}

/// A random row of a list with `counts` rows per section; `nil` when it has
/// none.
package func randomRow(_ counts: [Int], _ random: inout SeededRandom) -> ItemPath? {
  let filled = counts.indices.filter { counts[$0] > 0 }
  guard !filled.isEmpty else { return nil }
  let section = filled[random.int(in: 0..<filled.count)]
  return ItemPath(section: section, item: random.int(in: 0..<counts[section]))
}

/// A random place for the row at `source` in a list with `counts` rows per
/// section: a path after the row left, as `moveRow(at:to:)` means it.
package func randomPlace(for source: ItemPath, _ counts: [Int], _ random: inout SeededRandom)
  -> ItemPath
{
  let section = random.int(in: 0..<counts.count)
  let room = counts[section] - (section == source.section ? 1 : 0)
  return ItemPath(section: section, item: random.int(in: 0...room))
}
