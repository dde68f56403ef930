/// A list view's cells by reuse identifier, as UIKit keeps them: the cell
/// classes registered (and how many times one was), the cells waiting to be
/// reused, and the cells kept for measuring (prototypes, never shown or
/// reused). Each view that recycles cells keeps one (`TabulaTesting`'s
/// simulated views one for cells and one for section views,
/// `TabulaTerminal`'s list view one); what to make for an unregistered
/// identifier is the view's choice, given as a class.
///
/// A reference rather than a value: making and preparing a cell runs the
/// cell's own code (`init(reuseIdentifier:)`, `prepareForReuse()`), which
/// may read its view, the pool included, while the pool is at work.
@MainActor
package final class CellReusePool<Cell: ReusableCell> {
  /// The cell classes registered, by reuse identifier.
  private var registrations: [String: Cell.Type] = [:]
  /// The cells waiting to be reused, by reuse identifier.
  private var queues: [String: [Cell]] = [:]
  /// The cells kept for measuring, one per reuse identifier.
  private var prototypes: [String: Cell] = [:]
  /// How many times a class was registered (replacing one counts too).
  package private(set) var registrationCount = 0

  /// No registrations and no cells.
  package init() {}

  /// Registers `cellClass` for `identifier`, replacing an earlier
  /// registration.
  package func register(_ cellClass: Cell.Type, forReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass
    registrationCount += 1
  }

  /// Registers `viewClass` for `identifier` when it is a kind of `Cell`;
  /// `false`, registering nothing, for another class (what a view's
  /// `registerSectionView` answers).
  package func register(anyClass viewClass: Any.Type, forReuseIdentifier identifier: String)
    -> Bool
  {
    guard let cellClass = viewClass as? Cell.Type else { return false }
    register(cellClass, forReuseIdentifier: identifier)
    return true
  }

  /// The class registered for `identifier`, if any.
  package func cellClass(forReuseIdentifier identifier: String) -> Cell.Type? {
    registrations[identifier]
  }

  /// A cell waiting under `identifier`, prepared for reuse, if one waits.
  package func reusedCell(withReuseIdentifier identifier: String) -> Cell? {
    guard let cell = queues[identifier]?.popLast() else { return nil }
    cell.recycle()
    return cell
  }

  /// A cell waiting under `identifier`, prepared for reuse, else a new one
  /// of `cellClass`.
  package func dequeue(withReuseIdentifier identifier: String, class cellClass: Cell.Type)
    -> Cell
  {
    reusedCell(withReuseIdentifier: identifier) ?? cellClass.init(reuseIdentifier: identifier)
  }

  /// Puts `cell` among those waiting under its reuse identifier.
  package func enqueue(_ cell: Cell) {
    queues[cell.reuseIdentifier, default: []].append(cell)
  }

  /// How many cells wait to be reused.
  package var waitingCount: Int { queues.values.reduce(0) { $0 + $1.count } }

  /// The cell kept for measuring under `identifier`: made of `cellClass`
  /// the first time, then the same one.
  package func prototype(withReuseIdentifier identifier: String, class cellClass: Cell.Type)
    -> Cell
  {
    if let cell = prototypes[identifier] { return cell }
    let cell = cellClass.init(reuseIdentifier: identifier)
    prototypes[identifier] = cell
    return cell
  }
}
