import Tabula

/// What a ``SimulatedListView`` has on screen: the cells of the rows in the
/// viewport by row identity, the paths those rows were displayed at as of
/// the last layout (where a leaving cell's row was), the section views on
/// screen by slot, and the cell a reconfigure is asking the data source for
/// again. Cells off screen are in the view's reuse pools.
@MainActor
struct SimulatedDisplay {
  /// The cells of the rows on screen, by row identity.
  var cells: [Int: SimulatedCell] = [:]
  /// The paths of the rows with cells on screen, by row identity, as of
  /// the last layout: where a leaving cell's row was.
  var displayedPaths: [Int: ItemPath] = [:]
  /// The section views on screen, by header or footer slot.
  var sectionViews: [SimulatedListView.SectionViewSlot: SimulatedCell] = [:]
  /// The row being reconfigured and its cell, which the data source must
  /// dequeue again.
  var reconfiguring: (path: ItemPath, cell: SimulatedCell)?
}
