import Testing

/// Yields until `condition` holds: what a test awaits that another task
/// does (a transaction, a load, a write). A wait that does not end within
/// `timeout` is an issue recorded where the test waited, never a hang.
///
/// The timeout is wall time, which includes waiting for the main actor
/// while tests running beside this one use it: generous, so that a loaded
/// machine (CI's long tier) is not mistaken for a hang.
package func yieldUntil(
  isolation: isolated (any Actor)? = #isolation,
  timeout: Duration = .seconds(300),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: () -> Bool
) async {
  let clock = ContinuousClock()
  let end = clock.now.advanced(by: timeout)
  while !condition() {
    guard clock.now < end else {
      Issue.record(
        "waited \(timeout) for a condition that never held", sourceLocation: sourceLocation)
      return
    }
    await Task.yield()
  }
}
