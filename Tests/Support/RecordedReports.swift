import Tabula

/// The reports ``TabulaLog`` received while a test's recorder was installed.
@MainActor
package final class RecordedReports {
  package var messages: [String] = []

  package init() {}
}

/// Runs `body` with ``TabulaLog`` handlers that record every report and
/// note, in order, then puts the previous handlers back; returns them.
///
/// `body` is synchronous: no other main-actor work runs while the recorder
/// is installed, so tests running in parallel neither see these reports nor
/// send theirs here.
@MainActor
package func recordingReports(_ body: () throws -> Void) rethrows -> [String] {
  let saved = (TabulaLog.handler, TabulaLog.noteHandler)
  let recorded = RecordedReports()
  TabulaLog.handler = { recorded.messages.append($0) }
  TabulaLog.noteHandler = { recorded.messages.append($0) }
  defer { (TabulaLog.handler, TabulaLog.noteHandler) = saved }
  try body()
  return recorded.messages
}
