/// What hears and steers the user's expanding and collapsing of items in
/// a section shown from a section snapshot, as Apple's
/// `UICollectionViewDiffableDataSource.SectionSnapshotHandlers`: the
/// questions first (`should...`, `true` without them), then the news
/// (`will...`), then the change, applied.
public struct DiffableSectionSnapshotHandlers<ItemIdentifierType: Hashable & Sendable> {
  /// Whether the user may expand an item (`true` without it).
  public var shouldExpandItem: (@MainActor (ItemIdentifierType) -> Bool)?
  /// Hears an item about to expand.
  public var willExpandItem: (@MainActor (ItemIdentifierType) -> Void)?
  /// Whether the user may collapse an item (`true` without it).
  public var shouldCollapseItem: (@MainActor (ItemIdentifierType) -> Bool)?
  /// Hears an item about to collapse.
  public var willCollapseItem: (@MainActor (ItemIdentifierType) -> Void)?
  /// The children to show under a parent the user expands, given the
  /// parent and its children now (what loads children lazily); without
  /// it, the children it has.
  public var snapshotForExpandingParent:
    (
      @MainActor (ItemIdentifierType, DiffableSectionSnapshot<ItemIdentifierType>) ->
        DiffableSectionSnapshot<ItemIdentifierType>
    )?

  /// No handlers: every item expands and collapses.
  public init() {}
}
