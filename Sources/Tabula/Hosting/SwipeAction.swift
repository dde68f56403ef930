/// An action a row offers when the user swipes it (UIKit's contextual
/// actions), from its presenter
/// (``Presenter/trailingSwipeActions(for:)``, ``Presenter/leadingSwipeActions(for:)``).
///
/// A ``delete(title:)`` action deletes the row as a user edit: written back
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

  /// The action's title.
  public var title: String
  /// How it looks.
  public var style: Style
  /// Whether the row leaves the list at once while the handler runs.
  public var removesRow: Bool
  /// What the action does; `nil` for ``delete(title:)``.
  let handler: (@MainActor () async throws -> Void)?

  /// An action that runs `handler`. With `removesRow`, the row leaves the
  /// list at once and comes back, animated, if `handler` throws.
  public init(
    title: String, style: Style = .normal, removesRow: Bool = false,
    handler: @escaping @MainActor () async throws -> Void
  ) {
    self.title = title
    self.style = style
    self.removesRow = removesRow
    self.handler = handler
  }

  /// Deletes the row as a user edit (written back, one undo step).
  public static func delete(title: String = "Delete") -> SwipeAction {
    SwipeAction(title: title, style: .destructive, removesRow: true, handler: nil)
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

  /// Whether this is ``delete(title:)``.
  public var isDelete: Bool { handler == nil }
}
