/// Where a row of an outline sits: how deep, and whether it can be expanded.
/// A ``ListController`` hands it to presenters in
/// ``PresentationContext/outline``.
public struct OutlinePosition: Hashable, Sendable {
  /// What a row's disclosure marker shows.
  public enum Disclosure: Hashable, Sendable {
    /// No children: no marker.
    case leaf
    /// Children hidden (▸).
    case collapsed
    /// Children shown (▾).
    case expanded
  }

  /// The depth: 0 for a root.
  public var depth: Int {
    get { Int(_depth) }
    set { _depth = Int32(newValue) }
  }
  /// The disclosure state.
  public var disclosure: Disclosure

  /// The depth in 32 bits (trees hold fewer nodes than that): every row of
  /// an outline carries a position, and rows are copied when a snapshot is
  /// edited.
  @usableFromInline var _depth: Int32

  /// A position.
  ///
  /// - Precondition: `depth` fits in 32 bits.
  @inlinable
  public init(depth: Int, disclosure: Disclosure) {
    self._depth = Int32(depth)
    self.disclosure = disclosure
  }

  /// Whether the node has children (loaded or not).
  public var hasChildren: Bool { disclosure != .leaf }
  /// Whether its children are shown.
  public var isExpanded: Bool { disclosure == .expanded }
}
