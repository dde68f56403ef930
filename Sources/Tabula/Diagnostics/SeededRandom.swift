/// A small, fast, seedable generator (SplitMix64), for the package's
/// tests, benchmarks and demo data: the same seed gives the same numbers
/// on every machine, so a failing random test prints its seed and a
/// benchmark's inputs repeat.
package struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A value in `range`.
  package mutating func int(in range: Range<Int>) -> Int { Int.random(in: range, using: &self) }
  package mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
  /// `true` with probability `probability`.
  package mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }
}
