/// Turns one section model type into its header and footer views, as a
/// ``Presenter`` turns an item into its cell.
///
/// Register it in the list's ``PresenterRegistry`` for the section model
/// type (or a protocol the section models conform to) with
/// ``PresenterRegistry/register(_:forSection:)``. A host asks for a section's
/// view when the section comes on screen, configures it again **in place**
/// when the section model's content changes (a section update of the
/// diff), and replaces it when the reuse identifier changes (or the view
/// comes or goes). A section with no presenter, or whose presenter answers
/// `nil`, shows its title (``HeaderTitleProviding``) if it has one.
///
/// ```swift
/// struct TeamHeader: SectionPresenter {
///   func reuseIdentifier(for team: Team, kind: SectionViewKind) -> String? {
///     kind == .header ? "team" : nil  // no footer
///   }
///   func configure(_ view: SimulatedCell, with team: Team, kind: SectionViewKind) {
///     view.text = team.name
///     view.detailText = "\(team.memberCount) members"
///   }
///   func height(for team: Team, kind: SectionViewKind, width: Double) -> Double? { 44 }
/// }
/// presenters.register(TeamHeader(), forSection: Team.self)
/// ```
///
/// The `View` is the host's kind of section view: `UITableViewHeaderFooterView`
/// for a table view, `UICollectionReusableView` for a collection view,
/// `SimulatedCell` for the simulated views, `TerminalCell` for the terminal.
/// A view of another type than the presenter's is reported to
/// ``TabulaLog`` and left unconfigured.
@MainActor
public protocol SectionPresenter<Section, View> {
  /// The section model type this presenter presents.
  associatedtype Section
  /// The kind of view it configures.
  associatedtype View

  /// The reuse identifier of the view of `kind` for `section`, or `nil`
  /// when the section has no such view (the host shows its title, if any).
  func reuseIdentifier(for section: Section, kind: SectionViewKind) -> String?

  /// Sets up `view`, dequeued under ``reuseIdentifier(for:kind:)``, to show
  /// `section`. Also called on a view already on screen when the section's
  /// content changes.
  func configure(_ view: View, with section: Section, kind: SectionViewKind)

  /// The height of the view of `kind` for a list `width` wide, or `nil`
  /// for the host's default (a table view's `sectionHeaderHeight` or
  /// `sectionFooterHeight`, a flow layout's reference size, the simulated
  /// views' `headerHeight`; the terminal draws one line).
  func height(for section: Section, kind: SectionViewKind, width: Double) -> Double?

  /// The class of this presenter's views, which the list registers under
  /// each of its reuse identifiers the first time a host asks for one, as
  /// ``Presenter/cellClass`` does for cells: `View.self` by default; `nil`
  /// when the app registers the views itself.
  var viewClass: View.Type? { get }

  /// How the section lays out its items in a collection view with Tabula's
  /// compositional layout (rows, columns, heights, spacing), or `nil` for
  /// the layout's default. Chosen per section model type like the views:
  /// the same fallback from exact type to protocols.
  func layout(for section: Section) -> SectionLayout?
}

extension SectionPresenter {
  /// The host's plain section view class: `View.self`.
  public var viewClass: View.Type? { View.self }

  /// `nil`: the layout's default.
  public func layout(for section: Section) -> SectionLayout? { nil }

  /// `nil`: the host's default height.
  public func height(for section: Section, kind: SectionViewKind, width: Double) -> Double? {
    nil
  }
}
