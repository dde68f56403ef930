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
