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
    /// says so), loading more, and the end of a list. On iOS 17 and later,
    /// the rows that stand for the whole list (loading, no results, an
    /// error) show the system's `UIContentUnavailableConfiguration`. Register
    /// your own presenter for a placeholder type afterwards to restyle it.
    public func registerPlaceholders(
      noResults: String = "Nothing here yet.", retryHint: String = "Tap to try again.",
      endOfList: String = "You’re all caught up."
    ) {
      var strings = ListStrings()
      strings.placeholders.noResults = noResults
      strings.placeholders.retryHint = retryHint
      strings.placeholders.endOfList = endOfList
      registerPlaceholders(strings: strings)
    }

    /// Registers the standard look of Tabula's placeholder rows (see
    /// ``registerPlaceholders(noResults:retryHint:endOfList:)``), worded by
    /// `strings` (the list's ``Tabula/ListController/strings``, localized).
    public func registerPlaceholders(strings: ListStrings) {
      register(LoadingPlaceholder.self) { placeholder, _ in
        PlaceholderLook.content(
          placeholder.message ?? strings.placeholders.loading, symbolName: "hourglass",
          whole: .loading)
      }
      let noResults = strings.placeholders.noResults
      let retryHint = strings.placeholders.retryHint
      let endOfList = strings.placeholders.endOfList
      register(NoResultsPlaceholder.self) { placeholder, _ in
        PlaceholderLook.content(
          placeholder.message ?? noResults, symbolName: "magnifyingglass", whole: .search)
      }
      register(ErrorPlaceholder.self) { placeholder, _ in
        PlaceholderLook.content(
          placeholder.message, secondaryText: retryHint, symbolName: "exclamationmark.triangle",
          whole: .empty)
      }
      register(LoadingMorePlaceholder.self) { _, _ in
        UIListContentConfiguration.placeholder(
          strings.placeholders.loadingMore, symbolName: "hourglass")
      }
      register(PageErrorPlaceholder.self) { placeholder, _ in
        UIListContentConfiguration.placeholder(
          strings.placeholders.loadMoreFailed(placeholder.message), secondaryText: retryHint,
          symbolName: "exclamationmark.triangle")
      }
      register(EndOfListPlaceholder.self) { _, _ in
        UIListContentConfiguration.placeholder(endOfList, symbolName: "checkmark.circle")
      }
    }
  }

  /// The look of a placeholder that stands for the whole list (loading, no
  /// results, an error): on iOS 17 and later, the system's
  /// `UIContentUnavailableConfiguration` (`.loading()`, `.search()`,
  /// `.empty()`), as Apple's own apps show such states; before, a quiet
  /// list row (``UIKit/UIListContentConfiguration/placeholder(_:secondaryText:symbolName:)``).
  enum PlaceholderLook {
    /// Which of the system's content-unavailable looks.
    enum Whole { case loading, search, empty }

    @MainActor
    static func content(
      _ text: String, secondaryText: String? = nil, symbolName: String, whole: Whole
    ) -> any UIContentConfiguration {
      // An SDK with iOS 17's declarations ships the Observation module: the
      // iOS 16 SDKs declare no UIContentUnavailableConfiguration.
      #if canImport(Observation)
        if #available(iOS 17, macCatalyst 17, *) {
          var content: UIContentUnavailableConfiguration
          switch whole {
          case .loading: content = .loading()
          case .search: content = .search()
          case .empty: content = .empty()
          }
          if whole != .loading { content.image = UIImage(systemName: symbolName) }
          content.text = text
          content.secondaryText = secondaryText
          return content
        }
      #endif
      return UIListContentConfiguration.placeholder(
        text, secondaryText: secondaryText, symbolName: symbolName)
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
