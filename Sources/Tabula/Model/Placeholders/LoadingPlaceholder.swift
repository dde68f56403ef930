/// A row that says the list, or one of its sections, is loading.
///
/// Placeholders are ordinary items of a `Snapshot<_, AnyItem>`, so moving
/// between a placeholder and content animates as any other change; each kind
/// has its own presenter in the ``PresenterRegistry``, which you can replace.
public struct LoadingPlaceholder: Diffable, Hashable {
  /// Which list or section it stands in: see ``Placeholder/id(for:)``.
  public var id: String
  /// Text to show, if any.
  public var message: String?

  /// Creates a loading placeholder for `scope`.
  public init(_ scope: PlaceholderScope = .list, message: String? = nil) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}
