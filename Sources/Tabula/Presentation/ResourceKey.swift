/// The name and the type of a resource that rows on screen can be given
/// (``ListController/reconfigureVisibleRows(with:for:subject:)``): an image, a count. Declare
/// each once, where the models that use it are:
///
/// ```swift
/// extension Post {
///   static let likes = ResourceKey<Int>("likes")
/// }
/// controller.reconfigureVisibleRows(with: 42, for: Post.likes, subject: post.id)
/// ```
///
/// Two keys with the same name are the same key; a value of another type
/// under a key is not read as the key's type (``ResourceUpdate/value(for:)``
/// answers `nil`).
public struct ResourceKey<Value>: Hashable, Sendable, CustomStringConvertible {
  /// The key's name.
  public let name: String

  /// The key named `name`.
  public init(_ name: String) {
    self.name = name
  }

  /// The name.
  public var description: String { name }
}
