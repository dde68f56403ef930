/// Where a ``PresentationContext`` sends actions: a ``PresenterRegistry``,
/// which delivers each to the handler registered for the model's type.
///
/// A protocol, so that a context (one type for every cell type) can hold a
/// registry of any cell type.
@MainActor @usableFromInline
protocol ActionDispatching: AnyObject {
  /// Delivers `action` about `model` to its handler; returns whether one
  /// received it.
  func dispatch(_ action: PresenterAction, _ model: Any, context: PresentationContext) -> Bool
}
