import Tabula
import TabulaTestSupport
import Testing

typealias TestTree = Tree<TestItem>

/// Expects `tree` to be `forest`: preorder, depths, parents, children,
/// ancestors and subtree sizes.
func expectTree(
  _ tree: TestTree, equals forest: [NaiveNode], _ comment: Testing.Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let preorder = forest.preorder
  #expect(tree.items.map(\.id) == preorder.map(\.id), comment, sourceLocation: sourceLocation)
  #expect(tree.roots.map(\.id) == forest.map(\.id), comment, sourceLocation: sourceLocation)
  #expect(tree.count == preorder.count, comment, sourceLocation: sourceLocation)
  for entry in preorder {
    let node = forest.node(entry.id)!
    #expect(tree.depth(of: entry.id) == entry.depth, comment, sourceLocation: sourceLocation)
    #expect(tree.parentID(of: entry.id) == entry.parent, comment, sourceLocation: sourceLocation)
    #expect(
      tree.children(of: entry.id).map(\.id) == node.children.map(\.id), comment,
      sourceLocation: sourceLocation)
    #expect(
      tree.descendantCount(of: entry.id) == [node].preorder.count - 1, comment,
      sourceLocation: sourceLocation)
    var ancestors: [Int] = []
    var parent = entry.parent
    while let id = parent {
      ancestors.append(id)
      parent = preorder.first { $0.id == id }?.parent
    }
    #expect(
      tree.ancestors(of: entry.id).map(\.id) == ancestors, comment, sourceLocation: sourceLocation)
  }
}

@Suite("Tree: identified items in a hierarchy")
struct TreeTests {
  static let smallForests = (0...5).flatMap(allForests(of:))

  @Test("every forest up to 5 nodes: lookups agree with nested values")
  func lookups() throws {
    #expect(Self.smallForests.count == 1 + 1 + 2 + 5 + 14 + 42)
    for forest in Self.smallForests {
      let tree = try TestTree(roots: forest.treeNodes)
      expectTree(tree, equals: forest, Testing.Comment(rawValue: "\(forest)"))
      #expect(tree.nodes.map(\.item.id) == forest.map(\.id))
      #expect(!tree.contains(99) && tree.depth(of: 99) == nil && tree.children(of: 99).isEmpty)
    }
  }

  @Test("from (item, parentID) pairs in any order: the same tree, siblings in order")
  func fromPairs() throws {
    var random = SeededRandom(seed: 3)
    for forest in Self.smallForests {
      var pairs = forest.preorder.map { (item: TestItem(id: $0.id), parentID: $0.parent) }
      // Shuffle, then restore the order of each node's siblings.
      pairs.shuffle(using: &random)
      let siblingOrder = Dictionary(
        uniqueKeysWithValues: forest.preorder.enumerated().map { ($0.element.id, $0.offset) })
      var byParent: [Int?: [Int]] = [:]
      for (index, pair) in pairs.enumerated() { byParent[pair.parentID, default: []].append(index) }
      for indices in byParent.values {
        let sorted = indices.map { pairs[$0] }.sorted {
          siblingOrder[$0.item.id]! < siblingOrder[$1.item.id]!
        }
        for (index, pair) in zip(indices, sorted) { pairs[index] = pair }
      }
      expectTree(
        try TestTree(pairs), equals: forest,
        Testing.Comment(rawValue: "\(forest) from \(pairs.map(\.item.id))"))
    }
  }

  @Test("a result builder: nodes, items as leaves, conditions")
  func builder() throws {
    let showArchive = true
    let tree = try TestTree.make {
      TreeNode(TestItem(id: 1)) {
        TestItem(id: 2)
        TreeNode(TestItem(id: 3)) { [TestItem(id: 4), TestItem(id: 5)] }
      }
      if showArchive { TestItem(id: 6) }
    }
    expectTree(
      tree,
      equals: [
        NaiveNode(
          id: 1,
          children: [
            NaiveNode(id: 2),
            NaiveNode(id: 3, children: [NaiveNode(id: 4), NaiveNode(id: 5)]),
          ]),
        NaiveNode(id: 6),
      ])
  }

  @Test("every move of every subtree, in every small forest, agrees with nested values")
  func moves() throws {
    for forest in (0...4).flatMap(allForests(of:)) {
      let tree = try TestTree(roots: forest.treeNodes)
      for moved in forest.preorder.map(\.id) {
        for parent in [nil] + forest.preorder.map(\.id) {
          for index in -1...5 {
            var edited = tree
            let (rest, subtree) = forest.removing(moved)
            let insideItself = parent.map { [forest.node(moved)!].node($0) != nil } ?? false
            let valid =
              !insideItself && index >= 0 && index <= rest.childCount(of: parent)
            do {
              try edited.moveSubtree(moved, under: parent, at: index)
              #expect(
                valid, "\(forest): move \(moved) under \(String(describing: parent)) at \(index)")
              expectTree(edited, equals: rest.inserting([subtree!], under: parent, at: index))
            } catch {
              #expect(!valid, "\(forest): \(error)")
              #expect(edited == tree, "a failed move changes nothing")
            }
          }
        }
      }
    }
  }

  @Test("inserts at every position and deletes of every subtree agree with nested values")
  func insertsAndDeletes() throws {
    for forest in (0...4).flatMap(allForests(of:)) {
      let tree = try TestTree(roots: forest.treeNodes)
      for parent in [nil] + forest.preorder.map(\.id) {
        for index in 0...forest.childCount(of: parent) {
          var edited = tree
          let added = [NaiveNode(id: 50, children: [NaiveNode(id: 51)]), NaiveNode(id: 52)]
          try edited.insertChildren(added.treeNodes, under: parent, at: index)
          expectTree(edited, equals: forest.inserting(added, under: parent, at: index))
        }
        var appended = tree
        try appended.appendChildren([TestItem(id: 60)], to: parent)
        expectTree(
          appended,
          equals: forest.inserting(
            [NaiveNode(id: 60)], under: parent, at: forest.childCount(of: parent)))
        var replaced = tree
        try replaced.replaceChildren(of: parent, with: [TreeNode(TestItem(id: 70))])
        if let parent {
          var expected = forest
          for child in forest.node(parent)!.children { expected = expected.removing(child.id).rest }
          expectTree(
            replaced, equals: expected.inserting([NaiveNode(id: 70)], under: parent, at: 0))
        } else {
          expectTree(replaced, equals: [NaiveNode(id: 70)])
        }
      }
      for deleted in forest.preorder.map(\.id) {
        var edited = tree
        try edited.deleteSubtrees([deleted])
        expectTree(edited, equals: forest.removing(deleted).rest)
      }
    }
  }

  @Test("updating items keeps their places")
  func updates() throws {
    var tree = try TestTree(roots: [NaiveNode(id: 1, children: [NaiveNode(id: 2)])].treeNodes)
    try tree.updateItems([TestItem(id: 2, content: 7)])
    #expect(tree.item(withID: 2)?.content == 7)
    #expect(tree.parentID(of: 2) == 1)
  }

  @Test("bad input is an error naming it, and changes nothing")
  func errors() throws {
    let item = { (id: Int) in TestItem(id: id) }
    #expect(
      throws: TreeError.duplicateIDs([TreeError.Duplicate(id: "2", parents: ["1", nil])])
    ) {
      try TestTree(roots: [TreeNode(item(1)) { item(2) }, TreeNode(item(2))])
    }
    #expect(
      (#expect(throws: TreeError.self) {
        try TestTree(roots: [TreeNode(item(1)) { item(2) }, TreeNode(item(2))])
      })?.description == "duplicate node IDs: 2 (under 1 and a root)")
    #expect(
      (#expect(throws: TreeError.self) {
        try TestTree([(item(1), nil), (item(2), 9), (item(3), 9), (item(4), 8)])
      })?.description == "unknown parent IDs: 9 (parent of 2 and 3); 8 (parent of 4)")
    #expect(
      (#expect(throws: TreeError.self) {
        try TestTree([(item(1), nil), (item(2), 3), (item(3), 4), (item(4), 2), (item(5), 5)])
      })?.description
        == "nodes that are their own ancestors (each is the parent of the next): "
        + "4 → 3 → 2 → 4; 5 → 5")
    var tree = try TestTree(roots: [TreeNode(item(1)) { TreeNode(item(2)) { item(3) } }])
    let before = tree
    #expect(
      (#expect(throws: TreeError.self) { try tree.moveSubtree(1, under: 3, at: 0) })?
        .description == "cannot move 1 under 3, one of its own descendants")
    #expect(
      (#expect(throws: TreeError.self) { try tree.moveSubtree(2, under: 2, at: 0) })?
        .description == "cannot move 2 under itself")
    #expect(
      (#expect(throws: TreeError.self) { try tree.moveSubtree(3, under: 1, at: 3) })?
        .description
        == "child position 3 is out of range: 1 has 1 child (valid positions are 0...1)")
    #expect(
      (#expect(throws: TreeError.self) { try tree.insertChildren([item(5)], under: nil, at: -1) })?
        .description
        == "child position -1 is out of range: the tree has 1 child (valid positions are 0...1)")
    #expect(
      (#expect(throws: TreeError.self) { try tree.deleteSubtrees([7, 8]) })?.description
        == "unknown node IDs 7, 8: not in the tree")
    #expect(
      (#expect(throws: TreeError.self) { try tree.appendChildren([item(2)], to: 1) })?
        .description == "duplicate node IDs: 2 (under 1 and under 1)")
    #expect(tree == before)
  }
}
