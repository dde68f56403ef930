/// What a placeholder stands in for.
public enum PlaceholderScope: Hashable, Sendable {
  /// The whole list.
  case list
  /// One section, by its id's description.
  case section(String)
  /// The children of an outline's node, by its id's description: the row
  /// that stands in for them while they load or after they failed to.
  case children(String)
}
