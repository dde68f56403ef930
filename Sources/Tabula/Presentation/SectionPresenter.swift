/// Which of a section's supporting views: the one above its items or the
/// one below.
public enum SectionViewKind: String, Hashable, Sendable, CaseIterable {
  /// The view above the section's items (UIKit: the header view, or the
  /// collection view's `elementKindSectionHeader` supplementary view).
  case header
  /// The view below the section's items.
  case footer
}

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

/// A registered ``SectionPresenter`` with its types erased.
@MainActor
final class SectionPresenterEntry {
  let id: Int
  let accepts: (Any) -> Bool
  let reuseIdentifier: (Any, SectionViewKind) -> String?
  /// Configures a view; `false` when the view is not the presenter's type.
  let configure: (Any, Any, SectionViewKind) -> Bool
  let height: (Any, SectionViewKind, Double) -> Double?
  let viewTypeName: String
  /// The presenter's type name, for messages.
  let name: String
  /// The class registered for the presenter's views, if any.
  let viewClass: Any.Type?
  let layout: (Any) -> SectionLayout?

  init<P: SectionPresenter>(_ presenter: P, id: Int) {
    self.id = id
    accepts = { $0 is P.Section }
    reuseIdentifier = { presenter.reuseIdentifier(for: cast($0, to: P.Section.self), kind: $1) }
    configure = { view, section, kind in
      guard let view = view as? P.View else { return false }
      presenter.configure(view, with: cast(section, to: P.Section.self), kind: kind)
      return true
    }
    height = { presenter.height(for: cast($0, to: P.Section.self), kind: $1, width: $2) }
    viewTypeName = "\(P.View.self)"
    name = "\(P.self)"
    viewClass = presenter.viewClass
    layout = { presenter.layout(for: cast($0, to: P.Section.self)) }
  }
}
