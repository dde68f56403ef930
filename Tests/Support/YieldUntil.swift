import Testing

/// Yields until `condition` holds: what a test awaits that another task
/// does (a transaction, a load, a write). A wait that does not end within
/// `timeout` is an issue recorded where the test waited, never a hang.
package func yieldUntil(
  isolation: isolated (any Actor)? = #isolation,
  timeout: Duration = .seconds(60),
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
