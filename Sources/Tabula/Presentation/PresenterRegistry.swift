/// Maps model types to the presenters that show them, with styles, typed
/// interaction handlers and a fallback chain.
///
/// ```swift
/// let presenters = PresenterRegistry<UITableViewCell>()
/// presenters.register(UserPresenter(), for: User.self)
/// presenters.register(CompactUserPresenter(), for: User.self, style: .compact)
/// presenters.register(FeedItemPresenter(), for: (any FeedItem).self)  // a protocol
/// presenters.defaultPresenter = AnyPresenter(PlainPresenter())
/// presenters.handle(.select, for: User.self) { user, _ in show(user) }
/// ```
///
/// ## Lookup order
///
/// For a model of dynamic type `T`, whose style is `style(for: T.self)`:
///
/// 1. the presenter registered for `T` with that style;
/// 2. the presenter registered for `T` with the default style;
/// 3. the model itself, if it is ``SelfPresenting`` with this cell type;
/// 4. the first presenter, in registration order, registered for a type the
///    model can be cast to: a protocol it conforms to, a superclass (a
///    presenter registered with the model's style is preferred over one with
///    the default style);
/// 5. the ``defaultPresenter``.
///
/// The presenter found is called with the model's style in its context, so a
/// presenter registered with the default style can still vary its cell by
/// style. Each dynamic type is resolved once and cached until the registry
/// changes. Interaction handlers (``handle(_:for:_:)``) follow the same chain:
/// exact type, then registered protocols and superclasses, then the default
/// handler.
///
/// A model with no presenter at all is an error,
/// ``PresenterError/noPresenter(modelType:registered:)``, which names the type
/// and every registered one. A ``ListController`` does not stop for it (the
/// model may be a new kind of row from a server): it shows the host's
/// fallback cell and reports the error's message to ``TabulaLog``, once per
/// model type.
@MainActor
public final class PresenterRegistry<Cell>: ActionDispatching {
  /// The presenter for models nothing else presents; `nil` makes a missing
  /// presenter an error.
  public var defaultPresenter: AnyPresenter<Cell>? {
    didSet { _changed() }
  }

  /// The handler for actions no typed handler takes.
  public var defaultHandler: (@MainActor (PresenterAction, Any, PresentationContext) -> Void)?

  /// Increases with every change; caches built on the registry compare it.
  private(set) var version = 0

  @usableFromInline
  struct Key: Hashable {
    @usableFromInline let type: ObjectIdentifier
    @usableFromInline let style: PresentationStyle

    @inlinable
    init(type: ObjectIdentifier, style: PresentationStyle) {
      self.type = type
      self.style = style
    }
  }

  @usableFromInline
  struct Registration {
    @usableFromInline let key: Key
    @usableFromInline let typeName: String
    @usableFromInline let entry: PresenterEntry<Cell>

    @inlinable
    init(key: Key, typeName: String, entry: PresenterEntry<Cell>) {
      self.key = key
      self.typeName = typeName
      self.entry = entry
    }
  }

  @usableFromInline var exact: [Key: PresenterEntry<Cell>] = [:]
  @usableFromInline var registrations: [Registration] = []
  private var styles: [ObjectIdentifier: PresentationStyle] = [:]
  /// Resolutions by dynamic type: short parallel arrays, searched linearly,
  /// beat hashing for the handful of model types a list has (and, unlike an
  /// array of tuples, need no tuple metadata in this generic class).
  // Unchecked: main-actor state whose accesses never overlap; the runtime
  // checks would cost a call per cell.
  @exclusivity(unchecked) @usableFromInline var resolvedTypes: [ObjectIdentifier] = []
  @exclusivity(unchecked) @usableFromInline var resolutions: [Resolved] = []
  private var handlers: [(action: PresenterAction, type: ObjectIdentifier, handler: Handler)] = []
  private let observers = ObserverList()
  /// The model types found without a presenter and reported.
  private var reportedModelTypes: Set<ObjectIdentifier> = []
  @usableFromInline var nextPresenterID = 0

  /// The presenter for a type, and the style its models are shown in.
  @MainActor
  @usableFromInline
  final class Resolved {
    /// The presenter.
    @usableFromInline let entry: PresenterEntry<Cell>
    /// The style of the model's type.
    @usableFromInline let style: PresentationStyle
    /// Where the contexts it makes send actions.
    @usableFromInline let dispatcher: PresenterRegistry<Cell>

    init(entry: PresenterEntry<Cell>, style: PresentationStyle, dispatcher: PresenterRegistry<Cell>)
    {
      self.entry = entry
      self.style = style
      self.dispatcher = dispatcher
    }

    /// The context for presenting at `path`.
    @inlinable
    func context(at path: ItemPath) -> PresentationContext {
      PresentationContext(style: style, path: path, dispatcher: dispatcher)
    }
  }

  private struct Handler {
    let typeName: String
    let call: @MainActor (Any, PresentationContext) -> Bool
  }

  /// An empty registry.
  public init() {}

  // MARK: Registering

  /// Registers `presenter` for models of type `model`, in `style`.
  ///
  /// `model` may be a concrete type, a protocol (`(any FeedItem).self`) or a
  /// class: protocols and superclasses match every model that can be cast to
  /// them (step 4 of the lookup). Registering again for the same type and
  /// style replaces the presenter.
  @inlinable
  public func register<P: Presenter>(
    _ presenter: P, for model: P.Model.Type = P.Model.self,
    style: PresentationStyle = .default
  ) where P.Cell == Cell {
    nextPresenterID += 1
    let key = Key(type: ObjectIdentifier(model), style: style)
    let entry = PresenterEntry(presenter, id: nextPresenterID)
    exact[key] = entry
    registrations.removeAll { $0.key == key }
    registrations.append(Registration(key: key, typeName: "\(model)", entry: entry))
    _changed()
  }

  /// Presents models of `model` in `style` from now on (the presenter is
  /// told the style; a presenter registered for that style is preferred).
  public func setStyle(_ style: PresentationStyle, for model: Any.Type) {
    styles[ObjectIdentifier(model)] = style
    _changed()
  }

  /// The style models of `model` are presented in.
  public func style(for model: Any.Type) -> PresentationStyle {
    styles[ObjectIdentifier(model)] ?? .default
  }

  /// Handles `action` for models of `model` (a concrete type, a protocol or a
  /// class), typed. The most recent handler for a type and action wins.
  public func handle<Model>(
    _ action: PresenterAction, for model: Model.Type,
    _ handler: @escaping @MainActor (Model, PresentationContext) -> Void
  ) {
    let type = ObjectIdentifier(model)
    handlers.removeAll { $0.action == action && $0.type == type }
    handlers.append(
      (
        action, type,
        Handler(typeName: "\(model)") { value, context in
          guard let typed = value as? Model else { return false }
          handler(typed, context)
          return true
        }
      ))
  }

  /// Calls `observer` whenever a presenter, style or default changes (a list
  /// controller refreshes its visible rows then), until the returned token
  /// is cancelled or released.
  public func observeChanges(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// How many observers are registered.
  var observerCount: Int { observers.count }

  // MARK: Looking up

  /// The presenter for `model` and the style to present it in.
  ///
  /// - Throws: ``PresenterError/noPresenter(modelType:registered:)`` when
  ///   nothing presents the model's type.
  /// - Complexity: O(1) for a type seen before; the first lookup of a type
  ///   may try every registration.
  @usableFromInline
  func resolve(_ model: Any) throws(PresenterError) -> Resolved {
    let type = ObjectIdentifier(Swift.type(of: model))
    if let index = resolvedTypes.firstIndex(of: type) { return resolutions[index] }
    let style = styles[type] ?? .default
    let found = try find(model, type: type, style: style)
    let result = Resolved(entry: found, style: style, dispatcher: self)
    resolvedTypes.append(type)
    resolutions.append(result)
    return result
  }

  /// The presenter for `model`, or `nil` when nothing presents it: then the
  /// ``PresenterError`` message is reported to ``TabulaLog``, the first time
  /// only for each model type.
  @inlinable
  func _resolveOrReport(_ model: Any) -> Resolved? {
    do {
      return try resolve(model)
    } catch {
      _report(error, for: model)
      return nil
    }
  }

  @usableFromInline
  func _report(_ error: PresenterError, for model: Any) {
    guard reportedModelTypes.insert(ObjectIdentifier(Swift.type(of: model))).inserted else {
      return
    }
    TabulaLog.report(error.description)
  }

  private func find(_ model: Any, type: ObjectIdentifier, style: PresentationStyle)
    throws(PresenterError) -> PresenterEntry<Cell>
  {
    if let entry = exact[Key(type: type, style: style)] { return entry }
    if let entry = exact[Key(type: type, style: .default)] { return entry }
    if let presenting = model as? any SelfPresenting<Cell> {
      return PresenterEntry(selfPresenting: presenting)
    }
    let castable = registrations.filter { $0.entry.accepts(model) }
    if let entry = castable.first(where: { $0.key.style == style }) ?? castable.first {
      return entry.entry
    }
    if let defaultPresenter { return defaultPresenter.entry }
    throw .noPresenter(
      modelType: String(describing: Swift.type(of: model)),
      registered: registrations.map {
        $0.key.style == .default ? $0.typeName : "\($0.typeName) (style \($0.key.style))"
      })
  }

  // MARK: Actions

  @usableFromInline
  func dispatch(_ action: PresenterAction, _ model: Any, context: PresentationContext) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: model))
    if let exact = handlers.last(where: { $0.action == action && $0.type == type }),
      exact.handler.call(model, context)
    {
      return true
    }
    for candidate in handlers where candidate.action == action && candidate.type != type {
      if candidate.handler.call(model, context) { return true }
    }
    guard let defaultHandler else { return false }
    defaultHandler(action, model, context)
    return true
  }

  /// Sends `action` about `model` to its handler; see
  /// ``PresentationContext/send(_:_:)``.
  @discardableResult
  public func send(_ action: PresenterAction, _ model: Any, at path: ItemPath) -> Bool {
    dispatch(action, model, context: context(for: model, at: path))
  }

  /// A context for presenting `model` at `path`.
  public func context(for model: Any, at path: ItemPath) -> PresentationContext {
    PresentationContext(
      style: styles[ObjectIdentifier(Swift.type(of: model))] ?? .default, path: path,
      dispatcher: self)
  }

  @usableFromInline
  func _changed() {
    resolvedTypes = []
    resolutions = []
    version += 1
    observers.notify()
  }
}

/// A missing presenter.
@nonexhaustive
public enum PresenterError: Error, Equatable, CustomStringConvertible {
  /// Nothing presents `modelType`; `registered` lists the registered types.
  case noPresenter(modelType: String, registered: [String])

  /// The message, naming the type and the registered ones.
  public var description: String {
    switch self {
    case .noPresenter(let type, let registered):
      let known = registered.isEmpty ? "none" : registered.joined(separator: ", ")
      return "no presenter for model type \(type): it is not registered, not SelfPresenting, "
        + "and no default presenter is set (registered types: \(known))"
    }
  }
}

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
  @usableFromInline let didSelect: (Any, PresentationContext) -> Void
  /// Dequeues and configures in one call, casting the model once: the path
  /// of every row that appears.
  @usableFromInline let present: (any ListHost<Cell>, Any, PresentationContext) -> Cell

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
    didSelect = { presenter.didSelect(cast($0, to: P.Model.self), context: $1) }
    present = { host, model, context in
      let model = cast(model, to: P.Model.self)
      let cell = host.dequeueCell(
        withReuseIdentifier: presenter.reuseIdentifier(for: model, style: context.style),
        for: context.path)
      presenter.configure(cell, with: model, context: context)
      return cell
    }
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
      present: { host, model, context in
        let model = model as! any SelfPresenting<Cell>
        let cell = host.dequeueCell(
          withReuseIdentifier: model.reuseIdentifier(style: context.style), for: context.path)
        model.configure(cell, context: context)
        return cell
      })
  }

  @usableFromInline
  init(
    id: Int, accepts: @escaping (Any) -> Bool,
    reuseIdentifier: @escaping (Any, PresentationStyle) -> String,
    configure: @escaping (Cell, Any, PresentationContext) -> Void,
    wants: @escaping (ResourceUpdate, Any) -> Bool,
    update: @escaping (Cell, Any, ResourceUpdate, PresentationContext) -> Void,
    height: @escaping (Any, Double, PresentationStyle) -> Double?,
    didSelect: @escaping (Any, PresentationContext) -> Void,
    present: @escaping (any ListHost<Cell>, Any, PresentationContext) -> Cell
  ) {
    self.id = id
    self.accepts = accepts
    self.reuseIdentifier = reuseIdentifier
    self.configure = configure
    self.wants = wants
    self.update = update
    self.height = height
    self.didSelect = didSelect
    self.present = present
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

/// A presenter of any model type, for ``PresenterRegistry/defaultPresenter``.
@MainActor
public struct AnyPresenter<Cell> {
  let entry: PresenterEntry<Cell>

  /// Wraps `presenter`, which must present `Any` models (it receives
  /// whatever model nothing else presents).
  public init<P: Presenter>(_ presenter: P) where P.Cell == Cell, P.Model == Any {
    entry = PresenterEntry(presenter, id: 0)
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
