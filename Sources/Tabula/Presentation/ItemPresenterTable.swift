/// The item half of a ``PresenterRegistry``: the presenters registered per
/// model type and style, the style of each model type, the default
/// presenter, and the lookup that falls back from one to the next.
///
/// For a model of dynamic type `T`, whose style is `style(for: T.self)`,
/// the lookup finds:
///
/// 1. the presenter registered for `T` with that style;
/// 2. the presenter registered for `T` with the default style;
/// 3. the model itself, if it is ``SelfPresenting`` with this cell type;
/// 4. the first presenter, in registration order, registered for a type the
///    model can be cast to (a protocol, a superclass), preferring one
///    registered with the model's style over one with the default style;
/// 5. the default presenter;
///
/// and otherwise throws ``PresenterError/noPresenter(modelType:registered:)``.
///
/// Each dynamic type is resolved once and its answer kept until the table
/// changes. ``version`` counts the changes (a registration, a style, the
/// default presenter), so that what is built on the answers (a controller's
/// heights and cells) knows when presentation changed; lookups never change
/// it. A model type nothing presents is reported once (``isFirstReport(of:)``).
@MainActor
@usableFromInline
struct ItemPresenterTable<Cell> {
  /// A registration's model type and style.
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

  /// A registered presenter, with the name of its model type for messages.
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

  /// Where the contexts of the presenters found send actions.
  let dispatcher: (any ActionDispatching)?
  /// The presenter for models nothing else presents (step 5).
  var defaultPresenter: AnyPresenter<Cell>? {
    didSet { didChange() }
  }
  /// The presenters by exact model type and style (steps 1 and 2).
  @usableFromInline var exact: [Key: PresenterEntry<Cell>] = [:]
  /// Every registration, oldest first (step 4 tries them in this order).
  @usableFromInline var registrations: [Registration] = []
  /// The style set for each model type.
  private var styles: [ObjectIdentifier: PresentationStyle] = [:]
  /// Resolutions by dynamic type: short parallel arrays, searched linearly,
  /// beat hashing for the handful of model types a list has (and, unlike an
  /// array of tuples, need no tuple metadata in this generic type).
  @usableFromInline private(set) var resolvedTypes: [ObjectIdentifier] = []
  @usableFromInline private(set) var resolutions: [ResolvedPresenter<Cell>] = []
  /// The model types found without a presenter and reported.
  private var reportedTypes: Set<ObjectIdentifier> = []
  /// Increases with every change of the table.
  private(set) var version = 0
  /// The id of the latest registration: ids tell presenters apart.
  @usableFromInline var lastPresenterID = 0

  /// An empty table whose presenters' contexts send actions to `dispatcher`.
  init(dispatcher: (any ActionDispatching)?) {
    self.dispatcher = dispatcher
  }

  // MARK: Changing

  /// Registers `presenter` for models of type `model` in `style`, replacing
  /// the presenter registered for the same type and style.
  @inlinable
  mutating func register<P: Presenter>(
    _ presenter: P, for model: P.Model.Type, style: PresentationStyle
  ) where P.Cell == Cell {
    lastPresenterID += 1
    let key = Key(type: ObjectIdentifier(model), style: style)
    let entry = PresenterEntry(presenter, id: lastPresenterID)
    exact[key] = entry
    registrations.removeAll { $0.key == key }
    registrations.append(Registration(key: key, typeName: "\(model)", entry: entry))
    didChange()
  }

  /// Presents models of `model` in `style` from now on.
  mutating func setStyle(_ style: PresentationStyle, for model: Any.Type) {
    styles[ObjectIdentifier(model)] = style
    didChange()
  }

  /// The style models of `model` are presented in.
  func style(for model: Any.Type) -> PresentationStyle {
    styles[ObjectIdentifier(model)] ?? .default
  }

  /// Forgets every resolution and counts a change.
  @usableFromInline
  mutating func didChange() {
    resolvedTypes = []
    resolutions = []
    version += 1
  }

  // MARK: Looking up

  /// What the lookup found for models of dynamic type `type`, if it was
  /// looked up since the table last changed: the path of every row, inlined
  /// where the registry is used so that it is specialised for its cell type.
  ///
  /// - Complexity: O(t), where t is the number of types resolved (a
  ///   handful).
  @inlinable
  func resolution(of type: ObjectIdentifier) -> ResolvedPresenter<Cell>? {
    guard let index = resolvedTypes.firstIndex(of: type) else { return nil }
    return resolutions[index]
  }

  /// The presenter for `model` and the style to present it in, resolved
  /// once per dynamic type until the table changes.
  ///
  /// - Throws: ``PresenterError/noPresenter(modelType:registered:)`` when
  ///   nothing presents the model's type.
  /// - Complexity: O(t) for a type seen before, where t is the number of
  ///   types resolved (a handful); the first lookup of a type may try every
  ///   registration.
  mutating func resolve(_ model: Any) throws(PresenterError) -> ResolvedPresenter<Cell> {
    let type = ObjectIdentifier(Swift.type(of: model))
    if let resolved = resolution(of: type) { return resolved }
    let style = styles[type] ?? .default
    let found = try presenter(for: model, style: style)
    let result = ResolvedPresenter(entry: found, style: style, dispatcher: dispatcher)
    resolvedTypes.append(type)
    resolutions.append(result)
    return result
  }

  /// The presenter for `model` in `style`, by the fallback chain, uncached.
  ///
  /// - Throws: ``PresenterError/noPresenter(modelType:registered:)`` when
  ///   nothing presents the model's type.
  func presenter(for model: Any, style: PresentationStyle)
    throws(PresenterError) -> PresenterEntry<Cell>
  {
    let type = ObjectIdentifier(Swift.type(of: model))
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

  /// Whether a missing presenter for `modelType` should be reported: `true`
  /// the first time only, whatever changes in between.
  mutating func isFirstReport(of modelType: Any.Type) -> Bool {
    reportedTypes.insert(ObjectIdentifier(modelType)).inserted
  }
}
