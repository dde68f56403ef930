// Where a version of shared storage counts its random reads and keeps its
// leaf directory (see LeafDirectory.swift).

/// Where one version of ``_PersistentItems`` counts the reads that walked
/// its trees and keeps its ``_LeafDirectory`` once built: a word for the
/// count and one for the directory, in a buffer where they do not move,
/// for the standard library's atomic operations (the buffer is not
/// `Sendable` by its type; every access to its words is atomic, or made by
/// the one value that holds it). Every version has its own: an edit
/// replaces it (``_PersistentItems/forgetReads()``).
@usableFromInline
struct _ReadSlot: @unchecked Sendable {
  /// The count (the header) and the directory (the one element).
  @usableFromInline
  final class Buffer: ManagedBuffer<UnsafeRawPointer?, AnyObject?> {
    @inlinable
    deinit {
      _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }
  }

  @usableFromInline var buffer: Buffer

  /// A slot that has counted no read and holds no directory.
  @inlinable
  init() {
    buffer = unsafeDowncast(Buffer.create(minimumCapacity: 1) { _ in nil }, to: Buffer.self)
    buffer.withUnsafeMutablePointerToElements { $0.initialize(to: nil) }
  }

  /// The directory, once published.
  @inlinable
  var directory: AnyObject? {
    buffer.withUnsafeMutablePointerToElements { _stdlib_atomicLoadARCRef(object: $0) }
  }

  /// The address of the directory, once published, loaded without
  /// retaining it: a lookup must not retain (an atomic write, which waits
  /// for every load before it: the cache misses of one lookup would no
  /// longer overlap those of the next). The slot holds the directory.
  @inlinable
  var directoryAddress: UnsafeMutableRawPointer? {
    buffer.withUnsafeMutablePointerToElements {
      _stdlib_atomicLoadARCRef(object: $0).map { Unmanaged.passUnretained($0).toOpaque() }
    }
  }

  /// Counts one read that walked the trees, and returns whether it is the
  /// one that brings the count to `threshold` (exactly one read does, even
  /// when several threads read at once).
  @inlinable
  func countWalk(reaching threshold: Int) -> Bool {
    buffer.withUnsafeMutablePointerToHeader { count in
      var seen: UnsafeRawPointer? = nil
      while true {
        let walks = Int(bitPattern: seen)
        guard walks < threshold else { return false }
        // A failed exchange leaves the current count in `seen`.
        if _stdlib_atomicCompareExchangeStrongPtr(
          object: count, expected: &seen, desired: UnsafeRawPointer(bitPattern: walks &+ 1))
        {
          return walks &+ 1 == threshold
        }
      }
    }
  }

  /// Publishes `directory` (the first one published stays).
  @inlinable
  func publish(_ directory: AnyObject) {
    buffer.withUnsafeMutablePointerToElements {
      _ = _stdlib_atomicInitializeARCRef(object: $0, desired: directory)
    }
  }

  /// Starts the count afresh, without a directory, for a new version of
  /// the storage: in place when no other version holds this slot.
  @inlinable
  mutating func reset() {
    guard isKnownUniquelyReferenced(&buffer) else {
      self = _ReadSlot()
      return
    }
    buffer.withUnsafeMutablePointerToHeader { $0.pointee = nil }
    buffer.withUnsafeMutablePointerToElements { $0.pointee = nil }
  }
}
