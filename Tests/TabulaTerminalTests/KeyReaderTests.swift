import Foundation
import Testing

@testable import TabulaTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe standing in for the keyboard: the test writes, the reader reads.
final class KeyboardPipe: @unchecked Sendable {
  let output: Int32
  private let input: Int32
  private let lock = NSLock()
  private var inputIsOpen = true

  init() {
    var ends: [Int32] = [-1, -1]
    precondition(pipe(&ends) == 0, "pipe() failed: errno \(errno)")
    output = ends[0]
    input = ends[1]
  }

  /// Types `text`.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    precondition(write(input, bytes, bytes.count) == bytes.count, "short write to the pipe")
  }

  /// Ends the input, as a closed terminal does.
  func endInput() {
    lock.withLock {
      if inputIsOpen { close(input) }
      inputIsOpen = false
    }
  }

  deinit {
    endInput()
    close(output)
  }
}

/// Signalled once when the reader's thread ends.
struct ThreadExit: Sendable {
  let signal: AsyncStream<Void>.Continuation
  let ended: AsyncStream<Void>

  init() { (ended, signal) = AsyncStream<Void>.makeStream() }

  /// The closure the reader calls as its thread ends.
  var onExit: @Sendable () -> Void {
    { [signal] in
      signal.yield()
      signal.finish()
    }
  }

  /// Returns once the thread has ended.
  func wait() async {
    for await _ in ended {}
  }
}

@Suite("Terminal: the key reader", .timeLimit(.minutes(1)))
struct KeyReaderTests {
  @Test("keys arrive from the input; the thread ends when the consumer stops iterating")
  func consumerStops() async {
    let keyboard = KeyboardPipe()
    let exit = ThreadExit()
    keyboard.type("ab\u{1B}[Aq")
    var received: [Key] = []
    for await key in Terminal.keys(from: keyboard.output, onExit: exit.onExit) {
      received.append(key)
      if key == .character("q") { break }
    }
    #expect(received == [.character("a"), .character("b"), .up, .character("q")])
    // The input is still open and empty: only the end of the sequence can
    // wake the reader blocked on it.
    await exit.wait()
  }

  @Test("the thread ends when the task iterating the keys is cancelled")
  func consumerCancelled() async {
    let keyboard = KeyboardPipe()
    let exit = ThreadExit()
    let keys = Terminal.keys(from: keyboard.output, onExit: exit.onExit)
    let (started, start) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var received: [Key] = []
      for await key in keys {
        received.append(key)
        start.yield()
      }
      return received
    }
    keyboard.type("x")
    for await _ in started { break }
    consumer.cancel()
    #expect(await consumer.value == [.character("x")])
    await exit.wait()
  }

  @Test("the end of the input is a key, then the sequence and the thread end")
  func endOfInput() async {
    let keyboard = KeyboardPipe()
    let exit = ThreadExit()
    let keys = Terminal.keys(from: keyboard.output, onExit: exit.onExit)
    keyboard.type("z")
    keyboard.endInput()
    var received: [Key] = []
    for await key in keys { received.append(key) }
    #expect(received == [.character("z"), .endOfInput])
    await exit.wait()
  }
}
