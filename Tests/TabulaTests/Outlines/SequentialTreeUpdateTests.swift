import Tabula
import TabulaTestSupport
import Testing

// SequentialTreeUpdate against a naive model of AppKit's NSOutlineView: each
// parent's children as an array, each operation applied at once, every
// index checked against the children it is read in; an inserted node's
// subtree read from the new tree, as the view asks its data source.

/// A random tree of `count` nodes with ids from `ids`: each node under a
/// random node made before it, or at the top.
private func randomTree(_ ids: [Int], _ random: inout SeededRandom) -> Tree<TestItem> {
  var pairs: [(item: TestItem, parentID: Int?)] = []
  for (index, id) in ids.enumerated() {
    let parent = index == 0 || random.chance(0.3) ? nil : ids[random.int(in: 0..<index)]
    pairs.append((TestItem(id: id), parent))
  }
  return try! Tree(pairs)
}

/// A random change of `tree`: nodes removed, added, moved to another
/// parent or among their siblings, their content changed.
private func randomChange(
  of tree: Tree<TestItem>, _ random: inout SeededRandom, nextID: inout Int
) -> Tree<TestItem> {
  // The old nodes in preorder, some gone, some new ones among them.
  var order: [TestItem] = []
  for var item in tree.items where !random.chance(0.15) {
    if random.chance(0.1) { item.content += 1 }
    order.append(item)
    if random.chance(0.1) {
      order.append(TestItem(id: nextID))
      nextID += 1
    }
  }
  // Some nodes change place in the order (their siblings' order).
  for _ in 0..<random.int(in: 0...3) where order.count > 1 {
    let moved = order.remove(at: random.int(in: 0..<order.count))
    order.insert(moved, at: random.int(in: 0...order.count))
  }
  var pairs: [(item: TestItem, parentID: Int?)] = []
  var placed = Set<Int>()
  for item in order {
    var parent = tree.contains(item.id) ? tree.parentID(of: item.id) : nil
    // A parent not placed before (gone, or after it now) or a random new
    // one.
    if parent.map({ !placed.contains($0) }) ?? false || random.chance(0.15) {
      parent =
        placed.isEmpty || random.chance(0.3) ? nil : Array(placed)[random.int(in: 0..<placed.count)]
    }
    pairs.append((item, parent))
    placed.insert(item.id)
  }
  return try! Tree(pairs)
}

/// Applies `update` to a view showing `old` the way NSOutlineView does;
/// the children lists of every node it shows, from the top.
private func applySequentially(
  _ update: SequentialTreeUpdate<Int>, to old: Tree<TestItem>, new: Tree<TestItem>,
  removed: inout Set<Int>
) -> [Int?: [Int]] {
  var children: [Int?: [Int]] = [nil: old.roots.map(\.id)]
  for item in old.items { children[item.id] = old.children(of: item.id).map(\.id) }
  func load(_ id: Int) {
    children[id] = new.children(of: id).map(\.id)
    for child in children[id]! { load(child) }
  }
  for operation in update.operations {
    switch operation {
    case .move(let from, let oldParent, let to, let newParent):
      guard var source = children[oldParent], from >= 0, from < source.count else {
        Issue.record("\(operation): no child \(from) in \(String(describing: children[oldParent]))")
        return children
      }
      let id = source.remove(at: from)
      children[oldParent] = source
      guard var target = children[newParent], to >= 0, to <= target.count else {
        Issue.record("\(operation): no index \(to) in \(String(describing: children[newParent]))")
        return children
      }
      target.insert(id, at: to)
      children[newParent] = target
    case .remove(let indices, let parent):
      guard var list = children[parent], indices.allSatisfy({ $0 >= 0 && $0 < list.count }) else {
        Issue.record("\(operation) among \(String(describing: children[parent]))")
        return children
      }
      for index in indices.reversed() { removed.insert(list.remove(at: index)) }
      children[parent] = list
    case .insert(let indices, let parent):
      guard var list = children[parent] else {
        Issue.record("\(operation): the parent is not shown")
        return children
      }
      let newChildren = new.children(of: parent).map(\.id)
      for index in indices {
        guard index >= 0, index <= list.count, index < newChildren.count else {
          Issue.record("\(operation): index \(index) among \(list.count)")
          return children
        }
        list.insert(newChildren[index], at: index)
        load(newChildren[index])
      }
      children[parent] = list
    case .reload(let id):
      if children[id] == nil { Issue.record("\(operation): not shown") }
    }
  }
  // What the view shows: from the top down.
  var shown: [Int?: [Int]] = [:]
  func collect(_ parent: Int?) {
    shown[parent] = children[parent] ?? []
    for child in children[parent] ?? [] { collect(child) }
  }
  collect(nil)
  return shown
}

/// Every node's children in `tree`, from the top.
private func structure(_ tree: Tree<TestItem>) -> [Int?: [Int]] {
  var shown: [Int?: [Int]] = [nil: tree.roots.map(\.id)]
  for item in tree.items { shown[item.id] = tree.children(of: item.id).map(\.id) }
  return shown
}

@Suite("SequentialTreeUpdate: a tree's change as NSOutlineView's one-after-another operations")
struct SequentialTreeUpdateTests {
  @Test(
    "random changes: the view shows the new tree, kept nodes moved, never re-inserted",
    arguments: 0..<8)
  func randomChanges(seed: UInt64) {
    var random = SeededRandom(seed: seed + 3300)
    for _ in 0..<150 {
      let old = randomTree(Array(0..<random.int(in: 0...30)), &random)
      var nextID = 1000
      let new = randomChange(of: old, &random, nextID: &nextID)
      let update = SequentialTreeUpdate(from: old, to: new)
      var removed = Set<Int>()
      #expect(applySequentially(update, to: old, new: new, removed: &removed) == structure(new))
      // A node in both trees whose new ancestors are all in the old one is
      // kept: moved if it must, never removed (its row and expansion stay).
      var kept = Set<Int>()
      for item in new.items where old.contains(item.id) {
        if new.parentID(of: item.id).map(kept.contains) ?? true { kept.insert(item.id) }
      }
      #expect(removed.isDisjoint(with: kept))
      // A node in both trees under the same parent (or at the top in both),
      // whose ancestors stay so too, is never removed.
      var removedParents: [Int?] = []
      for case .remove(_, let parent) in update.operations { removedParents.append(parent) }
      for case .reload(let id) in update.operations {
        #expect(old.item(withID: id)?.content != new.item(withID: id)?.content)
      }
      #expect(
        Set(removedParents.map { $0 ?? -1 }).count == removedParents.count, "one call a parent")
    }
  }

  @Test("a folder moved under another node is one move, its children with it")
  func folderMove() throws {
    let old = try Tree<TestItem>([
      (TestItem(id: 1), nil), (TestItem(id: 2), 1), (TestItem(id: 3), 1), (TestItem(id: 4), nil),
    ])
    let new = try Tree<TestItem>([
      (TestItem(id: 4), nil), (TestItem(id: 1), 4), (TestItem(id: 2), 1), (TestItem(id: 3), 1),
    ])
    let update = SequentialTreeUpdate(from: old, to: new)
    #expect(update.operations == [.move(from: 0, oldParent: nil, to: 0, newParent: 4)])
  }

  @Test("children moved to another parent move there, in order")
  func childrenMove() throws {
    let old = try Tree<TestItem>([
      (TestItem(id: 1), nil), (TestItem(id: 2), 1), (TestItem(id: 3), 1), (TestItem(id: 4), nil),
    ])
    let new = try Tree<TestItem>([
      (TestItem(id: 1), nil), (TestItem(id: 4), nil), (TestItem(id: 2), 4), (TestItem(id: 3), 4),
    ])
    let update = SequentialTreeUpdate(from: old, to: new)
    #expect(
      update.operations == [
        .move(from: 0, oldParent: 1, to: 0, newParent: 4),
        .move(from: 0, oldParent: 1, to: 1, newParent: 4),
      ])
  }
}

@Suite("Tree of a section snapshot: Apple's outline API as a tree")
struct SectionSnapshotTreeTests {
  @Test("roots, parents and order are the section snapshot's; an update between two moves a folder")
  func fromSectionSnapshot() {
    var old = DiffableSectionSnapshot<String>()
    old.append(["Inbox", "Archive"])
    old.append(["Work", "Home"], to: "Inbox")
    old.expand(["Inbox"])
    let tree = Tree(sectionSnapshot: old)
    #expect(tree.roots.map(\.id) == ["Inbox", "Archive"])
    #expect(tree.children(of: "Inbox").map(\.id) == ["Work", "Home"])
    #expect(tree.parentID(of: "Home") == "Inbox")

    var new = old
    new.delete(["Work"])
    new.append(["Work"], to: "Archive")
    let update = SequentialTreeUpdate(from: tree, to: Tree(sectionSnapshot: new))
    #expect(update.operations == [.move(from: 0, oldParent: "Inbox", to: 0, newParent: "Archive")])
  }
}
