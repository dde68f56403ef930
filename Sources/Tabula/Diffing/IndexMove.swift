/// A section (or array element) that moved from one index to another.
public struct IndexMove: Hashable, Sendable, CustomStringConvertible {
  /// The index before the change.
  public var from: Int
  /// The index after the change.
  public var to: Int

  /// Creates a move.
  @inlinable
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// `from→to`.
  public var description: String { "\(from)→\(to)" }
}
