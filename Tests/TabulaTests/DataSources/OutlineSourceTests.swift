import Foundation
import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// A cell provider for outline rows: the id, indented by depth.
@MainActor
func outlineCell(_ host: any ListHost<SimulatedCell>, _ path: ItemPath, _ row: OutlineRow<TestItem>)
  -> SimulatedCell
{
  let cell = host.dequeueCell(withReuseIdentifier: "cell", for: path)
  cell.text = String(repeating: " ", count: row.position.depth) + "\(row.id)"
  return cell
}

@MainActor
func outlineView(_ kind: ListViewKind, source: OutlineSource<SectionInfo, TestItem>) -> (
  SimulatedListView, ListController<SectionInfo, OutlineRow<TestItem>, SimulatedCell>
) {
  let view: SimulatedListView =
    kind == .table
    ? SimulatedTableView(viewportHeight: 100) : SimulatedCollectionView(viewportHeight: 100)
  view.register(SimulatedCell.self, forReuseIdentifier: "cell")
  view.animationTiming = .immediate
  let controller = ListController<SectionInfo, OutlineRow<TestItem>, SimulatedCell>(
    host: view, cellProvider: outlineCell)
  controller.connect(to: source)
  return (view, controller)
}

/// A loader whose loads the test finishes by hand.
final class ScriptedChildren: @unchecked Sendable {
  private var waiting: [Int: [CheckedContinuation<[TreeNode<AnyItem>], any Error>]] = [:]
  private let lock = NSLock()

  func load(_ item: AnyItem) async throws -> [TreeNode<AnyItem>] {
    let id = item.base(as: TestItem.self)!.id
    return try await withCheckedThrowingContinuation { continuation in
      lock.withLock { waiting[id, default: []].append(continuation) }
    }
  }

  var pending: Int { lock.withLock { waiting.values.reduce(0) { $0 + $1.count } } }

  /// Finishes the oldest load of `id`'s children.
  func finish(_ id: Int, with result: Result<[TreeNode<AnyItem>], any Error>) {
    let continuation = lock.withLock { waiting[id]!.removeFirst() }
    continuation.resume(with: result)
  }
}

@MainActor
@Suite("OutlineSource: toggles that report their own changes")
struct OutlineSourceTests {
  @Test(
    "every toggle of every small forest in every state, through both simulators",
    arguments: [ListViewKind.table, .collection])
  func everyToggle(kind: ListViewKind) throws {
    for forest in TreeTests.smallForests {
      let tree = try TestTree(roots: forest.treeNodes)
      let parents = forest.preorder.map(\.id).filter { !forest.node($0)!.children.isEmpty }
      for mask in 0..<(1 << parents.count) {
        let expanded = Set(parents.indices.filter { mask & (1 << $0) != 0 }.map { parents[$0] })
        for id in forest.preorder.map(\.id) {
          let source = OutlineSource(
            Outline(tree, expandedIDs: expanded), in: SectionInfo(id: "tree"),
            makePlaceholder: nil)
          let (view, controller) = outlineView(kind, source: source)
          let visible = source.snapshot.contains(itemWithID: id)
          let batches = view.batchCount
          try source.toggle(id)
          let expected = rowTriples(forest.visible(expanded: source.outline.expandedIDs))
          #expect(rowTriples(source.snapshot.items) == expected)
          #expect(view.violations.isEmpty, "\(forest) \(expanded) toggle \(id)")
          #expect(
            view.visibleCells.map(\.text)
              == controller.snapshot.items.map {
                String(repeating: " ", count: $0.position.depth) + "\($0.id)"
              })
          #expect(controller.snapshot == source.snapshot)
          if visible && forest.node(id)!.children.isEmpty == false {
            #expect(source.lastChange != nil, "a shown node's toggle reports its change")
            #expect(view.batchCount == batches + 1)
          }
        }
      }
    }
  }

  @Test("edits and a new tree keep the state; moves stay moves through the simulator")
  func editsAndNewTrees() throws {
    let source = OutlineSource(
      Outline(
        try TestTree.make {
          TreeNode(TestItem(id: 1)) {
            TestItem(id: 2)
            TestItem(id: 3)
          }
          TreeNode(TestItem(id: 4)) { TestItem(id: 5) }
        }, expandedIDs: [1, 4]), in: SectionInfo(id: "tree"), makePlaceholder: nil)
    let (view, controller) = outlineView(.table, source: source)
    try source.editTree { (tree) throws(TreeError) in try tree.moveSubtree(3, under: 4, at: 1) }
    #expect(source.snapshot.items.map(\.id) == [1, 2, 4, 5, 3])
    #expect(view.batchLog.last?.moveRows.count == 1, "a moved subtree's rows move")
    #expect(view.batchLog.last?.deleteRows.isEmpty == true)
    source.replaceTree(
      try TestTree.make {
        TreeNode(TestItem(id: 4)) {
          TestItem(id: 5)
          TestItem(id: 6)
        }
        TreeNode(TestItem(id: 1)) { TestItem(id: 2) }
      })
    #expect(source.snapshot.items.map(\.id) == [4, 5, 6, 1, 2], "1 and 4 stay expanded")
    #expect(view.violations.isEmpty)
    #expect(controller.snapshot == source.snapshot)
  }

  @Test("lazy children: a loading row, then the children or an error row, never a stale load")
  func lazyChildren() async throws {
    let loader = ScriptedChildren()
    let tree = try Tree<AnyItem>(
      roots: [TreeNode(AnyItem(TestItem(id: 1))), TreeNode(AnyItem(TestItem(id: 2)))])
    let source = OutlineSource(
      Outline(tree), in: SectionInfo(id: "tree"), loadChildren: { try await loader.load($0) })
    try source.setChildrenUnloaded(AnyItem(TestItem(id: 1)).id)
    let one = AnyItem(TestItem(id: 1)).id
    func shown() -> [String] {
      source.snapshot.items.map { row in
        if let item = row.item.base(as: TestItem.self) { return "\(item.id)" }
        if row.item.base is LoadingPlaceholder { return "loading" }
        if let error = row.item.base(as: ErrorPlaceholder.self) { return "error: \(error.message)" }
        return "?"
      }
    }
    #expect(source.snapshot.items.first?.position.disclosure == .collapsed)

    try source.expand(one)
    #expect(shown() == ["1", "loading", "2"])
    await yieldUntil { loader.pending != 0 }
    loader.finish(1, with: .failure(LoadFailure(description: "the server is down")))
    await source.waitForLoads()
    #expect(shown() == ["1", "error: the server is down", "2"])

    try source.retryChildren(of: one)
    #expect(shown() == ["1", "loading", "2"])
    await yieldUntil { loader.pending != 0 }
    // A collapse makes the load stale: its result never lands.
    try source.collapse(one)
    loader.finish(1, with: .success([TreeNode(AnyItem(TestItem(id: 9)))]))
    await Task.yield()
    #expect(shown() == ["1", "2"])
    #expect(source.outline.tree.count == 2)

    try source.expand(one)
    await yieldUntil { loader.pending != 0 }
    loader.finish(
      1, with: .success([TreeNode(AnyItem(TestItem(id: 3))), TreeNode(AnyItem(TestItem(id: 4)))]))
    await source.waitForLoads()
    #expect(shown() == ["1", "3", "4", "2"])
    #expect(source.outline.unloadedIDs.isEmpty)
  }

  @Test(
    "expanding a subtree, or everything, loads the children of the unloaded nodes it expands",
    arguments: [false, true])
  func expandingManyLoads(all: Bool) async throws {
    let loader = ScriptedChildren()
    func item(_ id: Int) -> AnyItem { AnyItem(TestItem(id: id)) }
    let tree = try Tree<AnyItem>(roots: [
      TreeNode(item(0)) {
        item(1)
        item(2)
      }
    ])
    let source = OutlineSource(
      Outline(tree), in: SectionInfo(id: "tree"), loadChildren: { try await loader.load($0) })
    try source.setChildrenUnloaded(item(1).id)
    try source.setChildrenUnloaded(item(2).id)
    func shown() -> [String] {
      source.snapshot.items.map { row in
        row.item.base(as: TestItem.self).map { "\($0.id)" } ?? "loading"
      }
    }
    if all { source.expandAll() } else { try source.expandSubtree(item(0).id) }
    #expect(shown() == ["0", "1", "loading", "2", "loading"])
    #expect(source.outline.expandedIDs == [item(0).id, item(1).id, item(2).id])
    var waited = 0
    while loader.pending < 2 && waited < 1000 {
      await Task.yield()
      waited += 1
    }
    #expect(loader.pending == 2, "both expanded nodes' children are loading")
    guard loader.pending == 2 else { return }
    loader.finish(1, with: .success([TreeNode(item(10))]))
    loader.finish(2, with: .success([TreeNode(item(20))]))
    await source.waitForLoads()
    #expect(shown() == ["0", "1", "10", "2", "20"])
  }

  @Test("presenters of the items get the row's position in the context")
  func presentersSeePositions() throws {
    struct Indented: Presenter {
      func reuseIdentifier(for item: TestItem, style: PresentationStyle) -> String { "cell" }
      func configure(_ cell: SimulatedCell, with item: TestItem, context: PresentationContext) {
        let marker =
          switch context.outline?.disclosure {
          case .collapsed: "+"
          case .expanded: "-"
          default: " "
          }
        cell.text =
          String(repeating: ".", count: context.outline?.depth ?? 0) + marker + "\(item.id)"
      }
    }
    let presenters = PresenterRegistry<SimulatedCell>()
    presenters.register(Indented())
    let view = SimulatedTableView(viewportHeight: 10)
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    view.animationTiming = .immediate
    let controller = ListController<SectionInfo, OutlineRow<TestItem>, SimulatedCell>(
      host: view, presenters: presenters)
    let source = OutlineSource(
      Outline(
        try TestTree.make {
          TreeNode(TestItem(id: 1)) { TreeNode(TestItem(id: 2)) { TestItem(id: 3) } }
        }),
      in: SectionInfo(id: "tree"), makePlaceholder: nil)
    controller.connect(to: source)
    try source.expand(1)
    #expect(view.visibleCells.map(\.text) == ["-1", ".+2"])
    try source.expand(2)
    #expect(view.visibleCells.map(\.text) == ["-1", ".-2", ".. 3"])
  }

  @Test("expand and collapse of an unknown id are errors naming it")
  func unknownIDs() throws {
    let source = OutlineSource(
      Outline(try TestTree(roots: [TreeNode(TestItem(id: 1))])), in: SectionInfo(id: "tree"),
      makePlaceholder: nil)
    #expect(
      (#expect(throws: TreeError.self) { try source.expand(5) })?.description
        == "unknown node ID 5: not in the tree")
    #expect((#expect(throws: TreeError.self) { try source.collapse(5) }) != nil)
  }
}
