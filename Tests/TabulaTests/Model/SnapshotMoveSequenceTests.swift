import TabulaTestSupport
import Testing

@testable import Tabula

/// A reorder as moves one after another (what UIKit's `moveRowAt` gives an
/// app): replayed on the first snapshot, the moves make the second, checked
/// against a replay on plain arrays.
@Suite("Sequential moves: a reorder one move at a time")
struct SnapshotMoveSequenceTests {
  /// `sections` of ids as a snapshot, sections named 0, 1, 2...
  private func snapshot(_ sections: [[Int]]) throws -> TestSnapshot {
    try TestSnapshot(
      sections: sections.enumerated().map { index, ids in
        SnapshotSection(section("\(index)"), items: items(ids))
      })
  }

  /// The moves replayed on arrays, as an app applies moveRowAt calls.
  private func replay(_ moves: [TestSnapshot.SequentialMove], on sections: [[Int]]) -> [[Int]] {
    var sections = sections
    for move in moves {
      let id = sections[move.from.section].remove(at: move.from.item)
      #expect(id == move.item.id, "a move names the row at its source")
      sections[move.to.section].insert(id, at: move.to.item)
    }
    return sections
  }

  @Test("two rows dropped at the end: each moves from the front to the end")
  func twoToTheEnd() throws {
    let initial = try snapshot([[1, 2, 3, 4, 5]])
    let moves = initial.sequentialMoves(to: try snapshot([[3, 4, 5, 1, 2]]), moving: [1, 2])
    #expect(moves.map { "\($0.from)→\($0.to)" } == ["[0, 0]→[0, 4]", "[0, 0]→[0, 4]"])
  }

  @Test("every order of up to five rows, every row named as moving")
  func everyPermutation() throws {
    func permutations(_ ids: [Int]) -> [[Int]] {
      guard ids.count > 1 else { return [ids] }
      return ids.indices.flatMap { index in
        var rest = ids
        let first = rest.remove(at: index)
        return permutations(rest).map { [first] + $0 }
      }
    }
    for count in 0...5 {
      let ids = Array(0..<count)
      let initial = try snapshot([ids])
      for order in permutations(ids) {
        let moves = initial.sequentialMoves(to: try snapshot([order]), moving: ids)
        #expect(replay(moves, on: [ids]) == [order], "\(order)")
        #expect(moves.count <= max(0, count - 1), "the first row in place never moves")
      }
    }
  }

  @Test("random rows moved within and across sections replay to the final order", arguments: 0..<20)
  func randomReorders(seed: UInt64) throws {
    var random = SeededRandom(seed: seed)
    var next = 0
    let sections = (0..<random.int(in: 1...4)).map { _ in
      (0..<random.int(in: 0...8)).map { _ -> Int in
        next += 1
        return next
      }
    }
    let all = sections.flatMap { $0 }
    let moving = all.filter { _ in random.chance(0.4) }.shuffled(using: &random)
    // The movers leave, then go back in at random places.
    var final = sections.map { $0.filter { !moving.contains($0) } }
    for id in moving {
      let section = random.int(in: 0..<final.count)
      final[section].insert(id, at: random.int(in: 0...final[section].count))
    }
    let moves = try snapshot(sections).sequentialMoves(to: try snapshot(final), moving: moving)
    #expect(replay(moves, on: sections) == final)
    #expect(moves.count <= moving.count)
  }
}
