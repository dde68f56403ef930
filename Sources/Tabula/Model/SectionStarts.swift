/// Where each section of a snapshot starts in the flat list of items, plus
/// the item count at the end: an array that versions share, with at most one
/// pending shift of a run of its entries.
///
/// An edit that inserts or removes items in one section moves the start of
/// every later section; with a thousand sections, shifting them in the array
/// would copy 8 KB for each version that an edit of one item makes. Instead
/// the shift is kept beside the array (``shift(_:by:)``), which the version
/// shares with the one it came from. A second shift that composes with the
/// first (the same run, or a move's removal and insertion, which shift the
/// runs after two sections by -1 and +1) stays pending; any other applies
/// the first to a copy of the array. Reads add the shift: still O(1).
@usableFromInline
struct _SectionStarts: RandomAccessCollection, MutableCollection, Equatable, Sendable {
  /// The starts before the pending shift.
  @usableFromInline var base: [Int]
  /// The entries the pending shift moves (empty: none), and by how much.
  @usableFromInline var shifted: Range<Int>
  @usableFromInline var delta: Int

  @inlinable
  init(_ starts: [Int]) {
    base = starts
    shifted = 0..<0
    delta = 0
  }

  @inlinable var startIndex: Int { 0 }
  @inlinable var endIndex: Int { base.count }

  @inlinable
  subscript(index: Int) -> Int {
    get {
      let value = base[index]
      return shifted.contains(index) ? value &+ delta : value
    }
    set {
      materialize()
      base[index] = newValue
    }
  }

  /// Entry `index`, read without bounds checks: the lookups' hot path.
  @inlinable @inline(__always)
  func unchecked(_ index: Int) -> Int {
    let value = base.withUnsafeBufferPointer { $0[index] }
    return shifted.contains(index) ? value &+ delta : value
  }

  /// The starts, with the shift applied.
  @inlinable
  var array: [Int] {
    var starts = base
    for index in shifted { starts[index] &+= delta }
    return starts
  }

  /// Adds `delta` to the entries in `range`, pending when it can.
  ///
  /// - Complexity: O(1) when it composes with the pending shift (see the
  ///   type's notes), else O(s) for s sections.
  @inlinable
  mutating func shift(_ range: Range<Int>, by delta: Int) {
    guard !range.isEmpty, delta != 0 else { return }
    if shifted.isEmpty {
      shifted = range
      self.delta = delta
    } else if shifted == range {
      self.delta &+= delta
      if self.delta == 0 { shifted = 0..<0 }
    } else if delta == -self.delta
      && (shifted.upperBound == range.upperBound || shifted.lowerBound == range.lowerBound)
    {
      // Two runs with one common end, shifted in opposite directions: only
      // the entries between their other ends move.
      let (first, second) =
        shifted.upperBound == range.upperBound
        ? (shifted.lowerBound, range.lowerBound) : (shifted.upperBound, range.upperBound)
      let inner = Swift.min(first, second)..<Swift.max(first, second)
      // The entries of the longer run keep its shift.
      let longer = shifted.count > range.count ? self.delta : delta
      shifted = inner
      self.delta = inner.isEmpty ? 0 : longer
      if inner.isEmpty { shifted = 0..<0 }
    } else {
      materialize()
      shifted = range
      self.delta = delta
    }
  }

  /// Adds `delta` to every entry after `index`.
  @inlinable
  mutating func shift(after index: Int, by delta: Int) {
    shift((index + 1)..<base.count, by: delta)
  }

  /// Applies the pending shift to the array.
  @inlinable
  mutating func materialize() {
    guard !shifted.isEmpty else { return }
    for index in shifted { base[index] &+= delta }
    shifted = 0..<0
    delta = 0
  }

  @inlinable
  mutating func insert(contentsOf starts: some Collection<Int>, at index: Int) {
    materialize()
    base.insert(contentsOf: starts, at: index)
  }

  @inlinable
  mutating func append(_ start: Int) {
    materialize()
    base.append(start)
  }

  @inlinable
  static func == (lhs: _SectionStarts, rhs: _SectionStarts) -> Bool {
    if lhs.shifted == rhs.shifted && lhs.delta == rhs.delta && lhs.base == rhs.base { return true }
    return lhs.count == rhs.count && lhs.indices.allSatisfy { lhs[$0] == rhs[$0] }
  }
}

extension _SectionStarts: ExpressibleByArrayLiteral {
  @inlinable
  init(arrayLiteral starts: Int...) { self.init(starts) }
}
