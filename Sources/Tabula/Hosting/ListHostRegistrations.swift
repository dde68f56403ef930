/// How a ``ListHost`` makes its cells and section views: the kinds
/// registered under reuse identifiers, and cells kept for measuring.
///
/// A host that makes its cells without registrations keeps the defaults.
@MainActor
public protocol ListHostRegistrations<Cell>: AnyObject {
  /// The kind of cell the host shows.
  associatedtype Cell

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
}

extension ListHostRegistrations {
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

  /// Registers nothing (`true`): the host makes its section views without
  /// registrations.
  public func registerSectionView(
    _ viewClass: Any.Type, ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
  ) -> Bool { true }
}
