/// A value that a list can tell apart from others (its identity) and compare for
/// changes (its content).
///
/// Identity decides *which* row a value is: two values with the same `id` are
/// the same row, before and after a change. Content decides whether that row must
/// be *updated*: ``isContentEqual(to:)`` is `false` when the row shows something
/// different. The two notions are separate on purpose: a contact whose name
/// changed keeps its `id` (the row stays and is updated) but is not content-equal.
///
/// Equatable types get ``isContentEqual(to:)`` for free:
///
/// ```swift
/// struct Contact: Diffable, Equatable {
///   let id: Int
///   var name: String
/// }
/// ```
///
/// Items and section models of a ``Snapshot`` conform to `Diffable`.
public protocol Diffable: Identifiable, Sendable where ID: Sendable {
  /// Whether `other`, a value with the same `id`, shows the same content.
  ///
  /// Called only for values with equal ids. Return `false` when a row showing
  /// `self` must be updated to show `other`.
  func isContentEqual(to other: Self) -> Bool
}

extension Diffable where Self: Equatable {
  /// Compares content with `==`.
  @inlinable
  public func isContentEqual(to other: Self) -> Bool { self == other }
}
