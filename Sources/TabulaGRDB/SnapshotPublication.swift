import Tabula

/// How a live source tells the world about a new snapshot: observers called
/// on the main actor, and `AsyncStream`s that keep only the newest
/// snapshot for a slow consumer. The streams end when the publication
/// (its source) goes.
@MainActor
final class SnapshotPublication<Value: Sendable> {
  private let observers = ObserverList()
  private var streams: [Int: AsyncStream<Value>.Continuation] = [:]
  private var nextStream = 0

  init() {}

  isolated deinit {
    for stream in streams.values { stream.finish() }
  }

  /// Calls `observer` after every ``publish(_:)``.
  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// A stream of `current`, then every value published.
  func stream(startingWith current: Value) -> AsyncStream<Value> {
    nextStream += 1
    let key = nextStream
    // The build closure runs at once, here on the main actor.
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      streams[key] = continuation
      continuation.yield(current)
      continuation.onTermination = { [weak self] _ in
        Task { @MainActor in self?.streams[key] = nil }
      }
    }
  }

  /// Tells observers, then streams, about `value`.
  func publish(_ value: Value) {
    observers.notify()
    for stream in streams.values { stream.yield(value) }
  }
}
