/// Reports each problem once, by key: whoever meets the same problem again
/// and again (a model type nothing presents, on every row of it; a
/// presenter given cells of the wrong class) reports it the first time
/// only, to ``TabulaLog``.
///
/// A reference, so that a value that meets problems from non-mutating code
/// (a presenter configuring a cell) can keep one.
@MainActor
package final class ReportOnce<Key: Hashable> {
  private var reported: Set<Key> = []

  /// Nothing reported yet.
  package init() {}

  /// Reports `message` to ``TabulaLog`` unless a problem with `key` was
  /// reported before; returns whether it reported.
  @discardableResult
  package func report(_ key: Key, _ message: @autoclosure () -> String) -> Bool {
    guard reported.insert(key).inserted else { return false }
    TabulaLog.report(message())
    return true
  }

  /// Notes `message` (``TabulaLog/note(_:)``: a condition of the running
  /// app, not a mistake) unless one with `key` was noted or reported
  /// before.
  package func note(_ key: Key, _ message: @autoclosure () -> String) {
    guard reported.insert(key).inserted else { return }
    TabulaLog.note(message())
  }

  /// Whether a problem with `key` was reported.
  package func hasReported(_ key: Key) -> Bool { reported.contains(key) }
}

extension ReportOnce where Key == Bool {
  /// Reports `message` the first time only (a reporter of one problem).
  package func report(_ message: @autoclosure () -> String) {
    report(true, message())
  }
}
