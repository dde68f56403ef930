/// A presenter with its model and cell types erased, as the registry keeps it.
///
/// What makes a cell is stored here; the rest of what a presenter answers is
/// grouped in small values (`PresenterEntry+Parts.swift`): resources, sizing,
/// the events a host reports about a row, and user edits.
@MainActor
@usableFromInline
final class PresenterEntry<Cell> {
  /// Tells presenters apart: rows whose presenter changes are reloaded.
  @usableFromInline let id: Int
  /// Whether a model is of the presenter's model type.
  @usableFromInline let accepts: (Any) -> Bool
  @usableFromInline let reuseIdentifier: (Any, PresentationStyle) -> String
  @usableFromInline let configure: (Cell, Any, PresentationContext) -> Void
  /// Dequeues and configures in one call, casting the model once: the path
  /// of every row that appears. The registrations are asked first, with
  /// the reuse identifier and the presenter's cell class, to make sure the
  /// host can dequeue under it; the identifier, unregistered, when it
  /// cannot. (The registrations are passed in rather than reached through
  /// a closure: this path captures and retains nothing.)
  @usableFromInline let present:
    (any ListHost<Cell>, Any, PresentationContext, CellRegistrations) -> Presented
  /// The name of the presenter of a model, for messages.
  @usableFromInline let presenterName: (Any) -> String
  /// The class the presenter of a model registers for its cells.
  @usableFromInline let cellClass: (Any) -> Cell.Type?
  /// Resources that arrive for a row on screen.
  @usableFromInline let resources: Resources
  /// Row heights.
  @usableFromInline let sizing: Sizing
  /// Selection and the cell lifecycle.
  @usableFromInline let events: Events
  /// What the user may do to a row: move, delete, swipe.
  @usableFromInline let editing: Editing

  /// The closures are made where the presenter is registered (this
  /// initializer is inlinable), so they are specialised for its model type.
  @inlinable
  init<P: Presenter>(_ presenter: P, id: Int) where P.Cell == Cell {
    self.id = id
    accepts = { $0 is P.Model }
    reuseIdentifier = { presenter.reuseIdentifier(for: cast($0, to: P.Model.self), style: $1) }
    configure = { presenter.configure($0, with: cast($1, to: P.Model.self), context: $2) }
    present = { host, model, context, registrations in
      let model = cast(model, to: P.Model.self)
      let identifier = presenter.reuseIdentifier(for: model, style: context.style)
      guard
        registrations.prepareCell(
          identifier, cellClass: presenter.cellClass, on: host, presenter: "\(P.self)")
      else { return .unregistered(identifier) }
      let cell = host.dequeueCell(withReuseIdentifier: identifier, for: context.path)
      presenter.configure(cell, with: model, context: context)
      return .cell(cell)
    }
    presenterName = { _ in "\(P.self)" }
    cellClass = { _ in presenter.cellClass }
    resources = Resources(presenter)
    sizing = Sizing(presenter)
    events = Events(presenter)
    editing = Editing(presenter)
  }

  convenience init(selfPresenting _: any SelfPresenting<Cell>) {
    self.init(
      id: -1, accepts: { $0 is any SelfPresenting<Cell> },
      reuseIdentifier: { ($0 as! any SelfPresenting<Cell>).reuseIdentifier(style: $1) },
      configure: { ($1 as! any SelfPresenting<Cell>).configure($0, context: $2) },
      present: { host, model, context, registrations in
        let model = model as! any SelfPresenting<Cell>
        let identifier = model.reuseIdentifier(style: context.style)
        guard
          registrations.prepareCell(
            identifier, cellClass: model.cellClass, on: host,
            presenter: "\(type(of: model)) (self-presenting)")
        else { return .unregistered(identifier) }
        let cell = host.dequeueCell(withReuseIdentifier: identifier, for: context.path)
        model.configure(cell, context: context)
        return .cell(cell)
      },
      presenterName: { "\(type(of: $0)) (self-presenting)" },
      cellClass: { ($0 as! any SelfPresenting<Cell>).cellClass },
      resources: Resources(
        wants: { _, _ in false },
        update: { ($1 as! any SelfPresenting<Cell>).configure($0, context: $3) }),
      sizing: Sizing(height: { ($0 as! any SelfPresenting<Cell>).height(width: $1, style: $2) }),
      events: Events(didSelect: { ($0 as! any SelfPresenting<Cell>).didSelect(context: $1) }),
      editing: Editing())
  }

  @usableFromInline
  init(
    id: Int, accepts: @escaping (Any) -> Bool,
    reuseIdentifier: @escaping (Any, PresentationStyle) -> String,
    configure: @escaping (Cell, Any, PresentationContext) -> Void,
    present:
      @escaping (any ListHost<Cell>, Any, PresentationContext, CellRegistrations) ->
      Presented,
    presenterName: @escaping (Any) -> String,
    cellClass: @escaping (Any) -> Cell.Type?,
    resources: Resources, sizing: Sizing, events: Events, editing: Editing
  ) {
    self.id = id
    self.accepts = accepts
    self.reuseIdentifier = reuseIdentifier
    self.configure = configure
    self.present = present
    self.presenterName = presenterName
    self.cellClass = cellClass
    self.resources = resources
    self.sizing = sizing
    self.events = events
    self.editing = editing
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

extension PresenterEntry {
  /// What presenting a row gave: its cell, or the reuse identifier the
  /// host has no registration (and the presenter no class) for.
  @usableFromInline
  enum Presented {
    case cell(Cell)
    case unregistered(String)
  }
}
