#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Serves a `UICollectionView` from a `ListHostDataSource`: counts,
  /// cells, section headers and footers (supplementary views of the
  /// section presenters, with their heights for a flow layout), and forwards
  /// selections; every other delegate call goes to the app's delegate. Item
  /// sizes belong to the collection view's layout.
  @MainActor
  final class CollectionViewBridge: DelegateForwarder, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout, UICollectionViewDataSourcePrefetching
  {
    weak var source: (any ListHostDataSource<UICollectionViewCell>)?

    /// The app's own delegate, typed.
    var appDelegate: (any UICollectionViewDelegate)? {
      forwardee as? any UICollectionViewDelegate
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

    /// The section presenter's supplementary view (registered on first use
    /// with its `viewClass`), configured; for a section without one but
    /// with a title, a list cell showing the title in a header (footer)
    /// content configuration. A layout asking for a view the section does
    /// not have gets an empty one, and the mismatch is reported.
    func collectionView(
      _ collectionView: UICollectionView, viewForSupplementaryElementOfKind elementKind: String,
      at indexPath: IndexPath
    ) -> UICollectionReusableView {
      let kind: SectionViewKind
      switch elementKind {
      case UICollectionView.elementKindSectionHeader: kind = .header
      case UICollectionView.elementKindSectionFooter: kind = .footer
      default: return fallbackView(collectionView, elementKind, indexPath)
      }
      guard let source else { return fallbackView(collectionView, elementKind, indexPath) }
      let section = indexPath.section
      guard let identifier = source.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section)
      else {
        let title =
          kind == .header
          ? source.headerTitle(forSectionAt: section) : source.footerTitle(forSectionAt: section)
        guard let title else { return fallbackView(collectionView, elementKind, indexPath) }
        return titleView(collectionView, kind, title, indexPath)
      }
      let view = collectionView.dequeueReusableSupplementaryView(
        ofKind: elementKind, withReuseIdentifier: identifier, for: indexPath)
      source.configureSectionView(view, ofKind: kind, inSectionAt: section)
      return view
    }

    /// The reuse identifier of the list cells that show section titles.
    static let titleReuseIdentifier = "Tabula.title"

    /// A list cell showing `title` as a section header or footer.
    private func titleView(
      _ collectionView: UICollectionView, _ kind: SectionViewKind, _ title: String,
      _ indexPath: IndexPath
    ) -> UICollectionReusableView {
      if titleKindsRegistered.insert(kind).inserted {
        collectionView.register(
          UICollectionViewListCell.self, forSupplementaryViewOfKind: kind.elementKind,
          withReuseIdentifier: Self.titleReuseIdentifier)
      }
      let view = collectionView.dequeueReusableSupplementaryView(
        ofKind: kind.elementKind, withReuseIdentifier: Self.titleReuseIdentifier, for: indexPath)
      if let cell = view as? UICollectionViewListCell {
        var content = kind == .header ? UIListContentConfiguration.plainHeader() : .plainFooter()
        content.text = title
        cell.contentConfiguration = content
      }
      return view
    }

    /// The kinds of title views registered so far.
    private var titleKindsRegistered: Set<SectionViewKind> = []

    /// Element kinds the layout asked for a view Tabula has none of.
    private let fallbackReports = ReportOnce<String>()

    /// An empty view for a supplementary element no section presenter
    /// makes (reported once per kind).
    private func fallbackView(
      _ collectionView: UICollectionView, _ elementKind: String, _ indexPath: IndexPath
    ) -> UICollectionReusableView {
      collectionView.register(
        UICollectionReusableView.self, forSupplementaryViewOfKind: elementKind,
        withReuseIdentifier: fallbackReuseIdentifier)
      fallbackReports.report(
        elementKind,
        "the collection view's layout asked for a \(elementKind) view in section "
          + "\(indexPath.section), which has none: it shows an empty view")
      return collectionView.dequeueReusableSupplementaryView(
        ofKind: elementKind, withReuseIdentifier: fallbackReuseIdentifier, for: indexPath)
    }

    /// A flow layout's header size: the list's width by the section
    /// presenter's height (its height by the presenter's "height" for a
    /// horizontal layout), none without a header view, the layout's own
    /// size when the presenter answers no height.
    func collectionView(
      _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
      referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
      referenceSize(
        .header, section, collectionView,
        layout: collectionViewLayout as? UICollectionViewFlowLayout,
        default: (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize)
    }

    /// A flow layout's footer size, as the header's.
    func collectionView(
      _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
      referenceSizeForFooterInSection section: Int
    ) -> CGSize {
      referenceSize(
        .footer, section, collectionView,
        layout: collectionViewLayout as? UICollectionViewFlowLayout,
        default: (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize)
    }

    private func referenceSize(
      _ kind: SectionViewKind, _ section: Int, _ collectionView: UICollectionView,
      layout: UICollectionViewFlowLayout?, default size: CGSize?
    ) -> CGSize {
      guard let source, source.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section) != nil
      else { return .zero }
      let width = Double(collectionView.bounds.width)
      guard let height = source.sectionViewHeight(ofKind: kind, inSectionAt: section, width: width)
      else { return size ?? .zero }
      if layout?.scrollDirection == .horizontal {
        return CGSize(width: CGFloat(height), height: collectionView.bounds.height)
      }
      return CGSize(width: collectionView.bounds.width, height: CGFloat(height))
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

    /// The data source; setting it makes a bridge object the collection
    /// view's `dataSource` and `delegate`, and registers the plain cell
    /// class of fallback cells. A delegate set before becomes the
    /// ``forwardingDelegate``.
    public var hostDataSource: (any ListHostDataSource<UICollectionViewCell>)? {
      get { bridge?.source }
      set {
        let bridge = bridge(orMake: CollectionViewBridge.init)
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
    /// not answer (scrolling, context menus...). A delegate set before
    /// ``hostDataSource`` becomes it.
    public var forwardingDelegate: (any UICollectionViewDelegate)? {
      get { bridge?.appDelegate }
      set {
        guard let bridge else { return }
        bridge.forwardee = newValue
        delegate = nil
        delegate = bridge
      }
    }

    /// Performs one stage as `performBatchUpdates`, switching the data
    /// source's data first inside the block, then refreshes the section
    /// views of updated sections before `completion` runs (as the
    /// `ListHost` contract says): configured again in place when their
    /// reuse identifier holds, replaced by reloading the section otherwise.
    /// In a vertical layout the first visible item stays where it was on
    /// screen. Off screen (no window), it reloads instead.
    public func performBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      performListBatch(batch, animated: animated, updateData: updateData, completion: completion)
    }

    /// Makes the collection view's own selection the data source's, when
    /// the data source keeps one (`managesSelection`). The glue calls it
    /// after each batch and reload; call it from the controller's
    /// `selectionDidChange` for selections made in code.
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

    func numberOfItemsShown(inSection section: Int) -> Int { numberOfItems(inSection: section) }

    func performUpdates(_ updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
      performBatchUpdates(updates, completion: completion)
    }

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
