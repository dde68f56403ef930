import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Writing user moves back to the table: the moved row's rank (and section
// column) change, with the fewest rows written (FetchedRanks.swift); the
// list shows the move at once and the database's echo then agrees.

extension FetchedList {
  /// Lets the user move rows, written back to the table: a moved row gets a
  /// rank between its new neighbours' (and, moved to another section, that
  /// section's id in the sectioning column), so that one move writes one
  /// row in nearly every case (see ``FetchedEditing``).
  ///
  /// The request must be a table request ordered by the section column (if
  /// the list is sectioned by a column) and then `rankColumn` ascending;
  /// ranks are integers (every row's; the column declared INTEGER,
  /// NUMERIC or without a type), best `editing.gap` apart (rows appended
  /// later: the largest rank plus the gap). Ranks stay unique within a
  /// section through every move (a UNIQUE index on the section and rank
  /// columns is welcome).
  ///
  /// Editing follows the request: after ``setRequest(_:)`` (or a new
  /// filter or order) the settings are checked against the new request; a
  /// request they do not fit (another order, a table without the columns)
  /// turns editing off (``canWrite`` is `false`, and `write(_:)` throws
  /// what is wrong) until a request they fit again.
  ///
  /// - Parameters:
  ///   - idColumn: The column that holds each row's item id.
  ///   - rankColumn: The integer column rows are ordered by.
  ///   - editing: Gap and spacing of ranks (``FetchedEditing``'s defaults
  ///     when `nil`); its column names are those given here.
  ///   - id: The value of `idColumn` for an item id.
  /// - Throws: ``FetchedEditingError`` naming what is wrong (an SQL request,
  ///   the ordering, a missing column, the rank column's type, a row whose
  ///   rank is not an integer), at once rather than at the first drag.
  public func enableEditing(
    idColumn: String = "id", rankColumn: String, editing: FetchedEditing? = nil,
    id: @escaping @Sendable (Item.ID) -> (any DatabaseValueConvertible)?
  ) throws {
    let settings = FetchedEditingSettings(
      idColumn: idColumn, rankColumn: rankColumn, spacing: editing ?? .standard, id: id)
    let editor = try editor(settings, for: request).get()
    try query.writer.read { db in try editor.validate(db) }
    edits.settings = settings
    edits.editor = .success(editor)
    edits.validated = true
  }

  /// Whether user edits are written back: editing is enabled, and fits the
  /// request.
  public var canWrite: Bool {
    if case .success = edits.editor { true } else { false }
  }

  /// The editor of `settings` for `request`, or why the request does not
  /// fit them (checked without the database; the table's columns and
  /// ranks are checked by ``FetchedEditor/validate(_:)``).
  func editor(
    _ settings: FetchedEditingSettings<Item.ID>, for request: FetchedRequest
  ) -> Result<FetchedEditor<Item.ID>, FetchedEditingError> {
    guard let table = request.table else { return .failure(.notATableRequest) }
    let ordering = request.ordering
    let sectionColumn = sectioning.column
    let expected = (sectionColumn.map { [$0] } ?? []) + [settings.rankColumn]
    // Sectioned by a column: ranks order rows within a section, so the
    // section column comes first.
    guard ordering.map(\.column) == expected, ordering.last?.ascending == true else {
      return .failure(
        .notOrderedByRank(
          rankColumn: settings.rankColumn, ordering: ordering.map(\.description)))
    }
    var spacing = settings.spacing
    spacing.idColumn = settings.idColumn
    spacing.rankColumn = settings.rankColumn
    spacing.sectionColumn = sectionColumn
    return .success(
      FetchedEditor(
        settings: spacing, table: table, id: settings.id,
        sectionKey: FetchedSectioning<Record>.columnKey))
  }

  /// Checks editing against a new request (see
  /// ``enableEditing(idColumn:rankColumn:editing:id:)``).
  func requestChangedForEditing(from old: FetchedRequest) {
    guard let settings = edits.settings else { return }
    edits.editor = editor(settings, for: request)
    if old.table != request.table { edits.validated = false }
  }

  /// Writes a user edit back to the table. The list shows a move or a
  /// delete at once, and saves it off the main actor (the task returned);
  /// an insert (an undone delete) shows once it is saved, where its old
  /// rank puts it. Edits are saved in order; the database's echo agrees
  /// with what the list shows. A move writes the moved row (and the rows a
  /// relabelling spreads); a delete deletes the rows, keeping their values
  /// for as long as an undo step may insert them again; an insert inserts
  /// those rows again, rank and rowid included.
  ///
  /// A move lands between the list's own rows around the drop (rows
  /// ``willApply`` added are not the database's and are skipped).
  ///
  /// - Throws: At once, ``FetchedEditingError``: editing not enabled, or not
  ///   fitting the request; a row or a section that is not the database's
  ///   (``willApply``'s); a cross-section move without a section column;
  ///   an insert of a row this list did not delete. The task throws a
  ///   saving failure: a row another writer deleted or moved, a rank that is
  ///   not an integer (naming the row and the value), or the database's
  ///   error; nothing is saved then, and the list reads the table again.
  @discardableResult
  public func write(_ edit: UserEdit<SectionInfo, Item>) throws -> Task<Void, any Error>? {
    guard let state = edits.editor else { throw FetchedEditingError.notEnabled }
    let editor = try state.get()
    let shown = content ?? Snapshot()
    switch edit {
    case .move(let placement, _, _):
      return try writeMove(
        placement, seen: edit.moveSnapshots, shown: shown, editor: editor)
    case .delete(let items):
      return try writeDelete(items, shown: shown, editor: editor)
    case .insert(let placements):
      return try writeInsert(placements, editor: editor)
    }
  }

  /// The items that undo steps can no longer insert again: their rows'
  /// values go.
  public func discardUndoData(for ids: Set<Item.ID>) {
    edits.discard(ids)
  }

  private func writeMove(
    _ placement: UserEdit<SectionInfo, Item>.Placement,
    seen: (base: Snapshot<SectionInfo, Item>, result: Snapshot<SectionInfo, Item>)?,
    shown: Snapshot<SectionInfo, Item>,
    editor: FetchedEditor<Item.ID>
  ) throws -> Task<Void, any Error> {
    let item = placement.item.id
    let section = placement.section
    guard let from = shown.path(of: item) else {
      throw FetchedEditingError.notADatabaseRow("\(item)")
    }
    // A section the list shows that none of its rows are in is willApply's
    // (or the placeholders'); one it does not show (an undo into a section
    // whose rows are gone) is the section column's value.
    let target = shown.sectionIndex(of: section)
    if target == nil && snapshot.contains(sectionWithID: section) {
      throw FetchedEditingError.sectionNotInDatabase(section)
    }
    let crossing = from.section != target
    let source = shown.sections[from.section].id
    if crossing && editor.settings.sectionColumn == nil {
      throw FetchedEditingError.cannotMoveAcrossSections(from: source, to: section)
    }
    let (previous, next) = Self.neighbours(of: placement, in: seen?.result, among: shown)
    // The section left, and the one entered, may have new first rows.
    unsettled.formUnion([source, section])
    // Shown at once. When the list showed exactly what the user moved
    // (loaded, no willApply), the controller's result is taken as is: its
    // echo costs the controller nothing.
    if state == .loaded, willApply == nil, let seen, seen.base.isIdentical(to: snapshot) {
      content = seen.result
      publish()
    } else {
      showRows {
        try $0.apply(
          .move(to: .init(item: placement.item, section: section, before: next, after: previous)))
      }
    }
    let ordering = request.ordering
    let current = rowsMatch(request)
    return save { db in
      try editor.writeMove(
        db, item: item, previous: previous, next: next, section: section)
    } then: { writes in
      self.counts.rowsWrittenByEdits += writes.count
      // The index the list places the database's changes with takes the
      // new ranks now: an echo that brings only some of several moves' rows
      // places them among the others by their new ranks, never their old
      // ones. Rows read for another request are read again anyway.
      if current && self.rowsMatch(self.request) {
        self.indexWritten(
          writes, moved: 1, movedSection: crossing ? section : nil, editor: editor,
          ordering: ordering)
      }
    }
  }

  /// The list's own rows just before and after the moved item: in the
  /// view it was moved in (`result`), the nearest ones of its section that
  /// `shown` (the list's content) has, skipping rows ``willApply`` added;
  /// without that view (an undo), its placement's neighbours.
  private static func neighbours(
    of placement: UserEdit<SectionInfo, Item>.Placement, in result: Snapshot<SectionInfo, Item>?,
    among shown: Snapshot<SectionInfo, Item>
  ) -> (previous: Item.ID?, next: Item.ID?) {
    guard let section = shown.sectionIndex(of: placement.section) else { return (nil, nil) }
    func own(_ id: Item.ID) -> Bool {
      id != placement.item.id && shown.sectionIndex(ofItem: id) == section
    }
    if let result, let path = result.path(of: placement.item.id),
      result.sections[path.section].id == placement.section
    {
      // The neighbours by path, not by copying the section.
      let count = result.numberOfItems(inSectionAt: path.section)
      func id(at item: Int) -> Item.ID { result[ItemPath(section: path.section, item: item)].id }
      return (
        (0..<path.item).reversed().lazy.map(id(at:)).first(where: own),
        ((path.item + 1)..<count).lazy.map(id(at:)).first(where: own)
      )
    }
    var moved = shown
    guard (try? moved.apply(.move(to: placement))) != nil,
      let path = moved.path(of: placement.item.id)
    else { return (nil, nil) }
    let count = moved.numberOfItems(inSectionAt: path.section)
    return (
      path.item > 0 ? moved[ItemPath(section: path.section, item: path.item - 1)].id : nil,
      path.item + 1 < count ? moved[ItemPath(section: path.section, item: path.item + 1)].id : nil
    )
  }

  /// Deletes the items' rows, keeping each row's values (all its columns
  /// and its rowid) so that an undo inserts the very same row again.
  private func writeDelete(
    _ items: [Item], shown: Snapshot<SectionInfo, Item>, editor: FetchedEditor<Item.ID>
  ) throws -> Task<Void, any Error> {
    if let foreign = items.first(where: { !shown.contains(itemWithID: $0.id) }) {
      throw FetchedEditingError.notADatabaseRow("\(foreign.id)")
    }
    let ids = items.map(\.id)
    // Sections may have emptied, or have new first rows: the echo settles them.
    unsettled.formUnion(ids.compactMap { shown.section(ofItem: $0)?.id })
    showRows { try $0.deleteItems(ids) }
    edits.deletesBeingSaved.formUnion(ids)
    let current = rowsMatch(request)
    return save { db in
      var saved: [(Item.ID, SavedRow)] = []
      for id in ids {
        guard let row = try editor.row(db, id) else {
          throw FetchedEditingError.rowNotFound("\(id)")
        }
        let values = SavedRow(row)
        saved.append((id, values))
        try db.execute(
          sql: "DELETE FROM \(quoted(editor.table)) WHERE rowid = ?", arguments: [values.rowID])
      }
      return saved
    } then: { saved in
      self.counts.rowsWrittenByEdits += saved.count
      // Kept unless the undo step that needs them left the history while
      // they were being saved.
      for (id, row) in saved where self.edits.deletesBeingSaved.remove(id) != nil {
        self.edits.deletedRows[id] = row
      }
      guard current && self.rowsMatch(self.request) else { return }
      for (_, row) in saved { _ = self.index.remove(rowID: row.rowID) }
    }
  }

  /// Inserts again the rows of items this list deleted, with the values
  /// (rank and rowid included) they had. They show once saved, read back
  /// like any other change, where their ranks put them among the rows
  /// there are now.
  private func writeInsert(
    _ placements: [UserEdit<SectionInfo, Item>.Placement], editor: FetchedEditor<Item.ID>
  ) throws -> Task<Void, any Error> {
    let rowsBack = try placements.map { placement in
      guard let row = edits.deletedRows[placement.item.id] else {
        throw FetchedEditingError.noDeletedRow("\(placement.item.id)")
      }
      return row
    }
    let ids = placements.map(\.item.id)
    return save { db in
      // The table's own columns (a rowid alias among them keeps the rowid).
      try rowsBack.reduce(0) { written, row in written + (try editor.restore(db, row)) }
    } then: { count in
      self.counts.rowsWrittenByEdits += count
      // Kept while an undo step may delete and insert them again: a redo
      // deletes them and saves them anew.
      for id in ids { self.edits.deletedRows[id] = nil }
    }
  }

  /// Saves with `work` in a write transaction after the saves before it,
  /// off the main actor, then runs `then` with its result. Meanwhile the
  /// list reads nothing (a read would show the table without the edit
  /// shown); a failure makes it read the table again.
  func save<Result: Sendable>(
    _ work: @escaping @Sendable (Database) throws -> Result,
    then finish: @escaping @MainActor (Result) -> Void
  ) -> Task<Void, any Error> {
    query.hold()
    edits.count += 1
    let previous = edits.lastSave
    let writer = query.writer
    // A table the request changed to is checked once, at its first save.
    let validating = edits.validated ? nil : try? edits.editor?.get()
    edits.validated = true
    let task = Task { @MainActor in
      _ = await previous?.result
      defer {
        self.edits.count += 1
        self.query.release()
      }
      do {
        finish(
          try await writer.write { db in
            try validating?.validate(db)
            return try work(db)
          })
      } catch {
        if validating != nil { self.edits.validated = false }
        self.refresh()
        throw error
      }
    }
    edits.lastSave = task
    return task
  }

  /// Whether ``rows`` were read for `request`'s table and order.
  func rowsMatch(_ request: FetchedRequest) -> Bool {
    rowsRequest.table == request.table && rowsRequest.ordering == request.ordering
  }

  /// The number of deleted rows kept for undo steps.
  var undoDataCount: Int { edits.deletedRows.count }
}

extension FetchedList {
  /// Shows the list after an edit at once: `change` applied to the content.
  func showRows(_ change: (inout Snapshot<SectionInfo, Item>) throws -> Void) {
    guard var shown = content, (try? change(&shown)) != nil else { return }
    content = shown
    publish()
  }

  /// Gives the written rows their new ranks in ``index`` (and the first
  /// `moved`, the moved rows, their section, `movedSection`, when one
  /// changed section). The content shows them at their places already.
  ///
  /// - Complexity: O(k) for k written rows.
  func indexWritten(
    _ writes: [(rowID: Int64, rank: Int64)], moved: Int, movedSection: String?,
    editor: FetchedEditor<Item.ID>, ordering: [FetchedOrdering]
  ) {
    for (offset, write) in writes.enumerated() {
      guard var keys = index.keys(ofRow: write.rowID) else { continue }
      for (position, order) in ordering.enumerated() {
        if order.column == editor.settings.rankColumn {
          keys[position] = write.rank.databaseValue
        } else if offset < moved, let movedSection,
          order.column == editor.settings.sectionColumn
        {
          keys[position] = movedSection.databaseValue
        }
      }
      index.setKeys(keys, ofRow: write.rowID)
    }
  }
}

extension FetchedList where Item.ID: DatabaseValueConvertible {
  /// Lets the user move rows, written back to the table, whose `idColumn`
  /// holds the item ids themselves (see
  /// ``enableEditing(idColumn:rankColumn:editing:id:)``).
  public func enableEditing(
    idColumn: String = "id", rankColumn: String, editing: FetchedEditing? = nil
  ) throws {
    try enableEditing(idColumn: idColumn, rankColumn: rankColumn, editing: editing) { $0 }
  }
}
