import TabulaTestSupport
import Testing

@testable import Tabula

/// Every sequence of distinct ids drawn from `0..<alphabet`, of length up to
/// `maxLength`.
func everyDistinctSequence(alphabet: Int, maxLength: Int) -> [[Int]] {
  var result: [[Int]] = [[]]
  var frontier: [[Int]] = [[]]
  for _ in 0..<maxLength {
    frontier = frontier.flatMap { prefix in
      (0..<alphabet).filter { !prefix.contains($0) }.map { prefix + [$0] }
    }
    result += frontier
  }
  return result
}

@Suite("ArrayChangeset: diffing plain arrays")
struct ArrayChangesetTests {
  /// Ids 0..<6 and lengths up to 6 in the long tier, 5 in the short one.
  static let alphabet = TestLength.count(short: 5, long: 6)
  static let sequences = everyDistinctSequence(alphabet: alphabet, maxLength: alphabet)

  /// Checks one pair: the round trip, minimal moves, and that an element
  /// whose order with every other survivor is kept never moves.
  func check(_ oldIDs: [Int], _ newIDs: [Int]) throws {
    let old = oldIDs.map { TestItem(id: $0) }
    let new = newIDs.map { TestItem(id: $0, content: $0 % 2) }
    let changes = try ArrayChangeset(from: old, to: new)
    let applied = applyArrayChangeset(changes, to: old, serving: new)
    guard applied == new else {
      Issue.record("\(oldIDs) → \(newIDs): \(changes) gives \(String(describing: applied))")
      return
    }
    let survivors = newIDs.compactMap { oldIDs.firstIndex(of: $0) }
    #expect(changes.moves.count == survivors.count - naiveLISLength(survivors))
    for move in changes.moves {
      let consistent = survivors.allSatisfy { other in
        other == move.from
          || (other < move.from) == (newIDs.firstIndex(of: oldIDs[other])! < move.to)
      }
      #expect(!consistent, "\(oldIDs) → \(newIDs): \(move) keeps its order yet moves")
    }
    #expect(changes.updates.count == newIDs.filter { $0 % 2 == 1 && oldIDs.contains($0) }.count)
  }

  @Test(
    "every pair of arrays up to length 6 from a 6-id alphabet (5 and 5 in the short tier)",
    arguments: 0..<alphabet)
  func exhaustivePairs(firstOldID: Int) async throws {
    #expect(Self.sequences.count == (TestLength.isLong ? 1957 : 326))
    // Split by the old array's first id (the empty array goes with 0) so the
    // cases run in parallel.
    for oldIDs in Self.sequences where (oldIDs.first ?? 0) == firstOldID {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      for newIDs in Self.sequences { try check(oldIDs, newIDs) }
    }
  }

  @Test("moving the first of 10,000 items to the end is one move")
  func firstToEnd() throws {
    let old = (0..<10_000).map { TestItem(id: $0) }
    let new = Array(old.dropFirst()) + [old[0]]
    let changes = try ArrayChangeset(from: old, to: new)
    #expect(changes.moves == [IndexMove(from: 0, to: 9_999)])
    #expect(changes.deletes.isEmpty && changes.inserts.isEmpty && changes.updates.isEmpty)
  }

  @Test("random large arrays round-trip with minimal moves", arguments: 0..<20)
  func randomLarge(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    let count = random.int(in: 0...3000)
    let oldIDs = Array(0..<count).shuffled(using: &random)
    var newIDs = oldIDs.filter { _ in !random.chance(0.2) }
    for index in newIDs.indices where random.chance(0.04) {
      let moved = newIDs.remove(at: index)
      newIDs.insert(moved, at: random.int(in: 0...newIDs.count))
    }
    for fresh in count..<(count + count / 5) {
      newIDs.insert(fresh, at: random.int(in: 0...newIDs.count))
    }
    let old = oldIDs.map { TestItem(id: $0) }
    let new = newIDs.map { TestItem(id: $0, content: random.chance(0.04) ? 1 : 0) }
    let changes = try ArrayChangeset(from: old, to: new)
    #expect(applyArrayChangeset(changes, to: old, serving: new) == new)
    let survivors = newIDs.compactMap { id in id < count ? oldIDs.firstIndex(of: id) : nil }
    #expect(changes.moves.count == survivors.count - naiveLISLength(survivors))
  }

  @Test("duplicate ids in either array are a typed error naming each with its indices")
  func duplicates() {
    let error = #expect(throws: DiffError.self) {
      _ = try ArrayChangeset(from: items([1, 2, 1, 3, 1]), to: items([4, 5, 4, 2, 2]))
    }
    #expect(
      error?.description
        == "duplicate IDs in the old array: 1 at 0, 2 and 4; in the new array: 4 at 0 and 2; "
        + "2 at 3 and 4")
    #expect(throws: DiffError.duplicateIDs(old: [], new: [.init(id: "7", positions: [0, 1])])) {
      _ = try ArrayChangeset(from: items([]), to: items([7, 7]))
    }
  }
}
