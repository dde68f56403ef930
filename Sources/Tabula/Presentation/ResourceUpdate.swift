/// A resource that arrived for rows already on screen: an image downloaded,
/// a count refreshed. See ``ListController/provide(_:key:for:)``.
///
/// Presenters decide which rows care (``Presenter/wants(_:for:)``), usually by
/// comparing ``subject`` with something their model refers to.
public struct ResourceUpdate: @unchecked Sendable {
  // `@unchecked`: `value` and `subject` come from a main-actor call and are
  // only read by presenters on the main actor.

  /// What kind of resource it is, such as `"avatar"`.
  public var key: String
  /// The resource itself.
  public var value: Any
  /// What it belongs to: a user's id, an image URL; `nil` when it is global.
  public var subject: AnyHashable?

  /// Creates a resource update.
  public init(key: String, value: Any, subject: AnyHashable? = nil) {
    self.key = key
    self.value = value
    self.subject = subject
  }
}
