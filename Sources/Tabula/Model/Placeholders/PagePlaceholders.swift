/// The row at the end of a paged list while its next page loads.
public struct LoadingMorePlaceholder: Diffable, Hashable {
  /// Which list it ends: see ``Placeholder/id(for:)``.
  public var id: String

  /// Creates the row for `scope` (``PlaceholderScope/pages(_:)``).
  public init(_ scope: PlaceholderScope) {
    id = Placeholder.id(for: scope)
  }
}

/// The row at the end of a paged list whose next page failed to load: the
/// content stays, and selecting the row retries.
public struct PageErrorPlaceholder: Diffable, Hashable {
  /// Which list it ends.
  public var id: String
  /// The error's message.
  public var message: String

  /// Creates the row for `scope`.
  public init(_ scope: PlaceholderScope, message: String) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}

/// The row at the end of a paged list whose loader said there is no more.
public struct EndOfListPlaceholder: Diffable, Hashable {
  /// Which list it ends.
  public var id: String

  /// Creates the row for `scope`.
  public init(_ scope: PlaceholderScope) {
    id = Placeholder.id(for: scope)
  }
}
