#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Apple's `UICollectionViewDiffableDataSource`, same API, same meaning:
  /// rename the type (and `NSDiffableDataSourceSnapshot` to
  /// `DiffableSnapshot`) and a collection-view screen runs on Tabula's diff
  /// and staging, with duplicate and unknown identifiers reported instead of
  /// crashing (see the migration article, "Adopting Tabula by renaming two
  /// types").
  ///
  /// ```swift
  /// let cell = UICollectionView.CellRegistration<UICollectionViewListCell, Photo.ID> {
  ///   cell, _, id in cell.contentConfiguration = photoContent(id)
  /// }
  /// let dataSource = CollectionViewDataSource<Section, Photo.ID>(collectionView: collectionView) {
  ///   collectionView, indexPath, id in
  ///   collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: id)
  /// }
  /// dataSource.apply(snapshot, animatingDifferences: true)
  /// ```
  ///
  /// Supplementary views come from ``supplementaryViewProvider``; user
  /// reordering is enabled and heard through ``reorderingHandlers``, as
  /// with Apple's. Section snapshots (`NSDiffableDataSourceSectionSnapshot`,
  /// outlines) are not part of the drop-in: Tabula's `OutlineSource` shows
  /// outlines.
  @MainActor
  open class CollectionViewDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject {
    /// Makes the cell of an item, as Apple's cell provider.
    public typealias CellProvider =
      @MainActor (
        _ collectionView: UICollectionView, _ indexPath: IndexPath,
        _ itemIdentifier: ItemIdentifierType
      ) -> UICollectionViewCell?
    /// Makes a supplementary view: the element kind and its index path.
    public typealias SupplementaryViewProvider =
      @MainActor (_ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath)
      -> UICollectionReusableView?

    /// What the user may reorder, and what hears a reorder, as Apple's.
    public struct ReorderingHandlers {
      /// Whether the user may move an item (no reordering without it).
      public var canReorderItem: (@MainActor (ItemIdentifierType) -> Bool)?
      /// Hears a reorder just before `didReorder` (the data source shows it
      /// already, where Apple's calls this before the move lands).
      public var willReorder:
        (
          @MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>)
            -> Void
        )?
      /// Hears a reorder, which ``snapshot()`` shows.
      public var didReorder:
        (
          @MainActor (DiffableDataSourceTransaction<SectionIdentifierType, ItemIdentifierType>)
            -> Void
        )?

      /// No handlers: no reordering.
      public init() {}
    }

    /// The portable data source under this one.
    public let base: DiffableDataSource<UICollectionView, SectionIdentifierType, ItemIdentifierType>
    private weak var collectionView: UICollectionView?
    /// ``snapshot()`` as it was after the last apply or reorder: a
    /// reorder's initial snapshot.
    private var lastKnown = DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// The supplementary views (headers, footers, decorations the layout
    /// asks for by kind); without one, or when it returns `nil`, Tabula's
    /// section presenters and titles.
    public var supplementaryViewProvider: SupplementaryViewProvider? {
      didSet { collectionView?.bridge?.supplementaryViewProvider = supplementaryViewProvider }
    }

    /// What the user may reorder, and what hears it.
    public var reorderingHandlers = ReorderingHandlers()

    /// A data source for `collectionView` with cells from `cellProvider`;
    /// it becomes the collection view's data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
      self.collectionView = collectionView
      base = DiffableDataSource(host: collectionView) { collectionView, path, id in
        cellProvider(collectionView, path.indexPath, id)
      }
      super.init()
      base.canMoveItem = { [weak self] path in
        guard let self, let canReorder = reorderingHandlers.canReorderItem,
          let id = base.itemIdentifier(for: path)
        else { return false }
        return canReorder(id)
      }
      base.didMoveItem = { [weak self] _, _ in self?.reordered() }
    }

    /// Tells the reordering handlers about a move the snapshot shows: from
    /// the snapshot before it (the last one applied, or the last reorder)
    /// to the one after.
    private func reordered() {
      let final = base.snapshot()
      let transaction = DiffableDataSourceTransaction(
        initialSnapshot: lastKnown, finalSnapshot: final)
      lastKnown = final
      reorderingHandlers.willReorder?(transaction)
      reorderingHandlers.didReorder?(transaction)
    }

    // MARK: Applying snapshots

    /// Shows `snapshot`, the difference animated (or not), then calls
    /// `completion`; problems its edits met are reported to `TabulaLog`.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      base.apply(snapshot, animatingDifferences: animatingDifferences) { completion?() }
      lastKnown = base.snapshot()
    }

    /// Shows `snapshot` and returns once the collection view shows it.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true
    ) async {
      lastKnown = DiffableSnapshot(snapshot.snapshot.withoutMarks)
      await base.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` by reloading the collection view, without a diff.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      base.applySnapshotUsingReloadData(snapshot) { completion?() }
      lastKnown = base.snapshot()
    }

    /// Shows `snapshot` by reloading the collection view, and returns once
    /// it does.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      lastKnown = DiffableSnapshot(snapshot.snapshot.withoutMarks)
      await base.applySnapshotUsingReloadData(snapshot)
    }

    /// The last snapshot applied, with the user's moves.
    open func snapshot() -> DiffableSnapshot<SectionIdentifierType, ItemIdentifierType> {
      base.snapshot()
    }

    // MARK: Identifiers and index paths

    /// The identifier of the item the collection view shows at `indexPath`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
      base.itemIdentifier(for: ItemPath(indexPath))
    }

    /// The index path at which the collection view shows `itemIdentifier`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
      base.path(for: itemIdentifier)?.indexPath
    }

    /// The identifier of the section shown at `index`.
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? {
      base.sectionIdentifier(for: index)
    }

    /// The index at which the section `sectionIdentifier` is shown.
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? {
      base.index(for: sectionIdentifier)
    }
  }
#endif
