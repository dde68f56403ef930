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
  /// reordering is enabled and heard through ``reorderingHandlers``;
  /// outlines come from section snapshots
  /// (``apply(_:to:animatingDifferences:completion:)``,
  /// ``snapshot(for:)``, ``sectionSnapshotHandlers``), as with Apple's. The collection view's `delegate` and
  /// `prefetchDataSource` stay the app's, set before or after: Tabula's
  /// bridge sits in those slots and calls the app's for every call.
  @MainActor
  open class CollectionViewDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
  >: NSObject, CollectionViewOwner {
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
      /// Hears a reorder before the move lands: ``snapshot()`` does not
      /// show it yet.
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
    weak var collectionView: UICollectionView?

    /// The supplementary views (headers, footers, decorations the layout
    /// asks for by kind); without one, or when it returns `nil`, Tabula's
    /// section presenters and titles.
    public var supplementaryViewProvider: SupplementaryViewProvider?

    /// What the user may reorder, and what hears it.
    public var reorderingHandlers = ReorderingHandlers()

    /// What hears and steers the user's expanding and collapsing in
    /// sections shown from section snapshots, as Apple's.
    public typealias SectionSnapshotHandlers<Item: Hashable & Sendable> =
      DiffableSectionSnapshotHandlers<Item>

    /// What hears and steers the user's expanding and collapsing in
    /// sections shown from section snapshots (a tap on an outline
    /// disclosure).
    public var sectionSnapshotHandlers: SectionSnapshotHandlers<ItemIdentifierType> {
      get { base.sectionSnapshotHandlers }
      set { base.sectionSnapshotHandlers = newValue }
    }

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
      base.willReorder = { [weak self] in self?.reorderingHandlers.willReorder?($0) }
      base.didReorder = { [weak self] in self?.reorderingHandlers.didReorder?($0) }
      base.didChangeExpansion = { [weak self] item, _ in self?.refreshDisclosure(of: item) }
      // Settings live here, with this data source: one made for the
      // collection view later starts from its own.
      collectionView.bridge?.owner = self
    }

    /// The items whose disclosure has the header style: a tap anywhere on
    /// the row expands or collapses them, and they are not selected.
    var headerDisclosures: Set<ItemIdentifierType> = []
    /// The cells the data source indented for an outline row: a row outside
    /// an outline that reuses one gets its indentation and chevron taken
    /// away.
    var outlineCells: Set<ObjectIdentifier> = []

    // MARK: Applying snapshots

    /// Shows `snapshot`, the difference animated (or not), then calls
    /// `completion`; problems its edits met are reported to `TabulaLog`.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      base.apply(snapshot, animatingDifferences: animatingDifferences) { completion?() }
    }

    /// Shows `snapshot` and returns once the collection view shows it.
    open func apply(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      animatingDifferences: Bool = true
    ) async {
      await base.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    /// Shows `snapshot` by reloading the collection view, without a diff.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>,
      completion: (() -> Void)? = nil
    ) {
      base.applySnapshotUsingReloadData(snapshot) { completion?() }
    }

    /// Shows `snapshot` by reloading the collection view, and returns once
    /// it does.
    open func applySnapshotUsingReloadData(
      _ snapshot: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
      await base.applySnapshotUsingReloadData(snapshot)
    }

    /// The last snapshot applied, with the user's moves: what the
    /// collection view shows once `apply` returns.
    open func snapshot() -> DiffableSnapshot<SectionIdentifierType, ItemIdentifierType> {
      base.snapshot()
    }

    // MARK: Section snapshots

    /// Shows `snapshot`'s visible items as the section `section` (appended
    /// when the collection view has no such section), the difference
    /// animated (or not), then `completion`; ``snapshot(for:)`` gives the
    /// outline back. Expanding or collapsing an outline
    /// ``snapshot(for:)`` handed out costs what it shows or hides.
    open func apply(
      _ snapshot: DiffableSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
      animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
      base.apply(snapshot, to: section, animatingDifferences: animatingDifferences) {
        completion?()
      }
    }

    /// Shows `snapshot` as the section `section`, and returns once the
    /// collection view shows it.
    open func apply(
      _ snapshot: DiffableSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
      animatingDifferences: Bool = true
    ) async {
      await base.apply(snapshot, to: section, animatingDifferences: animatingDifferences)
    }

    /// The outline of the section `section`: the one last applied to it,
    /// with the user's expansions; a section applied from a whole
    /// snapshot gives its items as roots.
    open func snapshot(for section: SectionIdentifierType)
      -> DiffableSectionSnapshot<ItemIdentifierType>
    {
      base.snapshot(for: section)
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
