import TabulaTestSupport
import Testing

@testable import Tabula

/// The naive model of a height index: plain arrays, offsets by summing.
struct NaiveHeights: Equatable {
  var sections: [(header: Double, rows: [Double], footer: Double)]

  static func == (lhs: NaiveHeights, rhs: NaiveHeights) -> Bool {
    lhs.sections.count == rhs.sections.count
      && zip(lhs.sections, rhs.sections).allSatisfy {
        $0.header == $1.header && $0.rows == $1.rows && $0.footer == $1.footer
      }
  }

  init(_ sections: [(header: Double, rows: [Double], footer: Double)]) {
    self.sections = sections
  }

  init(_ index: HeightIndex) {
    sections = index.sections.map { ($0.header, $0.rows.values, $0.footer) }
  }

  /// Every element with its start, in order.
  var layout: [(element: HeightIndex.Element, start: Double, height: Double)] {
    var result: [(HeightIndex.Element, Double, Double)] = []
    var offset = 0.0
    for (index, section) in sections.enumerated() {
      result.append((.header(index), offset, section.header))
      offset += section.header
      for (item, height) in section.rows.enumerated() {
        result.append((.item(ItemPath(section: index, item: item)), offset, height))
        offset += height
      }
      result.append((.footer(index), offset, section.footer))
      offset += section.footer
    }
    return result
  }

  var contentHeight: Double { layout.reduce(0) { $0 + $1.height } }

  func element(atOffset offset: Double) -> (HeightIndex.Element, Double)? {
    layout.first { offset >= $0.start && offset < $0.start + $0.height }.map {
      ($0.element, $0.start)
    }
  }
}

/// Heights that add up exactly in binary floating point (halves), so that
/// the index and the naive sums agree to the last bit.
func dyadicHeight(_ seed: Int) -> Double { Double((seed &* 2_654_435_761 >> 7) & 15) * 0.5 }

@Suite("HeightIndex: offsets and rows in O(log n)")
struct HeightIndexTests {
  @Test("the sum tree against an array, through splits, merges and root changes")
  func sumTree() {
    var random = SeededRandom(seed: 11)
    for round in 0..<6 {
      var tree = SumTree(round.isMultiple(of: 2) ? [] : (0..<3000).map(dyadicHeight))
      var naive = tree.values
      for step in 0..<4000 {
        let grow = step < 2500 ? 0.6 : 0.3
        if naive.isEmpty || random.chance(grow) {
          let index = random.int(in: 0...naive.count)
          let value = dyadicHeight(step)
          tree.insert(value, at: index)
          naive.insert(value, at: index)
        } else if random.chance(0.7) {
          let index = random.int(in: 0..<naive.count)
          #expect(tree.remove(at: index) == naive.remove(at: index))
        } else {
          let index = random.int(in: 0..<naive.count)
          let value = dyadicHeight(step * 3)
          tree.set(value, at: index)
          naive[index] = value
        }
        if step % 97 == 0 {
          tree.checkInvariants()
          #expect(tree.values == naive)
          #expect(tree.total == naive.reduce(0, +))
          let probe = random.int(in: 0...naive.count)
          #expect(tree.sum(before: probe) == naive[..<probe].reduce(0, +))
        }
      }
      tree.checkInvariants()
      #expect(tree.values == naive)
    }
  }

  @Test("a copy is independent: changes copy the shared path only")
  func valueSemantics() {
    var tree = SumTree((0..<5000).map(dyadicHeight))
    let copy = tree
    tree.set(100, at: 2500)
    tree.insert(7, at: 0)
    tree.remove(at: 4000)
    #expect(copy.values == (0..<5000).map(dyadicHeight))
    #expect(tree.value(at: 2501) == 100 && tree.count == 5000)
    copy.checkInvariants()
    tree.checkInvariants()
  }

  @Test("offsets, heights and the element under every offset agree with a naive layout")
  func lookups() {
    let counts = [3, 0, 5, 1]
    let index = HeightIndex(
      itemCounts: counts, headerHeight: { Double($0 % 2) * 2 }, footerHeight: { _ in 0.5 },
      itemHeight: { dyadicHeight($0.section * 10 + $0.item) })
    let naive = NaiveHeights(index)
    #expect(index.contentHeight == naive.contentHeight)
    for entry in naive.layout {
      if case .item(let path) = entry.element {
        #expect(index.offset(ofItemAt: path) == entry.start)
        #expect(index.height(ofItemAt: path) == entry.height)
      }
    }
    var offset = -1.0
    while offset <= naive.contentHeight + 1 {
      let found = index.element(atOffset: offset)
      let expected = naive.element(atOffset: offset)
      #expect(found?.element == expected?.0, "offset \(offset)")
      #expect(found?.start == expected?.1, "offset \(offset)")
      offset += 0.25
    }
    // Row [0, 0] has height 0, so the first row under an offset is [0, 1].
    #expect(index.height(ofItemAt: ItemPath(section: 0, item: 0)) == 0)
    #expect(index.itemPath(atOffset: 0) == ItemPath(section: 0, item: 1))
    let secondHeader = index.offset(ofSectionAt: 1)
    #expect(index.itemPath(atOffset: secondHeader) == ItemPath(section: 2, item: 0))
  }

  @Test("the row found at a row's offset is that row, however the additions round")
  func roundTrip() {
    var random = SeededRandom(seed: 31)
    var index = HeightIndex(itemCounts: [700, 3, 900]) { _ in Double(random.int(in: 1...90)) / 3 }
    index.setHeights(header: 1.0 / 7, footer: 0.1, ofSectionAt: 1)
    for _ in 0..<300 {
      let section = [0, 2][random.int(in: 0...1)]
      let item = random.int(in: 0..<index.numberOfItems(inSectionAt: section))
      index.setHeight(
        Double(random.int(in: 1...1000)) / 13, ofItemAt: ItemPath(section: section, item: item))
    }
    for section in 0..<index.numberOfSections {
      for item in 0..<index.numberOfItems(inSectionAt: section) {
        let path = ItemPath(section: section, item: item)
        let found = index.element(atOffset: index.offset(ofItemAt: path))
        #expect(found?.element == .item(path), "\(path)")
        #expect(found?.start == index.offset(ofItemAt: path))
      }
    }
  }

  @Test("the rows in a viewport, across sections and empty rows")
  func viewport() {
    let index = HeightIndex(itemCounts: [2, 0, 3]) { $0.item == 1 ? 0 : 10 }
    // Rows: [0,0] 0..<10, [0,1] 10 (height 0), [2,0] 10..<20, [2,1] 20, [2,2] 20..<30.
    #expect(
      index.itemPaths(in: 5..<21) == [
        ItemPath(section: 0, item: 0), ItemPath(section: 0, item: 1),
        ItemPath(section: 2, item: 0), ItemPath(section: 2, item: 1),
        ItemPath(section: 2, item: 2),
      ])
    #expect(index.itemPaths(in: 30..<40) == [])
    #expect(index.item(after: ItemPath(section: 0, item: 1)) == ItemPath(section: 2, item: 0))
    #expect(index.item(before: ItemPath(section: 2, item: 0)) == ItemPath(section: 0, item: 1))
  }

  @Test(
    "random staged batches, step by step or rebuilt: kept rows keep measured heights, new take estimates",
    arguments: [false, true])
  func batches(rebuilding: Bool) {
    var random = SeededRandom(seed: rebuilding ? 5 : 6)
    // Measured heights (0...7.5) and the provider's estimates (8...15.5)
    // never agree, so a row that should keep its measured height but takes
    // the estimate (or the other way round) shows.
    func measured(_ item: TestItem) -> Double { dyadicHeight(item.id * 31 + item.content) }
    func estimate(_ item: TestItem) -> Double { 8 + dyadicHeight(item.id * 17 + item.content + 3) }
    func header(_ section: SectionInfo) -> Double { Double(section.title?.count ?? 0) }
    var estimatesKept = 0
    var measuredKept = 0
    for _ in 0..<150 {
      var ids = FreshIDs()
      var snapshot = randomSnapshot(&random, maxItems: 40, ids: &ids)
      var index = HeightIndex(
        itemCounts: snapshot.sections.indices.map { snapshot.numberOfItems(inSectionAt: $0) },
        headerHeight: { header(snapshot.sections[$0]) }, itemHeight: { measured(snapshot[$0]) })
      // The model: each shown row's height, by id.
      var heights = Dictionary(uniqueKeysWithValues: snapshot.items.map { ($0.id, measured($0)) })
      for _ in 0..<6 {
        let next = randomChange(of: snapshot, &random, ids: &ids, maxInserts: 6)
        for stage in StagedChangeset(from: snapshot, to: next) {
          let shown = stage.snapshot
          let changes = stage.changeset
          index.apply(
            changes, numberOfItems: { shown.numberOfItems(inSectionAt: $0) },
            headerHeight: { header(shown.sections[$0]) }, footerHeight: { _ in 0 },
            itemHeight: { estimate(shown[$0]) }, rebuilding: rebuilding)
          index._checkInvariants()
          // New rows (inserted, in an inserted section, reloaded or
          // reconfigured) take the estimate; every other row keeps its height.
          let fresh = Set(changes.itemInserts + changes.itemUpdates.map(\.to))
          let insertedSections = Set(changes.sectionInserts)
          var next: [Int: Double] = [:]
          let expected = NaiveHeights(
            shown.sections.indices.map { section in
              let rows = shown.items(inSectionAt: section).enumerated().map { item, row in
                let path = ItemPath(section: section, item: item)
                let height =
                  insertedSections.contains(section) || fresh.contains(path)
                  ? estimate(row) : heights[row.id]!
                next[row.id] = height
                return height
              }
              return (header(shown.sections[section]), rows, 0)
            })
          heights = next
          #expect(NaiveHeights(index) == expected, "\(changes)")
          #expect(index.contentHeight == expected.contentHeight)
          // Some rows are measured: their estimates give way to heights.
          for section in shown.sections.indices {
            for item in 0..<shown.numberOfItems(inSectionAt: section) where random.chance(0.3) {
              let path = ItemPath(section: section, item: item)
              index.setHeight(measured(shown[path]), ofItemAt: path)
              heights[shown[path].id] = measured(shown[path])
            }
          }
          for height in heights.values {
            if height >= 8 { estimatesKept += 1 } else { measuredKept += 1 }
          }
        }
        snapshot = next
      }
    }
    #expect(estimatesKept > 1000 && measuredKept > 1000, "both kinds of height go through batches")
  }

  @Test("bad heights and paths trap, naming the row and the valid range")
  func badInput() async {
    func standardError(_ result: ExitTest.Result?) -> String {
      String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    }
    let negative = await atHighPriority {
      await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        var index = HeightIndex(itemCounts: [2]) { _ in 1 }
        index.setHeight(-3, ofItemAt: ItemPath(section: 0, item: 1))
      }
    }
    #expect(
      standardError(negative).contains(
        "the height of the item at [0, 1] is -3.0: heights must be finite and not negative"))
    let outside = await atHighPriority {
      await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = HeightIndex(itemCounts: [2, 0]) { _ in 1 }.offset(
          ofItemAt: ItemPath(section: 0, item: 2))
      }
    }
    #expect(
      standardError(outside).contains(
        "item 2 is out of range in section 0: it has 2 items (valid item indices are 0..<2)"))
    let section = await atHighPriority {
      await #expect(
        processExitsWith: .failure, observing: [\.standardErrorContent]
      ) {
        _ = HeightIndex(itemCounts: [2, 0]) { _ in 1 }.headerHeight(ofSectionAt: 2)
      }
    }
    #expect(
      standardError(section).contains(
        "section 2 is out of range: the index has 2 sections (valid section indices are 0..<2)"))
    #expect(
      HeightIndex.insertionMessage(ItemPath(section: 1, item: 4), count: 2)
        == "item position 4 is out of range for an insertion in section 1: it has 2 items "
        + "(valid positions are 0...2)")
  }
}
