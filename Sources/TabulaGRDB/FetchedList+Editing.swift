import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Writing user moves back to the table: the moved row's rank (and section
// column) change, with the fewest rows written (FetchedRanks.swift); the
// list shows the move at once and the database's echo then agrees.

/// Why a ``FetchedList`` cannot write a user edit back.
@nonexhaustive
public enum FetchedEditingError: Error, Equatable, CustomStringConvertible {
  /// The list reads an SQL request, which names no table to write to.
  case notATableRequest
  /// The request is not ordered by the rank column (after the section
  /// column, if any): the user's order would not be the list's.
  case notOrderedByRank(rankColumn: String, ordering: [String])
  /// The table lacks these columns.
  case missingColumns(table: String, [String])
  /// ``FetchedList/enableEditing(idColumn:rankColumn:editing:id:)`` was not called.
  case notEnabled
  /// A move to another section, in a list sectioned by a closure: there is
  /// no column to write the section to.
  case cannotMoveAcrossSections(from: String, to: String)
  /// The table has no row with this id (another writer deleted it).
  case rowNotFound(String)
  /// The rows a move was dropped between are no longer in that order in
  /// the table (another writer moved them): the list shows old data.
  case neighboursMoved(previous: String, next: String)
  /// An insert (an undone delete) of an item this list did not delete: its
  /// row's values are unknown.
  case noDeletedRow(String)

  /// The message, naming what is wrong.
  public var description: String {
    switch self {
    case .notATableRequest:
      return "FetchedList cannot write user edits to an SQL request: editing needs a "
        + "FetchedRequest(table:filter:orderedBy:)"
    case .notOrderedByRank(let rank, let ordering):
      return "editing moves rows by their rank column \(rank), but the request is ordered by "
        + "[\(ordering.joined(separator: ", "))]: order by the section column (if any), then "
        + "\(rank) ascending"
    case .missingColumns(let table, let columns):
      return "table \(table) has no column \(columns.joined(separator: ", "))"
    case .notEnabled:
      return "FetchedList writes user edits only once enableEditing(...) was called"
    case .cannotMoveAcrossSections(let from, let to):
      return "cannot move a row from section \(from) to \(to): the list is sectioned by a "
        + "closure, with no column to write the section to"
    case .rowNotFound(let id):
      return "the table has no row with id \(id) (another writer deleted it?)"
    case .neighboursMoved(let previous, let next):
      return "the rows \(previous) and \(next) the row was dropped between are no longer in "
        + "that order in the table (another writer moved them)"
    case .noDeletedRow(let id):
      return "cannot insert the row with id \(id) again: this list did not delete it, so its "
        + "values are unknown"
    }
  }
}

extension FetchedList {
  /// Lets the user move rows, written back to the table: a moved row gets a
  /// rank between its new neighbours' (and, moved to another section, that
  /// section's id in the sectioning column), so that one move writes one
  /// row in nearly every case (see ``FetchedEditing``).
  ///
  /// The request must be a table request ordered by the section column (if
  /// the list is sectioned by a column) and then `rankColumn` ascending;
  /// ranks are NOT NULL integers, best `editing.gap` apart (rows appended
  /// later: the largest rank plus the gap).
  ///
  /// - Parameters:
  ///   - idColumn: The column that holds each row's item id.
  ///   - rankColumn: The integer column rows are ordered by.
  ///   - editing: Gap and spacing of ranks (``FetchedEditing``'s defaults
  ///     when `nil`); its column names are those given here.
  ///   - id: The value of `idColumn` for an item id.
  /// - Throws: ``FetchedEditingError`` naming what is wrong (an SQL request,
  ///   the ordering, a missing column), at once rather than at the first
  ///   drag.
  public func enableEditing(
    idColumn: String = "id", rankColumn: String, editing: FetchedEditing? = nil,
    id: @escaping @Sendable (Item.ID) -> (any DatabaseValueConvertible)?
  ) throws {
    guard let table = request.table else { throw FetchedEditingError.notATableRequest }
    let ordering = request.ordering
    let sectionColumn = sectioning.column
    let expected = (sectionColumn.map { [$0] } ?? []) + [rankColumn]
    // Sectioned by a column: ranks order rows within a section, so the
    // section column comes first.
    let prefixOK = ordering.map(\.column) == expected
    guard let last = ordering.last, last.column == rankColumn, last.ascending, prefixOK,
      ordering.count <= expected.count
    else {
      throw FetchedEditingError.notOrderedByRank(
        rankColumn: rankColumn, ordering: ordering.map(\.description))
    }
    let columns = try writer.read { db in try db.columns(in: table).map { $0.name.lowercased() } }
    let missing = ([idColumn, rankColumn] + (sectionColumn.map { [$0] } ?? [])).filter {
      !columns.contains($0.lowercased())
    }
    guard missing.isEmpty else {
      throw FetchedEditingError.missingColumns(table: table, missing)
    }
    var settings =
      editing ?? FetchedEditing(idColumn: idColumn, rankColumn: rankColumn)
    settings.idColumn = idColumn
    settings.rankColumn = rankColumn
    settings.sectionColumn = sectionColumn
    editor = FetchedEditor(settings: settings, table: table, id: id)
  }

  /// Whether user edits are written back (editing is enabled).
  public var canWrite: Bool { editor != nil }

  /// Writes a user edit to the table in one transaction, then shows it at
  /// once; the database's echo agrees with it. A move writes the moved row
  /// (and the rows a relabelling spreads); a delete deletes the rows,
  /// keeping their values; an insert (an undone delete) inserts those
  /// rows again, rank and rowid included.
  ///
  /// - Throws: ``FetchedEditingError`` (editing not enabled, a row another
  ///   writer deleted, a cross-section move without a section column) or
  ///   the database's error; nothing is written then.
  public func write(_ edit: UserEdit<SectionInfo, Item>) throws {
    guard let editor else { throw FetchedEditingError.notEnabled }
    defer { editCount += 1 }
    switch edit {
    case .move(let item, let section, let before, let base, let result):
      let from = content.flatMap { $0.path(of: item.id) }.map { content!.sections[$0.section].id }
      let crossing = from != nil && from != section
      if crossing && editor.settings.sectionColumn == nil {
        throw FetchedEditingError.cannotMoveAcrossSections(from: from ?? "?", to: section)
      }
      let previous = result.path(of: item.id).flatMap { path in
        path.item > 0 ? result.item(at: ItemPath(section: path.section, item: path.item - 1)) : nil
      }?.id
      let writes = try writer.write { db in
        try editor.writeMove(
          db, item: item.id, previous: previous, next: before,
          section: crossing ? section : nil, sectionFilter: section)
      }
      rowsWrittenByEdits += writes.count
      // The rows the list merges the database's changes into take the new
      // ranks now: an echo that brings only some of several moves' rows
      // merges them with the others already in place, never with their old
      // places.
      rows = rowsAfter(writes, movedSection: crossing ? section : nil, editor: editor)
      // Shown at once; the database's echo agrees. When the list showed
      // exactly what the user moved (loaded, no willApply), the controller's
      // result is taken as is: its echo costs the controller nothing.
      if state == .loaded, willApply == nil, base.isIdentical(to: snapshot) {
        content = result
        publish()
      } else {
        showRows { try $0.moveItem(item.id, toSection: section, before: before) }
      }
    case .delete(let items):
      try writeDelete(items, editor: editor)
    case .insert(let placements):
      try writeInsert(placements, editor: editor)
    }
  }

  /// Deletes the items' rows, keeping each row's values (all its columns
  /// and its rowid) so that an undo inserts the very same row again.
  private func writeDelete(_ items: [Item], editor: FetchedEditor<Item.ID>) throws {
    let saved = try writer.write { db in
      var saved: [(Item.ID, Row)] = []
      for item in items {
        guard let row = try editor.row(db, item.id) else {
          throw FetchedEditingError.rowNotFound("\(item.id)")
        }
        saved.append((item.id, row))
        try db.execute(
          sql: "DELETE FROM \(editor.table.quotedDatabaseIdentifier) WHERE rowid = ?",
          arguments: [row["tabula_rowid"] as Int64])
      }
      return saved
    }
    rowsWrittenByEdits += saved.count
    for (id, row) in saved { deletedRows[id] = row }
    let removed = Set(saved.map { $0.1["tabula_rowid"] as Int64 })
    rows = FetchedRows.merge(
      rows, removing: removed, adding: FetchedRows(keyCount: rows.keyCount),
      ordering: request.ordering)
    showRows { try $0.deleteItems(items.map(\.id)) }
  }

  /// Inserts again the rows of items this list deleted, with the values
  /// (rank and rowid included) they had.
  private func writeInsert(
    _ placements: [UserEdit<SectionInfo, Item>.Placement], editor: FetchedEditor<Item.ID>
  ) throws {
    let rowsBack = try placements.map { placement in
      guard let row = deletedRows[placement.item.id] else {
        throw FetchedEditingError.noDeletedRow("\(placement.item.id)")
      }
      return row
    }
    // The table's own columns (a rowid alias among them keeps the rowid);
    // the new rowids are read back.
    let rowIDs = try writer.write { db in
      try rowsBack.map { row in
        let columns = row.columnNames.filter { $0 != "tabula_rowid" }
        try db.execute(
          sql: "INSERT INTO \(editor.table.quotedDatabaseIdentifier) "
            + "(\(columns.map(\.quotedDatabaseIdentifier).joined(separator: ", "))) VALUES "
            + "(\(Array(repeating: "?", count: columns.count).joined(separator: ", ")))",
          arguments: StatementArguments(columns.map { row[$0] as DatabaseValue }))
        return db.lastInsertedRowID
      }
    }
    rowsWrittenByEdits += rowsBack.count
    var adding = FetchedRows<Item>(keyCount: rows.keyCount)
    for (row, rowID) in zip(rowsBack, rowIDs) {
      let record = try Record(row: row)
      let section = sectioning.key(record, sectioning.column.map { row[$0] } ?? .null)
      adding.append(
        rowID: rowID, item: makeItem(record), section: section,
        keys: request.ordering.map { row[$0.column] as DatabaseValue })
    }
    rows = FetchedRows.merge(rows, removing: [], adding: adding, ordering: request.ordering)
    for placement in placements { deletedRows[placement.item.id] = nil }
    showRows { try $0.apply(.insert(items: placements)) }
  }
}

extension FetchedList {
  /// Shows the list after an edit at once: `change` applied to the content,
  /// or, when it does not apply (a section that is not there yet, or gone),
  /// the content built again from ``rows``, which hold the edit already.
  func showRows(_ change: (inout Snapshot<SectionInfo, Item>) throws -> Void) {
    guard var shown = content else { return }
    do {
      try change(&shown)
    } catch {
      guard let rebuilt = try? build.build(rows, sectioning) else { return }
      shown = rebuilt
    }
    content = shown
    publish()
  }

  /// ``rows`` with the written rows at their new ranks (the first, the
  /// moved row, in `movedSection` when it changed section).
  func rowsAfter(
    _ writes: [(rowID: Int64, rank: Int64)], movedSection: String?,
    editor: FetchedEditor<Item.ID>
  ) -> FetchedRows<Item> {
    let movedRowID = writes.first?.rowID
    let ordering = request.ordering
    let ranks = writes.map(\.rank)
    let written = writes.map(\.rowID)
    var changes: [(position: Int, keys: [DatabaseValue])] = []
    var moved: Int?
    for position in rows.positions(of: written) {
      let rowID = rows.rowIDs[position]
      let isMoved = rowID == movedRowID
      if isMoved { moved = position }
      let rank = ranks[written.firstIndex(of: rowID)!]
      changes.append(
        (
          position,
          ordering.enumerated().map { offset, order in
            if order.column == editor.settings.rankColumn { return rank.databaseValue }
            if isMoved, let movedSection, order.column == editor.settings.sectionColumn {
              return movedSection.databaseValue
            }
            return rows.keys[position * rows.keyCount + offset]
          }
        ))
    }
    var updated = rows
    rows = FetchedRows(keyCount: updated.keyCount)  // unique storage for the update
    updated.update(changes, moved: moved, section: movedSection, ordering: ordering)
    return updated
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
