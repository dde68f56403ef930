/// The row at the end of a paged list while its next page loads.
public struct LoadingMorePlaceholder: Diffable, Hashable {
  /// Which list it ends: see ``Placeholder/id(for:)``.
  public var id: String

  /// Creates the row for `scope` (``PlaceholderScope/pages(_:)``).
  public init(_ scope: PlaceholderScope) {
    id = Placeholder.id(for: scope)
  }
}
