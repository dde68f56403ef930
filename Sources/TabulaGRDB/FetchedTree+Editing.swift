import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Writing user moves of a live tree back to its table: a row dragged to
// another place, under another folder included, takes its new parent in the
// parent column and a rank among its new siblings (FetchedRanks.swift), with
// the rows its folder holds coming along as they do in the table. Rows
// dragged together go as a block; every edit of a drag is one transaction.

extension FetchedTree: WritableSource, OutlineWriting {
  /// Lets the user move rows, written back to the table: a moved row takes
  /// its new parent's id in the parent column and a rank between its new
  /// siblings' in `rankColumn`, so that a move writes the rows moved in
  /// nearly every case (ranks as ``FetchedList`` spaces them, see
  /// ``FetchedEditing``). The request must be ordered by `rankColumn`
  /// ascending, alone.
  ///
  /// - Parameters:
  ///   - rankColumn: The integer column siblings are ordered by.
  ///   - editing: Gap and spacing of ranks (``FetchedEditing``'s defaults
  ///     when `nil`).
  ///   - id: The value of the id column (and of the parent column) for an
  ///     item id.
  /// - Throws: ``FetchedEditingError`` naming what is wrong (the ordering,
  ///   a missing column, the rank column's type, a row whose rank is not an
  ///   integer).
  public func enableEditing(
    rankColumn: String, editing: FetchedEditing? = nil,
    id: @escaping @Sendable (Item.ID) -> (any DatabaseValueConvertible)?
  ) throws {
    let ordering = request.ordering
    guard ordering.map(\.column) == [rankColumn], ordering.first?.ascending == true else {
      throw FetchedEditingError.notOrderedByRank(
        rankColumn: rankColumn, ordering: ordering.map(\.description))
    }
    var spacing = editing ?? .standard
    spacing.idColumn = request.idColumn
    spacing.rankColumn = rankColumn
    spacing.sectionColumn = request.parentColumn
    let editor = FetchedEditor(
      settings: spacing, table: request.table, id: id,
      sectionKey: { String(describing: $0) })
    try query.writer.read { db in try editor.validate(db) }
    self.editor = editor
  }

  /// Whether user moves are written back (editing is enabled).
  public var canWrite: Bool { editor != nil }

  /// Writes one user edit (see `write(_:)` of several).
  @discardableResult
  public func write(_ edit: UserEdit<SectionInfo, OutlineRow<Item>>) throws -> Task<
    Void, any Error
  >? {
    try write([edit])
  }

  /// Writes user moves back to the table in one transaction: each row goes
  /// under the placement's parent, among its siblings, with its subtree
  /// (rows dragged together as a block). The tree shows them at once (a
  /// closed folder's rows stay hidden); the database's echo then agrees.
  /// The task saves them off the main actor; when it fails, the tree reads
  /// the table again.
  ///
  /// - Throws: At once, ``FetchedEditingError``: editing not enabled, an
  ///   edit that is not a move (``FetchedEditingError/notAMove(_:)``: the
  ///   app deletes and inserts rows itself); a `TreeError` for a folder
  ///   moved under itself. Nothing changes then. Rows and parents the
  ///   tree has not read (under closed folders) are written all the same,
  ///   by the ids the placements name.
  @discardableResult
  public func write(_ edits: [UserEdit<SectionInfo, OutlineRow<Item>>]) throws -> Task<
    Void, any Error
  >? {
    guard let editor else { throw FetchedEditingError.notEnabled }
    var placements: [UserEdit<SectionInfo, OutlineRow<Item>>.Placement] = []
    for edit in edits {
      guard case .move(let placement, _, _) = edit else {
        let ids = edit.items.map { "\($0.id)" }.joined(separator: ", ")
        let kind = if case .delete = edit { "a delete" } else { "an insert" }
        throw FetchedEditingError.notAMove("\(kind) of \(ids)")
      }
      placements.append(placement)
    }
    let blocks = UserEdit<SectionInfo, OutlineRow<Item>>.Placement.blocks(placements)
    var tree = outline.tree
    // Nodes whose children the tree does not all hold: closed folders not
    // read yet, and rows placed in it now without having been read.
    var partial = outline.unloadedIDs.union(unreadChildren)
    var plans: [(items: [Item.ID], previous: Item.ID?, next: Item.ID?, parent: Item.ID?)] = []
    for block in blocks {
      let parent = block[0].parent
      // A parent whose children the tree holds: the rows move there in the
      // tree too; else they leave the tree (they go under rows not read
      // yet, hidden until the folder opens).
      let parentRead = parent.map { tree.contains($0) && !partial.contains($0) } ?? true
      for placement in block {
        let id = placement.item.id
        if parentRead {
          if tree.contains(id) {
            try tree.move(placement)
          } else {
            // A row not read comes as a leaf; the echo brings its rows.
            try tree.insert(placement)
            partial.insert(id)
          }
        } else if tree.contains(id) {
          try tree.deleteSubtrees([id])
        }
      }
      // The block's siblings around it, as the tree has them now; under a
      // parent not read, as the placements name them (the save checks that
      // they are still the parent's children).
      let ids = block.map(\.item.id)
      var previous = block[0].after
      var next = block[block.count - 1].before
      if parentRead {
        let siblings = tree.children(of: parent).map(\.id)
        let first = siblings.firstIndex(of: ids[0]) ?? 0
        let last = siblings.firstIndex(of: ids[ids.count - 1]) ?? siblings.count
        previous = first > 0 ? siblings[first - 1] : nil
        next = last + 1 < siblings.count ? siblings[last + 1] : nil
      }
      if let candidate = previous, ids.contains(candidate) { previous = nil }
      if let candidate = next, ids.contains(candidate) { next = nil }
      plans.append((ids, previous, next, parent))
    }
    // Shown at once.
    unreadChildren = partial.subtracting(outline.unloadedIDs)
    outline.editTree { $0 = tree }
    publish()
    // A read running now was made before the move: the next one, after
    // the save, is the one shown.
    readAgain()
    query.hold()
    let previous = lastSave
    let writer = query.writer
    let planned = plans
    let task = Task { @MainActor in
      _ = await previous?.result
      defer { self.query.release() }
      do {
        let written = try await writer.write { db in
          try planned.reduce(0) { count, plan in
            // A parent another writer deleted meanwhile would leave the
            // rows under no row: the save fails instead, naming it.
            if let parent = plan.parent { _ = try editor.ranked(db, parent) }
            let parent = plan.parent.flatMap { editor.id($0) }?.databaseValue ?? .null
            // A neighbour that is no longer one of the parent's children
            // (another writer moved or deleted it) places nothing.
            func ranked(_ id: Item.ID?) throws -> (row: RankedRow, id: String)? {
              guard let id,
                let row = try? editor.ranked(db, id), row.section == parent
              else { return nil }
              return (row.row, "\(id)")
            }
            let writes = try editor.writeMoves(
              db, items: plan.items, previous: try ranked(plan.previous),
              next: try ranked(plan.next), sectionValue: parent
            ) { $0 == parent }
            return count + writes.count
          }
        }
        self.rowsWrittenByEdits += written
      } catch {
        self.readAgain()
        throw error
      }
    }
    lastSave = task
    return task
  }
}

extension FetchedTree where Item.ID: DatabaseValueConvertible {
  /// Lets the user move rows, written back to the table, whose id column
  /// holds the item ids themselves (see
  /// ``enableEditing(rankColumn:editing:id:)``).
  public func enableEditing(rankColumn: String, editing: FetchedEditing? = nil) throws {
    try enableEditing(rankColumn: rankColumn, editing: editing) { $0 }
  }
}
