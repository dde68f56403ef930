/// Drives a ``RefreshState`` with a clock and a refresh action: a host
/// reports gestures (``pull(to:)``, ``release()``) or asks for a refresh
/// (``beginRefreshing()``), and redraws when ``observe(_:)`` calls it.
///
/// ```swift
/// let refresh = PullToRefresh { try await feed.reload() }
/// refresh.beginRefreshing()   // the indicator shows at least half a second
/// ```
///
/// The UIKit glue wires a `UIRefreshControl` to it; the terminal list view
/// shows a refresh line while ``showsIndicator``. Tests pass a test clock.
@MainActor
public final class PullToRefresh<C: Clock>: Sendable where C.Duration: Sendable {
  /// The refresh: throws to report a failure (the content stays).
  public typealias Action = @MainActor () async throws -> Void

  /// The machine.
  public private(set) var state: RefreshState<C.Instant>
  /// How many refreshes started.
  public private(set) var refreshCount = 0

  private let clock: C
  private let action: Action
  private let observers = ObserverList()
  private var hiding: Task<Void, Never>?

  /// A refresh control timed by `clock`, whose refreshes run `action`.
  public init(
    clock: C, threshold: Double = 60, minimumDisplayTime: C.Duration,
    action: @escaping Action
  ) {
    self.clock = clock
    self.action = action
    state = RefreshState(threshold: threshold, minimumDisplayTime: minimumDisplayTime)
  }

  /// Whether the indicator shows.
  public var showsIndicator: Bool { state.showsIndicator }

  /// The message of the last failed refresh, if the last one failed.
  public var lastError: String? { state.lastError }

  /// The user pulled down by `distance` points.
  public func pull(to distance: Double) {
    state.pull(to: distance)
    observers.notify()
  }

  /// The user let go.
  public func release() {
    perform(state.release(at: clock.now))
  }

  /// Refreshes now, unless a refresh runs.
  public func beginRefreshing() {
    perform(state.beginRefreshing(at: clock.now))
  }

  /// Calls `observer` after every change of ``state``.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Waits until no refresh runs and the indicator is gone.
  public func waitUntilIdle() async {
    while state.phase != .idle {
      await Task.yield()
      if let hiding { await hiding.value }
    }
  }

  private func perform(_ effects: [RefreshState<C.Instant>.Effect]) {
    observers.notify()
    for effect in effects {
      switch effect {
      case .startRefresh:
        refreshCount += 1
        hiding?.cancel()
        hiding = nil
        Task {
          var failure: String?
          do { try await action() } catch { failure = String(describing: error) }
          self.perform(self.state.finish(at: self.clock.now, error: failure))
        }
      case .hideIndicator(let instant):
        hiding = Task {
          try? await clock.sleep(until: instant, tolerance: nil)
          guard !Task.isCancelled else { return }
          self.state.tick(at: self.clock.now)
          self.observers.notify()
        }
      }
    }
  }
}

extension PullToRefresh where C == ContinuousClock {
  /// A refresh control timed by the system's continuous clock, whose
  /// indicator shows at least `minimumDisplayTime` (half a second by
  /// default, so that a fast refresh does not flicker), and whose
  /// refreshes run `action`.
  public convenience init(
    threshold: Double = 60, minimumDisplayTime: Duration = .milliseconds(500),
    action: @escaping Action
  ) {
    self.init(
      clock: ContinuousClock(), threshold: threshold, minimumDisplayTime: minimumDisplayTime,
      action: action)
  }
}
