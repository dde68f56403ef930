/// The row at the end of a paged list whose loader said there is no more.
public struct EndOfListPlaceholder: Diffable, Hashable {
  /// Which list it ends.
  public var id: String

  /// Creates the row for `scope`.
  public init(_ scope: PlaceholderScope) {
    id = Placeholder.id(for: scope)
  }
}
