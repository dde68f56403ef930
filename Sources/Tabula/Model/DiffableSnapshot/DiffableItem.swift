/// An item of a ``DiffableSnapshot``: an identifier and nothing else, as in
/// Apple's diffable data sources. Its content never differs from another
/// with the same identifier, so a row changes only when it is marked
/// (``DiffableSnapshot/reloadItems(_:)``,
/// ``DiffableSnapshot/reconfigureItems(_:)``).
public struct DiffableItem<ID: Hashable & Sendable>: Diffable, Hashable {
  /// The identifier.
  public let id: ID

  /// The item of `id`.
  @inlinable
  public init(_ id: ID) { self.id = id }

  /// Always `true`: an identifier has no content.
  @inlinable
  public func isContentEqual(to other: DiffableItem) -> Bool { true }
}
