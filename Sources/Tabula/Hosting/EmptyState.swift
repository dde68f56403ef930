/// What a list shows in place of its rows while it has none: a message (an
/// empty inbox, no search results), a first load on its way, or an error
/// with a way to try again.
///
/// Set it on a ``ListController`` (``ListController/emptyState``): the
/// controller has the host show it whenever the list has no rows, behind
/// the list (UIKit: the view's `backgroundView`), so a snapshot of your own
/// item type needs no placeholder row.
///
/// ```swift
/// list.emptyState = .message("No contacts match “\(query)”", symbolName: "magnifyingglass")
/// list.emptyState = .loading()
/// list.emptyState = .error("The feed could not load.", actionTitle: "Try Again") { feed.retry() }
/// ```
public struct EmptyState {
  /// Whether a load is on its way (hosts show an activity indicator).
  public var isLoading: Bool
  /// The main text.
  public var text: String?
  /// A second line, quieter.
  public var secondaryText: String?
  /// The name of an SF Symbol to show above the text (hosts that draw no
  /// images ignore it).
  public var symbolName: String?
  /// The title of a button that runs ``action``.
  public var actionTitle: String?
  /// What the button does (try a load again, say).
  public var action: (@MainActor () -> Void)?

  /// An empty state of the given parts.
  public init(
    isLoading: Bool = false, text: String? = nil, secondaryText: String? = nil,
    symbolName: String? = nil, actionTitle: String? = nil,
    action: (@MainActor () -> Void)? = nil
  ) {
    self.isLoading = isLoading
    self.text = text
    self.secondaryText = secondaryText
    self.symbolName = symbolName
    self.actionTitle = actionTitle
    self.action = action
  }

  /// A load on its way: an activity indicator, and `text` if given.
  public static func loading(_ text: String? = nil) -> EmptyState {
    EmptyState(isLoading: true, text: text)
  }

  /// A message: nothing to show, and why.
  public static func message(
    _ text: String, secondaryText: String? = nil, symbolName: String? = nil
  ) -> EmptyState {
    EmptyState(text: text, secondaryText: secondaryText, symbolName: symbolName)
  }

  /// An error, with a button that runs `action` (a retry) when given.
  public static func error(
    _ text: String, secondaryText: String? = nil, actionTitle: String = "Try Again",
    action: (@MainActor () -> Void)? = nil
  ) -> EmptyState {
    EmptyState(
      text: text, secondaryText: secondaryText, symbolName: "exclamationmark.triangle",
      actionTitle: action == nil ? nil : actionTitle, action: action)
  }
}
