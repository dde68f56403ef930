#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Serves a `UICollectionView` from a `ListHostDataSource`: counts and
  /// cells, and forwards selections. Section headers and item sizes belong to
  /// the collection view's layout and supplementary views.
  @MainActor
  final class CollectionViewBridge: NSObject, UICollectionViewDataSource, UICollectionViewDelegate,
    UICollectionViewDataSourcePrefetching
  {
    weak var source: (any ListHostDataSource<UICollectionViewCell>)?
    /// The app's own delegate: calls the bridge does not answer go to it.
    weak var forwardee: (any UICollectionViewDelegate)?

    override func responds(to aSelector: Selector!) -> Bool {
      super.responds(to: aSelector) || (forwardee?.responds(to: aSelector) ?? false)
    }

    override func forwardingTarget(for aSelector: Selector!) -> Any? {
      if let forwardee, forwardee.responds(to: aSelector) { return forwardee }
      return super.forwardingTarget(for: aSelector)
    }

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      source?.numberOfSections ?? 0
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      source?.numberOfItems(inSectionAt: section) ?? 0
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      guard let source else {
        TabulaLog.report("a collection view asked for a cell at \(indexPath) with no data source")
        return UICollectionViewCell()
      }
      return source.cell(for: collectionView, at: ItemPath(indexPath))
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      source?.didSelectItem(at: ItemPath(indexPath))
    }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      source?.willDisplay(cell, forItemAt: ItemPath(indexPath))
    }

    func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      source?.didEndDisplaying(cell, forItemAt: ItemPath(indexPath))
    }

    func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      source?.prefetchItems(at: indexPaths.map(ItemPath.init))
    }

    func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      source?.cancelPrefetchingItems(at: indexPaths.map(ItemPath.init))
    }
  }

  extension UICollectionView: ListHost {
    /// Collection views show `UICollectionViewCell`s.
    public typealias Cell = UICollectionViewCell

    /// The data source; setting it makes a bridge object the collection view's
    /// `dataSource` and `delegate`, and registers the plain cell class of
    /// fallback cells.
    public var hostDataSource: (any ListHostDataSource<UICollectionViewCell>)? {
      get { retainedBridge(of: self, as: CollectionViewBridge.self)?.source }
      set {
        let bridge =
          retainedBridge(of: self, as: CollectionViewBridge.self) ?? CollectionViewBridge()
        retain(bridge, by: self)
        bridge.source = newValue
        register(UICollectionViewCell.self, forCellWithReuseIdentifier: fallbackReuseIdentifier)
        if let existing = delegate, !(existing is CollectionViewBridge) {
          bridge.forwardee = existing
        }
        dataSource = bridge
        delegate = nil  // UIKit asks again which calls the delegate answers
        delegate = bridge
        prefetchDataSource = bridge
      }
    }

    /// The app's delegate, which still hears every delegate call Tabula does
    /// not answer (scrolling, editing, context menus...). A delegate set
    /// before ``hostDataSource`` becomes it.
    public var forwardingDelegate: (any UICollectionViewDelegate)? {
      get { retainedBridge(of: self, as: CollectionViewBridge.self)?.forwardee }
      set {
        guard let bridge = retainedBridge(of: self, as: CollectionViewBridge.self) else { return }
        bridge.forwardee = newValue
        delegate = nil
        delegate = bridge
      }
    }

    /// Performs one stage as `performBatchUpdates`, switching the data
    /// source's data first inside the block.
    public func performBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      // Off screen (no window) an animation is bookkeeping nobody sees, and
      // UIKit may raise on it: reload instead.
      guard window != nil else {
        updateData()
        reloadData()
        completion()
        return
      }
      withoutActuallyEscaping(updateData) { updateData in
        let perform = { [self] in
          performBatchUpdates(
            { [self] in
              updateData()
              deleteSections(IndexSet(batch.sectionDeletes))
              insertSections(IndexSet(batch.sectionInserts))
              for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
              deleteItems(at: batch.itemDeletes.map(\.indexPath))
              insertItems(at: batch.itemInserts.map(\.indexPath))
              for move in batch.itemMoves {
                moveItem(at: move.from.indexPath, to: move.to.indexPath)
              }
              reloadItems(at: batch.itemUpdates.filter { $0.kind == .reload }.map(\.from.indexPath))
              reconfigureItems(
                at: batch.itemUpdates.filter { $0.kind == .reconfigure }.map(\.from.indexPath))
            },
            completion: { _ in completion() })
        }
        if animated { perform() } else { UIView.performWithoutAnimation(perform) }
      }
    }

    /// The visible items' paths, in list order.
    public var visibleItemPaths: [ItemPath] {
      indexPathsForVisibleItems.map(ItemPath.init).sorted()
    }

    /// The visible cell at `path`.
    public func visibleCell(at path: ItemPath) -> UICollectionViewCell? {
      cellForItem(at: path.indexPath)
    }

    /// `dequeueReusableCell(withReuseIdentifier:for:)`.
    public func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath)
      -> UICollectionViewCell
    {
      dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: path.indexPath)
    }

    /// A plain `UICollectionViewCell`, registered by the collection view
    /// itself, showing `message` in a list content configuration.
    public func fallbackCell(for path: ItemPath, message: String) -> UICollectionViewCell {
      let cell = dequeueReusableCell(
        withReuseIdentifier: fallbackReuseIdentifier, for: path.indexPath)
      var content = UIListContentConfiguration.cell()
      content.text = message
      cell.contentConfiguration = content
      return cell
    }
  }
#endif
