import Tabula
import Testing

/// The structure the simulated and terminal list views share, alone: the
/// rows it has and where a user's move may land.
@Suite("ListHostStructure: rows as the view believes them, and where a moved row lands")
struct ListHostStructureTests {
  /// A loaded structure of sections of `counts` rows, without titles.
  @MainActor
  func structure(_ counts: [Int]) -> ListHostStructure {
    ListHostStructure(counts: counts, texts: nil as (any ListHostDataSource<String>)?)
  }

  @Test("nothing is loaded until read; then rows, first and last, across empty sections")
  @MainActor
  func rows() {
    #expect(!ListHostStructure().isLoaded)
    let structure = structure([0, 2, 0, 1, 0])
    #expect(structure.isLoaded)
    #expect(structure.hasRow(at: ItemPath(section: 1, item: 1)))
    #expect(!structure.hasRow(at: ItemPath(section: 1, item: 2)))
    #expect(!structure.hasRow(at: ItemPath(section: 5, item: 0)))
    #expect(!structure.hasRow(at: ItemPath(section: -1, item: 0)))
    #expect(structure.firstRow == ItemPath(section: 1, item: 0))
    #expect(structure.lastRow == ItemPath(section: 3, item: 0))
    #expect(self.structure([0, 0]).firstRow == nil)
  }

  @Test("a moved row lands at most one past the last row, counted after it left its section")
  @MainActor
  func landings() {
    var structure = structure([2, 1])
    let first = ItemPath(section: 0, item: 0)
    #expect(structure.canMoveRow(from: first, to: ItemPath(section: 0, item: 1)))
    #expect(!structure.canMoveRow(from: first, to: ItemPath(section: 0, item: 2)))
    #expect(structure.canMoveRow(from: first, to: ItemPath(section: 1, item: 1)))
    #expect(!structure.canMoveRow(from: first, to: ItemPath(section: 1, item: 2)))
    #expect(!structure.canMoveRow(from: first, to: ItemPath(section: 2, item: 0)))
    structure.moveRow(from: first, to: ItemPath(section: 1, item: 1))
    #expect(structure.counts == [1, 2])
  }
}
