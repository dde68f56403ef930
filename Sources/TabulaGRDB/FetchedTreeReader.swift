import Foundation
import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// What one read of a ``FetchedTree`` returned.
struct FetchedTreeRead<Item: Diffable>: Sendable {
  /// The roots and the children of the expanded nodes.
  let tree: Tree<Item>
  /// The nodes read whose children were not read (they have some).
  let unloaded: Set<Item.ID>
  /// Nodes expanded by the read, each with the root of the subtree being
  /// expanded whole that it lies in (the nearest one).
  let expanded: [(id: Item.ID, root: Item.ID)]
  /// The subtrees the read expanded whole (those it reached).
  let expandedSubtrees: Set<Item.ID>
  /// What the read learned about the request, for the change tracker.
  let plan: FetchPlan
}

/// One read of a ``FetchedTree``, captured on the main actor and run on
/// GRDB's reader: the roots, then the children of expanded nodes, level by
/// level.
struct FetchedTreeReader<Record: FetchableRecord & Sendable, Item: Diffable>: Sendable {
  let request: FetchedTreeRequest
  let makeItem: @Sendable (Record) -> Item
  let generation: Int
  let expanded: Set<Item.ID>
  let expandingSubtrees: Set<Item.ID>
  let keptCollapsed: Set<Item.ID>

  func read(_ db: Database) throws -> FetchedTreeRead<Item> {
    var pairs: [(item: Item, parentID: Item.ID?)] = []
    var unloaded: Set<Item.ID> = []
    var newlyExpanded: [(id: Item.ID, root: Item.ID)] = []
    // The nodes whose children are read: the database id of each, once.
    // Reading a database id's children twice would read the same rows
    // again: a cycle through a repeated id (a non-unique id column) would
    // never end, and two rows sharing an id could not both be parents.
    var parentNodes: [ParentNode] = []
    var nodeOfDatabaseID: [DatabaseValue: Int] = [:]
    let schemaVersion = try db.schemaVersion()
    let (rootsSQL, rootsArguments) = try request.childrenSQL(of: nil).build(db)
    let rootsStatement = try db.makeStatement(sql: rootsSQL)
    var level = try rows(rootsStatement, rootsArguments, parents: [:], nodes: parentNodes)
    while true {
      // This level's parents: the database ids to read the children of.
      var frontier: [DatabaseValue] = []
      var parents: [DatabaseValue: Int] = [:]
      for row in level {
        pairs.append((row.item, row.parentNode.map { parentNodes[$0].itemID }))
        let id = row.item.id
        // The subtree expanded whole that the row lies in, if any.
        let wholeRoot = expandingSubtrees.contains(id) ? id : row.wholeRoot
        guard row.hasChildren else { continue }
        let expandedWhole = wholeRoot != nil && !keptCollapsed.contains(id)
        guard expanded.contains(id) || expandedWhole else {
          unloaded.insert(row.item.id)
          continue
        }
        if let earlier = nodeOfDatabaseID[row.databaseID] {
          throw repeatedParent(row, earlier: earlier, in: parentNodes)
        }
        if let wholeRoot, !expanded.contains(id) { newlyExpanded.append((id, wholeRoot)) }
        nodeOfDatabaseID[row.databaseID] = parentNodes.count
        parents[row.databaseID] = parentNodes.count
        parentNodes.append(
          ParentNode(itemID: id, parent: row.parentNode, wholeRoot: wholeRoot))
        frontier.append(row.databaseID)
      }
      guard !frontier.isEmpty else { break }
      level = []
      for start in stride(from: 0, to: frontier.count, by: 500) {
        let chunk = Array(frontier[start..<min(start + 500, frontier.count)])
        let (sql, arguments) = try request.childrenSQL(of: chunk).build(db)
        level += try rows(
          db.makeStatement(sql: sql), arguments, parents: parents, nodes: parentNodes)
      }
    }
    let plan = FetchPlan(
      generation: generation, schemaVersion: schemaVersion,
      region: rootsStatement.databaseRegion, incremental: false, rowIDColumns: [],
      uniqueColumns: [])
    let tree = try Tree(pairs)
    return FetchedTreeRead(
      tree: tree, unloaded: unloaded, expanded: newlyExpanded,
      expandedSubtrees: expandingSubtrees.filter(tree.contains), plan: plan)
  }

  /// A node whose children are read.
  private struct ParentNode {
    let itemID: Item.ID
    /// Its parent node, `nil` for a root.
    let parent: Int?
    /// The root of the subtree expanded whole that it lies in, if any.
    let wholeRoot: Item.ID?
  }

  /// The error for `row`, whose children are to be read although its
  /// database id's were read already, for the node `earlier`: when that
  /// node is one of the row's ancestors, the nodes from it down to the
  /// row's parent form a cycle (`TreeError.cycles(_:)`, as `Tree` names
  /// one); else two rows share the id (`TreeError.duplicateIDs(_:)`).
  private func repeatedParent(
    _ row: ReadRow, earlier: Int, in nodes: [ParentNode]
  ) -> TreeError {
    var path: [Int] = []
    var node = row.parentNode
    while let current = node {
      path.append(current)
      if current == earlier {
        return .cycles([path.reversed().map { String(reflecting: nodes[$0].itemID) }])
      }
      node = nodes[current].parent
    }
    return .duplicateIDs([
      TreeError.Duplicate(
        id: String(reflecting: row.item.id),
        parents: [nodes[earlier].parent, row.parentNode].map { parent in
          parent.map { String(reflecting: nodes[$0].itemID) }
        })
    ])
  }

  private struct ReadRow {
    let item: Item
    let databaseID: DatabaseValue
    /// The parent's node, `nil` for a root.
    let parentNode: Int?
    let hasChildren: Bool
    /// The root of the subtree expanded whole that its parent lies in.
    let wholeRoot: Item.ID?
  }

  private func rows(
    _ statement: Statement, _ arguments: StatementArguments,
    parents: [DatabaseValue: Int], nodes: [ParentNode]
  ) throws -> [ReadRow] {
    var rows: [ReadRow] = []
    let cursor = try Row.fetchCursor(statement, arguments: arguments)
    while let row = try cursor.next() {
      let databaseID: DatabaseValue = row["tabula_id"]
      let parentDatabaseID: DatabaseValue = row["tabula_parent"]
      let parent = parents[parentDatabaseID]
      rows.append(
        ReadRow(
          item: makeItem(try Record(row: row)), databaseID: databaseID, parentNode: parent,
          hasChildren: row["tabula_has_children"] as Bool? ?? false,
          wholeRoot: parent.flatMap { nodes[$0].wholeRoot }))
    }
    return rows
  }
}
