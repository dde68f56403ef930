/// A ``ListController``'s ``ListController/emptyState`` and whether its host
/// shows it: the host is told only when that changes.
struct EmptyStateTracking {
  /// The state to show while the list has no rows.
  var state: EmptyState? {
    didSet { version += 1 }
  }
  /// Counts the changes of ``state`` (a state holds a closure: it cannot be
  /// compared).
  private var version = 0
  /// The version the host shows, or `nil` when it shows none.
  private var shownVersion: Int?

  /// What the host must be told, for a list with `itemCount` rows: the
  /// state (or `nil` to hide it), or nothing when it shows what it should.
  mutating func update(itemCount: Int) -> EmptyState?? {
    let wanted = itemCount == 0 && state != nil ? version : nil
    guard wanted != shownVersion else { return .none }
    shownVersion = wanted
    return .some(wanted == nil ? nil : state)
  }
}
