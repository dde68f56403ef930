import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#endif

private let clockOrigin = ContinuousClock.now

/// Seconds since the module was loaded, from a monotonic clock.
func monotonicSeconds() -> Double {
  let (seconds, attoseconds) = (ContinuousClock.now - clockOrigin).components
  return Double(seconds) + Double(attoseconds) / 1e18
}

/// The terminal the program runs in: raw keyboard input, the alternate
/// screen, its size, and putting everything back as it was.
///
/// ``start()`` switches to raw mode (keys arrive one by one, not echoed) and
/// the alternate screen, and hides the cursor; ``restore()`` undoes all of
/// it. `restore()` runs on a normal exit, and a handler for SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT restores the terminal too before the process ends, so
/// a killed demo never leaves the terminal unusable. (Ctrl-C itself arrives
/// as a key in raw mode, and the program quits normally.)
///
/// The signal handler calls only async-signal-safe functions on memory that
/// `start()` prepared (see `SignalRestoration`), so one terminal can be
/// started at a time: the standard input and output of the process.
public final class Terminal: @unchecked Sendable {
  private var original = termios()
  private var previousHandlers: [SignalRestoration.Handler] = []
  private var isStarted = false
  private let lock = NSLock()

  /// A terminal on standard input and output.
  public init() {}

  /// Whether standard input and output are both a terminal (not a pipe or a
  /// file): the demo is interactive only then.
  public static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Whether standard output is a terminal.
  public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The size of the terminal in characters, if standard output is one.
  public static func size() -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Installs the signal handlers that restore the terminal, then enters
  /// raw mode and the alternate screen and hides the cursor.
  public func start() {
    let started = lock.withLock {
      guard !isStarted else { return false }
      tcgetattr(STDIN_FILENO, &original)
      // Handlers first: from the first raw-mode byte on, a signal restores.
      previousHandlers = SignalRestoration.install(restoring: original)
      var raw = original
      cfmakeraw(&raw)
      // Keep output post-processing off (cfmakeraw does), read byte by byte.
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
      isStarted = true
      return true
    }
    if started { write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J") }
  }

  /// Shows the cursor, leaves the alternate screen, restores the terminal's
  /// original mode and the signal handlers that were there before
  /// ``start()``. Safe to call more than once.
  public func restore() {
    let previous: [SignalRestoration.Handler]? = lock.withLock {
      guard isStarted else { return nil }
      isStarted = false
      return previousHandlers
    }
    guard let previous else { return }
    write(SignalRestoration.sequence)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
    SignalRestoration.uninstall(reinstating: previous)
  }

  /// Writes `text` to standard output, unbuffered.
  public func write(_ text: String) {
    Terminal.writeOut(text)
  }

  /// Writes `text` to standard output, unbuffered.
  public static func writeOut(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        systemWrite(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written <= 0 { return }
      offset += written
    }
  }
}
