import Tabula

/// Records what the lifecycle tells a presenter, per cell.
@MainActor
package final class LifecycleLog {
  /// The model id each cell on screen appeared with.
  package var onScreen: [ObjectIdentifier: Int] = [:]
  package var appearances = 0
  package var ends = 0
  package var problems: [String] = []
  package var prefetched: Set<Int> = []
  package var prefetches = 0
  package var cancels = 0

  package init() {}

  package func willDisplay(_ cell: AnyObject, _ id: Int) {
    let key = ObjectIdentifier(cell)
    if let shown = onScreen[key] { problems.append("cell of \(shown) appeared again as \(id)") }
    onScreen[key] = id
    appearances += 1
    prefetched.remove(id)  // a prefetched row that shows is done prefetching
  }

  package func didEnd(_ cell: AnyObject, _ id: Int) {
    guard let shown = onScreen.removeValue(forKey: ObjectIdentifier(cell)) else {
      problems.append("a cell ended that did not appear (\(id))")
      return
    }
    if shown != id { problems.append("cell of \(shown) ended as \(id)") }
    ends += 1
  }
}

package struct LoggedRow: Diffable, Hashable {
  package let id: Int
  package var text: String

  package init(id: Int, text: String) {
    self.id = id
    self.text = text
  }
}

package struct LoggingPresenter<Cell: AnyObject>: Presenter {
  package let log: LifecycleLog
  package let configureCell: (Cell, LoggedRow) -> Void

  package init(log: LifecycleLog, configureCell: @escaping (Cell, LoggedRow) -> Void) {
    self.log = log
    self.configureCell = configureCell
  }

  package func reuseIdentifier(for row: LoggedRow, style: PresentationStyle) -> String { "row" }
  package func configure(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    configureCell(cell, row)
  }
  package func willDisplay(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    log.willDisplay(cell, row.id)
  }
  package func didEndDisplaying(_ cell: Cell, with row: LoggedRow) { log.didEnd(cell, row.id) }
  package func prefetch(_ row: LoggedRow) {
    log.prefetches += 1
    log.prefetched.insert(row.id)
  }
  package func cancelPrefetching(_ row: LoggedRow) {
    log.cancels += 1
    log.prefetched.remove(row.id)
  }
}

/// A random change of `rows`: inserts, deletes, moves, content changes.
package func randomChange(
  _ rows: inout [LoggedRow], _ random: inout SeededRandom, nextID: inout Int
) {
  for _ in 0..<random.int(in: 1...10) {
    let position = random.int(in: 0...rows.count)
    switch random.int(in: 0..<4) {
    case 0:
      rows.insert(LoggedRow(id: nextID, text: "new"), at: position)
      nextID += 1
    case 1 where position < rows.count && rows.count > 5:
      rows.remove(at: position)
    case 2 where position < rows.count:
      let moved = rows.remove(at: position)
      rows.insert(moved, at: random.int(in: 0...rows.count))
    default:
      if !rows.isEmpty { rows[random.int(in: 0..<rows.count)].text += "!" }
    }
  }
}

/// Forwards a row's lifecycle to its child controllers.
package struct ControllerPresenter<Child: AnyObject, Cell: AnyObject>: Presenter {
  package let controllers: RowControllers<Int, Child, Cell>
  package let configureCell: (Cell, LoggedRow) -> Void

  package init(
    controllers: RowControllers<Int, Child, Cell>,
    configureCell: @escaping (Cell, LoggedRow) -> Void
  ) {
    self.controllers = controllers
    self.configureCell = configureCell
  }

  package func reuseIdentifier(for row: LoggedRow, style: PresentationStyle) -> String { "row" }
  package func configure(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    configureCell(cell, row)
  }
  package func willDisplay(_ cell: Cell, with row: LoggedRow, context: PresentationContext) {
    controllers.willDisplay(row.id, in: cell)
  }
  package func didEndDisplaying(_ cell: Cell, with row: LoggedRow) {
    controllers.didEndDisplaying(row.id, in: cell)
  }
}
