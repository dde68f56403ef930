/// Which side of a row its swipe actions show on.
public enum SwipeEdge: Sendable, Hashable {
  /// The leading edge (a swipe to the right in left-to-right languages).
  case leading
  /// The trailing edge.
  case trailing
}
