import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

/// The values of a deleted row: its rowid and its table's columns.
struct SavedRow: Sendable {
  let rowID: Int64
  let columns: [String]
  let values: [DatabaseValue]

  /// The values of `row`, read with its rowid as `tabula_rowid`.
  init(_ row: Row) {
    rowID = row["tabula_rowid"]
    let columns = row.columnNames.filter { $0 != "tabula_rowid" }
    self.columns = Array(columns)
    values = columns.map { row[$0] as DatabaseValue }
  }
}

/// What ``FetchedList/enableEditing(idColumn:rankColumn:editing:id:)`` was
/// given: checked again against every new request.
struct FetchedEditingSettings<ID>: Sendable {
  let idColumn: String
  let rankColumn: String
  let spacing: FetchedEditing
  let id: @Sendable (ID) -> (any DatabaseValueConvertible)?
}

/// What a ``FetchedList`` knows about writing user edits back: the
/// settings editing was enabled with, the editor they make for the request
/// (or why they do not fit it), the rows deleted for undo, and how far the
/// saves got.
struct FetchedEditState<ID: Hashable & Sendable> {
  /// What editing was enabled with, if it was.
  var settings: FetchedEditingSettings<ID>?
  /// How user edits are written back for the request, or why they cannot
  /// be; `nil` until editing is enabled.
  var editor: Result<FetchedEditor<ID>, FetchedEditingError>?
  /// Whether the editor's table was checked (columns, rank type, ranks).
  var validated = false
  /// The rows user deletes removed, by item id, for an undo to insert;
  /// kept while an undo step may (``FetchedList/discardUndoData(for:)``).
  var deletedRows: [ID: SavedRow] = [:]
  /// Items deleted whose rows are being saved, and still wanted for undo.
  var deletesBeingSaved: Set<ID> = []
  /// Counts the user edits written and saved (a fetch that ran across one
  /// is read again).
  var count = 0
  /// The last save started, which the next one waits for.
  var lastSave: Task<Void, any Error>?

  /// Forgets the rows of `ids`: no undo step can insert them again.
  mutating func discard(_ ids: Set<ID>) {
    for id in ids {
      deletedRows[id] = nil
      deletesBeingSaved.remove(id)
    }
  }
}

/// What a ``FetchedList`` counts: the cost of keeping up, and of writing
/// user edits back.
struct FetchedCounts {
  /// Reads of the whole request (including those after a failed
  /// consistency check).
  var fullFetches = 0
  /// Reads of changed rows only.
  var incrementalFetches = 0
  /// Incremental reads checked with a count.
  var consistencyChecks = 0
  /// Rows written back by user edits.
  var rowsWrittenByEdits = 0
}
