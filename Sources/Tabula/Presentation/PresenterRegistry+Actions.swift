// Action routing: what a user does to a row (a selection, a custom action a
// cell offers) reaches the handler registered for the model's type, typed;
// the handlers live in the action table.

extension PresenterRegistry {
  /// Handles `action` for models of `model` (a concrete type, a protocol or a
  /// class), typed. The most recent handler for a type and action wins.
  public func handle<Model>(
    _ action: PresenterAction, for model: Model.Type,
    _ handler: @escaping @MainActor (Model, PresentationContext) -> Void
  ) {
    actions.handle(action, for: model, handler)
  }

  /// Sends `action` about `model` to its handler; see
  /// ``PresentationContext/send(_:_:)``.
  @discardableResult
  public func send(_ action: PresenterAction, _ model: Any, at path: ItemPath) -> Bool {
    actions.dispatch(action, model, context: context(for: model, at: path))
  }
}
