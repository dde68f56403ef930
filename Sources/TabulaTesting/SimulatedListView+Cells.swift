import Tabula

// Cells, as UIKit handles them: registered per reuse identifier, dequeued
// from a reuse pool, and made only for the rows in the viewport.

extension SimulatedListView {
  /// Registers a cell class for a reuse identifier.
  public func register(_ cellClass: SimulatedCell.Type, forReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass
  }

  /// A cell registered under `identifier`, from the reuse pool or new.
  ///
  /// - Throws: UIKit's error for an unregistered identifier, or for a
  ///   different identifier than the cell being reconfigured at `path`.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for path: ItemPath
  ) throws(ListViewError) -> SimulatedCell {
    guard let cellClass = registrations[identifier] else {
      throw ListViewError(
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a "
          + "class for the identifier or connect a prototype cell in a storyboard")
    }
    if let reconfiguring, reconfiguring.path == path {
      guard reconfiguring.cell.reuseIdentifier == identifier else {
        throw ListViewError(
          "Attempted to dequeue a cell for a different registration or reuse identifier than "
            + "the existing cell when reconfiguring an item")
      }
      return reconfiguring.cell
    }
    if let cell = reusePool[identifier]?.popLast() {
      cell.recycle()
      return cell
    }
    return cellClass.init(reuseIdentifier: identifier)
  }

  /// The number of cells waiting in the reuse pool.
  public var reusePoolCount: Int { reusePool.values.reduce(0) { $0 + $1.count } }

  /// The reuse identifier of the plain cells ``fallbackCell(for:message:)``
  /// makes (registered by the view itself).
  public static let fallbackReuseIdentifier = "Tabula.fallback"

  /// A plain ``SimulatedCell`` whose ``SimulatedCell/text`` is `message`,
  /// reused like any cell, under ``fallbackReuseIdentifier``.
  public func fallbackCell(for path: ItemPath, message: String) -> SimulatedCell {
    let cell: SimulatedCell
    if let reused = reusePool[Self.fallbackReuseIdentifier]?.popLast() {
      reused.recycle()
      cell = reused
    } else {
      cell = SimulatedCell(reuseIdentifier: Self.fallbackReuseIdentifier)
    }
    cell.text = message
    return cell
  }

  /// A cell from ``dequeueReusableCell(withReuseIdentifier:for:)``; an error
  /// is recorded in ``violations`` and a plain cell returned.
  public func dequeueCell(withReuseIdentifier identifier: String, for path: ItemPath)
    -> SimulatedCell
  {
    do {
      return try dequeueReusableCell(withReuseIdentifier: identifier, for: path)
    } catch {
      violations.append(error)
      return SimulatedCell(reuseIdentifier: identifier)
    }
  }

  func layOutIfLoaded() {
    if counts != nil { layOut() }
  }

  /// Gives every visible row a cell and recycles the cells of the others.
  func layOut() {
    let visible = visibleItemPaths
    let visibleTokens = Set(visible.map { rows[$0.section][$0.item] })
    for (token, cell) in cells where !visibleTokens.contains(token) {
      enqueue(cell)
      cells[token] = nil
    }
    guard let source = hostDataSource else { return }
    for path in visible {
      let token = rows[path.section][path.item]
      if cells[token] == nil { cells[token] = source.cell(for: self, at: path) }
    }
  }

  func enqueue(_ cell: SimulatedCell) {
    reusePool[cell.reuseIdentifier, default: []].append(cell)
  }
}
