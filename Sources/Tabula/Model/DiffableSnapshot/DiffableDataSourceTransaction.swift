/// A reorder the user made in a diffable data source, as Apple's
/// `NSDiffableDataSourceTransaction`: the snapshot before, the snapshot
/// after, and the difference between their item identifiers.
public struct DiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The snapshot before the reorder.
  public let initialSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The snapshot after it.
  public let finalSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// A transaction from `initialSnapshot` to `finalSnapshot`.
  public init(
    initialSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
  }

  /// The difference from the initial to the final item identifiers (all
  /// sections, in order), with moves inferred.
  public var difference: CollectionDifference<ItemIdentifierType> {
    finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
      .inferringMoves()
  }
}
