import TabulaTestSupport
import Testing

@testable import Tabula

@Suite("Section starts: a shared array with one pending shift")
struct SectionStartsTests {
  @Test(
    "random shifts, moves' pairs of shifts, sets and inserts read the same as a plain array; composing shifts keep the array shared",
    arguments: 0..<8)
  func matchesPlainArray(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    let count = random.int(in: 2...40)
    var plain = (0..<count).map { $0 * 3 }
    var starts = _SectionStarts(plain)
    for step in 0..<400 {
      let before = starts
      switch random.int(in: 0..<10) {
      case 0:
        let index = random.int(in: 0..<plain.count)
        let value = random.int(in: -50...50)
        plain[index] = value
        starts[index] = value
      case 1:
        let index = random.int(in: 0...plain.count)
        plain.insert(7, at: index)
        starts.insert(contentsOf: [7], at: index)
      case 2, 3:
        // A move between sections: -1 after one, +1 after the other.
        let (from, to) = (random.int(in: 0..<plain.count), random.int(in: 0..<plain.count))
        for index in (from + 1)..<plain.count { plain[index] -= 1 }
        for index in (to + 1)..<plain.count { plain[index] += 1 }
        starts.shift(after: from, by: -1)
        starts.shift(after: to, by: 1)
      default:
        let lower = random.int(in: 0...plain.count)
        let upper = random.int(in: lower...plain.count)
        let delta = random.int(in: -3...3)
        for index in lower..<upper { plain[index] += delta }
        let composes =
          starts.shifted.isEmpty || starts.shifted == lower..<upper || lower == upper
          || delta == 0
        starts.shift(lower..<upper, by: delta)
        if composes {
          // The same array: the shift is kept beside it.
          #expect(
            starts.base.withUnsafeBufferPointer { $0.baseAddress }
              == before.base.withUnsafeBufferPointer { $0.baseAddress }, "step \(step)")
        }
      }
      #expect(Array(starts) == plain, "seed \(seed), step \(step)")
      #expect(starts.array == plain)
      #expect(starts == _SectionStarts(plain))
      #expect(starts.indices.allSatisfy { starts.unchecked($0) == plain[$0] })
      #expect(starts.shifted.isEmpty == (starts.delta == 0))
    }
  }

  @Test("a move's two shifts compose into one, whichever section comes first")
  func movesCompose() {
    let plain = [0, 10, 20, 30, 40, 50]
    for (from, to) in [(1, 3), (3, 1), (2, 2), (0, 4)] {
      var starts = _SectionStarts(plain)
      starts.shift(after: from, by: -1)
      starts.shift(after: to, by: 1)
      var expected = plain
      for index in (from + 1)..<plain.count { expected[index] -= 1 }
      for index in (to + 1)..<plain.count { expected[index] += 1 }
      #expect(Array(starts) == expected, "\(from) to \(to)")
      #expect(starts.base == plain, "\(from) to \(to): no copy")
    }
  }
}
