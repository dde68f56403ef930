/// An item whose row must be refreshed: its content changed, or it was marked.
public struct ItemUpdate: Hashable, Sendable, CustomStringConvertible {
  /// The item's path before the change.
  public var from: ItemPath
  /// The item's path after the change.
  public var to: ItemPath
  /// Whether the existing cell can be refreshed in place or must be replaced.
  public var kind: UpdateKind

  /// Creates an update.
  @inlinable
  public init(from: ItemPath, to: ItemPath, kind: UpdateKind) {
    self.from = from
    self.to = to
    self.kind = kind
  }

  /// `reconfigure [s, i]→[s, i]`.
  public var description: String { "\(kind) \(from)→\(to)" }
}
