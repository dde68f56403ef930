/// A reorder the user made in a diffable data source, as Apple's
/// `NSDiffableDataSourceTransaction`: the snapshot before, the snapshot
/// after, the difference between their item identifiers, and what changed
/// in the sections shown from section snapshots (outlines).
public struct DiffableDataSourceTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The snapshot before the reorder.
  public let initialSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
  /// The snapshot after it.
  public let finalSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>

  /// The changes of the sections shown from section snapshots that the
  /// reorder changed.
  public let sectionTransactions:
    [DiffableDataSourceSectionTransaction<SectionIdentifierType, ItemIdentifierType>]

  /// A transaction from `initialSnapshot` to `finalSnapshot`, with the
  /// changes of the section snapshots it changed.
  public init(
    initialSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
    finalSnapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
    sectionTransactions: [DiffableDataSourceSectionTransaction<
      SectionIdentifierType, ItemIdentifierType
    >] = []
  ) {
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
    self.sectionTransactions = sectionTransactions
  }

  /// The difference from the initial to the final item identifiers (all
  /// sections, in order), with moves inferred.
  public var difference: CollectionDifference<ItemIdentifierType> {
    finalSnapshot.itemIdentifiers.difference(from: initialSnapshot.itemIdentifiers)
      .inferringMoves()
  }
}

/// What a reorder changed in a section shown from a section snapshot, as
/// Apple's `NSDiffableDataSourceSectionTransaction`: the section, its
/// outline before and after, and the difference between their items.
public struct DiffableDataSourceSectionTransaction<
  SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The section.
  public let sectionIdentifier: SectionIdentifierType
  /// The section's outline before the reorder.
  public let initialSnapshot: DiffableSectionSnapshot<ItemIdentifierType>
  /// The section's outline after it.
  public let finalSnapshot: DiffableSectionSnapshot<ItemIdentifierType>

  /// The change of `sectionIdentifier` from `initialSnapshot` to
  /// `finalSnapshot`.
  public init(
    sectionIdentifier: SectionIdentifierType,
    initialSnapshot: DiffableSectionSnapshot<ItemIdentifierType>,
    finalSnapshot: DiffableSectionSnapshot<ItemIdentifierType>
  ) {
    self.sectionIdentifier = sectionIdentifier
    self.initialSnapshot = initialSnapshot
    self.finalSnapshot = finalSnapshot
  }

  /// The difference from the initial to the final items (every item, each
  /// parent before its children), with moves inferred.
  public var difference: CollectionDifference<ItemIdentifierType> {
    finalSnapshot.items.difference(from: initialSnapshot.items).inferringMoves()
  }
}
