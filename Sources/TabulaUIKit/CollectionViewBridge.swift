#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  /// Serves a `UICollectionView` from a `ListHostDataSource`: counts,
  /// cells, section headers and footers (supplementary views of the
  /// section presenters, with their sizes for a flow layout), selections
  /// and the cell lifecycle. Every delegate and prefetching call it answers
  /// also reaches the app's own delegate and prefetch data source, as
  /// `DelegateComposition` says; every other delegate call (item sizes
  /// among them: they belong to the layout) goes to the app's delegate
  /// alone.
  @MainActor
  final class CollectionViewBridge: DelegateForwarder, ListViewBridge, UICollectionViewDataSource,
    UICollectionViewDelegateFlowLayout, UICollectionViewDataSourcePrefetching
  {
    weak var source: (any ListHostDataSource<UICollectionViewCell>)?

    /// A bridge not connected yet.
    override init() { super.init() }

    /// Tells the data source that the text size changed.
    override func textSizeChanged(_ notification: Notification) {
      source?.textSizeDidChange()
    }

    /// The view the bridge serves.
    weak var view: UICollectionView?

    /// The cells on screen offer their rows' actions now (or stop).
    override func assistiveTechnologyChanged(_ notification: Notification) {
      guard let collectionView = view, let source else { return }
      for indexPath in collectionView.indexPathsForVisibleItems {
        guard let cell = collectionView.cellForItem(at: indexPath) else { continue }
        offerRowActions(on: cell, at: ItemPath(indexPath), of: source) { [weak collectionView] in
          collectionView?.indexPath(for: $0)
        }
      }
    }

    /// The drop-in data source whose settings the collection view follows
    /// (its supplementary view provider, its outlines), if a
    /// `CollectionViewDataSource` serves it.
    weak var owner: (any CollectionViewOwner)?

    /// The app's own delegate, typed.
    var appDelegate: (any UICollectionViewDelegate)? {
      forwardee as? any UICollectionViewDelegate
    }

    /// The app's own delegate, as a flow layout's.
    var appFlowDelegate: (any UICollectionViewDelegateFlowLayout)? {
      forwardee as? any UICollectionViewDelegateFlowLayout
    }

    /// The app's delegate's answer to `selector`, asked through `ask`, when
    /// the app implements it itself (UIKit's defaults in a
    /// `UICollectionViewController` are not an answer).
    func appDelegateAnswer<Answer>(
      _ selector: Selector, _ ask: (any UICollectionViewDelegateFlowLayout) -> Answer?
    ) -> Answer? {
      guard forwardeeAnswers(selector), let appFlowDelegate else { return nil }
      return ask(appFlowDelegate)
    }

    /// The app's own prefetch data source, which hears every prefetch after
    /// Tabula.
    weak var appPrefetching: (any UICollectionViewDataSourcePrefetching)?

    #if os(iOS)
      /// The app's own drag delegate: its answers win, and it hears every
      /// drag event after Tabula.
      weak var appDragDelegate: (any UICollectionViewDragDelegate)?
      /// The app's own drop delegate: its answers win, and a drop it
      /// proposed is its to perform.
      weak var appDropDelegate: (any UICollectionViewDropDelegate)?
      /// The last drop proposal Tabula made (`nil`: the app's delegate
      /// proposed): what a drop performs.
      var dropProposal: ListDropProposal?
      /// The row a key moves UIKit's focus to, during that focus update.
      var pendingFocus: IndexPath?
      /// The rows given to the current drag session.
      var dragHandout: DragHandout?
    #endif

    func numberOfSections(in collectionView: UICollectionView) -> Int {
      reclaimIfReplaced(in: collectionView)
      return source?.numberOfSections ?? 0
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int)
      -> Int
    {
      source?.numberOfItems(inSectionAt: section) ?? 0
    }

    func collectionView(
      _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
      reclaimIfReplaced(in: collectionView)
      guard let source else {
        TabulaLog.report("a collection view asked for a cell at \(indexPath) with no data source")
        return UICollectionViewCell()
      }
      let path = ItemPath(indexPath)
      let cell = source.cell(for: collectionView, at: path)
      owner?.didMake(cell, at: indexPath, in: collectionView)
      if let cell = cell as? UICollectionViewListCell {
        cell.showEditingControls(source.editingControls(forItemAt: path))
      }
      offerRowActions(on: cell, at: path, of: source) { [weak collectionView] in
        collectionView?.indexPath(for: $0)
      }
      return cell
    }

    /// Whether the app set a delegate or prefetch data source after the
    /// bridge took the slots (see the table's bridge).
    private func reclaimIfReplaced(in collectionView: UICollectionView) {
      guard
        collectionView.delegate !== self || collectionView.prefetchDataSource !== self
          || dragAndDropReplaced(in: collectionView)
      else { return }
      scheduleReclaim { [weak collectionView] in collectionView?.reclaimDelegates() }
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
      if let provider = owner?.supplementaryViewProvider,
        let view = provider(collectionView, elementKind, indexPath)
      {
        return view
      }
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
      view.markSectionView(kind)
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
      view.markSectionView(kind)
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

    /// A flow layout's header size: the app's delegate's, else (as
    /// `DelegateComposition.sectionViewExtent`
    /// says) the section presenter's height, a title's, or the layout's
    /// own `headerReferenceSize`.
    func collectionView(
      _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
      referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
      let app = appDelegateAnswer(
        #selector(
          UICollectionViewDelegateFlowLayout.collectionView(
            _:layout:referenceSizeForHeaderInSection:))
      ) {
        $0.collectionView?(
          collectionView, layout: collectionViewLayout, referenceSizeForHeaderInSection: section)
      }
      return app ?? referenceSize(.header, section, collectionView, collectionViewLayout)
    }

    /// A flow layout's footer size, as the header's.
    func collectionView(
      _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
      referenceSizeForFooterInSection section: Int
    ) -> CGSize {
      let app = appDelegateAnswer(
        #selector(
          UICollectionViewDelegateFlowLayout.collectionView(
            _:layout:referenceSizeForFooterInSection:))
      ) {
        $0.collectionView?(
          collectionView, layout: collectionViewLayout, referenceSizeForFooterInSection: section)
      }
      return app ?? referenceSize(.footer, section, collectionView, collectionViewLayout)
    }

    /// Tabula's size for a section view, across the scroll axis the list's
    /// size, along it the extent the composition rule gives.
    private func referenceSize(
      _ kind: SectionViewKind, _ section: Int, _ collectionView: UICollectionView,
      _ collectionViewLayout: UICollectionViewLayout
    ) -> CGSize {
      let layout = collectionViewLayout as? UICollectionViewFlowLayout
      let horizontal = layout?.scrollDirection == .horizontal
      let own =
        (kind == .header ? layout?.headerReferenceSize : layout?.footerReferenceSize) ?? .zero
      let width = Double(collectionView.bounds.width)
      let title =
        kind == .header
        ? source?.headerTitle(forSectionAt: section) : source?.footerTitle(forSectionAt: section)
      let extent = DelegateComposition.sectionViewExtent(
        app: nil,
        hasSectionView: source?.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section)
          != nil,
        presenterExtent: {
          source?.sectionViewHeight(ofKind: kind, inSectionAt: section, width: width)
        },
        hasTitle: title != nil,
        layout: Double(horizontal ? own.width : own.height),
        titleExtent: { titleExtent(kind, title ?? "", collectionView, horizontal: horizontal) })
      return horizontal
        ? CGSize(width: CGFloat(extent), height: collectionView.bounds.height)
        : CGSize(width: collectionView.bounds.width, height: CGFloat(extent))
    }

    /// Title views kept for measuring, one per kind; never shown.
    private var titlePrototypes: [SectionViewKind: UICollectionViewListCell] = [:]

    /// How tall (wide, for a horizontal layout) a title view showing
    /// `title` is.
    private func titleExtent(
      _ kind: SectionViewKind, _ title: String, _ collectionView: UICollectionView,
      horizontal: Bool
    ) -> Double {
      let cell = titlePrototypes[kind] ?? UICollectionViewListCell()
      titlePrototypes[kind] = cell
      var content = kind == .header ? UIListContentConfiguration.plainHeader() : .plainFooter()
      content.text = title
      cell.contentConfiguration = content
      let bounds = collectionView.bounds.size
      let fitting = cell.systemLayoutSizeFitting(
        horizontal
          ? CGSize(width: UIView.layoutFittingCompressedSize.width, height: bounds.height)
          : CGSize(width: bounds.width, height: UIView.layoutFittingCompressedSize.height),
        withHorizontalFittingPriority: horizontal ? .fittingSizeLevel : .required,
        verticalFittingPriority: horizontal ? .required : .fittingSizeLevel)
      return Double(horizontal ? fitting.width : fitting.height)
    }

    /// A tap on an outline row whose disclosure has the header style
    /// expands or collapses it instead of selecting it; otherwise the
    /// app's delegate decides (yes without one).
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath)
      -> Bool
    {
      if owner?.toggleIfHeaderDisclosure(at: indexPath) == true { return false }
      return appDelegateAnswer(
        #selector(UICollectionViewDelegate.collectionView(_:shouldSelectItemAt:))
      ) { $0.collectionView?(collectionView, shouldSelectItemAt: indexPath) } ?? true
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
      DelegateComposition.notify(
        tabula: { source?.didSelectItem(at: ItemPath(indexPath)) },
        app: { appDelegate?.collectionView?(collectionView, didSelectItemAt: indexPath) })
    }

    func collectionView(
      _ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      DelegateComposition.notify(
        tabula: { source?.willDisplay(cell, forItemAt: ItemPath(indexPath)) },
        app: {
          appDelegate?.collectionView?(collectionView, willDisplay: cell, forItemAt: indexPath)
        })
    }

    func collectionView(
      _ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      DelegateComposition.notify(
        tabula: { source?.didEndDisplaying(cell, forItemAt: ItemPath(indexPath)) },
        app: {
          appDelegate?.collectionView?(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
        })
    }

    func collectionView(
      _ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]
    ) {
      DelegateComposition.notify(
        tabula: { source?.prefetchItems(at: indexPaths.map(ItemPath.init)) },
        app: { appPrefetching?.collectionView(collectionView, prefetchItemsAt: indexPaths) })
    }

    func collectionView(
      _ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
    ) {
      DelegateComposition.notify(
        tabula: { source?.cancelPrefetchingItems(at: indexPaths.map(ItemPath.init)) },
        app: {
          appPrefetching?.collectionView?(collectionView, cancelPrefetchingForItemsAt: indexPaths)
        })
    }
  }

  /// The settings of a drop-in `CollectionViewDataSource` that the
  /// collection view's bridge follows.
  @MainActor
  protocol CollectionViewOwner: AnyObject {
    /// Makes a supplementary view: the element kind and its index path.
    var supplementaryViewProvider:
      (@MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?)?
    { get }
    /// The cell provider made `cell` for the item at `indexPath`: outline
    /// rows get their indentation and disclosure.
    func didMake(
      _ cell: UICollectionViewCell, at indexPath: IndexPath, in collectionView: UICollectionView)
    /// Expands or collapses the outline row at `indexPath` when its
    /// disclosure has the header style (a tap anywhere on it); returns
    /// whether it did.
    func toggleIfHeaderDisclosure(at indexPath: IndexPath) -> Bool
  }
#endif
