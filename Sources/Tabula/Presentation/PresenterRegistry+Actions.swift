// Action routing: what a user does to a row (a selection, a custom action a
// cell offers) reaches the handler registered for the model's type, typed.

extension PresenterRegistry {
  /// A typed handler, erased: `call` returns `false` for a model of another
  /// type.
  struct Handler {
    let typeName: String
    let call: @MainActor (Any, PresentationContext) -> Bool
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

  /// Delivers `action` about `model` to the most recent handler for its
  /// exact type, else to the first registered for a type it can be cast to
  /// (a protocol, a superclass), else to ``defaultHandler``; returns whether
  /// one received it.
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
}
