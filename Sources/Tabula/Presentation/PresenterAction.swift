/// Something a user does to a row: selecting it, or a custom interaction a
/// cell offers (liking a post, following a user).
///
/// Presenters send actions through their ``PresentationContext``; the
/// ``PresenterRegistry`` delivers each to the handler registered for the
/// model's type, typed by model.
public struct PresenterAction: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The action's name.
  public var name: String

  /// Creates an action named `name`.
  public init(_ name: String) { self.name = name }

  /// Creates an action named by a string literal.
  public init(stringLiteral name: String) { self.name = name }

  /// The user selected the row.
  public static let select = PresenterAction("select")

  /// The name.
  public var description: String { name }
}
