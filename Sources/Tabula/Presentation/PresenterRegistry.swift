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
/// The registry is a facade over three tables, each a small type with its
/// own file and tests: `ItemPresenterTable` (item presenters, styles, the
/// default presenter, the lookup above), `SectionPresenterTable` (section
/// presenters) and `ActionHandlerTable` (interaction handlers). Its own
/// files hold what it adds: registering and observing (this file), styles
/// (`PresenterRegistry+Styles.swift`), lookup (`+Lookup.swift`), sections
/// (`+Sections.swift`) and actions (`+Actions.swift`).
@MainActor
public final class PresenterRegistry<Cell> {
  /// The presenter for models nothing else presents; `nil` makes a missing
  /// presenter an error.
  public var defaultPresenter: AnyPresenter<Cell>? {
    get { items.defaultPresenter }
    set {
      items.defaultPresenter = newValue
      _changed()
    }
  }

  /// The handler for actions no typed handler takes.
  public var defaultHandler: (@MainActor (PresenterAction, Any, PresentationContext) -> Void)? {
    get { actions.defaultHandler }
    set { actions.defaultHandler = newValue }
  }

  /// The item presenters, styles and default presenter.
  // Unchecked: main-actor state whose accesses never overlap (no lookup
  // calls out of the table); the runtime checks would cost a call per cell.
  @exclusivity(unchecked) @usableFromInline var items: ItemPresenterTable<Cell>
  /// The section presenters.
  var sections = SectionPresenterTable()
  /// The typed action handlers, where presenters' contexts send actions.
  let actions: ActionHandlerTable
  private let observers = ObserverList()

  /// An empty registry.
  public init() {
    let actions = ActionHandlerTable()
    self.actions = actions
    items = ItemPresenterTable(dispatcher: actions)
  }

  /// Increases with every change of the item presenters, styles or default
  /// presenter; caches built on the registry compare it.
  var version: Int { items.version }

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
    items.register(presenter, for: model, style: style)
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

  /// Tells the observers that presentation changed.
  @usableFromInline
  func _changed() {
    observers.notify()
  }
}
