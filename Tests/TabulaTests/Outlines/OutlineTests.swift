import Tabula
import TabulaTestSupport
import Testing

typealias TestOutline = Outline<TestItem>

/// The outline's visible rows as (id, depth, disclosure) triples.
func rowTriples(_ rows: [OutlineRow<TestItem>]) -> [String] {
  rows.map { "\($0.id)@\($0.position.depth)\($0.position.disclosure)" }
}

func rowTriples(_ rows: [(id: Int, depth: Int, disclosure: OutlinePosition.Disclosure)]) -> [String]
{
  rows.map { "\($0.id)@\($0.depth)\($0.disclosure)" }
}

@Suite("Outline: a tree with an expansion state, shown as rows")
struct OutlineTests {
  @Test("every small forest, every expansion state: visible rows agree with nested values")
  func visibleRows() throws {
    for forest in TreeTests.smallForests {
      let tree = try TestTree(roots: forest.treeNodes)
      let parents = forest.preorder.map(\.id).filter { !forest.node($0)!.children.isEmpty }
      for mask in 0..<(1 << parents.count) {
        let expanded = Set(parents.indices.filter { mask & (1 << $0) != 0 }.map { parents[$0] })
        let outline = TestOutline(tree, expandedIDs: expanded)
        let expected = rowTriples(forest.visible(expanded: expanded))
        #expect(rowTriples(outline.visibleRows) == expected, "\(forest) \(expanded)")
        for id in forest.preorder.map(\.id) {
          let shown = forest.visible(expanded: expanded).contains { $0.id == id }
          #expect(outline.isVisible(id) == shown)
        }
      }
    }
  }

  @Test("a toggle inserts or removes exactly the rows under the node, below its row")
  func toggles() throws {
    for forest in TreeTests.smallForests {
      let tree = try TestTree(roots: forest.treeNodes)
      let parents = forest.preorder.map(\.id).filter { !forest.node($0)!.children.isEmpty }
      for mask in 0..<(1 << parents.count) {
        let expanded = Set(parents.indices.filter { mask & (1 << $0) != 0 }.map { parents[$0] })
        for id in parents {
          var outline = TestOutline(tree, expandedIDs: expanded)
          let before = outline.visibleRows
          let under = outline.visibleRows(under: id)
          let nowExpanded = try outline.toggle(id)
          let after = outline.visibleRows
          #expect(nowExpanded == !expanded.contains(id))
          #expect(rowTriples(after) == rowTriples(forest.visible(expanded: outline.expandedIDs)))
          guard let row = before.firstIndex(where: { $0.id == id }) else {
            #expect(rowTriples(before) == rowTriples(after), "a hidden node's toggle shows nothing")
            continue
          }
          // What changes: the rows under the node, right below it, and its own marker.
          let (short, long) = nowExpanded ? (before, after) : (after, before)
          let rows = nowExpanded ? outline.visibleRows(under: id) : under
          #expect(
            rowTriples(Array(long[(row + 1)..<(row + 1 + rows.count)])) == rowTriples(rows))
          #expect(
            rowTriples(Array(long[..<row] + long[(row + 1 + rows.count)...]))
              == rowTriples(Array(short[..<row] + short[(row + 1)...])))
          #expect(after[row].position.disclosure == (nowExpanded ? .expanded : .collapsed))
        }
      }
    }
  }

  @Test("expand all, collapse all, expand a subtree, reveal")
  func bulkExpansion() throws {
    let forest = allForests(of: 5).first { $0.preorder.map(\.depth).max() == 4 }!  // a chain
    var outline = TestOutline(try TestTree(roots: forest.treeNodes))
    #expect(outline.visibleRows.map(\.id) == [0])
    try outline.reveal(4)
    #expect(outline.visibleRows.map(\.id) == [0, 1, 2, 3, 4])
    outline.collapseAll()
    #expect(outline.visibleRows.map(\.id) == [0])
    try outline.expandSubtree(2)
    #expect(outline.expandedIDs == [2, 3])
    outline.expandAll()
    #expect(outline.expandedIDs == [0, 1, 2, 3])
    #expect(outline.visibleRows.last?.position.disclosure == .leaf)
  }

  @Test("the state survives content changes, moves and a replaced tree")
  func stateSurvives() throws {
    let tree = try TestTree.make {
      TreeNode(TestItem(id: 1)) { TreeNode(TestItem(id: 2)) { TestItem(id: 3) } }
      TreeNode(TestItem(id: 4)) { TestItem(id: 5) }
    }
    var outline = TestOutline(tree, expandedIDs: [1, 2])
    try outline.editTree { try $0.updateItems([TestItem(id: 2, content: 9)]) }
    #expect(outline.isExpanded(2))
    try outline.editTree { try $0.moveSubtree(2, under: 4, at: 0) }
    #expect(outline.isExpanded(2) && outline.isExpanded(1))
    #expect(outline.visibleRows.map(\.id) == [1, 4])
    try outline.expand(4)
    #expect(outline.visibleRows.map(\.id) == [1, 4, 2, 3, 5])
    // A newer tree (as a database read): 3 is gone, 2 is a root now.
    outline.replaceTree(
      try TestTree.make {
        TreeNode(TestItem(id: 2)) { TestItem(id: 6) }
        TreeNode(TestItem(id: 4)) { TestItem(id: 5) }
      })
    #expect(outline.expandedIDs == [2, 4], "1 is gone; 2 and 4 keep their state")
    #expect(outline.visibleRows.map(\.id) == [2, 6, 4, 5])
  }

  @Test("lazy children: a marker before they load, a placeholder while expanded")
  func lazyChildren() throws {
    var outline = TestOutline(
      try TestTree(roots: [TreeNode(TestItem(id: 1)), TreeNode(TestItem(id: 2))]))
    try outline.setChildrenUnloaded(true, for: 1)
    #expect(rowTriples(outline.visibleRows) == ["1@0collapsed", "2@0leaf"])
    try outline.expand(1)
    try outline.setChildrenPlaceholder(TestItem(id: -1), for: 1)
    #expect(rowTriples(outline.visibleRows) == ["1@0expanded", "-1@1leaf", "2@0leaf"])
    #expect(outline.visibleRows(under: 1).map(\.id) == [-1])
    // The children arrive.
    try outline.editTree { try $0.replaceChildren(of: 1, with: [TreeNode(TestItem(id: 3))]) }
    try outline.setChildrenPlaceholder(nil, for: 1)
    try outline.setChildrenUnloaded(false, for: 1)
    #expect(rowTriples(outline.visibleRows) == ["1@0expanded", "3@1leaf", "2@0leaf"])
  }

  @Test("expanding an unknown id is an error naming it, and changes nothing")
  func unknownIDs() throws {
    var outline = TestOutline(try TestTree(roots: [TreeNode(TestItem(id: 1))]))
    #expect(
      (#expect(throws: TreeError.self) { try outline.expand(7) })?.description
        == "unknown node ID 7: not in the tree")
    #expect((#expect(throws: TreeError.self) { try outline.toggle(8) }) != nil)
    #expect((#expect(throws: TreeError.self) { try outline.reveal(9) }) != nil)
    #expect(outline.expandedIDs.isEmpty)
  }
}
