// The placeholder rows: what a list shows while it loads, when it has no
// results, when a load or a page failed, and at the end of a paged list.
// Each kind is an ordinary item of a `Snapshot<_, AnyItem>` with a
// presenter of its own.

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

/// A row that says loading failed, with the error's message.
public struct ErrorPlaceholder: Diffable, Hashable {
  /// Which list or section it stands in.
  public var id: String
  /// The error's message.
  public var message: String

  /// Creates an error placeholder for `scope`.
  public init(_ scope: PlaceholderScope = .list, message: String) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}

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
