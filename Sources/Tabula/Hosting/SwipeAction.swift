/// An action a row offers when the user swipes it (UIKit's contextual
/// actions), from its presenter
/// (``Presenter/trailingSwipeActions(for:)``, ``Presenter/leadingSwipeActions(for:)``).
///
/// A ``delete(title:symbolName:)`` action deletes the row as a user edit: written back
/// and undoable. Any other action runs its handler; with ``removesRow`` the
/// row leaves the list at once, while the handler runs (archiving a mail,
/// say), and comes back in its place, animated, if the handler throws.
@MainActor
public struct SwipeAction {
  /// How the action looks.
  public enum Style: Sendable, Hashable {
    /// A plain action.
    case normal
    /// A destructive action (UIKit shows it red).
    case destructive
  }

  /// A system colour for an action's background (UIKit's `systemRed`...).
  public enum Tint: Sendable, Hashable, CaseIterable {
    /// The system's red.
    case red
    /// The system's orange.
    case orange
    /// The system's yellow.
    case yellow
    /// The system's green.
    case green
    /// The system's teal.
    case teal
    /// The system's blue.
    case blue
    /// The system's indigo.
    case indigo
    /// The system's purple.
    case purple
    /// The system's pink.
    case pink
    /// The system's gray.
    case gray
  }

  /// The action's title.
  public var title: String
  /// How it looks.
  public var style: Style
  /// An SF Symbol shown above the title (UIKit's `image`), if any.
  public var symbolName: String?
  /// The background colour; `nil` for the style's (red when destructive,
  /// gray otherwise).
  public var tint: Tint?
  /// Whether the row leaves the list at once while the handler runs.
  public var removesRow: Bool
  /// What the action does; `nil` for ``delete(title:symbolName:)``.
  let handler: (@MainActor () async throws -> Void)?

  /// An action that runs `handler`. With `removesRow`, the row leaves the
  /// list at once and comes back, animated, if `handler` throws.
  /// `symbolName` and `tint` set its look, as SwiftUI's
  /// `Button(_:systemImage:)` and `.tint(_:)` in `swipeActions`.
  public init(
    title: String, symbolName: String? = nil, tint: Tint? = nil, style: Style = .normal,
    removesRow: Bool = false, handler: @escaping @MainActor () async throws -> Void
  ) {
    self.title = title
    self.style = style
    self.removesRow = removesRow
    self.symbolName = symbolName
    self.tint = tint
    self.handler = handler
  }

  /// Deletes the row as a user edit (written back, one undo step).
  public static func delete(title: String = "Delete", symbolName: String? = nil) -> SwipeAction {
    var action = SwipeAction(title: title, style: .destructive, removesRow: true, handler: nil)
    action.symbolName = symbolName
    return action
  }

  private init(
    title: String, style: Style, removesRow: Bool,
    handler: (@MainActor () async throws -> Void)?
  ) {
    self.title = title
    self.style = style
    self.removesRow = removesRow
    self.handler = handler
  }

  /// Whether this is ``delete(title:symbolName:)``.
  public var isDelete: Bool { handler == nil }
}
