// Styles: a model type is presented in one style at a time, which its
// presenter reads from the context it is given. The styles live in the item
// table, whose lookup they steer.

extension PresenterRegistry {
  /// Presents models of `model` in `style` from now on (the presenter is
  /// told the style; a presenter registered for that style is preferred).
  public func setStyle(_ style: PresentationStyle, for model: Any.Type) {
    items.setStyle(style, for: model)
    _changed()
  }

  /// The style models of `model` are presented in.
  public func style(for model: Any.Type) -> PresentationStyle {
    items.style(for: model)
  }

  /// A context for presenting `model` at `path`.
  public func context(for model: Any, at path: ItemPath) -> PresentationContext {
    PresentationContext(
      style: items.style(for: Swift.type(of: model)), path: path, dispatcher: actions)
  }
}
