/// A model that presents itself: it knows its cell kind and fills the cell
/// (the pattern of objects that configure their own cells).
///
/// ```swift
/// extension Ad: SelfPresenting {
///   func reuseIdentifier(style: PresentationStyle) -> String { "ad" }
///   func configure(_ cell: UITableViewCell, context: PresentationContext) {
///     var content = cell.defaultContentConfiguration()
///     content.text = headline
///     cell.contentConfiguration = content
///   }
/// }
/// ```
///
/// A registry uses it when no presenter is registered for the model's exact
/// type; see ``PresenterRegistry`` for the full lookup order.
@MainActor
public protocol SelfPresenting<Cell> {
  /// The cell type the host shows.
  associatedtype Cell

  /// The reuse identifier of the cell kind that shows this model.
  func reuseIdentifier(style: PresentationStyle) -> String

  /// Fills `cell` to show this model.
  func configure(_ cell: Cell, context: PresentationContext)

  /// The class of this model's cells, registered by the list on first use,
  /// as ``Presenter/cellClass``: `Cell.self` by default.
  var cellClass: Cell.Type? { get }

  /// The height of the row, or `nil` for the host's default.
  func height(width: Double, style: PresentationStyle) -> Double?

  /// The user selected the row.
  func didSelect(context: PresentationContext)
}

extension SelfPresenting {
  /// The host's plain cell class: `Cell.self`.
  public var cellClass: Cell.Type? { Cell.self }

  /// The host's default height.
  public func height(width: Double, style: PresentationStyle) -> Double? { nil }

  /// Sends ``PresenterAction/select`` to the handler for this model's type.
  public func didSelect(context: PresentationContext) { context.send(.select, self) }
}
