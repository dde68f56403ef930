/// What a list view must do for Tabula: a `UITableView`, a `UICollectionView`,
/// the simulated views of `TabulaTesting`, or a terminal list view.
///
/// A host shows what its ``hostDataSource`` answers (counts, cells, titles),
/// reloads everything on request, performs one batch update at a time, and
/// reports which items are visible. A ``ListController`` drives it; user
/// interaction (a selection) goes back through the data source.
///
/// Conforming is deliberately small: each requirement maps to one or two
/// calls of UIKit's API.
@MainActor
public protocol ListHost<Cell>: AnyObject {
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

  /// A cell of kind `reuseIdentifier` kept for measuring (never on screen,
  /// never dequeued for a row), or `nil` when the host cannot measure.
  /// ``ListController`` configures it and asks its
  /// ``SizableCell/fittingHeight(forWidth:)`` for presenters that measure.
  func prototypeCell(withReuseIdentifier reuseIdentifier: String) -> Cell?

  /// Whether a cell kind (a class, a nib, a storyboard prototype) is
  /// registered under `reuseIdentifier`: `true` or `false` where the host
  /// can tell (a `UITableView` can), `nil` where it cannot (a
  /// `UICollectionView` cannot).
  ///
  /// ``ListController`` asks it the first time it dequeues under an
  /// identifier: see ``Presenter/cellClass``.
  func hasCellRegistration(forReuseIdentifier reuseIdentifier: String) -> Bool?

  /// Registers `cellClass` for the cells dequeued under `reuseIdentifier`,
  /// replacing an earlier registration (UIKit's
  /// `register(_:forCellReuseIdentifier:)`).
  func registerCell(_ cellClass: Cell.Type, forReuseIdentifier reuseIdentifier: String)

  /// Whether a view kind is registered under `reuseIdentifier` for section
  /// views of `kind`: `true`, `false`, or `nil` where the host cannot tell.
  func hasSectionViewRegistration(
    ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
  )
    -> Bool?

  /// Registers `viewClass` for the section views of `kind` dequeued under
  /// `reuseIdentifier`. Returns `false`, registering nothing, when
  /// `viewClass` is not a kind of view the host shows for sections (the
  /// caller reports it).
  func registerSectionView(
    _ viewClass: Any.Type, ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
  ) -> Bool

  /// Shows `state` behind the list, which has no rows (UIKit: the view's
  /// `backgroundView`), or, for `nil`, stops showing it. A
  /// ``ListController`` calls it when its list becomes empty or stops
  /// being empty, and when its ``ListController/emptyState`` changes.
  func showEmptyState(_ state: EmptyState?)

  /// The data source's selection or its ``ListHostDataSource/selectionMode``
  /// changed: a host with a selection of its own (UIKit's selected rows)
  /// makes it the data source's, when the data source keeps one
  /// (``ListHostDataSource/managesSelection``). A ``ListController`` calls
  /// it on every change, a user's tap or the app's `select`.
  func selectionDidChange()

  /// Tells users who do not see the list change what happened (UIKit:
  /// a VoiceOver announcement; a terminal: its status line).
  func announce(_ message: String)

  /// Whether anyone hears ``announce(_:)`` now (UIKit: while VoiceOver
  /// runs): the list works out what to announce only then.
  var isAnnouncing: Bool { get }

  /// The rows' heights changed (the text size did): the host asks again
  /// for the heights of the rows on screen, keeping the first of them where
  /// it is, and for the others as they come on screen.
  func heightsDidChange()
}

extension ListHost {
  /// No prototype cells: rows are not measured.
  public func prototypeCell(withReuseIdentifier reuseIdentifier: String) -> Cell? { nil }

  /// `nil`: the host cannot tell.
  public func hasCellRegistration(forReuseIdentifier reuseIdentifier: String) -> Bool? { nil }

  /// Registers nothing: the host makes its cells without registrations.
  public func registerCell(_ cellClass: Cell.Type, forReuseIdentifier reuseIdentifier: String) {}

  /// `nil`: the host cannot tell.
  public func hasSectionViewRegistration(
    ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
  ) -> Bool? { nil }

  /// Shows nothing: the host has no place for an empty state.
  public func showEmptyState(_ state: EmptyState?) {}

  /// Nothing: the host reads the selection when it draws.
  public func selectionDidChange() {}

  /// Nothing: the host has no one to tell.
  public func announce(_ message: String) {}

  /// `false`: the host has no one to tell.
  public var isAnnouncing: Bool { false }

  /// Nothing: the host asks heights as it shows rows.
  public func heightsDidChange() {}

  /// Registers nothing (`true`): the host makes its section views without
  /// registrations.
  public func registerSectionView(
    _ viewClass: Any.Type, ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
  ) -> Bool { true }
}
