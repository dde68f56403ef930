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
