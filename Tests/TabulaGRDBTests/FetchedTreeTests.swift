import Foundation
import GRDB
import Tabula
import TabulaGRDB
import TabulaTestSupport
import TabulaTesting
import Testing

/// A row of an adjacency-list table.
struct TreeRow: Codable, FetchableRecord, PersistableRecord, Diffable, Hashable, Sendable {
  static let databaseTableName = "node"
  var id: Int64
  var parent: Int64?
  var title: String
  var position: Int
}

/// A `node` table: 1 and 2 are roots; 3, 4 under 1; 5 under 3; 6 under 2.
func nodeDatabase(_ database: some DatabaseWriter) throws {
  try database.write { db in
    try db.execute(
      sql: """
        CREATE TABLE node (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES node (id)
                           ON DELETE CASCADE, title TEXT NOT NULL, position INTEGER NOT NULL);
        CREATE INDEX node_parent ON node (parent, position);
        INSERT INTO node VALUES (1, NULL, 'one', 1), (2, NULL, 'two', 2), (3, 1, 'three', 1),
                                (4, 1, 'four', 2), (5, 3, 'five', 1), (6, 2, 'six', 1);
        """)
  }
}

let nodeRequest = FetchedTreeRequest(
  table: "node", parentColumn: "parent", orderedBy: [.ascending("position")])

/// The visible rows as SQLite computes them: a recursive query over the
/// expanded ids, ordered by each row's path of sibling ranks.
func freshVisibleRows(_ database: some DatabaseReader, expanded: Set<Int64>) throws -> [String] {
  let json = "[" + expanded.map(String.init).joined(separator: ",") + "]"
  return try database.read { db in
    try Row.fetchAll(
      db,
      sql: """
        WITH RECURSIVE ranked AS (
          SELECT id, parent,
                 ROW_NUMBER() OVER (PARTITION BY parent ORDER BY position, rowid) AS rank,
                 EXISTS (SELECT 1 FROM node AS child WHERE child.parent = node.id) AS branch
          FROM node
        ), visible (id, depth, path, branch) AS (
          SELECT id, 0, printf('%08d', rank), branch FROM ranked WHERE parent IS NULL
          UNION ALL
          SELECT ranked.id, visible.depth + 1, visible.path || '.' || printf('%08d', ranked.rank),
                 ranked.branch
          FROM ranked JOIN visible ON ranked.parent = visible.id
          WHERE visible.id IN (SELECT value FROM json_each(?))
        )
        SELECT id, depth, branch FROM visible ORDER BY path
        """, arguments: [json]
    ).map { row in
      let id: Int64 = row["id"]
      let branch: Bool = row["branch"]
      let disclosure = !branch ? "leaf" : expanded.contains(id) ? "expanded" : "collapsed"
      return "\(id)@\(row["depth"] as Int)\(disclosure)"
    }
  }
}

/// A row of a table whose id column is not unique (no key): two rows may
/// share an id, and so a parent.
struct LinkRow: Codable, FetchableRecord, PersistableRecord, Diffable, Hashable, Sendable {
  static let databaseTableName = "link"
  var id: String
  var parent: String?
  var position: Int
}

let linkRequest = FetchedTreeRequest(
  table: "link", parentColumn: "parent", orderedBy: [.ascending("position")])

/// A `link` table holding `rows` (id, parent).
func linkDatabase(_ rows: [(String, String?)]) throws -> DatabaseQueue {
  let database = try DatabaseQueue()
  try database.write { db in
    try db.execute(
      sql: "CREATE TABLE link (id TEXT NOT NULL, parent TEXT, position INTEGER NOT NULL)")
    for (position, row) in rows.enumerated() {
      try LinkRow(id: row.0, parent: row.1, position: position).insert(db)
    }
  }
  return database
}

@MainActor
func shownRows(_ tree: FetchedTree<TreeRow, TreeRow>) -> [String] {
  tree.snapshot.items.map { "\($0.id)@\($0.position.depth)\($0.position.disclosure)" }
}

@MainActor
@Suite("FetchedTree: a live outline over an adjacency-list table")
struct FetchedTreeTests {
  @Test("reads the roots, then the children of what is expanded; collapsing reads nothing")
  func lazyReads() async throws {
    let log = StatementLog()
    var configuration = Configuration()
    configuration.prepareDatabase { db in
      db.trace { event in
        if case .statement(let statement) = event, statement.sql.contains("tabula_has_children") {
          log.append(statement.sql)
        }
      }
    }
    let database = try DatabaseQueue(configuration: configuration)
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    #expect(shownRows(tree) == ["1@0collapsed", "2@0collapsed"])
    #expect(tree.outline.tree.count == 2, "the children of collapsed nodes are not read")
    #expect(log.statements.count == 1)

    try tree.expand(1)
    await tree.waitUntilIdle()
    #expect(shownRows(tree) == ["1@0expanded", "3@1collapsed", "4@1leaf", "2@0collapsed"])
    #expect(tree.outline.tree.count == 4)
    #expect(log.statements.count == 3, "roots, then the children of 1")

    try tree.collapse(1)
    #expect(shownRows(tree) == ["1@0collapsed", "2@0collapsed"])
    #expect(log.statements.count == 3, "collapsing reads nothing")
    try tree.expand(1)
    #expect(shownRows(tree) == ["1@0expanded", "3@1collapsed", "4@1leaf", "2@0collapsed"])
    #expect(log.statements.count == 3, "children read before show at once")

    try tree.expandSubtree(1)
    await tree.waitUntilIdle()
    #expect(
      shownRows(tree) == ["1@0expanded", "3@1expanded", "5@2leaf", "4@1leaf", "2@0collapsed"])
    #expect(
      (#expect(throws: TreeError.self) { try tree.expand(99) })?.description
        == "unknown node ID 99: not in the tree")
  }

  @Test("snapshots as an AsyncSequence: the current one, a toggle, a commit; ends with the tree")
  func asyncSequence() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    var tree: FetchedTree<TreeRow, TreeRow>? = FetchedTree(database, request: nodeRequest)
    await tree!.waitUntilIdle()
    var iterator = tree!.snapshots.makeAsyncIterator()
    #expect(await iterator.next()?.items.map(\.id) == [1, 2])
    try tree!.expand(2)  // its children are read first
    await tree!.waitUntilIdle()
    #expect(await iterator.next()?.items.map(\.id) == [1, 2, 6])
    try tree!.collapse(2)  // a toggle shown without a read
    #expect(await iterator.next()?.items.map(\.id) == [1, 2])
    try await database.write { db in
      try TreeRow(id: 7, parent: nil, title: "seven", position: 3).insert(db)
    }
    #expect(await iterator.next()?.items.map(\.id) == [1, 2, 7])
    await tree!.waitUntilIdle()
    tree = nil
    #expect(await iterator.next() == nil, "the sequence ends when the tree goes")
  }

  @Test("inserts, moves, updates and deletes under expanded nodes animate, moves as moves")
  func liveChanges() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let table = SimulatedTableView(viewportHeight: 100)
    table.register(SimulatedCell.self, forReuseIdentifier: "node")
    table.animationTiming = .immediate
    let controller = ListController<SectionInfo, OutlineRow<TreeRow>, SimulatedCell>(host: table) {
      host, path, row in
      let cell = host.dequeueCell(withReuseIdentifier: "node", for: path)
      cell.text = String(repeating: "  ", count: row.position.depth) + row.item.title
      return cell
    }
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    controller.connect(to: tree)
    await tree.waitUntilIdle()
    try tree.expand(1)
    try tree.expand(2)
    await tree.waitUntilIdle()
    let expanded: Set<Int64> = [1, 2]
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: expanded))

    // A reply appears under 2.
    try await database.write { db in
      try TreeRow(id: 7, parent: 2, title: "seven", position: 0).insert(db)
    }
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: expanded))
    #expect(table.batchLog.last?.insertRows.count == 1)

    // 4 moves under 2: a move of its row, not a delete and an insert.
    try await database.write { db in
      try db.execute(sql: "UPDATE node SET parent = 2, position = 9 WHERE id = 4")
    }
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: expanded))
    #expect(table.batchLog.last?.moveRows.count == 1)
    #expect(table.batchLog.last?.deleteRows.isEmpty == true)

    // A title changes; a subtree goes (with its child, by cascade).
    try await database.write { db in
      try db.execute(sql: "UPDATE node SET title = 'TWO' WHERE id = 2")
    }
    await tree.waitUntilIdle()
    let two = try #require(tree.snapshot.path(of: 2))
    #expect(table.visibleCell(at: two)?.text == "TWO")
    try await database.write { db in try db.execute(sql: "DELETE FROM node WHERE id = 1") }
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: expanded))
    #expect(table.violations.isEmpty)
    #expect(table.reloadCount == 1, "every change animated")
  }

  @Test("a node expanded while a read made before runs shows its children once idle")
  func expandedDuringARead() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    try tree.expand(1)
    await tree.waitUntilIdle()
    // 4, a leaf, gets its first child; it is expanded once the read of that
    // commit has started, so the read was made for 4 collapsed.
    var reads = tree.readCount
    try await database.write { db in
      try TreeRow(id: 7, parent: 4, title: "seven", position: 1).insert(db)
    }
    await yieldUntil { tree.readCount != reads }
    try tree.expand(4)
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: [1, 4]))
    #expect(shownRows(tree).contains("7@2leaf"))
    // 3's child 5 is read, and 3 collapsed (which reads nothing); 3 is
    // expanded again while another commit's read runs, made for 3 collapsed.
    try tree.expand(3)
    await tree.waitUntilIdle()
    try tree.collapse(3)
    reads = tree.readCount
    try await database.write { db in
      try db.execute(sql: "UPDATE node SET title = 'ONE' WHERE id = 1")
    }
    await yieldUntil { tree.readCount != reads }
    try tree.expand(3)
    #expect(shownRows(tree).contains("5@2leaf"), "children read before show at once")
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: [1, 3, 4]))
  }

  @Test("a node collapsed under a subtree expanded whole stays collapsed through later commits")
  func collapsedUnderExpandedSubtree() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    try tree.expandSubtree(1)
    await tree.waitUntilIdle()
    #expect(tree.outline.expandedIDs == [1, 3])
    try tree.collapse(3)
    try await database.write { db in
      try TreeRow(id: 7, parent: 1, title: "seven", position: 9).insert(db)
    }
    await tree.waitUntilIdle()
    #expect(tree.outline.expandedIDs == [1], "the commit's read did not expand 3 again")
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: [1]))
  }

  @Test("expanding a subtree shows what was read at once; a toggle before its read lands fits")
  func subtreeShownAtOnce() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    try tree.expand(1)
    await tree.waitUntilIdle()
    try tree.expand(3)
    await tree.waitUntilIdle()
    try tree.collapse(3)  // 5 stays read
    try tree.expandSubtree(1)
    #expect(
      shownRows(tree) == ["1@0expanded", "3@1expanded", "5@2leaf", "4@1leaf", "2@0collapsed"],
      "what was read shows at once")
    // Collapsing 1 before the subtree's read lands removes exactly its rows.
    try tree.collapse(1)
    #expect(shownRows(tree) == ["1@0collapsed", "2@0collapsed"])
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: tree.outline.expandedIDs))
    #expect(shownRows(tree) == ["1@0collapsed", "2@0collapsed"])
  }

  @Test("a node collapsed while its subtree is being expanded whole is never expanded by a read")
  func collapsedWhileExpandingWhole() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    try await database.write { db in
      try TreeRow(id: 8, parent: 5, title: "eight", position: 1).insert(db)
    }
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    try tree.expand(1)
    await tree.waitUntilIdle()
    try tree.expand(3)
    await tree.waitUntilIdle()
    // 3's subtree is to be expanded whole while 1, above it, is collapsed:
    // its read does not reach 3. 5 is collapsed meanwhile.
    try tree.collapse(1)
    try tree.expandSubtree(3)
    try tree.collapse(5)
    await tree.waitUntilIdle()
    // Once 1 is expanded, 3's subtree is read and expanded, 5 excepted.
    try tree.expand(1)
    await tree.waitUntilIdle()
    #expect(tree.outline.expandedIDs == [1, 3])
    #expect(
      try shownRows(tree) == freshVisibleRows(database, expanded: [1, 3]),
      "the last call about 5 collapsed it")
  }

  @Test(
    "random writes interleaved with expanding and collapsing: whenever idle, the tree is a recursive query",
    arguments: 0..<4)
  func randomToggles(seed: UInt64) async throws {
    let steps =
      ProcessInfo.processInfo.environment["TABULA_TREE_FUZZ_STEPS"].flatMap(Int.init) ?? 500
    var random = SeededRandom(seed: 1200 + seed)
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    // What the calls made must have left: nodes expanded or collapsed by
    // the last call about them. A subtree expanded whole expands nodes the
    // test cannot name in advance, so it forgets which must be collapsed.
    var mustBeExpanded: Set<Int64> = []
    var mustBeCollapsed: Set<Int64> = []
    var nextID: Int64 = 100
    var comparisons = 0
    var togglesDuringReads = 0
    for step in 0..<steps {
      let context = "seed \(seed), step \(step)"
      switch random.int(in: 0..<10) {
      case 0, 1, 2:
        // A write: an insert (under a leaf, often), a move of a subtree
        // (never under itself), a reorder, a delete (with its subtree).
        let ids = try await database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM node")
        }
        let some = ids.randomElement(using: &random)
        let other = ids.randomElement(using: &random)
        let position = random.int(in: 0...9)
        let kind = random.int(in: 0..<5)
        let inserted = TreeRow(
          id: nextID, parent: random.chance(0.15) ? nil : some, title: "n\(nextID)",
          position: position)
        nextID += 1
        try await database.write { db in
          switch kind {
          case 0, 1:
            try inserted.insert(db)
          case 2:
            guard let some else { return }
            try db.execute(
              sql: """
                UPDATE node SET parent = ?, position = ? WHERE id = ? AND coalesce(?, -1) NOT IN (
                  WITH RECURSIVE below(id) AS (
                    SELECT ? UNION ALL SELECT node.id FROM node JOIN below ON node.parent = below.id)
                  SELECT id FROM below)
                """, arguments: [other, position, some, other, some])
          case 3:
            try db.execute(
              sql: "UPDATE node SET position = ? WHERE id = ?", arguments: [position, some])
          default:
            if ids.count > 3 {
              try db.execute(sql: "DELETE FROM node WHERE id = ?", arguments: [some])
            }
          }
        }
      case 3, 4, 5, 6:
        // A toggle of a node the tree holds, at once or once the read of
        // a commit has started (made for the expansion before).
        if random.chance(0.4), !tree.isIdle {
          let reads = tree.readCount
          var turns = 0
          while tree.readCount == reads && !tree.isIdle && turns < 100 {
            await Task.yield()
            turns += 1
          }
          togglesDuringReads += 1
        }
        let held = tree.outline.tree.items.map(\.id)
        guard let id = held.randomElement(using: &random) else { break }
        switch random.int(in: 0..<7) {
        case 0, 1, 2:
          if (try? tree.expand(id)) != nil {
            mustBeExpanded.insert(id)
            mustBeCollapsed.remove(id)
          }
        case 3, 4, 5:
          if (try? tree.collapse(id)) != nil {
            mustBeCollapsed.insert(id)
            mustBeExpanded.remove(id)
          }
        default:
          // (A leaf stays collapsed: only nodes with children expand.)
          if (try? tree.expandSubtree(id)) != nil { mustBeCollapsed = [] }
        }
      case 7, 8:
        for _ in 0..<random.int(in: 1...20) { await Task.yield() }
      default:
        await tree.waitUntilIdle()
        let expanded = tree.outline.expandedIDs
        #expect(tree.state == .loaded || tree.state == .noContent, "\(context)")
        #expect(
          try shownRows(tree) == freshVisibleRows(database, expanded: expanded), "\(context)")
        // Rows deleted take their state with them only once re-read; ids
        // are never reused, so a state kept by id is harmless.
        let present = Set(
          try await database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM node") })
        #expect(
          mustBeExpanded.intersection(present).isSubset(of: expanded),
          "expanded by the last call about them: \(context)")
        #expect(
          mustBeCollapsed.isDisjoint(with: expanded), "collapsed by the last call: \(context)")
        comparisons += 1
      }
    }
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: tree.outline.expandedIDs))
    #expect(comparisons > steps / 20 && togglesDuringReads > steps / 20)
  }

  @Test("a cycle through a repeated id is an error naming it, not a read that never ends")
  func cycleThroughRepeatedID() async throws {
    // "a" is a root, and again a child of its own child "b".
    let database = try linkDatabase([("a", nil), ("b", "a"), ("a", "b")])
    let message =
      #"nodes that are their own ancestors (each is the parent of the next): "a" → "b" → "a""#
    let tree = FetchedTree<LinkRow, LinkRow>(database, request: linkRequest)
    await tree.waitUntilIdle()
    try tree.expand("a")
    await tree.waitUntilIdle()
    #expect(tree.snapshot.items.map(\.id) == ["a", "b"])
    // Expanding "b" reads "a" under it, expanded, whose children are "b"...
    try tree.expand("b")
    await tree.waitUntilIdle()
    #expect(tree.state == .error(message))
    #expect(TreeError.cycles([[#""a""#, #""b""#]]).description == message)
    // The read ended: a writer is not blocked, and fixing the data mends the tree.
    try await database.write { db in
      try db.execute(sql: "DELETE FROM link WHERE id = 'a' AND parent = 'b'")
    }
    await tree.waitUntilIdle()
    #expect(tree.state == .loaded)
    #expect(tree.snapshot.items.map(\.id) == ["a", "b"])

    // Expanding a whole subtree meets the same cycle, one level deeper.
    let deeper = try linkDatabase([("r", nil), ("a", "r"), ("b", "a"), ("c", "b"), ("a", "c")])
    let whole = FetchedTree<LinkRow, LinkRow>(deeper, request: linkRequest)
    await whole.waitUntilIdle()
    try whole.expandSubtree("r")
    await whole.waitUntilIdle()
    #expect(
      whole.state
        == .error(TreeError.cycles([[#""a""#, #""b""#, #""c""#]]).description))
  }

  @Test("two expanded rows sharing an id are an error naming both places, not one read twice")
  func expandedDuplicates() async throws {
    // Two roots "a", each with a child: which of them is the parent of "x"?
    let database = try linkDatabase([("a", nil), ("x", "a"), ("a", nil)])
    let tree = FetchedTree<LinkRow, LinkRow>(database, request: linkRequest)
    await tree.waitUntilIdle()
    #expect(
      tree.state
        == .error(
          TreeError.duplicateIDs([TreeError.Duplicate(id: #""a""#, parents: [nil, nil])])
            .description))
    // Nested: "a" under "r" and under "s", both expanded.
    let nested = try linkDatabase([("r", nil), ("s", nil), ("a", "r"), ("a", "s"), ("x", "a")])
    let other = FetchedTree<LinkRow, LinkRow>(nested, request: linkRequest)
    await other.waitUntilIdle()
    try other.expandSubtree("r")
    await other.waitUntilIdle()
    try other.expandSubtree("s")
    await other.waitUntilIdle()
    let duplicate = TreeError.duplicateIDs([
      TreeError.Duplicate(id: #""a""#, parents: [#""r""#, #""s""#])
    ])
    #expect(other.state == .error(duplicate.description))
    #expect(duplicate.description == #"duplicate node IDs: "a" (under "r" and under "s")"#)
  }

  @Test("concurrent writers: the tree ends equal to a fresh recursive query")
  func concurrentWriters() async throws {
    let (folder, path) = try temporaryDatabasePath()
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try DatabasePool(path: path)
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    try tree.expand(1)
    try tree.expand(2)
    await tree.waitUntilIdle()
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<3 {
        group.addTask {
          var random = SeededRandom(seed: UInt64(writer) + 40)
          for step in 0..<60 {
            let id = Int64(random.int(in: 1...60))
            let parent = Int64(random.int(in: 0...12))
            let kind = random.int(in: 0..<4)
            let position = random.int(in: 0...9)
            try await database.write { db in
              // A parent that does not exist breaks the foreign key: that
              // statement fails, and the writer goes on.
              do {
                switch kind {
                case 0:
                  try db.execute(
                    sql: "INSERT OR IGNORE INTO node VALUES (?, ?, ?, ?)",
                    arguments: [id, parent == 0 ? nil : parent, "n\(step)", position])
                case 1:
                  // Never under itself or a descendant: only leaves move.
                  try db.execute(
                    sql: """
                      UPDATE node SET parent = ?, position = ? WHERE id = ?
                      AND NOT EXISTS (SELECT 1 FROM node AS child WHERE child.parent = node.id)
                      AND ? != id
                      """, arguments: [parent == 0 ? nil : parent, step, id, parent])
                case 2:
                  try db.execute(
                    sql: "UPDATE node SET title = ? WHERE id = ?", arguments: ["t\(step)", id])
                default:
                  try db.execute(sql: "DELETE FROM node WHERE id = ?", arguments: [id])
                }
              } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {}
            }
          }
        }
      }
      try await group.waitForAll()
    }
    await tree.waitUntilIdle()
    let expanded = Set(tree.outline.expandedIDs)
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: expanded))
  }

  @Test("expandSubtree opens what is there once: a node closed inside stays closed at commits")
  func expandSubtreeOnce() async throws {
    let database = try DatabaseQueue()
    try nodeDatabase(database)
    let tree = FetchedTree<TreeRow, TreeRow>(database, request: nodeRequest)
    await tree.waitUntilIdle()
    try tree.expandSubtree(1)
    await tree.waitUntilIdle()
    #expect(
      shownRows(tree) == ["1@0expanded", "3@1expanded", "5@2leaf", "4@1leaf", "2@0collapsed"])
    try tree.collapse(3)
    #expect(shownRows(tree) == ["1@0expanded", "3@1collapsed", "4@1leaf", "2@0collapsed"])
    // Any commit reads the visible part again: 3 stays as the user left it.
    try await database.write { db in
      try TreeRow(id: 7, parent: 4, title: "seven", position: 1).insert(db)
    }
    await tree.waitUntilIdle()
    #expect(
      shownRows(tree) == ["1@0expanded", "3@1collapsed", "4@1collapsed", "2@0collapsed"],
      "3 closed by the user, and 4's first child does not open it")
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: [1]))
    // Expanding the subtree again opens what is there now.
    try tree.expandSubtree(1)
    await tree.waitUntilIdle()
    #expect(try shownRows(tree) == freshVisibleRows(database, expanded: [1, 3, 4]))
  }
}
