import Tabula

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
  /// A rank that is not an integer (NULL, a real, text, a blob): the row
  /// (by id) and the value.
  case invalidRank(row: String, value: String)
  /// The rank column is declared with a type that does not keep integers
  /// (REAL, TEXT).
  case rankColumnType(column: String, declaredType: String)
  /// ``FetchedEditing`` spacing that cannot work.
  case invalidSpacing(gap: Int64, minimumSpacing: Int64)
  /// A row the list showed next to the drop is in another section now
  /// (another writer moved it).
  case neighbourLeftSection(row: String, section: String)
  /// The row is not one of the list's database rows (``FetchedList/willApply``
  /// added it, or the list has not read it yet).
  case notADatabaseRow(String)
  /// A drop into a section no database row of the list is in
  /// (``FetchedList/willApply`` made it).
  case sectionNotInDatabase(String)
  /// No room is left in the rank column's range (the section fills Int64).
  case noRoom(rows: Int)
  /// A user edit a ``FetchedTree`` does not write (it writes moves; the
  /// app deletes and inserts rows itself).
  case notAMove(String)

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
      return "cannot insert the row with id \(id) again: this list did not delete it (or no "
        + "undo step holds it any more), so its values are unknown"
    case .invalidRank(let row, let value):
      return "the row with id \(row) has the rank \(value): moving rows needs an integer rank "
        + "in every row"
    case .rankColumnType(let column, let type):
      return "the rank column \(column) is declared \(type), which does not keep integers: "
        + "declare it INTEGER"
    case .invalidSpacing(let gap, let spacing):
      return "FetchedEditing(gap: \(gap), minimumSpacing: \(spacing)) cannot space ranks: it needs "
        + "2 ≤ minimumSpacing ≤ gap"
    case .neighbourLeftSection(let row, let section):
      return "the row with id \(row), which the row was dropped next to, is no longer in section "
        + "\(section) (another writer moved it)"
    case .notADatabaseRow(let id):
      return "the row with id \(id) is not one of the list's database rows (willApply added it?): "
        + "it cannot be written"
    case .sectionNotInDatabase(let section):
      return "cannot drop a row into section \(section): no database row of the list is in it "
        + "(willApply added it?)"
    case .notAMove(let edit):
      return "a FetchedTree writes moves only, not \(edit): the app deletes and inserts rows itself"
    case .noRoom(let rows):
      return "no room is left for \(rows) ranks in the rank column's range"
    }
  }
}
