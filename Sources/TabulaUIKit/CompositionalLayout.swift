#if canImport(UIKit)
  import Tabula
  import UIKit

  extension UICollectionViewLayout {
    /// A compositional layout for a collection view that a
    /// `ListController` drives: each section is laid out by the
    /// `SectionLayout` its section presenter answers for its model type
    /// (`SectionPresenter.layout(for:)`), else by `layout`.
    ///
    /// - Item sizes come from the layout, never from the presenters'
    ///   heights: fixed, or estimated and measured by the cells themselves
    ///   (Auto Layout or a content configuration: self-sizing).
    /// - A section with a header (a section presenter's view, or a title)
    ///   gets a header boundary supplementary item, its height the
    ///   presenter's when it answers one, else the layout's; the same for
    ///   footers. Titles show in a list cell's header configuration.
    /// - A list section (`SectionLayout.list(_:)`) is laid out by
    ///   `UICollectionLayoutListConfiguration`, with the presenters' swipe
    ///   actions (iOS).
    ///
    /// ```swift
    /// let collectionView = UICollectionView(
    ///   frame: .zero, collectionViewLayout: .tabula(default: .list(.insetGrouped)))
    /// ```
    ///
    /// `SimulatedCollectionView.compositionalLayout` lays out the same way on
    /// any platform, for tests.
    @MainActor
    public static func tabula(default layout: SectionLayout = .list())
      -> UICollectionViewCompositionalLayout
    {
      let owner = LayoutOwner()
      let made = UICollectionViewCompositionalLayout { section, environment in
        guard let collectionView = owner.layout?.collectionView,
          section < collectionView.numberOfSections
        else { return nil }
        return collectionView.layoutSection(section, default: layout, environment: environment)
      }
      owner.layout = made
      return made
    }
  }

  /// The layout whose section provider asks it for its collection view
  /// (held weakly: the layout holds the provider).
  @MainActor
  private final class LayoutOwner {
    weak var layout: UICollectionViewCompositionalLayout?
  }

  extension SectionLayout.Height {
    /// The compositional layout's dimension.
    @MainActor var dimension: NSCollectionLayoutDimension {
      switch self {
      case .absolute(let points): .absolute(CGFloat(points))
      case .estimated(let points): .estimated(CGFloat(points))
      }
    }
  }

  extension UICollectionView {
    /// The compositional layout section of `section`: its data source's
    /// `SectionLayout`, else `layout`.
    func layoutSection(
      _ section: Int, default layout: SectionLayout, environment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
      let source = hostDataSource
      let sectionLayout = source?.sectionLayout(forSectionAt: section) ?? layout
      let header = boundaryHeight(.header, section, sectionLayout.headerHeight)
      let footer = boundaryHeight(.footer, section, sectionLayout.footerHeight)
      if let appearance = sectionLayout.listAppearance {
        return listSection(
          section, appearance, hasHeader: header != nil, hasFooter: footer != nil,
          environment: environment)
      }
      let height = sectionLayout.itemHeight.dimension
      let columns = sectionLayout.columns
      let item = NSCollectionLayoutItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: height))
      let group = NSCollectionLayoutGroup.horizontal(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: height),
        repeatingSubitem: item, count: columns)
      group.interItemSpacing = .fixed(CGFloat(sectionLayout.itemSpacing))
      let layoutSection = NSCollectionLayoutSection(group: group)
      layoutSection.interGroupSpacing = CGFloat(sectionLayout.lineSpacing)
      let insets = sectionLayout.insets
      layoutSection.contentInsets = NSDirectionalEdgeInsets(
        top: CGFloat(insets.top), leading: CGFloat(insets.leading), bottom: CGFloat(insets.bottom),
        trailing: CGFloat(insets.trailing))
      var boundaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
      if let header {
        let item = boundaryItem(.header, height: header)
        item.pinToVisibleBounds = sectionLayout.pinsHeaders
        boundaryItems.append(item)
      }
      if let footer { boundaryItems.append(boundaryItem(.footer, height: footer)) }
      layoutSection.boundarySupplementaryItems = boundaryItems
      return layoutSection
    }

    /// A list section: `UICollectionLayoutListConfiguration` with the
    /// appearance, supplementary headers and footers where the section has
    /// them, and the presenters' swipe actions.
    private func listSection(
      _ section: Int, _ appearance: SectionLayout.ListAppearance, hasHeader: Bool,
      hasFooter: Bool, environment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
      var configuration = UICollectionLayoutListConfiguration(appearance: appearance.uiKit)
      configuration.headerMode = hasHeader ? .supplementary : .none
      configuration.footerMode = hasFooter ? .supplementary : .none
      #if os(iOS)
        configuration.leadingSwipeActionsConfigurationProvider = { [weak self] indexPath in
          self?.hostDataSource.flatMap {
            swipeActionsConfiguration($0, .leading, ItemPath(indexPath))
          }
        }
        configuration.trailingSwipeActionsConfigurationProvider = { [weak self] indexPath in
          self?.hostDataSource.flatMap {
            swipeActionsConfiguration($0, .trailing, ItemPath(indexPath))
          }
        }
      #endif
      return NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
    }

    /// The height of the section's header or footer: the section
    /// presenter's when it answers one, else the layout's; `nil` when the
    /// section has neither a view nor a title of that kind.
    private func boundaryHeight(
      _ kind: SectionViewKind, _ section: Int, _ height: SectionLayout.Height
    ) -> NSCollectionLayoutDimension? {
      guard let source = hostDataSource else { return nil }
      if source.sectionViewReuseIdentifier(ofKind: kind, inSectionAt: section) != nil {
        let width = Double(bounds.width)
        if let answered = source.sectionViewHeight(ofKind: kind, inSectionAt: section, width: width)
        {
          return .absolute(CGFloat(answered))
        }
        return height.dimension
      }
      let title =
        kind == .header
        ? source.headerTitle(forSectionAt: section) : source.footerTitle(forSectionAt: section)
      return title == nil ? nil : height.dimension
    }

    private func boundaryItem(_ kind: SectionViewKind, height: NSCollectionLayoutDimension)
      -> NSCollectionLayoutBoundarySupplementaryItem
    {
      NSCollectionLayoutBoundarySupplementaryItem(
        layoutSize: NSCollectionLayoutSize(
          widthDimension: .fractionalWidth(1), heightDimension: height),
        elementKind: kind.elementKind, alignment: kind == .header ? .top : .bottom)
    }
  }

  extension SectionLayout.ListAppearance {
    /// UIKit's appearance.
    var uiKit: UICollectionLayoutListConfiguration.Appearance {
      switch self {
      case .plain: .plain
      case .grouped: .grouped
      case .insetGrouped: .insetGrouped
      case .sidebar: .sidebar
      }
    }
  }
#endif
