#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import Tabula
  import TabulaUIKit
  import UIKit

  /// Presents section headers of one section model type as a SwiftUI view:
  /// what ``TabulaList/headers(for:content:)`` registers. Footers are not
  /// shown.
  @MainActor
  public struct HostingHeaderPresenter<Section, Header: View>: ContentSectionPresenter {
    /// Collection view supplementary views.
    public typealias View = UICollectionReusableView

    /// Makes a section's header.
    public let content: @MainActor (Section) -> Header

    /// A presenter showing each section's header as `content` makes it.
    public init(@ViewBuilder content: @escaping @MainActor (Section) -> Header) {
      self.content = content
    }

    /// The header, hosted; no footer.
    public func contentConfiguration(for section: Section, kind: SectionViewKind)
      -> (any UIContentConfiguration)?
    {
      kind == .header ? UIHostingConfiguration { content(section) } : nil
    }
  }
#endif
