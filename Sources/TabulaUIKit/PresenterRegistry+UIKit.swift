#if canImport(UIKit)
  import Foundation
  import Tabula
  import UIKit

  extension PresenterRegistry where Cell: ContentConfigurableCell {
    /// Registers how rows of `model` look: `content` makes the content
    /// configuration a cell shows. A presenter in one statement, for
    /// tables and collection views alike; the cell type is the registry's.
    ///
    /// ```swift
    /// presenters.register(Photo.self) { photo, _ in
    ///   var content = UIListContentConfiguration.cell()
    ///   content.text = photo.caption
    ///   return content
    /// }
    /// ```
    public func register<Model>(
      _ model: Model.Type, style: PresentationStyle = .default,
      content:
        @escaping @MainActor (_ model: Model, _ context: PresentationContext) ->
        any UIContentConfiguration
    ) {
      register(ContentPresenter<Model, Cell>(content), for: model, style: style)
    }

    /// Registers the standard look of Tabula's placeholder rows, quiet
    /// one-line rows with an SF Symbol: a loading row, an empty list
    /// (`noResults` unless the placeholder has a message), an error and a
    /// failed page (with `retryHint`, as a tap retries them where the app
    /// says so), loading more, and the end of a list. Register your own
    /// presenter for a placeholder type afterwards to restyle it.
    public func registerPlaceholders(
      noResults: String = "Nothing here yet.", retryHint: String = "Tap to try again.",
      endOfList: String = "You’re all caught up."
    ) {
      register(LoadingPlaceholder.self) { placeholder, _ in
        UIListContentConfiguration.placeholder(
          placeholder.message ?? "Loading…", symbolName: "hourglass")
      }
      register(NoResultsPlaceholder.self) { placeholder, _ in
        UIListContentConfiguration.placeholder(
          placeholder.message ?? noResults, symbolName: "magnifyingglass")
      }
      register(ErrorPlaceholder.self) { placeholder, _ in
        UIListContentConfiguration.placeholder(
          placeholder.message, secondaryText: retryHint, symbolName: "exclamationmark.triangle")
      }
      register(LoadingMorePlaceholder.self) { _, _ in
        UIListContentConfiguration.placeholder("Loading more…", symbolName: "hourglass")
      }
      register(PageErrorPlaceholder.self) { placeholder, _ in
        UIListContentConfiguration.placeholder(
          "Couldn’t load more: \(placeholder.message)", secondaryText: retryHint,
          symbolName: "exclamationmark.triangle")
      }
      register(EndOfListPlaceholder.self) { _, _ in
        UIListContentConfiguration.placeholder(endOfList, symbolName: "checkmark.circle")
      }
    }
  }

  extension UIListContentConfiguration {
    /// A quiet row: an SF Symbol, a line of text and an optional second
    /// line, in the system's secondary colours. What Tabula's placeholder
    /// rows show.
    public static func placeholder(
      _ text: String, secondaryText: String? = nil, symbolName: String
    ) -> UIListContentConfiguration {
      var content = UIListContentConfiguration.subtitleCell()
      content.image = UIImage(systemName: symbolName)
      content.imageProperties.tintColor = .secondaryLabel
      content.text = text
      content.textProperties.color = .secondaryLabel
      content.secondaryText = secondaryText
      content.secondaryTextProperties.color = .tertiaryLabel
      return content
    }
  }
#endif
