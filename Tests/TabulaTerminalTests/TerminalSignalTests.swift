import Foundation
import TabulaTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Terminal: restored when a signal ends the program", .timeLimit(.minutes(1)))
struct TerminalSignalTests {
  @Test(
    "the demo killed by a signal leaves the alternate screen, shows the cursor, restores the mode",
    arguments: [SIGTERM, SIGHUP, SIGINT])
  func restoredOnSignal(signal: Int32) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabula-signal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let terminal = try PseudoTerminal()
    let cooked = terminal.mode()
    let process = Process()
    process.executableURL = DemoExecutable.url
    process.arguments = ["--database", folder.appendingPathComponent("demo.sqlite").path]
    let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()

    var output = ""
    try terminal.read(until: "\u{1B}[?1049h", into: &output)
    let started = output.endIndex
    try terminal.read(until: "Tabula", into: &output, after: started)  // a frame was drawn
    #expect(
      terminal.mode().c_lflag & tcflag_t(ICANON) == 0, "the demo put the terminal in raw mode")

    kill(process.processIdentifier, signal)
    try terminal.read(until: "\u{1B}[?25h\u{1B}[?1049l", into: &output, after: started)
    process.waitUntilExit()

    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal, "the signal still ends the process")
    let mode = terminal.mode()
    #expect(mode.c_lflag == cooked.c_lflag, "echo and line editing are back")
    #expect(mode.c_iflag == cooked.c_iflag)
    #expect(mode.c_oflag == cooked.c_oflag)
  }

  @Test("Ctrl-C typed in the demo ends it with status 130, the terminal restored")
  func controlC() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tabula-ctrl-c-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let terminal = try PseudoTerminal()
    let cooked = terminal.mode()
    let process = Process()
    process.executableURL = DemoExecutable.url
    process.arguments = ["--database", folder.appendingPathComponent("demo.sqlite").path]
    let handle = FileHandle(fileDescriptor: terminal.secondary, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    try process.run()

    var output = ""
    try terminal.read(until: "\u{1B}[?1049h", into: &output)
    let started = output.endIndex
    try terminal.read(until: "Tabula", into: &output, after: started)
    var controlC: UInt8 = 0x03
    #expect(write(terminal.primary, &controlC, 1) == 1)
    try terminal.read(until: "\u{1B}[?25h\u{1B}[?1049l", into: &output, after: started)
    process.waitUntilExit()

    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 130, "128 + SIGINT, as a shell reports Ctrl-C")
    #expect(terminal.mode().c_lflag == cooked.c_lflag, "echo and line editing are back")
  }
}
