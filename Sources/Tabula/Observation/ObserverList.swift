/// The observers of one observable object: what a ``SnapshotSource``
/// implementation keeps to answer ``SnapshotSource/observe(_:)`` and to
/// announce changes (a ``PresenterRegistry`` keeps one the same way).
///
/// ```swift
/// private let observers = ObserverList()
///
/// public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
///   observers.add(observer)
/// }
/// ```
///
/// An observer may cancel any observation, its own included, while it is
/// being notified: the notification goes on with the others, and an
/// observation cancelled before its turn is not called.
@MainActor
public final class ObserverList {
  private var observers: [Int: @MainActor () -> Void] = [:]
  private var next = 0

  /// An empty list.
  public init() {}

  /// Adds an observer, until the returned token is cancelled or released.
  public func add(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    next += 1
    let key = next
    observers[key] = observer
    return ObservationToken { [weak self] in self?.remove(key) }
  }

  /// Removes the observer with `key`. The closure is released once the
  /// list is no longer being written: what it keeps alive may end another
  /// observation of this list as it goes.
  private func remove(_ key: Int) {
    let removed = observers.removeValue(forKey: key)
    withExtendedLifetime(removed) {}
  }

  /// How many observers there are.
  var count: Int { observers.count }

  /// Calls every observer, in the order they were added.
  public func notify() {
    for key in observers.keys.sorted() {
      // Looked up at its turn: an observer an earlier one cancelled is skipped.
      observers[key]?()
    }
  }
}
