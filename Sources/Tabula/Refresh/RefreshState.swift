/// Pull to refresh as a state machine: what the indicator shows and when a
/// refresh starts, from a host's gestures and the refresh's end. It knows
/// nothing of views or time sources; a host feeds it events and instants
/// and draws what it says (``PullToRefresh`` drives it with a clock).
///
/// ```
/// idle ──pull──▶ pulling ──pull past the threshold──▶ armed ──release──▶ refreshing
///   ▲              │ release (short of it)                                  │ finish
///   └──────────────┘                      idle ◀── minimum display time ── finishing
/// ```
///
/// - A pull that does not reach ``threshold`` springs back: no refresh.
/// - A refresh shows the indicator for at least ``minimumDisplayTime``, so a
///   fast refresh does not flicker: ending earlier waits in ``Phase/finishing(until:)``.
/// - A refresh that fails keeps the content (the source's business) and
///   ends with the error's message, which the host shows as a transient row
///   or banner (``lastError``).
/// - Events that do not apply in a phase (a release while refreshing, a
///   second refresh request) change nothing.
public struct RefreshState<Instant: InstantProtocol>: Sendable where Instant.Duration: Sendable {
  /// Where the indicator is.
  public enum Phase: Sendable, Equatable {
    /// Nothing shows.
    case idle
    /// Pulled down by `distance` points, short of the threshold.
    case pulling(distance: Double)
    /// Pulled past the threshold: releasing now refreshes.
    case armed
    /// Refreshing since `start`.
    case refreshing(since: Instant)
    /// The refresh ended; the indicator stays until `until`.
    case finishing(until: Instant)
  }

  /// What the host must do after an event.
  public enum Effect: Sendable, Equatable {
    /// Start the refresh (load the first page again, say).
    case startRefresh
    /// Hide the indicator at `instant` unless something else happened by
    /// then: call ``tick(at:)`` at that instant.
    case hideIndicator(at: Instant)
  }

  /// The phase now.
  public private(set) var phase = Phase.idle
  /// How far a pull must go to arm a refresh, in points (lines in a
  /// terminal).
  public var threshold: Double
  /// The least time the indicator shows once a refresh started.
  public var minimumDisplayTime: Instant.Duration
  /// The message of the last refresh that failed, until the next refresh
  /// starts.
  public private(set) var lastError: String?

  /// A machine at rest.
  public init(threshold: Double = 60, minimumDisplayTime: Instant.Duration) {
    self.threshold = threshold
    self.minimumDisplayTime = minimumDisplayTime
  }

  /// Whether the indicator shows (refreshing or finishing).
  public var showsIndicator: Bool {
    switch phase {
    case .refreshing, .finishing: true
    case .idle, .pulling, .armed: false
    }
  }

  /// The user pulled the list down by `distance` points (0 or less: back
  /// at rest).
  public mutating func pull(to distance: Double) {
    switch phase {
    case .idle, .pulling, .armed:
      if distance <= 0 {
        phase = .idle
      } else {
        phase = distance >= threshold ? .armed : .pulling(distance: distance)
      }
    case .refreshing, .finishing:
      break
    }
  }

  /// The user let go: an armed pull starts a refresh at `now`.
  public mutating func release(at now: Instant) -> [Effect] {
    switch phase {
    case .armed:
      return begin(at: now)
    case .pulling:
      phase = .idle
      return []
    case .idle, .refreshing, .finishing:
      return []
    }
  }

  /// A refresh requested without a gesture (the `r` key, a button, the
  /// app coming to the foreground); ignored while one runs.
  public mutating func beginRefreshing(at now: Instant) -> [Effect] {
    switch phase {
    case .refreshing: return []
    case .idle, .pulling, .armed, .finishing: return begin(at: now)
    }
  }

  /// The refresh ended at `now`, with the error's message if it failed.
  /// The indicator goes once it showed ``minimumDisplayTime``.
  public mutating func finish(at now: Instant, error: String? = nil) -> [Effect] {
    guard case .refreshing(let start) = phase else { return [] }
    lastError = error
    let earliest = start.advanced(by: minimumDisplayTime)
    if now >= earliest {
      phase = .idle
      return []
    }
    phase = .finishing(until: earliest)
    return [.hideIndicator(at: earliest)]
  }

  /// Time passed: a finishing indicator goes once its time came.
  public mutating func tick(at now: Instant) {
    if case .finishing(let until) = phase, now >= until { phase = .idle }
  }

  private mutating func begin(at now: Instant) -> [Effect] {
    phase = .refreshing(since: now)
    lastError = nil
    return [.startRefresh]
  }
}
