/// A resource that arrived for rows already on screen: an image downloaded,
/// a count refreshed. See ``ListController/reconfigureVisibleRows(with:for:subject:)``.
///
/// Presenters decide which rows care (``Presenter/wants(_:for:)``), usually by
/// the resource's key and by comparing ``subject`` with something their
/// model refers to, and read the value typed by its key:
///
/// ```swift
/// func wants(_ resource: ResourceUpdate, for post: Post) -> Bool {
///   resource.is(Post.likes) && resource.subject == AnyHashable(post.id)
/// }
/// ```
public struct ResourceUpdate: @unchecked Sendable {
  // `@unchecked`: `value` and `subject` come from a main-actor call and are
  // only read by presenters on the main actor.

  /// The name of its key, such as `"avatar"`.
  public let keyName: String
  /// The resource itself; ``value(for:)`` reads it typed.
  public let value: Any
  /// What it belongs to: a user's id, an image URL; `nil` when it is global.
  public let subject: AnyHashable?

  /// A resource update of `value` under `key`.
  public init<Value>(_ key: ResourceKey<Value>, value: Value, subject: AnyHashable? = nil) {
    keyName = key.name
    self.value = value
    self.subject = subject
  }

  /// Whether this is a resource of `key`.
  public func `is`<Value>(_ key: ResourceKey<Value>) -> Bool { keyName == key.name }

  /// The value, if this is a resource of `key`.
  public func value<Value>(for key: ResourceKey<Value>) -> Value? {
    keyName == key.name ? value as? Value : nil
  }
}
