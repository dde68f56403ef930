/// An item of any ``Diffable`` type, so that one snapshot can mix model types.
///
/// A feed of users, posts and ads is a `Snapshot<SectionInfo, AnyItem>`; no
/// hand-written wrapper enum is needed. The builders and editing methods wrap
/// values for you:
///
/// ```swift
/// let feed = Snapshot<SectionInfo, AnyItem> {
///   SnapshotSection("Feed") {
///     User(id: 1, name: "Ada")
///     Post(id: 1, text: "Hello")  // same raw id, different type: a different item
///   }
/// }
/// let user = feed[ItemPath(section: 0, item: 0)].base(as: User.self)
/// ```
///
/// Identity is the pair (model type, model id), so a `User` and a `Post` with
/// the same raw id are different items. Content equality compares the wrapped
/// values with their own ``Diffable/isContentEqual(to:)``.
///
/// A list of one model type should use that type directly
/// (`Snapshot<SectionInfo, User>`): the generic code is then specialised for it
/// and pays nothing for erasure. `AnyItem` costs one allocation per item and a
/// dynamic cast per content comparison.
public struct AnyItem: Diffable, CustomStringConvertible, CustomDebugStringConvertible {
  /// The identity of an ``AnyItem``: the wrapped value's type and id.
  public struct ID: Hashable, @unchecked Sendable, CustomStringConvertible {
    // `@unchecked` is sound: `value` wraps a `Model.ID`, which `Diffable`
    // requires to be `Sendable`, and `typeName` only captures a metatype.
    @usableFromInline let modelType: ObjectIdentifier
    @usableFromInline let typeName: @Sendable () -> String
    @usableFromInline let value: AnyHashable

    @usableFromInline
    init<Model: Diffable>(_ model: Model) {
      self.modelType = ObjectIdentifier(Model.self)
      self.typeName = { String(describing: Model.self) }
      self.value = AnyHashable(model.id)
    }

    /// The wrapped id, typed: `nil` when the item is not a `Model`.
    public func value<Model: Diffable>(for model: Model.Type) -> Model.ID? {
      guard modelType == ObjectIdentifier(Model.self) else { return nil }
      return value.base as? Model.ID
    }

    /// Two ids are equal when their model types and wrapped ids are equal.
    public static func == (lhs: ID, rhs: ID) -> Bool {
      lhs.modelType == rhs.modelType && lhs.value == rhs.value
    }

    /// Hashes the model type and the wrapped id.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(modelType)
      hasher.combine(value)
    }

    /// The model type and id, as in `User(42)`.
    public var description: String {
      "\(typeName())(\(String(reflecting: value.base)))"
    }
  }

  /// The wrapped model value.
  public let base: any Diffable
  /// The identity: the model type and the model's own id.
  public let id: ID

  /// Wraps `base`; an ``AnyItem`` is not wrapped twice.
  public init<Model: Diffable>(_ base: Model) {
    if let already = base as? AnyItem {
      self = already
    } else {
      self.base = base
      self.id = ID(base)
    }
  }

  /// The wrapped value as a `Model`, or `nil` when it is another type.
  public func base<Model: Diffable>(as model: Model.Type) -> Model? {
    base as? Model
  }

  /// The type of the wrapped value.
  public var modelType: any Diffable.Type { type(of: base) }

  /// Compares the wrapped values' content when they have the same type.
  public func isContentEqual(to other: AnyItem) -> Bool {
    let left: any Diffable = base
    return contentEquals(left, other.base)
  }

  /// The wrapped value's description.
  public var description: String { String(describing: base) }

  /// The wrapped value's debug description.
  public var debugDescription: String { "AnyItem(\(String(reflecting: base)))" }
}

/// Whether `right` is a `Model` with the same content as `left`.
private func contentEquals<Model: Diffable>(_ left: Model, _ right: any Diffable) -> Bool {
  guard let right = right as? Model else { return false }
  return left.isContentEqual(to: right)
}
