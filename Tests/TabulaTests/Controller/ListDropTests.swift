import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// Drag and drop through the simulated views, as TabulaUIKit's drag and drop
/// delegates drive it: several rows at once, within and across sections and
/// into an outline's folders, written back as one edit and undone in one
/// step; drops from outside with placeholder rows.
@MainActor
@Suite("Drag and drop: many rows, one edit, one undo step")
struct ListDropTests {
  typealias Controller = ListController<SectionInfo, TestItem, SimulatedCell>

  private func ids(_ snapshot: TestSnapshot) -> [[Int]] {
    (0..<snapshot.numberOfSections).map { snapshot.items(inSectionAt: $0).map(\.id) }
  }

  private func screen(source: StaticSource<SectionInfo, TestItem>? = nil) throws -> (
    SimulatedTableView, Controller
  ) {
    let table = testTable()
    let controller: Controller
    if let source {
      controller = Controller(host: table, cellProvider: testCell)
      controller.connect(to: source)
    } else {
      controller = Controller(host: table, snapshot: try twoSections(), cellProvider: testCell)
    }
    controller.canMove = { item, _ in item.id != 8 }
    controller.selectionMode = .multiple
    table.reloadData()
    return (table, controller)
  }

  @Test("a drag of the selected rows moves them all, in order, across sections; one undo step")
  func selectedRowsAcrossSections() throws {
    let (table, controller) = try screen()
    _ = controller.setSelection([1, 3, 5])
    let drag = try #require(table.beginDrag(at: ItemPath(section: 0, item: 2)))
    #expect(drag.count == 3, "every selected row comes along")
    var heard: [String] = []
    controller.didUserMoveItem = { item, from, to in heard.append("\(item.id) \(from)→\(to)") }
    let destination = ListDropDestination.insert(at: ItemPath(section: 1, item: 2))
    #expect(
      table.dropProposal(for: drag, at: destination)
        == ListDropProposal(.move, destination: destination))
    #expect(table.drop(drag, at: destination))
    #expect(ids(controller.snapshot) == [[2, 4], [6, 1, 3, 5, 8]])
    // One move after another, as moveRowAt calls: each path read in the
    // data the moves before it left.
    #expect(heard == ["1 [0, 0]→[1, 2]", "3 [0, 1]→[1, 3]", "5 [1, 0]→[1, 3]"], "each row, once")
    expectShows(table, controller.snapshot)
    #expect(controller.history.undoSteps.count == 1)
    #expect(controller.history.undoName == "Move 3 Items")
    controller.undo()
    #expect(ids(controller.snapshot) == [[1, 2, 3, 4], [5, 6, 8]])
    controller.redo()
    #expect(ids(controller.snapshot) == [[2, 4], [6, 1, 3, 5, 8]])
    expectShows(table, controller.snapshot)
  }

  @Test("the rules decide the proposal: a row that cannot move, movePolicy, canDrop, the range")
  func proposals() throws {
    let (table, controller) = try screen()
    let fixed = try #require(table.beginDrag(at: ItemPath(section: 1, item: 0)))
    #expect(table.beginDrag(at: ItemPath(section: 1, item: 2)) == nil, "8 cannot move")
    #expect(
      controller.dropProposal(
        forMovingItemsWithIDs: [5, 8], to: .insert(at: ItemPath(section: 0, item: 0))
      )
      .operation == .forbidden)
    controller.movePolicy = .withinSection
    #expect(
      table.dropProposal(for: fixed, at: .insert(at: ItemPath(section: 0, item: 0))).operation
        == .forbidden)
    #expect(
      table.dropProposal(for: fixed, at: .insert(at: ItemPath(section: 1, item: 3))).operation
        == .move)
    controller.movePolicy = .anywhere
    controller.canDrop = { items, destination in destination.path.section == 0 || items.count > 1 }
    #expect(
      table.dropProposal(for: fixed, at: .insert(at: ItemPath(section: 1, item: 1))).operation
        == .forbidden)
    #expect(
      table.dropProposal(for: fixed, at: .insert(at: ItemPath(section: 0, item: 9))).operation
        == .forbidden, "outside the list")
    #expect(
      table.dropProposal(for: fixed, at: .into(ItemPath(section: 0, item: 1))).operation
        == .forbidden, "a flat list has no folders")
    #expect(!table.drop(fixed, at: .insert(at: ItemPath(section: 1, item: 1))))
    #expect(
      ids(controller.snapshot) == [[1, 2, 3, 4], [5, 6, 8]], "a refused drop moves nothing")
    #expect(
      controller.dropProposal(
        forMovingItemsWithIDs: [42], to: .insert(at: ItemPath(section: 0, item: 0))
      )
      .operation == .cancel, "rows no longer there")
  }

  @Test("written back to a source as one write: one snapshot published, no echo batch")
  func oneWrite() throws {
    let source = StaticSource(try twoSections())
    let (table, controller) = try screen(source: source)
    var published = 0
    let token = source.observe { published += 1 }
    let batches = table.batchCount
    #expect(
      controller.userMoveItems(withIDs: [6, 2], to: .insert(at: ItemPath(section: 0, item: 0))))
    #expect(ids(source.snapshot) == [[2, 6, 1, 3, 4], [5, 8]])
    #expect(published == 1, "one write")
    #expect(table.batchCount == batches + 1, "one batch, no echo")
    expectShows(table, source.snapshot)
    controller.undo()
    #expect(ids(source.snapshot) == [[1, 2, 3, 4], [5, 6, 8]])
    #expect(published == 2, "one undo, one write")
    withExtendedLifetime(token) {}
  }

  @Test(
    "a drop made while a transaction runs lands among the rows it brings; vanished rows stay out")
  func dropDuringUpdate() async throws {
    let (table, controller) = try screen()
    table.animationTiming = .manual
    var next = try twoSections()
    try next.deleteItems([2])
    try next.insertItems(items([9]), at: ItemPath(section: 1, item: 0))
    controller.apply(next, completion: nil)
    #expect(controller.isUpdating)
    // The view still shows 2; the drop names it and lands before 5.
    #expect(
      controller.userMoveItems(withIDs: [2, 3], to: .insert(at: ItemPath(section: 1, item: 0))))
    try await settle(table, controller)
    #expect(
      ids(controller.snapshot) == [[1, 4], [9, 3, 5, 6, 8]]
        || ids(controller.snapshot) == [[1, 4], [3, 9, 5, 6, 8]])
    #expect(
      !controller.snapshot.contains(itemWithID: 2), "a row the transaction removes stays removed")
    expectShows(table, controller.snapshot)
    controller.undo()
    try await settle(table, controller)
    #expect(ids(controller.snapshot) == [[1, 3, 4], [9, 5, 6, 8]])
  }

  @Test("a host's destination for a lone row is where it ends; others are insertion points")
  func hostDestinations() {
    func at(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
    // UIKit's moveRow(at: [0, 1], to: [0, 3]): the row ends fourth, so it
    // goes before the row shown fifth now.
    #expect(
      ListDropDestination.insertion(atHostDestination: at(0, 3), movingFrom: at(0, 1))
        == .insert(at: at(0, 4)))
    #expect(
      ListDropDestination.insertion(atHostDestination: at(0, 1), movingFrom: at(0, 3))
        == .insert(at: at(0, 1)))
    #expect(
      ListDropDestination.insertion(atHostDestination: at(1, 0), movingFrom: at(0, 3))
        == .insert(at: at(1, 0)))
    #expect(
      ListDropDestination.insertion(atHostDestination: at(0, 2), movingFrom: nil)
        == .insert(at: at(0, 2)))
    // Applied to a list, the lone row lands where the host said it ends.
    var rows = [1, 2, 3, 4, 5]
    guard
      case .insert(let path) = ListDropDestination.insertion(
        atHostDestination: at(0, 3), movingFrom: at(0, 1))
    else { return }
    let anchor = rows[path.item]
    rows.remove(at: 1)
    rows.insert(2, at: rows.firstIndex(of: anchor)!)
    #expect(rows.firstIndex(of: 2) == 3)
  }

  @Test(
    "an outline without a source that writes its tree moves no rows; drops from outside stay out")
  func outlinesNeedATreeSource() throws {
    let table = testTable()
    let rows = try Snapshot<SectionInfo, OutlineRow<TestItem>>(
      [
        OutlineRow(TestItem(id: 1), position: OutlinePosition(depth: 0, disclosure: .expanded)),
        OutlineRow(TestItem(id: 2), position: OutlinePosition(depth: 1, disclosure: .leaf)),
        OutlineRow(TestItem(id: 3), position: OutlinePosition(depth: 0, disclosure: .leaf)),
      ], in: SectionInfo(id: "tree"))
    let controller = ListController<SectionInfo, OutlineRow<TestItem>, SimulatedCell>(
      host: table, snapshot: rows, cellProvider: outlineCell)
    controller.canMove = { _, _ in true }
    controller.dropPlaceholder = {
      OutlineRow(TestItem(id: -1 - $0), position: OutlinePosition(depth: 0, disclosure: .leaf))
    }
    table.reloadData()
    #expect(
      controller.dropProposal(
        forMovingItemsWithIDs: [1], to: .insert(at: ItemPath(section: 0, item: 3))
      )
      .operation == .forbidden, "the folder would leave its row behind")
    #expect(
      controller.dropProposal(
        forExternalItemCount: 1, at: .insert(at: ItemPath(section: 0, item: 0))
      )
      .operation == .forbidden)
  }

  @Test("a drop before a row a transaction removes lands by the nearest neighbour left")
  func dropOntoVanishingRow() async throws {
    let (table, controller) = try screen()
    table.animationTiming = .manual
    var next = try twoSections()
    try next.deleteItems([6])
    controller.apply(next, completion: nil)
    // The view still shows 6; the drop goes just before it.
    #expect(
      controller.userMoveItems(withIDs: [1, 2], to: .insert(at: ItemPath(section: 1, item: 1))))
    try await settle(table, controller)
    #expect(ids(controller.snapshot) == [[3, 4], [5, 1, 2, 8]])
    expectShows(table, controller.snapshot)
  }

  /// Folders 1 (2, 3) and 4 (5), and the row 6, all open, in a collection
  /// view whose rows all move.
  private func movableFolders() throws -> (
    OutlineSource<SectionInfo, TestItem>, SimulatedListView,
    ListController<SectionInfo, OutlineRow<TestItem>, SimulatedCell>
  ) {
    let source = OutlineSource(
      Outline(
        try TestTree.make {
          TreeNode(TestItem(id: 1)) {
            TestItem(id: 2)
            TestItem(id: 3)
          }
          TreeNode(TestItem(id: 4)) { TestItem(id: 5) }
          TestItem(id: 6)
        }), in: SectionInfo(id: "tree"), makePlaceholder: nil)
    source.expandAll()
    let (view, controller) = outlineView(.collection, source: source)
    controller.canMove = { _, _ in true }
    view.reloadData()
    return (source, view, controller)
  }

  @Test("an outline: folders and rows dragged into a folder, written to the tree, one undo step")
  func intoFolder() throws {
    let (source, view, controller) = try movableFolders()
    #expect(controller.snapshot.items.map(\.id) == [1, 2, 3, 4, 5, 6])
    // 3 and the folder 4 (with 5) into 6, a leaf: 6 becomes a folder.
    let into = ListDropDestination.into(ItemPath(section: 0, item: 5))
    #expect(controller.dropProposal(forMovingItemsWithIDs: [3, 4, 5], to: into).operation == .move)
    #expect(
      controller.dropProposal(forMovingItemsWithIDs: [4], to: .into(ItemPath(section: 0, item: 4)))
        .operation == .forbidden, "a folder cannot go under its own row")
    #expect(controller.userMoveItems(withIDs: [3, 4, 5], to: into))
    #expect(source.outline.tree.children(of: 6).map(\.id) == [3, 4])
    #expect(source.outline.tree.children(of: 4).map(\.id) == [5], "a folder brings its rows")
    #expect(source.outline.tree.children(of: 1).map(\.id) == [2])
    #expect(controller.snapshot.items.map(\.id) == [1, 2, 6], "6 is a closed folder now")
    #expect(view.violations.isEmpty)
    #expect(controller.history.undoSteps.count == 1)
    controller.undo()
    #expect(source.outline.tree.children(of: 1).map(\.id) == [2, 3])
    #expect(source.outline.tree.roots.map(\.id) == [1, 4, 6])
    #expect(source.outline.tree.children(of: 4).map(\.id) == [5])
    // Between rows: under the open folder above, as its first child.
    #expect(controller.userMoveItems(withIDs: [6], to: .insert(at: ItemPath(section: 0, item: 4))))
    #expect(source.outline.tree.children(of: 4).map(\.id) == [6, 5])
    // Beside a closed row: a sibling after it.
    #expect(controller.userMoveItems(withIDs: [2], to: .insert(at: ItemPath(section: 0, item: 3))))
    #expect(source.outline.tree.children(of: 1).map(\.id) == [3, 2])
    #expect(view.numberOfRows(inSectionAt: 0) == controller.snapshot.numberOfItems)
    #expect(view.violations.isEmpty)
  }

  @Test("a hover as UIKit reports it: into a folder in the row's middle half, else between rows")
  func hovering() throws {
    let (source, view, controller) = try movableFolders()
    func at(_ item: Int) -> ItemPath { ItemPath(section: 0, item: item) }
    let drag = try #require(view.beginDrag(at: at(2)))  // row 3
    // Over the folder 4, the finger in its middle: into it.
    #expect(
      view.dropProposal(
        for: drag,
        hovering: ListDropHover(destination: at(3), rowUnderFinger: at(3), isInRowMiddle: true))
        == ListDropProposal(.move, destination: .into(at(3))))
    // Near its edge: a lone row moving down lands where UIKit's destination
    // names its end, before the row after it.
    #expect(
      view.dropProposal(
        for: drag, hovering: ListDropHover(destination: at(3), rowUnderFinger: at(3)))
        == ListDropProposal(.move, destination: .insert(at: at(4))))
    // Over empty space: the end of the list.
    #expect(
      view.dropProposal(for: drag, hovering: ListDropHover(destination: nil))
        == ListDropProposal(.move, destination: .insert(at: at(6))))
    #expect(
      view.drop(
        drag,
        hovering: ListDropHover(destination: at(3), rowUnderFinger: at(3), isInRowMiddle: true)))
    #expect(source.outline.tree.children(of: 4).map(\.id) == [5, 3])
    #expect(view.violations.isEmpty)
    withExtendedLifetime(controller) {}  // the view holds its data source weakly
  }

  @Test("random drops of random rows match a naive model, and undo back to the start")
  func randomAgainstModel() throws {
    let table = testTable()
    let start = try TestSnapshot(sections: [
      SnapshotSection(section("A"), items: items(Array(1...12))),
      SnapshotSection(section("B"), items: items(Array(13...20))),
      SnapshotSection(section("C"), items: []),
    ])
    let controller = Controller(host: table, snapshot: start, cellProvider: testCell)
    controller.canMove = { _, _ in true }
    table.reloadData()
    var random = SeededRandom(seed: 42)
    var model = ids(start)
    for step in 0..<90 {
      let all = model.flatMap { $0 }
      let picked = (0..<Int(random.next() % 6 + 1)).map { _ in all[Int(random.next() % 20)] }
      let section = Int(random.next() % 3)
      let item = Int(random.next() % UInt64(model[section].count + 1))
      // The naive model: the rows in list order leave, and go in before the
      // first row at or after the drop point that stays.
      let moving = all.filter { Set(picked).contains($0) }
      let anchor = model[section][item...].first { !moving.contains($0) }
      var next = model.map { $0.filter { !moving.contains($0) } }
      let at = anchor.flatMap { next[section].firstIndex(of: $0) } ?? next[section].count
      next[section].insert(contentsOf: moving, at: at)
      #expect(
        controller.userMoveItems(
          withIDs: picked, to: .insert(at: ItemPath(section: section, item: item))))
      model = next
      #expect(ids(controller.snapshot) == model, "step \(step)")
      expectShows(table, controller.snapshot, "step \(step)")
    }
    for _ in 0..<90 { controller.undo() }  // the history keeps 100
    #expect(ids(controller.snapshot) == ids(start), "every drop undone")
  }

  @Test("a drop from outside shows placeholder rows, then the loaded items; one undo step")
  func externalDrop() async throws {
    let (table, controller) = try screen()
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    let gate = Gate()
    controller.loadDroppedPayloads = { payloads in
      await gate.wait()
      return payloads.map { TestItem(id: ($0 as! Payload).id) }
    }
    let at = ListDropDestination.insert(at: ItemPath(section: 0, item: 1))
    #expect(table.dropProposal(forExternalItemCount: 2, at: at).operation == .copy)
    #expect(
      table.dropProposal(forExternalItemCount: 2, at: .into(ItemPath(section: 0, item: 1)))
        .operation == .forbidden)
    #expect(table.dropFromOutside([Payload(20), Payload(21)], at: at))
    #expect(ids(controller.snapshot) == [[1, -1, -2, 2, 3, 4], [5, 6, 8]])
    expectShows(table, controller.snapshot)
    // The list changes meanwhile: the placeholders keep their place.
    try controller.deleteItems(at: [ItemPath(section: 0, item: 0)])
    await gate.open()
    try await waitUntil { !controller.isUpdating }
    try await waitUntil { ids(controller.snapshot) == [[20, 21, 2, 3, 4], [5, 6, 8]] }
    expectShows(table, controller.snapshot)
    #expect(controller.history.undoName == "Add 2 Items")
    controller.undo()
    #expect(ids(controller.snapshot) == [[2, 3, 4], [5, 6, 8]])
  }

  @Test(
    "a drop from outside that fails to load: the placeholders go, the failure is reported and announced"
  )
  func externalDropFails() async throws {
    let source = StaticSource(try twoSections())
    let (table, controller) = try screen(source: source)
    table.isVoiceOverRunning = true
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    var failures: [Int] = []
    controller.didFailToLoadDrop = { _, count in failures.append(count) }
    let task = controller.insertDroppedItems(count: 2, at: ItemPath(section: 1, item: 3)) {
      throw Offline()
    }
    #expect(ids(controller.snapshot) == [[1, 2, 3, 4], [5, 6, 8, -1, -2]])
    #expect(ids(source.snapshot) == [[1, 2, 3, 4], [5, 6, 8]], "placeholders are the list's own")
    #expect(await task.value == false)
    try await waitUntil { !controller.isUpdating }
    #expect(ids(controller.snapshot) == [[1, 2, 3, 4], [5, 6, 8]])
    #expect(failures == [2])
    #expect(table.announcements.last?.hasPrefix("Couldn’t add 2 items") == true)
    expectShows(table, controller.snapshot)
  }

  @Test("following a source: loaded items it shows stay; the others are written where the drop was")
  func externalDropIntoSource() async throws {
    let source = StaticSource(try twoSections())
    let (table, controller) = try screen(source: source)
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    // A load that stores its item itself: the source shows it, nothing more.
    let stored = controller.insertDroppedItems(count: 1, at: ItemPath(section: 0, item: 0)) {
      var next = source.snapshot
      try next.insertItems(items([30]), at: ItemPath(section: 0, item: 0))
      source.setSnapshot(next)
      return items([30])
    }
    #expect(await stored.value)
    try await waitUntil { !controller.isUpdating }
    #expect(ids(controller.snapshot) == [[30, 1, 2, 3, 4], [5, 6, 8]])
    #expect(controller.history.undoSteps.isEmpty, "the app's own write")
    // A load that only makes its items: the list writes them to the source
    // where the placeholders are, though the source changed meanwhile.
    let gate = Gate()
    let made = controller.insertDroppedItems(count: 2, at: ItemPath(section: 1, item: 1)) {
      await gate.wait()
      return items([40, 41])
    }
    // The first drop's placeholder was number 0: these are 1 and 2.
    #expect(ids(controller.snapshot) == [[30, 1, 2, 3, 4], [5, -2, -3, 6, 8]])
    var next = source.snapshot
    try next.deleteItems([5])
    source.setSnapshot(next)
    #expect(ids(controller.snapshot) == [[30, 1, 2, 3, 4], [-2, -3, 6, 8]], "placeholders stay")
    await gate.open()
    #expect(await made.value)
    try await waitUntil { !controller.isUpdating }
    #expect(ids(source.snapshot) == [[30, 1, 2, 3, 4], [40, 41, 6, 8]])
    #expect(ids(controller.snapshot) == ids(source.snapshot))
    expectShows(table, controller.snapshot)
    controller.undo()
    #expect(ids(source.snapshot) == [[30, 1, 2, 3, 4], [6, 8]], "one undo step")
  }

  @Test(
    "two drops from outside load at once with the article's placeholders: both show, none traps",
    arguments: [false, true])
  func twoDropsInFlight(followingSource: Bool) async throws {
    let source = followingSource ? StaticSource(try twoSections()) : nil
    let (table, controller) = try screen(source: source)
    // The *User edits* article's placeholders: an id made of the number.
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    let first = Gate()
    let second = Gate()
    let a = controller.insertDroppedItems(count: 2, at: ItemPath(section: 0, item: 1)) {
      await first.wait()
      return items([20, 21])
    }
    let b = controller.insertDroppedItems(count: 1, at: ItemPath(section: 1, item: 0)) {
      await second.wait()
      return items([30])
    }
    try await settle(table, controller)
    #expect(ids(controller.snapshot) == [[1, -1, -2, 2, 3, 4], [-3, 5, 6, 8]])
    expectShows(table, controller.snapshot)
    await second.open()
    #expect(await b.value)
    try await settle(table, controller)
    #expect(ids(controller.snapshot) == [[1, -1, -2, 2, 3, 4], [30, 5, 6, 8]])
    await first.open()
    #expect(await a.value)
    try await settle(table, controller)
    #expect(ids(controller.snapshot) == [[1, 20, 21, 2, 3, 4], [30, 5, 6, 8]])
    if let source { #expect(ids(source.snapshot) == ids(controller.snapshot)) }
    expectShows(table, controller.snapshot)
    #expect(table.violations.isEmpty)
  }

  @Test(
    "a drop into a section an update on its way removes is declined and announced, never a trap",
    arguments: [false, true])
  func dropIntoRemovedSection(followingSource: Bool) async throws {
    let source = followingSource ? StaticSource(try twoSections()) : nil
    let (table, controller) = try screen(source: source)
    table.isVoiceOverRunning = true
    table.animationTiming = .manual
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    var failures: [String] = []
    controller.didFailToLoadDrop = { error, count in failures.append("\(count): \(error)") }
    // One update runs (its animation in flight), the next one, which
    // removes B, waits behind it.
    var running = try twoSections()
    try running.deleteItems([1])
    var next = running
    try next.deleteSections([section("B").id])
    for snapshot in [running, next] {
      if let source {
        source.setSnapshot(snapshot)
      } else {
        controller.apply(snapshot, completion: nil)
      }
    }
    #expect(ids(controller.snapshot) == [[2, 3, 4], [5, 6, 8]])
    // The view still shows B, and the user drops into it.
    var loaded = false
    let drop = controller.insertDroppedItems(count: 1, at: ItemPath(section: 1, item: 1)) {
      loaded = true
      return items([40])
    }
    #expect(await drop.value == false)
    #expect(!loaded, "a declined drop loads nothing")
    #expect(
      failures == [
        #"1: the drop's section "B" is gone: an update removed it while the user dropped"#
      ])
    #expect(table.announcements.last?.hasPrefix("Couldn’t add 1 item") == true)
    try await settle(table, controller)
    #expect(ids(controller.snapshot) == [[2, 3, 4]])
    expectShows(table, controller.snapshot)
  }

  @Test("placeholders whose ids the list has are declined, naming the ids")
  func placeholderIDsTaken() async throws {
    let (table, controller) = try screen()
    controller.dropPlaceholder = { $0 == 0 ? TestItem(id: 3) : TestItem(id: -9) }
    var failures: [ListDropError] = []
    controller.didFailToLoadDrop = { error, _ in failures.append(error as! ListDropError) }
    let drop = controller.insertDroppedItems(count: 3, at: ItemPath(section: 0, item: 0)) {
      items([50, 51, 52])
    }
    #expect(await drop.value == false)
    #expect(failures == [.placeholderIDsTaken(["3", "-9"])])
    #expect(
      "\(failures[0])"
        == "the drop's placeholder rows cannot be shown: their IDs 3, -9 are taken (by rows of "
        + "the list, another drop's placeholders or each other)")
    #expect(ids(controller.snapshot) == [[1, 2, 3, 4], [5, 6, 8]], "nothing shows")
    expectShows(table, controller.snapshot)
  }
}

/// What a drop from outside carries in these tests.
private final class Payload {
  let id: Int
  init(_ id: Int) { self.id = id }
}

private struct Offline: Error {}

/// Holds a load until the test opens it.
private actor Gate {
  private var isOpen = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    if isOpen { return }
    await withCheckedContinuation { waiting.append($0) }
  }

  func open() {
    isOpen = true
    for continuation in waiting { continuation.resume() }
    waiting = []
  }
}

/// Finishes the view's animations until no transaction runs.
@MainActor
private func settle(_ view: SimulatedListView, _ controller: ListDropTests.Controller) async throws
{
  try await waitUntil {
    view.finishAnimations()
    return !controller.isUpdating
  }
}

/// Waits (yielding) until `condition` holds, or fails after many turns.
@MainActor
private func waitUntil(_ condition: () -> Bool) async throws {
  for _ in 0..<1000 where !condition() { await Task.yield() }
  #expect(condition())
}
