import Tabula

/// The reports ``TabulaLog`` received while a test's recorder was installed.
@MainActor
package final class RecordedReports {
  package var messages: [String] = []

  package init() {}
}

/// Runs `body` with a ``TabulaLog`` handler that records every report, then
/// puts the previous handler back; returns the reports.
///
/// `body` is synchronous: no other main-actor work runs while the recorder
/// is installed, so tests running in parallel neither see these reports nor
/// send theirs here.
@MainActor
package func recordingReports(_ body: () throws -> Void) rethrows -> [String] {
  let saved = TabulaLog.handler
  let recorded = RecordedReports()
  TabulaLog.handler = { recorded.messages.append($0) }
  defer { TabulaLog.handler = saved }
  try body()
  return recorded.messages
}
