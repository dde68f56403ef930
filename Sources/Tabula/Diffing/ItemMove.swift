/// An item that moved from one path to another.
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
  /// The path before the change.
  public var from: ItemPath
  /// The path after the change.
  public var to: ItemPath

  /// Creates a move.
  @inlinable
  public init(from: ItemPath, to: ItemPath) {
    self.from = from
    self.to = to
  }

  /// `[s, i]→[s, i]`.
  public var description: String { "\(from)→\(to)" }
}
