/// Presents one model type in one kind of cell: makes and configures the
/// cell, updates it when a resource arrives, answers its height, and handles
/// its interactions.
///
/// ```swift
/// struct UserPresenter: Presenter {
///   func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user" }
///
///   func configure(_ cell: UserCell, with user: User, context: PresentationContext) {
///     cell.name = user.name
///     cell.byline = context.style == .byline ? user.byline : nil
///   }
///
///   func wants(_ resource: ResourceUpdate, for user: User) -> Bool {
///     resource.key == "avatar" && resource.subject == AnyHashable(user.id)
///   }
/// }
/// registry.register(UserPresenter(), for: User.self)
/// ```
///
/// Only ``reuseIdentifier(for:style:)`` and ``configure(_:with:context:)``
/// are required. By default a presenter wants no resource, refreshes a cell
/// for a resource by configuring it again, leaves the height to the host,
/// and forwards a selection to the handler registered for its model type
/// (``PresenterRegistry/handle(_:for:_:)``).
@MainActor
public protocol Presenter<Model, Cell> {
  /// The model type presented.
  associatedtype Model
  /// The cell type the host shows (`UITableViewCell`, a simulated cell...).
  associatedtype Cell

  /// The reuse identifier of the cell kind that shows `model` in `style`.
  /// Rows whose identifier changes are reloaded rather than reconfigured.
  func reuseIdentifier(for model: Model, style: PresentationStyle) -> String

  /// Fills `cell` to show `model`.
  func configure(_ cell: Cell, with model: Model, context: PresentationContext)

  /// Whether the row showing `model` must be updated for `resource`.
  func wants(_ resource: ResourceUpdate, for model: Model) -> Bool

  /// Brings a visible `cell` up to date with `resource`.
  func update(
    _ cell: Cell, with model: Model, for resource: ResourceUpdate, context: PresentationContext)

  /// The height of the row for a list `width` wide, or `nil` for the host's
  /// default. Answers are cached per item until its content, the width or
  /// the style changes.
  func height(for model: Model, width: Double, style: PresentationStyle) -> Double?

  /// The user selected the row.
  func didSelect(_ model: Model, context: PresentationContext)
}

extension Presenter {
  /// Wants no resource.
  public func wants(_ resource: ResourceUpdate, for model: Model) -> Bool { false }

  /// Configures the cell again.
  public func update(
    _ cell: Cell, with model: Model, for resource: ResourceUpdate, context: PresentationContext
  ) {
    configure(cell, with: model, context: context)
  }

  /// The host's default height.
  public func height(for model: Model, width: Double, style: PresentationStyle) -> Double? { nil }

  /// Sends ``PresenterAction/select`` to the handler for the model's type.
  public func didSelect(_ model: Model, context: PresentationContext) {
    context.send(.select, model)
  }
}

/// A model that presents itself: it knows its cell kind and fills the cell
/// (the pattern of objects that configure their own cells).
///
/// ```swift
/// extension Ad: SelfPresenting {
///   func reuseIdentifier(style: PresentationStyle) -> String { "ad" }
///   func configure(_ cell: AdCell, context: PresentationContext) { cell.headline = headline }
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

  /// The height of the row, or `nil` for the host's default.
  func height(width: Double, style: PresentationStyle) -> Double?

  /// The user selected the row.
  func didSelect(context: PresentationContext)
}

extension SelfPresenting {
  /// The host's default height.
  public func height(width: Double, style: PresentationStyle) -> Double? { nil }

  /// Sends ``PresenterAction/select`` to the handler for this model's type.
  public func didSelect(context: PresentationContext) { context.send(.select, self) }
}

/// A cell that declares the data it shows as a type of its own, built from a
/// model by a ``ViewDataPresenter``: only the cell knows what it needs, only
/// the view data knows how to get it from a model.
///
/// ```swift
/// final class SquirrelCell: UITableViewCell, ViewDataConfigurable {
///   struct ViewData { let name: String }
///   func apply(_ data: ViewData) { textLabel?.text = data.name }
/// }
/// ```
@MainActor
public protocol ViewDataConfigurable {
  /// The data the cell shows.
  associatedtype ViewData

  /// Shows `data`.
  func apply(_ data: ViewData)
}

/// Presents a model in a ``ViewDataConfigurable`` cell by building the cell's
/// view data from the model.
///
/// ```swift
/// registry.register(
///   ViewDataPresenter(SquirrelCell.self, reuseIdentifier: "squirrel") { (squirrel: Squirrel, _) in
///     SquirrelCell.ViewData(name: squirrel.name)
///   })
/// ```
public struct ViewDataPresenter<Model, Cell, SpecificCell: ViewDataConfigurable>: Presenter {
  /// The reuse identifier of the cell kind.
  public let identifier: String
  /// Builds the cell's data from a model in a style.
  public let makeViewData: @MainActor (Model, PresentationStyle) -> SpecificCell.ViewData
  /// Reports a cell of the wrong class once, not for every cell.
  private let wrongCellReport = ReportOnce()

  /// Creates a presenter for cells of `cellType`, dequeued as `reuseIdentifier`.
  public init(
    _ cellType: SpecificCell.Type, reuseIdentifier: String,
    cellBase: Cell.Type = Cell.self,
    viewData: @escaping @MainActor (Model, PresentationStyle) -> SpecificCell.ViewData
  ) {
    self.identifier = reuseIdentifier
    self.makeViewData = viewData
  }

  /// ``identifier``.
  public func reuseIdentifier(for model: Model, style: PresentationStyle) -> String { identifier }

  /// Builds the view data and applies it to the cell.
  ///
  /// The host must dequeue a `SpecificCell` for the identifier (register
  /// that class for it). A cell of another class is left unconfigured, and
  /// the problem, naming both types, is reported to ``TabulaLog`` once.
  public func configure(_ cell: Cell, with model: Model, context: PresentationContext) {
    guard let specific = cell as? SpecificCell else {
      wrongCellReport.report(
        "cell registered as \"\(identifier)\" is a \(type(of: cell)), not the "
          + "\(SpecificCell.self) whose view data \(Model.self) provides")
      return
    }
    specific.apply(makeViewData(model, context.style))
  }
}
