/// A presenter with its model and cell types erased, as the registry keeps it.
@MainActor
@usableFromInline
final class PresenterEntry<Cell> {
  /// Tells presenters apart: rows whose presenter changes are reloaded.
  @usableFromInline let id: Int
  @usableFromInline let accepts: (Any) -> Bool
  @usableFromInline let reuseIdentifier: (Any, PresentationStyle) -> String
  @usableFromInline let configure: (Cell, Any, PresentationContext) -> Void
  @usableFromInline let wants: (ResourceUpdate, Any) -> Bool
  @usableFromInline let update: (Cell, Any, ResourceUpdate, PresentationContext) -> Void
  @usableFromInline let height: (Any, Double, PresentationStyle) -> Double?
  @usableFromInline let estimatedHeight: (Any, Double, PresentationStyle) -> Double?
  /// Whether rows with no height answer are measured on a prototype cell.
  @usableFromInline let measuresCells: Bool
  @usableFromInline let didSelect: (Any, PresentationContext) -> Void
  /// The cell lifecycle: will display, did end displaying, prefetch, cancel.
  @usableFromInline let willDisplay: (Cell, Any, PresentationContext) -> Void
  @usableFromInline let didEndDisplaying: (Cell, Any) -> Void
  @usableFromInline let prefetch: (Any) -> Void
  @usableFromInline let cancelPrefetching: (Any) -> Void
  /// Dequeues and configures in one call, casting the model once: the path
  /// of every row that appears. `prepare` is asked first, with the reuse
  /// identifier and the presenter's cell class, to make sure the host can
  /// dequeue under it; `nil` when it cannot.
  @usableFromInline let present:
    (
      any ListHost<Cell>, Any, PresentationContext,
      _ prepare: (_ reuseIdentifier: String, _ cellClass: Cell.Type?) -> Bool
    ) -> Cell?
  /// The name of the presenter of a model, for messages.
  @usableFromInline let presenterName: (Any) -> String
  /// The class the presenter of a model registers for its cells.
  @usableFromInline let cellClass: (Any) -> Cell.Type?
  @usableFromInline let canMove: (Any) -> Bool
  @usableFromInline let canDelete: (Any) -> Bool
  @usableFromInline let swipeActions: (Any, SwipeEdge) -> [SwipeAction]

  /// The closures are made where the presenter is registered (this
  /// initializer is inlinable), so they are specialised for its model type.
  @inlinable
  init<P: Presenter>(_ presenter: P, id: Int) where P.Cell == Cell {
    self.id = id
    accepts = { $0 is P.Model }
    reuseIdentifier = { presenter.reuseIdentifier(for: cast($0, to: P.Model.self), style: $1) }
    configure = { presenter.configure($0, with: cast($1, to: P.Model.self), context: $2) }
    wants = { presenter.wants($0, for: cast($1, to: P.Model.self)) }
    update = { presenter.update($0, with: cast($1, to: P.Model.self), for: $2, context: $3) }
    height = { presenter.height(for: cast($0, to: P.Model.self), width: $1, style: $2) }
    estimatedHeight = {
      presenter.estimatedHeight(for: cast($0, to: P.Model.self), width: $1, style: $2)
    }
    measuresCells = presenter.measuresCells
    didSelect = { presenter.didSelect(cast($0, to: P.Model.self), context: $1) }
    willDisplay = { presenter.willDisplay($0, with: cast($1, to: P.Model.self), context: $2) }
    didEndDisplaying = { presenter.didEndDisplaying($0, with: cast($1, to: P.Model.self)) }
    prefetch = { presenter.prefetch(cast($0, to: P.Model.self)) }
    cancelPrefetching = { presenter.cancelPrefetching(cast($0, to: P.Model.self)) }
    canMove = { presenter.canMove(cast($0, to: P.Model.self)) }
    canDelete = { presenter.canDelete(cast($0, to: P.Model.self)) }
    swipeActions = { model, edge in
      let model = cast(model, to: P.Model.self)
      return edge == .trailing
        ? presenter.trailingSwipeActions(for: model) : presenter.leadingSwipeActions(for: model)
    }
    present = { host, model, context, prepare in
      let model = cast(model, to: P.Model.self)
      let identifier = presenter.reuseIdentifier(for: model, style: context.style)
      guard prepare(identifier, presenter.cellClass) else { return nil }
      let cell = host.dequeueCell(withReuseIdentifier: identifier, for: context.path)
      presenter.configure(cell, with: model, context: context)
      return cell
    }
    presenterName = { _ in "\(P.self)" }
    cellClass = { _ in presenter.cellClass }
  }

  convenience init(selfPresenting _: any SelfPresenting<Cell>) {
    self.init(
      id: -1, accepts: { $0 is any SelfPresenting<Cell> },
      reuseIdentifier: { ($0 as! any SelfPresenting<Cell>).reuseIdentifier(style: $1) },
      configure: { ($1 as! any SelfPresenting<Cell>).configure($0, context: $2) },
      wants: { _, _ in false },
      update: { ($1 as! any SelfPresenting<Cell>).configure($0, context: $3) },
      height: { ($0 as! any SelfPresenting<Cell>).height(width: $1, style: $2) },
      didSelect: { ($0 as! any SelfPresenting<Cell>).didSelect(context: $1) },
      present: { host, model, context, prepare in
        let model = model as! any SelfPresenting<Cell>
        let identifier = model.reuseIdentifier(style: context.style)
        guard prepare(identifier, model.cellClass) else { return nil }
        let cell = host.dequeueCell(withReuseIdentifier: identifier, for: context.path)
        model.configure(cell, context: context)
        return cell
      },
      presenterName: { "\(type(of: $0)) (self-presenting)" },
      cellClass: { ($0 as! any SelfPresenting<Cell>).cellClass })
  }

  @usableFromInline
  init(
    id: Int, accepts: @escaping (Any) -> Bool,
    reuseIdentifier: @escaping (Any, PresentationStyle) -> String,
    configure: @escaping (Cell, Any, PresentationContext) -> Void,
    wants: @escaping (ResourceUpdate, Any) -> Bool,
    update: @escaping (Cell, Any, ResourceUpdate, PresentationContext) -> Void,
    height: @escaping (Any, Double, PresentationStyle) -> Double?,
    estimatedHeight: @escaping (Any, Double, PresentationStyle) -> Double? = { _, _, _ in nil },
    measuresCells: Bool = false,
    didSelect: @escaping (Any, PresentationContext) -> Void,
    willDisplay: @escaping (Cell, Any, PresentationContext) -> Void = { _, _, _ in },
    didEndDisplaying: @escaping (Cell, Any) -> Void = { _, _ in },
    prefetch: @escaping (Any) -> Void = { _ in },
    cancelPrefetching: @escaping (Any) -> Void = { _ in },
    canMove: @escaping (Any) -> Bool = { _ in false },
    canDelete: @escaping (Any) -> Bool = { _ in false },
    swipeActions: @escaping (Any, SwipeEdge) -> [SwipeAction] = { _, _ in [] },
    present:
      @escaping (
        any ListHost<Cell>, Any, PresentationContext, (String, Cell.Type?) -> Bool
      ) -> Cell?,
    presenterName: @escaping (Any) -> String,
    cellClass: @escaping (Any) -> Cell.Type?
  ) {
    self.id = id
    self.accepts = accepts
    self.reuseIdentifier = reuseIdentifier
    self.configure = configure
    self.wants = wants
    self.update = update
    self.height = height
    self.estimatedHeight = estimatedHeight
    self.measuresCells = measuresCells
    self.didSelect = didSelect
    self.willDisplay = willDisplay
    self.didEndDisplaying = didEndDisplaying
    self.prefetch = prefetch
    self.cancelPrefetching = cancelPrefetching
    self.canMove = canMove
    self.canDelete = canDelete
    self.swipeActions = swipeActions
    self.present = present
    self.presenterName = presenterName
    self.cellClass = cellClass
  }

  /// The reuse identifier for `model` in `style`.
  func reuseIdentifier(for model: Any, style: PresentationStyle) -> String {
    reuseIdentifier(model, style)
  }

  /// Configures `cell` for `model`.
  func configure(_ cell: Cell, with model: Any, context: PresentationContext) {
    configure(cell, model, context)
  }
}

/// `value` as a `Model`: a metadata comparison when its dynamic type is
/// exactly `Model` (the common case: a presenter registered for a concrete
/// type), the general cast otherwise.
@inlinable @inline(__always)
func cast<Model>(_ value: Any, to model: Model.Type) -> Model {
  func open<Value>(_ opened: Value) -> Model {
    if Value.self == Model.self { return unsafeBitCast(opened, to: Model.self) }
    return opened as! Model
  }
  return open(value)
}
