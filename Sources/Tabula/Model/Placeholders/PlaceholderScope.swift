/// What a placeholder stands in for.
public enum PlaceholderScope: Hashable, Sendable {
  /// The whole list.
  case list
  /// One section, by its id's description.
  case section(String)
}
