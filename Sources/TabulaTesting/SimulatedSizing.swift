import Tabula

/// How a ``SimulatedListView`` sizes its rows: the settings heights come
/// from (the list's width, whether the data source is asked, the fixed
/// heights, a compositional layout's default section layout) and the
/// heights self-sizing cells measured. The view's public sizing properties
/// forward here; the view asks the data source, keeps every row's height in
/// its ``SimulatedListView/heightIndex`` (whose builders read these
/// settings while it changes, so it is not kept here) and lays out.
struct SimulatedSizing {
  /// The list's width in points, which heights are asked for.
  var width = 320.0
  /// Whether row heights come from the data source.
  var asksHeights = false
  /// The height of a row whose data source answers no height or estimate.
  var rowHeight = 1.0
  /// The height of a section header with a title or a view.
  var headerHeight = 0.0
  /// The height of a section footer with a title or a view.
  var footerHeight = 0.0
  /// The default section layout of a compositional layout, if the view has
  /// one (``SimulatedCollectionView/compositionalLayout``).
  var layoutDefault: SectionLayout?
  /// The heights self-sizing cells measured, by row identity.
  var selfSizedHeights: [Int: Double] = [:]

  /// Forgets the measured heights of the rows not in `rows` (gone), and of
  /// the rows of `rows` at `changed` (their content changed).
  mutating func forgetSelfSizedHeights(changed: [ItemPath], rows: [[Int]]) {
    guard !selfSizedHeights.isEmpty else { return }
    for path in changed { selfSizedHeights[rows[path.section][path.item]] = nil }
    let live = Set(rows.joined())
    selfSizedHeights = selfSizedHeights.filter { live.contains($0.key) }
  }
}
