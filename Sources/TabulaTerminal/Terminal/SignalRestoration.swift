#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the signal handler needs to restore the terminal, prepared by
/// ``Terminal/start()`` before the handler is installed.
///
/// A signal handler may interrupt any code, even `malloc` or a lock holder,
/// so it must not allocate, lock, retain objects or build strings. The
/// handler, `restoreTerminalAndReraise(_:)`, therefore reads only memory
/// allocated here once and never freed (the restore sequence already
/// encoded as bytes, the saved terminal mode) and calls only functions that
/// POSIX lists as async-signal-safe.
enum SignalRestoration {
  /// A signal disposition, as `signal` takes and returns it.
  typealias Handler = (@convention(c) (Int32) -> Void)?

  /// The signals that end the process and would leave the terminal raw.
  static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// What puts the screen back: reset styles, show the cursor, leave the
  /// alternate screen.
  static let sequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

  /// Memory the handler reads: two pointers, allocated once and never
  /// freed. The pointers are shared between threads on purpose (the handler
  /// may run on any), so the wrapper says it is `Sendable` for them; written
  /// so, it needs no `nonisolated(unsafe)`, which standard libraries that
  /// call unsafe pointers `Sendable` (Apple's older ones) warn about.
  struct Memory: @unchecked Sendable {
    /// ``SignalRestoration/sequence`` as bytes, for the handler's `write`.
    let sequenceBytes: UnsafeBufferPointer<UInt8>
    /// The terminal's mode before raw mode, for the handler's `tcsetattr`.
    let savedMode: UnsafeMutablePointer<termios>
  }

  /// The handler's memory.
  static let memory: Memory = {
    let bytes = Array(sequence.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = buffer.initialize(from: bytes)
    let mode = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    mode.initialize(to: termios())
    return Memory(sequenceBytes: UnsafeBufferPointer(buffer), savedMode: mode)
  }()

  /// Saves `mode` for the handler and installs it for ``signals``; returns
  /// the dispositions it replaced.
  ///
  /// Touching ``memory`` here runs its one-time initialiser now, so in the
  /// handler each access is the already-initialised check of `swift_once`
  /// (one atomic load) and never its slow path, which locks.
  static func install(restoring mode: termios) -> [Handler] {
    memory.savedMode.pointee = mode
    return signals.map { signal($0, restoreTerminalAndReraise) }
  }

  /// Puts back the dispositions ``install(restoring:)`` returned.
  static func uninstall(reinstating previous: [Handler]) {
    for (number, handler) in zip(signals, previous) {
      signal(number, handler ?? SIG_DFL)
    }
  }
}

/// The signal handler: restores the terminal, then lets the signal do what
/// it would have done (end the process). Every call is async-signal-safe:
///
/// - Reading `SignalRestoration.memory`: initialised by `start()` before
///   this handler was installed, so reading it is an atomic load of
///   `swift_once`'s done flag and of a pointer; the pointed-to memory is never freed or
///   written while a handler is installed. Unsafe pointers are trivial
///   values: no retain, release or allocation.
/// - `write(2)`: async-signal-safe in POSIX. It writes bytes that were
///   encoded in advance; a partial write is continued, an interrupted one
///   retried, and a failure gives up (nothing better can be done here).
/// - `tcsetattr(3)`: async-signal-safe in POSIX; puts back the saved mode.
/// - `signal(2)` with `SIG_DFL`: async-signal-safe in POSIX; restores the
///   default action, which for these signals ends the process.
/// - `raise(3)`: async-signal-safe in POSIX. The signal is blocked while its
///   handler runs, so it is delivered, with its default action, as the
///   handler returns: the process ends by the signal, as it would have
///   without the handler, and its parent sees that.
private func restoreTerminalAndReraise(_ number: Int32) {
  let bytes = SignalRestoration.memory.sequenceBytes
  guard let start = bytes.baseAddress else { return }
  var offset = 0
  while offset < bytes.count {
    let written = write(STDOUT_FILENO, start + offset, bytes.count - offset)
    if written > 0 {
      offset += written
    } else if written < 0 && errno == EINTR {
      continue
    } else {
      break
    }
  }
  tcsetattr(STDIN_FILENO, TCSAFLUSH, SignalRestoration.memory.savedMode)
  signal(number, SIG_DFL)
  raise(number)
}
