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
public func monotonicSeconds() -> Double {
  let (seconds, attoseconds) = (ContinuousClock.now - clockOrigin).components
  return Double(seconds) + Double(attoseconds) / 1e18
}

/// The terminal the program runs in: raw keyboard input, the alternate
/// screen, its size, and putting everything back as it was.
///
/// ``start()`` switches to raw mode (keys arrive one by one, not echoed) and
/// the alternate screen, and hides the cursor; ``restore()`` undoes all of
/// it. `restore()` runs on a normal exit, and a handler for SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT runs it too before the process ends, so a killed demo
/// never leaves the terminal unusable. (Ctrl-C itself arrives as a key in
/// raw mode, and the program quits normally.)
public final class Terminal: @unchecked Sendable {
  // The only instance, for the signal handler: a C function cannot capture.
  nonisolated(unsafe) private static var active: Terminal?

  private var original = termios()
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

  /// Enters raw mode and the alternate screen, hides the cursor, and
  /// installs the signal handlers that restore the terminal.
  public func start() {
    lock.withLock {
      guard !isStarted else { return }
      tcgetattr(STDIN_FILENO, &original)
      var raw = original
      cfmakeraw(&raw)
      // Keep output post-processing off (cfmakeraw does), read byte by byte.
      tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
      isStarted = true
      Terminal.active = self
    }
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      signal(signalNumber) { number in
        Terminal.active?.restore()
        signal(number, SIG_DFL)
        raise(number)
      }
    }
  }

  /// Shows the cursor, leaves the alternate screen and restores the
  /// terminal's original mode. Safe to call more than once.
  public func restore() {
    let wasStarted = lock.withLock {
      defer { isStarted = false }
      return isStarted
    }
    guard wasStarted else { return }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
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
