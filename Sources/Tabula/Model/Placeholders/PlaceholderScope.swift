/// What a placeholder stands in for.
public enum PlaceholderScope: Hashable, Sendable {
  /// The whole list.
  case list
  /// One section, by its id's description.
  case section(String)
  /// The children of an outline's node, by its id's description: the row
  /// that stands in for them while they load or after they failed to.
  case children(String)
  /// The end of a paged list, by its section's id's description: the row
  /// that says the next page is loading, failed, or that there is no more.
  case pages(String)
}
