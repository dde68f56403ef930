/// What an item lookup finds for a model type: the presenter, the style the
/// type's models are shown in, and where the contexts it makes send actions.
///
/// An ``ItemPresenterTable`` makes one per dynamic model type and keeps it
/// until the table changes, so that the rows of a list share it.
@MainActor
@usableFromInline
final class ResolvedPresenter<Cell> {
  /// The presenter.
  @usableFromInline let entry: PresenterEntry<Cell>
  /// The style of the model's type.
  @usableFromInline let style: PresentationStyle
  /// Where the contexts it makes send actions.
  @usableFromInline let dispatcher: (any ActionDispatching)?

  init(entry: PresenterEntry<Cell>, style: PresentationStyle, dispatcher: (any ActionDispatching)?)
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
