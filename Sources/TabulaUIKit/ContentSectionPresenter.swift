#if canImport(UIKit)
  import Tabula
  import UIKit

  /// A section presenter whose headers and footers show content
  /// configurations (`UIListContentConfiguration.plainHeader()`, say): on a
  /// table view in `UITableViewHeaderFooterView`s, on a collection view in
  /// `UICollectionViewListCell`s, registered by the list.
  ///
  /// ```swift
  /// struct TeamHeader<View: AnyObject>: ContentSectionPresenter {
  ///   func contentConfiguration(for team: Team, kind: SectionViewKind)
  ///     -> (any UIContentConfiguration)?
  ///   {
  ///     guard kind == .header else { return nil }
  ///     var content = UIListContentConfiguration.plainHeader()
  ///     content.text = team.name
  ///     return content
  ///   }
  /// }
  /// ```
  @MainActor
  public protocol ContentSectionPresenter<Section, View>: SectionPresenter
  where View: AnyObject {
    /// The section model type presented (restated so that Swift infers it
    /// from ``contentConfiguration(for:kind:)`` alone).
    associatedtype Section

    /// The configuration of the section's view of `kind`, or `nil` when it
    /// has none (the section's title shows, if it has one).
    func contentConfiguration(for section: Section, kind: SectionViewKind)
      -> (any UIContentConfiguration)?
  }

  extension ContentSectionPresenter {
    /// The presenter's type name and the kind, when the section has a
    /// configuration of that kind.
    public func reuseIdentifier(for section: Section, kind: SectionViewKind) -> String? {
      contentConfiguration(for: section, kind: kind) == nil ? nil : "\(Self.self).\(kind)"
    }

    /// Sets the view's content configuration.
    public func configure(_ view: View, with section: Section, kind: SectionViewKind) {
      let configuration = contentConfiguration(for: section, kind: kind)
      if let view = view as? UITableViewHeaderFooterView {
        view.contentConfiguration = configuration
      } else if let view = view as? UICollectionViewListCell {
        view.contentConfiguration = configuration
      }
    }

    /// `UICollectionViewListCell` for a collection view's supplementary
    /// views, `View` elsewhere.
    public var viewClass: View.Type? {
      if View.self == UICollectionReusableView.self {
        return UICollectionViewListCell.self as? View.Type
      }
      return View.self
    }
  }
#endif
