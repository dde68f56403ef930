/// A named variant of how a model type is presented: a user row with or
/// without a byline, a compact or a full post.
///
/// A presenter reads the style from its ``PresentationContext`` and varies
/// its cell; switching the style of a model type in the
/// ``PresenterRegistry`` changes every row of that type without touching the
/// presenter.
///
/// ```swift
/// extension PresentationStyle {
///   static let byline: PresentationStyle = "byline"
/// }
/// registry.setStyle(.byline, for: User.self)
/// ```
public struct PresentationStyle: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The style's name.
  public var name: String

  /// Creates a style named `name`.
  public init(_ name: String) { self.name = name }

  /// Creates a style named by a string literal.
  public init(stringLiteral name: String) { self.name = name }

  /// The style a model type has unless one is set.
  public static let `default` = PresentationStyle("default")

  /// The name.
  public var description: String { name }
}

/// Something a user does to a row: selecting it, or a custom interaction a
/// cell offers (liking a post, following a user).
///
/// Presenters send actions through their ``PresentationContext``; the
/// ``PresenterRegistry`` delivers each to the handler registered for the
/// model's type, typed by model.
public struct PresenterAction: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The action's name.
  public var name: String

  /// Creates an action named `name`.
  public init(_ name: String) { self.name = name }

  /// Creates an action named by a string literal.
  public init(stringLiteral name: String) { self.name = name }

  /// The user selected the row.
  public static let select = PresenterAction("select")

  /// The name.
  public var description: String { name }
}

/// What a presenter knows about the row it presents: its style and position,
/// and where to send interactions.
@MainActor
public struct PresentationContext {
  /// The style the model's type is presented in.
  public var style: PresentationStyle
  /// The row's position.
  public var path: ItemPath
  // Strong: a context is short-lived, and a weak reference costs an atomic
  // side table per cell configured.
  @usableFromInline let dispatcher: (any ActionDispatching)?

  /// Creates a context; presenters receive one, they rarely make one.
  public init(style: PresentationStyle, path: ItemPath) {
    self.style = style
    self.path = path
    self.dispatcher = nil
  }

  @usableFromInline
  init(style: PresentationStyle, path: ItemPath, dispatcher: (any ActionDispatching)?) {
    self.style = style
    self.path = path
    self.dispatcher = dispatcher
  }

  /// Sends `action` about `model` to the handler registered for its type
  /// (see ``PresenterRegistry/handle(_:for:_:)``). Returns whether a handler
  /// received it.
  @discardableResult
  public func send(_ action: PresenterAction, _ model: Any) -> Bool {
    dispatcher?.dispatch(action, model, context: self) ?? false
  }
}

/// Delivers actions to typed handlers.
@MainActor @usableFromInline
protocol ActionDispatching: AnyObject {
  func dispatch(_ action: PresenterAction, _ model: Any, context: PresentationContext) -> Bool
}

/// A resource that arrived for rows already on screen: an image downloaded,
/// a count refreshed. See ``ListController/provide(_:key:for:)``.
///
/// Presenters decide which rows care (``Presenter/wants(_:for:)``), usually by
/// comparing ``subject`` with something their model refers to.
public struct ResourceUpdate: @unchecked Sendable {
  // `@unchecked`: `value` and `subject` come from a main-actor call and are
  // only read by presenters on the main actor.

  /// What kind of resource it is, such as `"avatar"`.
  public var key: String
  /// The resource itself.
  public var value: Any
  /// What it belongs to: a user's id, an image URL; `nil` when it is global.
  public var subject: AnyHashable?

  /// Creates a resource update.
  public init(key: String, value: Any, subject: AnyHashable? = nil) {
    self.key = key
    self.value = value
    self.subject = subject
  }
}
