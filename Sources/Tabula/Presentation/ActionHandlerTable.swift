/// The action half of a ``PresenterRegistry``: what a user does to a row (a
/// selection, a custom action a cell offers) reaches the handler registered
/// for the model's type, typed.
///
/// An action about a model goes to the most recent handler for the action
/// and the model's exact type, else to the first registered (oldest first)
/// for a type the model can be cast to (a protocol, a superclass), else to
/// ``defaultHandler``.
///
/// An object, because the ``PresentationContext``s that presenters receive
/// hold it to send actions; it holds nothing of the registry, so a context
/// kept by a cell keeps no presenter alive.
@MainActor
final class ActionHandlerTable: ActionDispatching {
  /// A typed handler, erased: `call` returns `false` for a model of another
  /// type.
  struct Handler {
    let action: PresenterAction
    let type: ObjectIdentifier
    let typeName: String
    let call: @MainActor (Any, PresentationContext) -> Bool
  }

  /// The handler for actions no typed handler takes.
  var defaultHandler: (@MainActor (PresenterAction, Any, PresentationContext) -> Void)?
  /// The typed handlers, oldest first.
  private(set) var handlers: [Handler] = []

  /// An empty table.
  init() {}

  /// Handles `action` for models of `model` (a concrete type, a protocol or a
  /// class), typed, replacing the handler for the same action and type.
  func handle<Model>(
    _ action: PresenterAction, for model: Model.Type,
    _ handler: @escaping @MainActor (Model, PresentationContext) -> Void
  ) {
    let type = ObjectIdentifier(model)
    handlers.removeAll { $0.action == action && $0.type == type }
    handlers.append(
      Handler(action: action, type: type, typeName: "\(model)") { value, context in
        guard let typed = value as? Model else { return false }
        handler(typed, context)
        return true
      })
  }

  /// Delivers `action` about `model` to its handler; returns whether one
  /// received it.
  ///
  /// - Complexity: O(h), where h is the number of handlers.
  func dispatch(_ action: PresenterAction, _ model: Any, context: PresentationContext) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: model))
    if let exact = handlers.last(where: { $0.action == action && $0.type == type }),
      exact.call(model, context)
    {
      return true
    }
    for candidate in handlers where candidate.action == action && candidate.type != type {
      if candidate.call(model, context) { return true }
    }
    guard let defaultHandler else { return false }
    defaultHandler(action, model, context)
    return true
  }
}
