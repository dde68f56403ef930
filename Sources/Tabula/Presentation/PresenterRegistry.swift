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
///
/// The registry's code is split by concern: registering and observing
/// (this file), styles (`PresenterRegistry+Styles.swift`), lookup
/// (`+Lookup.swift`) and action routing (`+Actions.swift`); presenters are
/// kept type-erased as `PresenterEntry` values.
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
  /// The style set for each model type (``setStyle(_:for:)``).
  var styles: [ObjectIdentifier: PresentationStyle] = [:]
  /// Resolutions by dynamic type: short parallel arrays, searched linearly,
  /// beat hashing for the handful of model types a list has (and, unlike an
  /// array of tuples, need no tuple metadata in this generic class).
  // Unchecked: main-actor state whose accesses never overlap; the runtime
  // checks would cost a call per cell.
  @exclusivity(unchecked) @usableFromInline var resolvedTypes: [ObjectIdentifier] = []
  @exclusivity(unchecked) @usableFromInline var resolutions: [Resolved] = []
  /// The typed action handlers (``handle(_:for:_:)``), oldest first.
  var handlers: [(action: PresenterAction, type: ObjectIdentifier, handler: Handler)] = []
  private let observers = ObserverList()
  /// The model types found without a presenter and reported.
  var reportedModelTypes: Set<ObjectIdentifier> = []
  @usableFromInline var nextPresenterID = 0
  var sectionExact: [ObjectIdentifier: SectionPresenterEntry] = [:]
  var sectionRegistrations: [(type: ObjectIdentifier, entry: SectionPresenterEntry)] = []
  var sectionResolutions: [ObjectIdentifier: SectionPresenterEntry?] = [:]
  /// Bumped by every change of the section presenters (``version`` is not).
  private(set) var sectionVersion = 0

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

  /// Calls `observer` whenever a presenter, style or default changes (a list
  /// controller refreshes its visible rows then), until the returned token
  /// is cancelled or released.
  public func observeChanges(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// How many observers are registered.
  var observerCount: Int { observers.count }

  func _sectionsChanged() {
    sectionResolutions = [:]
    sectionVersion += 1
    observers.notify()
  }

  @usableFromInline
  func _changed() {
    resolvedTypes = []
    resolutions = []
    version += 1
    observers.notify()
  }
}
