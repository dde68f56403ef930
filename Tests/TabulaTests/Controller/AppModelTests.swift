import Foundation
import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// Apps written the way Apple's documentation tells them to, driven through
/// the simulators' callbacks at random: user reorders, drags of several
/// rows, deletes, the app's own applies, animations in flight. After every
/// step the app's own model equals what the data source says and what the
/// view shows, and nothing traps.
///
/// Each seed runs 500 steps in the short tier, 5,000 in the long one (or
/// `TABULA_APP_MODEL_STEPS`).
@MainActor
@Suite("Apps written as Apple's documentation says keep their model equal to the list")
struct AppModelTests {
  static let steps = TestLength.count(
    short: 500, long: 5_000, variable: "TABULA_APP_MODEL_STEPS")

  typealias Source = DiffableDataSource<SimulatedListView, Int, Int>

  /// The app: its sections in order, each with its items, kept three ways
  /// (each as one of Apple's samples keeps it).
  final class App {
    /// Updated by `moveRowAt` one call at a time, and by the app's edits:
    /// what it applies.
    var sections: [(id: Int, items: [Int])] = []
    /// Updated by `didReorder`: each section transaction's final items.
    var byFinal: [Int: [Int]] = [:]
    /// Updated by `didReorder`: each section transaction's difference,
    /// applied to the section's items.
    var byDifference: [Int: [Int]] = [:]
    var nextID = 1
    /// What the app heard, by callback.
    var heard: [String: Int] = [:]

    func fresh() -> Int {
      defer { nextID += 1 }
      return nextID
    }

    var snapshot: DiffableSnapshot<Int, Int> {
      var snapshot = DiffableSnapshot<Int, Int>()
      snapshot.appendSections(sections.map(\.id))
      for section in sections { snapshot.appendItems(section.items, toSection: section.id) }
      return snapshot
    }

    /// The model as rows, section by section.
    var rows: [[Int]] { sections.map(\.items) }

    /// Each section's items as the reorder handlers keep them.
    func kept(_ store: [Int: [Int]]) -> [[Int]] { sections.map { store[$0.id] ?? [] } }

    /// The stores the reorder handlers update start from the model.
    func resetStores() {
      byFinal = Dictionary(uniqueKeysWithValues: sections.map { ($0.id, $0.items) })
      byDifference = byFinal
    }
  }

  /// What the data source says, section by section.
  static func rows(_ snapshot: DiffableSnapshot<Int, Int>) -> [[Int]] {
    snapshot.sectionIdentifiers.map { snapshot.itemIdentifiers(inSection: $0) }
  }

  /// What the view shows, section by section (every row is on screen).
  static func rows(_ view: SimulatedListView) -> [[Int]] {
    (0..<view.numberOfSections).map { section in
      (0..<view.numberOfRows(inSectionAt: section)).map {
        view.visibleCell(at: ItemPath(section: section, item: $0)).flatMap { Int($0.text) } ?? -1
      }
    }
  }

  @Test(
    "drop-in data source: moveRowAt, reordering handlers, commit and the app's applies",
    arguments: [(ListViewKind.table, UInt64(1)), (.collection, 2), (.table, 3), (.collection, 4)])
  func dropIn(kind: ListViewKind, seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let view: SimulatedListView =
      kind == .table
      ? SimulatedTableView(viewportHeight: 1000) : SimulatedCollectionView(viewportHeight: 1000)
    view.register(SimulatedCell.self, forReuseIdentifier: "row")
    let dataSource = Source(host: view) { host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = "\(id)"
      return cell
    }
    let app = App()
    dataSource.canMoveItem = { _ in true }
    dataSource.canDeleteItem = { _ in true }
    // UITableViewDiffableDataSource's subclass: moveRowAt, one call at a
    // time, each applied to the app's array.
    dataSource.didMoveItem = { from, to in
      app.heard["moveRowAt", default: 0] += 1
      guard app.sections.indices.contains(from.section),
        app.sections[from.section].items.indices.contains(from.item),
        app.sections.indices.contains(to.section),
        to.item <= app.sections[to.section].items.count - (from.section == to.section ? 1 : 0)
      else {
        Issue.record("moveRowAt from \(from) to \(to): not a move of the app's rows \(app.rows)")
        return
      }
      let id = app.sections[from.section].items.remove(at: from.item)
      app.sections[to.section].items.insert(id, at: to.item)
    }
    // UICollectionViewDiffableDataSource's reorderingHandlers, as Apple's
    // sample writes them.
    dataSource.didReorder = { transaction in
      app.heard[transaction.sectionTransactions.count > 1 ? "across" : "within", default: 0] += 1
      for section in transaction.sectionTransactions {
        let id = section.sectionIdentifier
        app.byFinal[id] = section.finalSnapshot.items
        if let items = app.byDifference[id]?.applying(section.difference) {
          app.byDifference[id] = items
        }
      }
    }
    // The commit of a delete: the app removes the row and applies.
    dataSource.commitDelete = { path in
      app.heard["commit", default: 0] += 1
      guard app.sections.indices.contains(path.section),
        app.sections[path.section].items.indices.contains(path.item)
      else {
        Issue.record("commit at \(path): not a row of the app's \(app.rows)")
        return
      }
      app.sections[path.section].items.remove(at: path.item)
      app.resetStores()
      dataSource.apply(app.snapshot, animatingDifferences: true, completion: nil)
    }
    for section in 0..<3 {
      app.sections.append((section, (0..<random.int(in: 0...5)).map { _ in app.fresh() }))
    }
    app.resetStores()
    await dataSource.apply(app.snapshot)
    // Half the seeds keep animations in flight until the test finishes them.
    if random.chance(0.5) { view.animationTiming = .manual }

    for step in 0..<Self.steps {
      let rowCount = app.rows.reduce(0) { $0 + $1.count }
      switch random.int(in: 0..<10) {
      case 0, 1:
        appEdit(app, &random)
        app.resetStores()
        dataSource.apply(app.snapshot, animatingDifferences: random.chance(0.7), completion: nil)
      case 2, 3, 4:
        guard rowCount > 0, let (from, to) = randomMove(in: view, &random) else { break }
        _ = view.userMoveRow(from: from, to: to)
      case 5, 6:
        guard rowCount > 0, let start = randomRow(in: view, &random),
          var drag = view.beginDrag(at: start)
        else { break }
        for _ in 0..<random.int(in: 0...3) {
          if let row = randomRow(in: view, &random) { view.addToDrag(&drag, at: row) }
        }
        let section = random.int(in: 0..<view.numberOfSections)
        let at = ItemPath(
          section: section, item: random.int(in: 0...view.numberOfRows(inSectionAt: section)))
        if view.drop(drag, at: .insert(at: at)), drag.count > 1 {
          app.heard["drops of several rows", default: 0] += 1
        }
      case 7:
        guard let row = randomRow(in: view, &random) else { break }
        view.userDeleteRows(at: [row])
      case 8:
        view.finishAnimations()
      default:
        await Task.yield()
      }
      // Applies made inside the move callback reach the view on the next
      // turn.
      await Task.yield()
      let said = Self.rows(dataSource.snapshot())
      #expect(app.rows == said, "step \(step): the app's array and snapshot()")
      #expect(app.kept(app.byFinal) == said, "step \(step): didReorder's final snapshots")
      #expect(app.kept(app.byDifference) == said, "step \(step): didReorder's differences")
      #expect(Self.rows(view) == said, "step \(step): what the view shows")
      #expect(view.violations.isEmpty, "step \(step): \(view.violations)")
      if app.rows != said || Self.rows(view) != said || !view.violations.isEmpty { return }
    }
    // The walk went through every callback.
    for callback in ["moveRowAt", "within", "across", "commit", "drops of several rows"] {
      #expect(app.heard[callback, default: 0] > Self.steps / 100, "\(callback): \(app.heard)")
    }
  }

  @Test(
    "drop-in with a section snapshot: reorders, toggles through the handlers, the app's applies",
    arguments: [UInt64(21), 22])
  func dropInOutline(seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let view = SimulatedCollectionView(viewportHeight: 1000)
    view.register(SimulatedCell.self, forReuseIdentifier: "row")
    let dataSource = Source(host: view) { host, path, id in
      let cell = host.dequeueCell(withReuseIdentifier: "row", for: path)
      cell.text = "\(id)"
      return cell
    }
    dataSource.canMoveItem = { _ in true }
    // The app: a flat section 0 and an outline in section 1, kept from the
    // section transactions as Apple's sample keeps them.
    var flat = [1, 2, 3, 4]
    var outline = DiffableSectionSnapshot<Int>()
    outline.append([10, 20, 30])
    outline.append([11, 12], to: 10)
    outline.append([21], to: 20)
    var nextID = 100
    var heard: [String] = []
    dataSource.didReorder = { transaction in
      for section in transaction.sectionTransactions {
        if section.sectionIdentifier == 0 {
          flat = section.finalSnapshot.items
        } else {
          outline = section.finalSnapshot
        }
      }
      heard.append("reorder")
    }
    // The handlers hear expansions in Apple's order: asked, then told.
    var handlerLog: [String] = []
    dataSource.sectionSnapshotHandlers.shouldExpandItem = { item in
      handlerLog.append("should expand \(item)")
      return true
    }
    dataSource.sectionSnapshotHandlers.willExpandItem = { handlerLog.append("will expand \($0)") }
    dataSource.sectionSnapshotHandlers.shouldCollapseItem = { item in
      handlerLog.append("should collapse \(item)")
      return true
    }
    dataSource.sectionSnapshotHandlers.willCollapseItem = {
      handlerLog.append("will collapse \($0)")
    }
    var whole = DiffableSnapshot<Int, Int>()
    whole.appendSections([0])
    whole.appendItems(flat, toSection: 0)
    await dataSource.apply(whole)
    await dataSource.apply(outline, to: 1)

    /// The outline's items and each one's parent.
    func shape(_ outline: DiffableSectionSnapshot<Int>) -> [String] {
      outline.items.map { "\($0)<\(outline.parent(of: $0).map(String.init) ?? "-")" }
    }
    for step in 0..<Self.steps {
      switch random.int(in: 0..<8) {
      case 0:
        // The app adds a child somewhere, and applies the section snapshot.
        let parent = outline.items.randomElement(using: &random)
        nextID += 1
        outline.append([nextID], to: parent)
        dataSource.apply(outline, to: 1, animatingDifferences: true, completion: nil)
      case 1:
        // The app adds a row to the flat section with a whole snapshot.
        nextID += 1
        flat.insert(nextID, at: random.int(in: 0...flat.count))
        var next = dataSource.snapshot()
        next.deleteItems(next.itemIdentifiers(inSection: 0))
        next.appendItems(flat, toSection: 0)
        dataSource.apply(next, animatingDifferences: true, completion: nil)
      case 2, 3, 4:
        guard let (from, to) = randomMove(in: view, &random) else { break }
        _ = view.userMoveRow(from: from, to: to)
      case 5:
        // A tap on a disclosure.
        let rows = dataSource.snapshot().itemIdentifiers(inSection: 1)
        if let item = rows.randomElement(using: &random) {
          let expanded = dataSource.snapshot(for: 1).isExpanded(item)
          let log = handlerLog.count
          if dataSource.toggleExpansion(of: item) {
            let verb = expanded ? "collapse" : "expand"
            #expect(
              Array(handlerLog[log...]) == ["should \(verb) \(item)", "will \(verb) \(item)"],
              "step \(step)")
            heard.append(verb)
          }
        }
      case 6:
        guard let start = randomRow(in: view, &random), var drag = view.beginDrag(at: start)
        else { break }
        if let row = randomRow(in: view, &random) { view.addToDrag(&drag, at: row) }
        let section = random.int(in: 0..<view.numberOfSections)
        let at = ItemPath(
          section: section, item: random.int(in: 0...view.numberOfRows(inSectionAt: section)))
        if view.drop(drag, at: .insert(at: at)) { heard.append("drop") }
      default:
        await Task.yield()
      }
      await Task.yield()
      let kept = dataSource.snapshot(for: 1)
      #expect(dataSource.snapshot().itemIdentifiers(inSection: 0) == flat, "step \(step)")
      #expect(shape(kept) == shape(outline), "step \(step): the app's outline")
      #expect(
        dataSource.snapshot().itemIdentifiers(inSection: 1) == kept.visibleItems, "step \(step)")
      #expect(Self.rows(view) == Self.rows(dataSource.snapshot()), "step \(step): the view")
      #expect(view.violations.isEmpty, "step \(step): \(view.violations)")
      if shape(kept) != shape(outline) || !view.violations.isEmpty { return }
    }
    for kind in ["reorder", "expand", "collapse", "drop"] {
      #expect(heard.filter { $0 == kind }.count > Self.steps / 200, "\(kind)")
    }
  }

  @Test(
    "ListController over a WritableSource: moves, drags, deletes, drops from outside, undo",
    arguments: [(ListViewKind.table, UInt64(11)), (.collection, 12), (.table, 13)])
  func writableSource(kind: ListViewKind, seed: UInt64) async throws {
    var random = SeededRandom(seed: seed)
    let view: SimulatedListView =
      kind == .table
      ? SimulatedTableView(viewportHeight: 1000) : SimulatedCollectionView(viewportHeight: 1000)
    view.register(SimulatedCell.self, forReuseIdentifier: "cell")
    let app = App()
    for section in 0..<3 {
      app.sections.append((section, (0..<random.int(in: 0...5)).map { _ in app.fresh() }))
    }
    let source = StaticSource(try Self.testSnapshot(app.rows))
    let controller = ListController<SectionInfo, TestItem, SimulatedCell>(
      host: view, cellProvider: testCell)
    controller.connect(to: source)
    view.reloadData()
    controller.selectionMode = .multiple
    controller.canMove = { item, _ in item.id > 0 }
    controller.canDelete = { item, _ in item.id > 0 }
    // The *User edits* article's placeholders, and loads the test answers.
    controller.dropPlaceholder = { TestItem(id: -1 - $0) }
    var loads: [CheckedContinuation<[TestItem]?, Never>] = []
    controller.loadDroppedPayloads = { payloads in
      let loaded = await withCheckedContinuation { loads.append($0) }
      guard let loaded else { throw Offline() }
      return loaded
    }
    if random.chance(0.5) { view.animationTiming = .manual }
    var heard: [String: Int] = [:]
    controller.didFailToLoadDrop = { _, _ in heard["failed drop", default: 0] += 1 }
    var failedWrites: [String] = []
    controller.didFailToWrite = { error, edit in failedWrites.append("\(edit): \(error)") }
    // The data before each of the user's edits on top of the history, and
    // after each undone one: what undo and redo give back. Cleared when
    // the history's top holds a step the test did not predict (a drop's
    // items added, an edit made while a drop loaded) or the app changed
    // the data under it.
    var undoModels: [[[Int]]] = []
    var redoModels: [[[Int]]] = []
    var model = app.rows
    var lastKind = ""

    for step in 0..<Self.steps {
      // The user's edit is predictable when the list shows the data as it
      // is, without placeholders.
      if step % 100 == 50 {
        for load in loads { load.resume(returning: [TestItem(id: app.fresh())]) }
        loads = []
        for _ in 0..<10 { await Task.yield() }
        // Their items were added as steps the test did not predict.
        undoModels = []
        redoModels = []
        model = Self.rows(source.snapshot)
      }
      let predictable =
        loads.isEmpty && controller.snapshot == controller.latestSnapshot
        && Self.rows(controller.latestSnapshot) == model
      let recorded = controller.history.recordedCount
      let before = model
      var expected: [[Int]]?
      var kind = "user"
      var choice = random.int(in: 0..<20)
      // Undo and redo come in runs, as a user undoes and redoes.
      if lastKind == "undo" && random.chance(0.5) { choice = random.chance(0.5) ? 14 : 16 }
      if lastKind == "redo" && random.chance(0.3) { choice = 16 }
      // Every other run of 50 steps, the user alone edits, drops from
      // outside loaded: what each edit, undo and redo does is predicted.
      // Undo and redo then take back only what the test predicted.
      if (step / 50) % 2 == 1 {
        if [0, 11, 12, 13].contains(choice) { choice = 1 }
        if [14, 15].contains(choice) && undoModels.isEmpty { choice = 2 }
        if choice == 16 && redoModels.isEmpty { choice = 3 }
        if !redoModels.isEmpty && random.chance(0.4) { choice = 16 }
      }
      switch choice {
      case 0:
        // The app writes its own data: the source publishes.
        var rows = Self.rows(source.snapshot)
        Self.edit(&rows, app, &random)
        source.setSnapshot(try Self.testSnapshot(rows))
        kind = "app"
        heard["app", default: 0] += 1
      case 1...5:
        guard let (from, to) = randomMove(in: view, &random),
          let moved = view.userMoveRow(from: from, to: to)
        else { break }
        heard["move", default: 0] += 1
        if predictable {
          var next = model
          next[moved.section].insert(next[from.section].remove(at: from.item), at: moved.item)
          expected = next
        }
      case 6...8:
        guard let start = randomRow(in: view, &random), var drag = view.beginDrag(at: start)
        else { break }
        for _ in 0..<random.int(in: 0...3) {
          if let row = randomRow(in: view, &random) { view.addToDrag(&drag, at: row) }
        }
        let section = random.int(in: 0..<view.numberOfSections)
        let at = ItemPath(
          section: section, item: random.int(in: 0...view.numberOfRows(inSectionAt: section)))
        let rows = Self.rows(controller.snapshot)
        guard view.drop(drag, at: .insert(at: at)) else { break }
        heard["drag", default: 0] += 1
        if predictable {
          // The rows, in list order, go in before the first row at or
          // after the drop point that stays.
          let ids = Set(drag.itemIDs.compactMap { $0 as? Int })
          let moving = rows.flatMap { $0 }.filter(ids.contains)
          let anchor = rows[section][at.item...].first { !ids.contains($0) }
          var next = rows.map { $0.filter { !ids.contains($0) } }
          let index = anchor.flatMap { next[section].firstIndex(of: $0) } ?? next[section].count
          next[section].insert(contentsOf: moving, at: index)
          expected = next
        }
      case 9, 10:
        guard let row = randomRow(in: view, &random) else { break }
        let id = controller.snapshot[row].id
        guard !view.userDeleteRows(at: [row]).isEmpty else { break }
        heard["delete", default: 0] += 1
        if predictable { expected = model.map { $0.filter { $0 != id } } }
      case 11:
        let section = random.int(in: 0..<view.numberOfSections)
        let at = ItemPath(
          section: section, item: random.int(in: 0...view.numberOfRows(inSectionAt: section)))
        let payloads = (0..<random.int(in: 1...3)).map { _ in Payload() }
        let loading = loads.count
        if view.dropFromOutside(payloads, at: .insert(at: at)) {
          heard["drop from outside", default: 0] += 1
          // The drop's task starts its load (whatever else the test
          // process runs meanwhile), so the walk does not depend on timing.
          for _ in 0..<1000 where loads.count == loading { await Task.yield() }
          if loads.count > 1 { heard["drops loading at once", default: 0] += 1 }
        }
      case 12, 13:
        guard !loads.isEmpty else { break }
        let load = loads.remove(at: random.int(in: 0..<loads.count))
        if random.chance(0.8) {
          load.resume(returning: (0..<random.int(in: 0...3)).map { _ in TestItem(id: app.fresh()) })
        } else {
          load.resume(returning: nil)
        }
        // The drop's task takes the items in.
        for _ in 0..<5 { await Task.yield() }
      case 14, 15:
        guard controller.history.canUndo else { break }
        controller.undo()
        kind = "undo"
        heard["undo", default: 0] += 1

        if predictable, let previous = undoModels.popLast() {
          redoModels.append(model)
          expected = previous
        }
      case 16:
        guard controller.history.canRedo else { break }
        controller.redo()
        kind = "redo"
        heard["redo", default: 0] += 1
        if predictable, let next = redoModels.popLast() {
          undoModels.append(model)
          expected = next
        }
      default:
        view.finishAnimations()
      }
      await Task.yield()
      let data = Self.rows(source.snapshot)
      if let expected {
        #expect(data == expected, "step \(step): the source has what the user did")
        heard["predicted \(kind)", default: 0] += 1
      }
      // Keep the stacks the history's top: a new predicted edit pushes,
      // anything else the test did not predict clears them.
      let pushed = controller.history.recordedCount != recorded
      if kind == "user", pushed, expected != nil {
        undoModels.append(model)
        redoModels = []
      } else if kind == "app" || (pushed && kind == "user") || (kind != "user" && expected == nil)
        || (!pushed && kind == "user" && data != model && expected == nil)
      {
        undoModels = []
        redoModels = []
      }
      model = data
      lastKind = kind
      // Only a step of the history whose rows the app removed since
      // cannot be written (it is reported and dropped, the data as it was).
      if !failedWrites.isEmpty {
        #expect(kind == "undo" || kind == "redo", "step \(step) (\(kind)): \(failedWrites)")
        #expect(data == before, "step \(step): a failed undo or redo changes nothing")
        #expect(failedWrites.allSatisfy { $0.contains("unknown item ID") }, "\(failedWrites)")
        heard["undo of rows gone", default: 0] += 1
        failedWrites = []
      }
      #expect(view.violations.isEmpty, "step \(step): \(view.violations)")
      expectShows(view, controller.snapshot, "step \(step)")
      // The list is the source's data with the drops' placeholders.
      let listed = Self.rows(controller.latestSnapshot).map { $0.filter { $0 > 0 } }
      #expect(listed == data, "step \(step): the list and the source")
      if listed != data || !view.violations.isEmpty || (expected != nil && data != expected) {
        return
      }
    }
    for load in loads { load.resume(returning: nil) }
    // The walk went through every kind of step, and predicted some of each.
    let rare = ["drops loading at once", "predicted undo", "predicted redo"]
    for kind in ["app", "move", "drag", "delete", "drop from outside", "undo", "redo"] + rare {
      let least = rare.contains(kind) ? 0 : Self.steps / 100
      #expect(heard[kind, default: 0] > least, "\(kind): \(heard.sorted { $0.key < $1.key })")
    }
    #expect(heard["predicted user", default: 0] > Self.steps / 10)
  }

  /// What a drop from outside carries here.
  final class Payload {}

  struct Offline: Error {}

  /// `rows` as sections "0", "1"... of test items.
  static func testSnapshot(_ rows: [[Int]]) throws -> TestSnapshot {
    try TestSnapshot(
      sections: rows.enumerated().map { index, ids in
        SnapshotSection(section("\(index)"), items: items(ids))
      })
  }

  /// A test snapshot's ids, section by section.
  static func rows(_ snapshot: TestSnapshot) -> [[Int]] {
    (0..<snapshot.numberOfSections).map { snapshot.items(inSectionAt: $0).map(\.id) }
  }

  /// A random edit of rows: some added, one removed, one moved.
  static func edit(_ rows: inout [[Int]], _ app: App, _ random: inout SeededRandom) {
    let section = random.int(in: 0..<rows.count)
    switch random.int(in: 0..<3) {
    case 0:
      for _ in 0..<random.int(in: 1...3) {
        rows[section].insert(app.fresh(), at: random.int(in: 0...rows[section].count))
      }
    case 1:
      if !rows[section].isEmpty {
        rows[section].remove(at: random.int(in: 0..<rows[section].count))
      }
    default:
      let to = random.int(in: 0..<rows.count)
      if !rows[section].isEmpty {
        let id = rows[section].remove(at: random.int(in: 0..<rows[section].count))
        rows[to].insert(id, at: random.int(in: 0...rows[to].count))
      }
    }
  }

  /// A random edit of the app's own: rows added, removed or moved, a
  /// section added or removed.
  func appEdit(_ app: App, _ random: inout SeededRandom) {
    let sectionCount = app.sections.count
    switch random.int(in: 0..<5) {
    case 0:
      let section = random.int(in: 0..<sectionCount)
      for _ in 0..<random.int(in: 1...3) {
        let count = app.sections[section].items.count
        app.sections[section].items.insert(app.fresh(), at: random.int(in: 0...count))
      }
    case 1:
      let section = random.int(in: 0..<sectionCount)
      if !app.sections[section].items.isEmpty {
        app.sections[section].items.remove(
          at: random.int(in: 0..<app.sections[section].items.count))
      }
    case 2:
      let from = random.int(in: 0..<sectionCount)
      let to = random.int(in: 0..<sectionCount)
      if !app.sections[from].items.isEmpty {
        let id = app.sections[from].items.remove(
          at: random.int(in: 0..<app.sections[from].items.count))
        app.sections[to].items.insert(id, at: random.int(in: 0...app.sections[to].items.count))
      }
    case 3 where sectionCount < 5:
      let id = (app.sections.map(\.id).max() ?? 0) + 1
      app.sections.insert(
        (id, (0..<random.int(in: 0...3)).map { _ in app.fresh() }),
        at: random.int(in: 0...sectionCount))
    default:
      if sectionCount > 1 { app.sections.remove(at: random.int(in: 0..<sectionCount)) }
    }
  }

  /// A random row the view shows.
  func randomRow(in view: SimulatedListView, _ random: inout SeededRandom) -> ItemPath? {
    let sections = (0..<view.numberOfSections).filter { view.numberOfRows(inSectionAt: $0) > 0 }
    guard let section = sections.randomElement(using: &random) else { return nil }
    return ItemPath(
      section: section, item: random.int(in: 0..<view.numberOfRows(inSectionAt: section)))
  }

  /// A random reorder the user can make: a row, and where it lands (a
  /// path after it left).
  func randomMove(in view: SimulatedListView, _ random: inout SeededRandom) -> (
    ItemPath, ItemPath
  )? {
    guard let from = randomRow(in: view, &random) else { return nil }
    let section = random.int(in: 0..<view.numberOfSections)
    let count = view.numberOfRows(inSectionAt: section) - (section == from.section ? 1 : 0)
    let to = ItemPath(section: section, item: random.int(in: 0...count))
    return to == from ? nil : (from, to)
  }
}
