import Tabula

/// The reports and notes ``TabulaLog`` received while a test's recorder was
/// installed, in order.
@MainActor
package final class RecordedReports {
  package var messages: [String] = []
  package var reports: [String] = []
  package var notes: [String] = []

  package init() {}

  fileprivate func record(_ message: String, isNote: Bool) {
    messages.append(message)
    if isNote { notes.append(message) } else { reports.append(message) }
  }
}

/// Runs `body` with a recorder for ``TabulaLog``'s reports and notes,
/// returns them in order.
///
/// The recorder is task-local: it hears what `body` and the tasks it starts
/// send, never what tests running beside it send.
@MainActor
package func recordingReports(_ body: () throws -> Void) rethrows -> [String] {
  let recorded = RecordedReports()
  let recorder: @MainActor @Sendable (String, Bool) -> Void = { recorded.record($0, isNote: $1) }
  try TabulaLog.$recorder.withValue(recorder, operation: body)
  return recorded.messages
}

/// ``recordingReports(_:)`` for a body that awaits.
@MainActor
package func recordingReportsAsync(_ body: () async throws -> Void)
  async rethrows -> [String]
{
  try await recordingLog(body).messages
}

/// The reports and notes `body` and the tasks it starts sent, apart.
@MainActor
package func recordingLog(_ body: () async throws -> Void)
  async rethrows -> RecordedReports
{
  let recorded = RecordedReports()
  let recorder: @MainActor @Sendable (String, Bool) -> Void = { recorded.record($0, isNote: $1) }
  try await TabulaLog.$recorder.withValue(recorder, operation: body)
  return recorded
}
