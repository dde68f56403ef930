/// A named variant of how a model type is presented: a user row with or
/// without a byline, a compact or a full post.
///
/// A presenter reads the style from its ``PresentationContext`` and varies
/// its cell; switching the style of a model type in the
/// ``PresenterRegistry`` changes every row of that type without touching the
/// presenter.
///
/// ```swift
/// extension PresentationStyle {
///   static let byline: PresentationStyle = "byline"
/// }
/// registry.setStyle(.byline, for: User.self)
/// ```
public struct PresentationStyle: Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The style's name.
  public var name: String

  /// Creates a style named `name`.
  public init(_ name: String) { self.name = name }

  /// Creates a style named by a string literal.
  public init(stringLiteral name: String) { self.name = name }

  /// The style a model type has unless one is set.
  public static let `default` = PresentationStyle("default")

  /// The name.
  public var description: String { name }
}
