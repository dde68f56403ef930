/// A section of a ``DiffableSnapshot``: an identifier and nothing else, as
/// in Apple's diffable data sources (a section changes only when it is
/// reloaded, ``DiffableSnapshot/reloadSections(_:)``).
public struct DiffableSection<ID: Hashable & Sendable>: Diffable, Hashable {
  /// The identifier.
  public let id: ID

  /// The section of `id`.
  @inlinable
  public init(_ id: ID) { self.id = id }

  /// Always `true`: an identifier has no content.
  @inlinable
  public func isContentEqual(to other: DiffableSection) -> Bool { true }
}
