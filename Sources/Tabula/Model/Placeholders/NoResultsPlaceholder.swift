/// A row that says there is nothing to show (no results for a search, an
/// empty inbox).
public struct NoResultsPlaceholder: Diffable, Hashable {
  /// Which list or section it stands in.
  public var id: String
  /// Text to show, if any.
  public var message: String?

  /// Creates a no-results placeholder for `scope`.
  public init(_ scope: PlaceholderScope = .list, message: String? = nil) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}
