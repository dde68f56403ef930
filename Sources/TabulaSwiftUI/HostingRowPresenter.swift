#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import Tabula
  import TabulaUIKit
  import UIKit

  /// Presents models of one type as a SwiftUI view, in a collection view
  /// cell's `UIHostingConfiguration`: what ``TabulaList/rows(for:content:)``
  /// registers. Usable on its own, with any `ListController` of a collection
  /// view.
  @MainActor
  public struct HostingRowPresenter<Model, Row: View>: ContentConfigurationPresenter {
    /// Collection view cells (list cells: separators, swipe actions).
    public typealias Cell = UICollectionViewCell

    /// Makes a model's row.
    public let content: @MainActor (Model) -> Row
    /// The actions a swipe from the trailing edge shows for a model.
    public let swipeActions: @MainActor (Model) -> [SwipeAction]

    /// A presenter showing each model as `content` makes it, with
    /// `swipeActions` on a swipe from the trailing edge (none by default).
    public init(
      swipeActions: @escaping @MainActor (Model) -> [SwipeAction] = { _ in [] },
      @ViewBuilder content: @escaping @MainActor (Model) -> Row
    ) {
      self.content = content
      self.swipeActions = swipeActions
    }

    /// The actions of a swipe from the trailing edge.
    public func trailingSwipeActions(for model: Model) -> [SwipeAction] {
      swipeActions(model)
    }

    /// The row, hosted.
    public func contentConfiguration(for model: Model, context: PresentationContext)
      -> any UIContentConfiguration
    {
      UIHostingConfiguration { content(model) }
    }
  }
#endif
