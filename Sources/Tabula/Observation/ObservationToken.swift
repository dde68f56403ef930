/// A registration made by ``SnapshotSource/observe(_:)`` (or
/// ``PresenterRegistry/observeChanges(_:)``): it ends when cancelled or
/// released.
@MainActor
public final class ObservationToken {
  private var onCancel: (() -> Void)?

  /// An observation that calls `onCancel` when it ends.
  public init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Ends the observation.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit {
    cancel()
  }
}
