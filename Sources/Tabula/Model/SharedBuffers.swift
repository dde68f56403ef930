extension Array {
  /// Whether this array and `other` are one buffer (not merely equal
  /// elements): copies of one array that neither has changed since. What
  /// shared storage and the diff use to skip what versions share.
  @inlinable
  func _sharesBuffer(with other: [Element]) -> Bool {
    withUnsafeBufferPointer { mine in
      other.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress }
    }
  }
}
