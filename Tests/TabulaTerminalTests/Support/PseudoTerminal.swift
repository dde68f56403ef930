import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair: a child process gets the secondary end as its
/// terminal; the test reads what it draws from the primary end.
final class PseudoTerminal {
  let primary: Int32
  let secondary: Int32

  /// A new pair whose window is `width` × `height`.
  init(width: UInt16 = 80, height: UInt16 = 24) throws {
    primary = PTY.openPrimary(O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard primary >= 0, PTY.grant(primary) == 0, PTY.unlock(primary) == 0,
      let name = PTY.secondaryName(primary)
    else { throw PseudoTerminalError("cannot open a pseudo-terminal: errno \(errno)") }
    secondary = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard secondary >= 0 else {
      throw PseudoTerminalError("cannot open \(String(cString: name)): errno \(errno)")
    }
    var size = winsize(ws_row: height, ws_col: width, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(primary, UInt(TIOCSWINSZ), &size)
  }

  deinit {
    close(primary)
    close(secondary)
  }

  /// The terminal's mode now.
  func mode() -> termios {
    var mode = termios()
    tcgetattr(secondary, &mode)
    return mode
  }

  /// Reads what the child wrote until `text` has appeared in it (after
  /// `from` characters of `output`), or fails after `seconds` without it.
  func read(until text: String, into output: inout String, after from: String.Index? = nil)
    throws
  {
    var bytes = [UInt8](repeating: 0, count: 4096)
    while output[(from ?? output.startIndex)...].range(of: text) == nil {
      var source = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
      // A failure guard, not synchronisation: the child writes long before.
      guard poll(&source, 1, 30_000) > 0 else {
        throw PseudoTerminalError(
          "no \(text.debugDescription) in 30 s; got \(output.debugDescription)")
      }
      let count = Glibc.read(primary, &bytes, bytes.count)
      guard count > 0 else {
        throw PseudoTerminalError("the terminal closed before \(text.debugDescription)")
      }
      output += String(decoding: bytes[0..<count], as: UTF8.self)
    }
  }
}

/// A pseudo-terminal that could not be opened or read.
struct PseudoTerminalError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// The C library's pseudo-terminal functions. Glibc's Swift module leaves
/// them out (they need `_XOPEN_SOURCE`), so they are looked up by name.
private enum PTY {
  typealias OpenFunction = @convention(c) (Int32) -> Int32
  typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

  static let openPrimary = function("posix_openpt", as: OpenFunction.self)
  static let grant = function("grantpt", as: OpenFunction.self)
  static let unlock = function("unlockpt", as: OpenFunction.self)
  static let secondaryName = function("ptsname", as: NameFunction.self)

  private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
    let library = dlopen(nil, RTLD_NOW)
    guard let symbol = dlsym(library, name) else {
      preconditionFailure("the C library has no \(name)")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
