/// A segment index outside a ``SegmentedSource``'s segments.
public struct SegmentError: Error, Equatable, CustomStringConvertible {
  /// The index asked for.
  public var index: Int
  /// How many segments there are.
  public var count: Int

  /// "segment 3 is out of range: there are 2 segments (valid indices are 0..<2)".
  public var description: String {
    "segment \(index) is out of range: there are \(count) segments (valid indices are 0..<\(count))"
  }
}
