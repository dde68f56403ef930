#if canImport(Observation)
  import Observation
  import Tabula

  /// Tracks the `@Observable` models a row's configuration reads, with the
  /// Observation module: set on a list, a change to a property a row showed
  /// updates that row alone, in place, without a snapshot.
  ///
  /// ```swift
  /// @Observable final class Download { var progress = 0.0 }
  ///
  /// controller.configurationTracking = ObservationTracker()
  /// download.progress = 0.5  // the row showing this download is configured again
  /// ```
  ///
  /// What the row's presenter reads while it configures the cell is what
  /// is tracked (as SwiftUI tracks a view's `body`); a read elsewhere, in a
  /// closure that runs later, is not.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @MainActor
  public final class ObservationTracker: ConfigurationTracking {
    /// A tracker.
    public init() {}

    /// Runs `configure` inside `withObservationTracking`, so that `onChange`
    /// runs once when an observable property it read is about to change.
    public func track(_ configure: () -> Void, onChange: @escaping @Sendable () -> Void) {
      withObservationTracking(configure, onChange: onChange)
    }
  }
#endif
