/// Where the user may drop a row they move.
public enum MovePolicy: Sendable, Hashable {
  /// Anywhere in the list, another section included.
  case anywhere
  /// Only within its own section: a drop in another section lands at the
  /// nearest end of the row's section.
  case withinSection
}
