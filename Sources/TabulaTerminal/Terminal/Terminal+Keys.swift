import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Terminal {
  /// The keys typed, read on a background thread until the end of input.
  ///
  /// The thread ends with the sequence: when input ends (the last key is
  /// ``Key/endOfInput``), when the task iterating the keys is cancelled, and
  /// when the consumer stops iterating (the sequence and its iterator are
  /// gone, as after a `break` out of `for await`), even while the thread
  /// waits for a key.
  public func keys() -> AsyncStream<Key> {
    Terminal.keys(from: STDIN_FILENO)
  }

  /// The keys read from `input` on a background thread; `onExit` runs as the
  /// thread ends.
  ///
  /// The thread waits with `poll` on `input` and on a wake-up pipe. When
  /// the sequence ends (cancelled, or released with its iterators), the
  /// pipe's write end is closed, the pipe becomes readable (end of file),
  /// and the thread returns instead of staying blocked in `read` forever.
  static func keys(from input: Int32, onExit: @escaping @Sendable () -> Void = {})
    -> AsyncStream<Key>
  {
    guard let wakeUp = WakeUpPipe() else {
      // Without a way to wake it, a reader could outlive its sequence.
      onExit()
      return AsyncStream {
        $0.yield(.endOfInput)
        $0.finish()
      }
    }
    let (keys, continuation) = AsyncStream<Key>.makeStream()
    continuation.onTermination = { _ in wakeUp.wake() }
    let thread = Thread {
      readKeys(from: input, untilReadable: wakeUp.output, into: continuation)
      wakeUp.closeOutput()
      onExit()
    }
    thread.name = "Tabula key reader"
    thread.start()
    // The thread's continuation keeps `keys` alive, so its end cannot tell
    // that the consumer is gone; the reader's handle can: it lives in the
    // returned sequence's closure, and its deinit wakes the thread.
    let reader = KeyReaderHandle(keys: keys, wakeUp: wakeUp)
    return AsyncStream(unfolding: { await reader.next() }, onCancel: { wakeUp.wake() })
  }

  /// Reads keys from `input` until it ends or `wake` becomes readable, then
  /// finishes `continuation`.
  private static func readKeys(
    from input: Int32, untilReadable wake: Int32, into continuation: AsyncStream<Key>.Continuation
  ) {
    var parser = KeyParser()
    var buffer = [UInt8](repeating: 0, count: 256)
    var sources = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    reading: while true {
      sources[0].revents = 0
      sources[1].revents = 0
      if poll(&sources, nfds_t(sources.count), -1) < 0 {
        if errno == EINTR { continue }
        continuation.yield(.endOfInput)
        break
      }
      if sources[1].revents != 0 { break }  // the sequence ended: nobody reads
      guard sources[0].revents != 0 else { continue }
      let count = read(input, &buffer, buffer.count)
      switch count {
      case ..<0 where errno == EINTR || errno == EAGAIN:
        continue reading
      case ...0:
        continuation.yield(.endOfInput)
        break reading
      default:
        for key in parser.feed(Array(buffer[0..<count])) { continuation.yield(key) }
      }
    }
    continuation.finish()
  }
}

/// The keys of a reader thread, handed out through the sequence
/// ``Terminal/keys()`` returns. When the sequence and its iterators are
/// released, so is this handle, and it wakes the thread so that it ends.
///
/// Sendable by contract: the sequence's consumer calls `next()` from one
/// task at a time, as `AsyncStream` requires of its consumers (it traps on
/// concurrent calls), and `AsyncStream.Iterator` holds only an immutable
/// closure, so `next()` writes no state of its own.
private final class KeyReaderHandle: @unchecked Sendable {
  private var keys: AsyncStream<Key>.Iterator
  private let wakeUp: WakeUpPipe

  init(keys: AsyncStream<Key>, wakeUp: WakeUpPipe) {
    self.keys = keys.makeAsyncIterator()
    self.wakeUp = wakeUp
  }

  func next() async -> Key? { await keys.next() }

  deinit { wakeUp.wake() }
}

/// A pipe that wakes a thread waiting in `poll`: closing the write end makes
/// the read end readable. Each end is closed once.
private final class WakeUpPipe: @unchecked Sendable {
  /// The end the thread polls; the thread closes it with ``closeOutput()``.
  let output: Int32
  private let input: Int32
  private let lock = NSLock()
  private var inputIsOpen = true
  private var outputIsOpen = true

  init?() {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    output = ends[0]
    input = ends[1]
  }

  /// Wakes the thread for good: closes the write end (once).
  func wake() {
    lock.withLock {
      guard inputIsOpen else { return }
      inputIsOpen = false
      close(input)
    }
  }

  /// Closes the read end (once), after the thread stopped polling it.
  func closeOutput() {
    lock.withLock {
      guard outputIsOpen else { return }
      outputIsOpen = false
      close(output)
    }
  }

  deinit {
    wake()
    closeOutput()
  }
}
