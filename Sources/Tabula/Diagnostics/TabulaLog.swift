/// Where Tabula reports problems it recovers from instead of crashing the
/// app: a model type with no presenter (a new kind of row from a server), a
/// cell of the wrong class for its presenter, a cell asked for after its
/// data source went away.
///
/// The list keeps going (a plain fallback cell, an unconfigured cell) and
/// the problem is reported here, once per cause. Replace ``handler`` to
/// route reports to your logging:
///
/// ```swift
/// TabulaLog.handler = { message in logger.error("\(message)") }
/// ```
///
/// The default, ``defaultHandler``, prints the message and, in debug builds,
/// stops at an `assertionFailure`, so that a misconfiguration is found while
/// developing; release builds only print.
@MainActor
public enum TabulaLog {
  /// Receives each problem's message. ``defaultHandler`` unless replaced.
  public static var handler: @MainActor (_ message: String) -> Void = defaultHandler

  /// Prints `Tabula: message`, then calls `assertionFailure(message)` (which
  /// stops debug builds only).
  public static let defaultHandler: @MainActor (_ message: String) -> Void = { message in
    print("Tabula: \(message)")
    assertionFailure(message)
  }

  /// Sends `message` to ``handler``.
  public static func report(_ message: String) {
    if let recorder { recorder(message, false) } else { handler(message) }
  }

  /// Receives what the list recovered from that is no mistake of the app's
  /// (see ``note(_:)``): printed by default, never stopping a debug build.
  /// Route it where ``handler`` goes to log both.
  public static var noteHandler: @MainActor (_ message: String) -> Void = { message in
    print("Tabula: \(message)")
  }

  /// Sends `message` to ``noteHandler``: a condition of the running app
  /// the list recovered from and that no hook of the app's heard (a write
  /// or a drop's load that failed, an undo whose rows another writer
  /// removed, a key that met a row just removed), as opposed to a
  /// misconfiguration (``report(_:)``).
  public static func note(_ message: String) {
    if let recorder { recorder(message, true) } else { noteHandler(message) }
  }

  /// Receives the reports (`isNote` false) and notes of the task that set
  /// it and the tasks it starts, in place of ``handler`` and
  /// ``noteHandler``: tests running side by side each hear their own.
  @TaskLocal package static var recorder:
    (@MainActor @Sendable (_ message: String, _ isNote: Bool) -> Void)?
}
