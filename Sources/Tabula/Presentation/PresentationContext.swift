/// What a presenter knows about the row it presents: its style and position,
/// and where to send interactions.
@MainActor
public struct PresentationContext {
  /// The style the model's type is presented in.
  public var style: PresentationStyle
  /// The row's position.
  public var path: ItemPath
  /// For a row of an outline (an ``OutlineRow``), its depth and disclosure
  /// state, to indent it and draw its marker; `nil` for other rows.
  public var outline: OutlinePosition?
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
