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
      if let provider = supplementaryViewProvider,
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
      return view
    }

    /// The app's supplementary views (a `CollectionViewDataSource`'s
    /// `supplementaryViewProvider`), asked before the section presenters.
    var supplementaryViewProvider:
      (@MainActor (UICollectionView, String, IndexPath) -> UICollectionReusableView?)?

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
#endif
