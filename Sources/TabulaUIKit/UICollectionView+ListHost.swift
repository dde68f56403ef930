#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  extension UICollectionView: ListHost {
    /// Collection views show `UICollectionViewCell`s.
    public typealias Cell = UICollectionViewCell

    /// The app's delegate. It hears every delegate call: those Tabula does
    /// not answer (scrolling, context menus...) and, after Tabula, those it
    /// does (selection, display); its answers (heights, sizes) win. A
    /// delegate the app sets on the view, before or after the data source,
    /// becomes it.
    public var forwardingDelegate: (any UICollectionViewDelegate)? {
      get { bridge?.appDelegate }
      set { forwardDelegateCalls(to: newValue) }
    }

    /// Makes the collection view's own selection the data source's, when
    /// the data source keeps one (`managesSelection`). The glue calls it
    /// after each batch and reload; a
    /// `ListController` calls it on every change of its selection (a
    /// selection made in code included), through ``selectionDidChange()``.
    public func syncSelection() {
      syncSelectionWithDataSource()
    }

    /// Configures the visible section views of `sections` again in place
    /// (a title view takes its new title), and reloads the sections whose
    /// shown view must change kind (another reuse identifier, or no view
    /// any more).
    func refreshSections(_ sections: [Int], animated: Bool) {
      var replaced = IndexSet()
      for section in sections {
        for kind in SectionViewKind.allCases {
          let elementKind = kind.elementKind
          let identifier = hostDataSource?.sectionViewReuseIdentifier(
            ofKind: kind, inSectionAt: section)
          let shown = supplementaryView(
            forElementKind: elementKind, at: IndexPath(item: 0, section: section))
          let title =
            kind == .header
            ? hostDataSource?.headerTitle(forSectionAt: section)
            : hostDataSource?.footerTitle(forSectionAt: section)
          if let shown, let identifier, shown.reuseIdentifier == identifier {
            hostDataSource?.configureSectionView(shown, ofKind: kind, inSectionAt: section)
          } else if identifier == nil, let title,
            let cell = shown as? UICollectionViewListCell,
            cell.reuseIdentifier == CollectionViewBridge.titleReuseIdentifier,
            var content = cell.contentConfiguration as? UIListContentConfiguration
          {
            // A title view stays: its text is set again in place.
            content.text = title
            cell.contentConfiguration = content
          } else if let shown,
            !(identifier == nil && shown.reuseIdentifier == fallbackReuseIdentifier)
          {
            // A view that comes where none showed is asked for by the
            // layout, which the batch invalidated.
            replaced.insert(section)
          }
        }
      }
      guard !replaced.isEmpty else { return }
      let reload = { [self] in reloadSections(replaced) }
      if animated { reload() } else { UIView.performWithoutAnimation(reload) }
    }

    /// The visible items' paths, in list order.
    public var visibleItemPaths: [ItemPath] {
      indexPathsForVisibleItems.map(ItemPath.init).sorted()
    }

    /// `nil`: UIKit cannot say whether a collection view has a registration
    /// for an identifier, so the list registers its presenters' cell
    /// classes (see `Presenter.cellClass`).
    public func hasCellRegistration(forReuseIdentifier reuseIdentifier: String) -> Bool? { nil }

    /// `register(_:forCellWithReuseIdentifier:)`.
    public func registerCell(
      _ cellClass: UICollectionViewCell.Type, forReuseIdentifier reuseIdentifier: String
    ) {
      register(cellClass, forCellWithReuseIdentifier: reuseIdentifier)
    }

    /// `nil`: a collection view cannot say, as for cells.
    public func hasSectionViewRegistration(
      ofKind kind: SectionViewKind, forReuseIdentifier reuseIdentifier: String
    ) -> Bool? { nil }

    /// `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)` for the
    /// section header or footer element kind, for a
    /// `UICollectionReusableView` class; `false` for another class.
    public func registerSectionView(
      _ viewClass: Any.Type, ofKind kind: SectionViewKind,
      forReuseIdentifier reuseIdentifier: String
    ) -> Bool {
      guard let viewClass = viewClass as? UICollectionReusableView.Type else { return false }
      register(
        viewClass, forSupplementaryViewOfKind: kind.elementKind,
        withReuseIdentifier: reuseIdentifier)
      return true
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
  extension UICollectionView: BatchUpdatingListView {
    typealias Bridge = CollectionViewBridge

    func install(_ bridge: CollectionViewBridge) {
      bridge.view = self
      register(UICollectionViewCell.self, forCellWithReuseIdentifier: fallbackReuseIdentifier)
      dataSource = bridge
    }

    func numberOfItemsShown(inSection section: Int) -> Int { numberOfItems(inSection: section) }

    func performOperations(of batch: Changeset) {
      deleteSections(IndexSet(batch.sectionDeletes))
      insertSections(IndexSet(batch.sectionInserts))
      for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
      deleteItems(at: batch.itemDeletes.map(\.indexPath))
      insertItems(at: batch.itemInserts.map(\.indexPath))
      for move in batch.itemMoves { moveItem(at: move.from.indexPath, to: move.to.indexPath) }
      let updates = batch.itemUpdates
      reloadItems(at: updates.filter { $0.kind == .reload }.map(\.from.indexPath))
      reconfigureItems(at: updates.filter { $0.kind == .reconfigure }.map(\.from.indexPath))
    }

    var visibleIndexPaths: [IndexPath] { indexPathsForVisibleItems }

    func frameOfItem(at indexPath: IndexPath) -> CGRect? {
      layoutAttributesForItem(at: indexPath)?.frame
    }

    var scrollsVertically: Bool {
      switch collectionViewLayout {
      case let flow as UICollectionViewFlowLayout: return flow.scrollDirection == .vertical
      case let compositional as UICollectionViewCompositionalLayout:
        return compositional.configuration.scrollDirection == .vertical
      default: return contentSize.width <= bounds.width
      }
    }

    var selectedIndexPaths: [IndexPath] { indexPathsForSelectedItems ?? [] }

    func setSelected(_ selected: Bool, at indexPath: IndexPath) {
      if selected {
        selectItem(at: indexPath, animated: false, scrollPosition: [])
      } else {
        deselectItem(at: indexPath, animated: false)
      }
    }
  }

  extension SectionViewKind {
    /// The collection view's supplementary element kind for this kind of
    /// section view.
    @MainActor var elementKind: String {
      self == .header
        ? UICollectionView.elementKindSectionHeader : UICollectionView.elementKindSectionFooter
    }
  }
#endif
