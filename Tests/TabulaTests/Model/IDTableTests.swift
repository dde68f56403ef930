import Testing

@testable import Tabula

@Suite("IDTable: the index behind O(1) lookups")
struct IDTableTests {
  /// The average number of slots a successful lookup inspects.
  func averageProbes(ids: [Int]) -> Double {
    let hashes = ids.map { IDHashing.hash($0) }
    let table = IDTable(hashes: hashes, equal: { ids[$0] == ids[$1] }, duplicate: { _, _ in })
    var probes = 0
    for (position, hash) in hashes.enumerated() {
      var bucket = hash & table.mask
      probes += 1
      while Int(truncatingIfNeeded: table.slots[bucket] & ~IDTable.tagMask) - 1 != position {
        bucket = (bucket + 1) & table.mask
        probes += 1
      }
    }
    return Double(probes) / Double(ids.count)
  }

  @Test(
    "integer ids spread well, whatever their pattern",
    arguments: [
      ("sequential", Array(0..<100_000)),
      ("stride 1024 (constant low bits)", (0..<100_000).map { $0 * 1024 }),
      ("stride 2^32 (constant low word)", (0..<100_000).map { $0 << 32 }),
      ("negative", (0..<100_000).map { -$0 }),
    ])
  func probeLengths(pattern: String, ids: [Int]) {
    // Linear probing at this load factor (100,000 of 262,144 slots) averages
    // about 1.3 probes with a hash that spreads the ids uniformly.
    #expect(averageProbes(ids: ids) < 1.6, "\(pattern)")
  }

  @Test("finds every stored position, and nothing else")
  func findsAll() {
    let ids = (0..<5000).map { $0 * 7 - 1000 }
    let hashes = ids.map { IDHashing.hash($0) }
    let table = IDTable(hashes: hashes, equal: { ids[$0] == ids[$1] }, duplicate: { _, _ in })
    for (position, id) in ids.enumerated() {
      #expect(table.find(hash: hashes[position]) { ids[$0] == id } == position)
    }
    for absent in [2, 3, 4, 100_000] {
      #expect(table.find(hash: IDHashing.hash(absent)) { ids[$0] == absent } == nil)
    }
    #expect(Set(table.storedPositions) == Set(ids.indices))
  }

  @Test("reports each duplicate against its first occurrence")
  func duplicates() {
    let ids = [5, 6, 5, 7, 5, 6]
    var reported: [[Int]] = []
    _ = IDTable(
      hashes: ids.map { IDHashing.hash($0) }, equal: { ids[$0] == ids[$1] },
      duplicate: { reported.append([$0, $1]) })
    #expect(reported == [[0, 2], [0, 4], [1, 5]])
  }

  @Test("other id types use their own hash values")
  func otherTypes() {
    #expect(IDHashing.hash("abc") == "abc".hashValue)
    #expect(IDHashing.hash(Int32(5)) == IDHashing.hash(Int32(5)))
    #expect(IDHashing.hash(UInt64(5)) != IDHashing.hash(UInt64(6)))
  }
}
