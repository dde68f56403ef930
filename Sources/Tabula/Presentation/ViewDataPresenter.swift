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
  private let wrongCellReport = ReportOnce<Bool>()

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
