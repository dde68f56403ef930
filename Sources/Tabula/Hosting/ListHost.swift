/// What a list view must do for Tabula: a `UITableView`, a `UICollectionView`,
/// the simulated views of `TabulaTesting`, or a terminal list view.
///
/// A host shows what its ``hostDataSource`` answers (counts, cells, titles),
/// reloads everything on request, performs one batch update at a time, and
/// reports which items are visible. A ``ListController`` drives it; user
/// interaction (a selection) goes back through the data source.
///
/// Conforming is deliberately small: each requirement maps to one or two
/// calls of UIKit's API. Its capabilities beyond showing the data are
/// protocols of their own, with defaults: ``ListHostRegistrations`` (cell
/// and section view kinds, prototype cells) and ``ListHostAnnouncing``.
@MainActor
public protocol ListHost<Cell>: ListHostRegistrations, ListHostAnnouncing {
  /// The kind of cell the host shows.
  associatedtype Cell

  /// The object the host asks for counts, cells and titles, and tells about
  /// selections. Hosts hold it weakly, as UIKit holds its data source.
  var hostDataSource: (any ListHostDataSource<Cell>)? { get set }

  /// Reloads every section and cell from the data source, without animation.
  func reloadData()

  /// Performs one batch update.
  ///
  /// The host must call `updateData` exactly once, at the point its data
  /// source starts answering with the data after the batch (for UIKit:
  /// first thing inside the `performBatchUpdates` block), then apply the
  /// operations of `batch` with UIKit's conventions (deletes, reloads,
  /// reconfigures and move sources at old positions; inserts and move
  /// destinations at new ones), refresh the headers and footers of the
  /// sections in ``Changeset/sectionUpdates`` (new positions): titles read
  /// again, section views on screen configured again in place, or replaced
  /// when their reuse identifier changed, heights asked again; and call
  /// `completion` once the update (and its animation) is over.
  ///
  /// The headers and footers are refreshed as part of the batch, before `completion` can
  /// run: a completion may start the next batch at once, after which this
  /// batch's section positions no longer hold.
  ///
  /// With `animated` false the host performs the same update without
  /// animation (UIKit: inside `UIView.performWithoutAnimation`); the rules
  /// and the cells are the same.
  func performBatch(
    _ batch: Changeset, animated: Bool, updateData: () -> Void,
    completion: @escaping @MainActor () -> Void)

  /// The paths of the items whose cells are on screen, in list order.
  var visibleItemPaths: [ItemPath] { get }

  /// The cell on screen at `path`, if it is visible.
  func visibleCell(at path: ItemPath) -> Cell?

  /// A cell for `path` registered under `reuseIdentifier`: a reused one when
  /// available, else a new one.
  func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath) -> Cell

  /// A plain cell for `path` that shows `message`: what the list shows for
  /// an item nothing can present (a model type with no presenter), rather
  /// than stop the app.
  ///
  /// The host makes it without the registrations of its data source (UIKit:
  /// a plain cell class registered under a reuse identifier of the host's
  /// own), and the data source never reconfigures it in place.
  func fallbackCell(for path: ItemPath, message: String) -> Cell

  /// Shows `state` behind the list, which has no rows (UIKit: the view's
  /// `backgroundView`), or, for `nil`, stops showing it. A
  /// ``ListController`` calls it when its list becomes empty or stops
  /// being empty, and when its ``ListController/emptyState`` changes.
  func showEmptyState(_ state: EmptyState?)

  /// The data source's selection or its ``ListSelectionSource/selectionMode``
  /// changed: a host with a selection of its own (UIKit's selected rows)
  /// makes it the data source's, when the data source keeps one
  /// (``ListSelectionSource/managesSelection``). A ``ListController`` calls
  /// it on every change, a user's tap or the app's `select`.
  func selectionDidChange()

  /// The rows' heights changed (the text size did): the host asks again
  /// for the heights of the rows on screen, keeping the first of them where
  /// it is, and for the others as they come on screen.
  func heightsDidChange()
}

extension ListHost {
  /// Shows nothing: the host has no place for an empty state.
  public func showEmptyState(_ state: EmptyState?) {}

  /// Nothing: the host reads the selection when it draws.
  public func selectionDidChange() {}

  /// Nothing: the host asks heights as it shows rows.
  public func heightsDidChange() {}
}
