import Tabula
import TabulaUIKit
import UIKit

// Tabula's placeholder rows (loading, no results, an error, and a paged
// list's end rows) are ordinary items of an `AnyItem` list, so each needs a
// presenter like any model. These show them as quiet one-line rows on every
// screen, tables and collection views alike.

extension PresenterRegistry where Cell: ContentConfigurableCell {
  /// Registers presenters for Tabula's placeholder rows; `noResults` is what
  /// an empty list says, `retryHint` how to try a failed load again.
  func registerPlaceholders(noResults: String, retryHint: String = "Tap to try again.") {
    register(
      ContentPresenter<LoadingPlaceholder, Cell> { placeholder, _ in
        UIListContentConfiguration.placeholder(
          placeholder.message ?? "Loading…", symbol: "hourglass")
      })
    register(
      ContentPresenter<NoResultsPlaceholder, Cell> { placeholder, _ in
        UIListContentConfiguration.placeholder(
          placeholder.message ?? noResults, symbol: "magnifyingglass")
      })
    register(
      ContentPresenter<ErrorPlaceholder, Cell> { placeholder, _ in
        UIListContentConfiguration.placeholder(
          placeholder.message, detail: retryHint, symbol: "exclamationmark.triangle")
      })
    register(
      ContentPresenter<LoadingMorePlaceholder, Cell> { _, _ in
        UIListContentConfiguration.placeholder("Loading more…", symbol: "hourglass")
      })
    register(
      ContentPresenter<PageErrorPlaceholder, Cell> { placeholder, _ in
        UIListContentConfiguration.placeholder(
          "Couldn’t load more: \(placeholder.message)", detail: retryHint,
          symbol: "exclamationmark.triangle")
      })
    register(
      ContentPresenter<EndOfListPlaceholder, Cell> { _, _ in
        UIListContentConfiguration.placeholder("You’re all caught up.", symbol: "checkmark.circle")
      })
  }
}

extension UIListContentConfiguration {
  /// A dimmed row: an SF Symbol, a line of text and an optional detail.
  static func placeholder(_ text: String, detail: String? = nil, symbol: String)
    -> UIListContentConfiguration
  {
    var content = UIListContentConfiguration.subtitleCell()
    content.image = UIImage(systemName: symbol)
    content.imageProperties.tintColor = .secondaryLabel
    content.text = text
    content.textProperties.color = .secondaryLabel
    content.secondaryText = detail
    content.secondaryTextProperties.color = .tertiaryLabel
    return content
  }
}
