/// Records what a row's configuration reads and says when it changes: what
/// lets a list update a row in place when its model changes without a new
/// snapshot (an `@Observable` model's property, say).
///
/// With ``ListController/configurationTracking`` set, the controller runs
/// every cell configuration inside ``track(_:onChange:)``; when `onChange`
/// is called, it configures that row's cell again (if it is on screen),
/// tracked anew, and no other row. `TabulaObservation`'s
/// `ObservationTracker` tracks `@Observable` models with the Observation
/// module.
@MainActor
public protocol ConfigurationTracking: AnyObject {
  /// Runs `configure` and calls `onChange` once, from any thread, when
  /// something it read changes.
  func track(_ configure: () -> Void, onChange: @escaping @Sendable () -> Void)
}
