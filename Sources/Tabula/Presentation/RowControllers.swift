/// One child controller per row on screen (TLIndexPathTools's
/// view-controller-backed cells), decided here and tested anywhere; the
/// UIKit glue only does the containment calls.
///
/// A presenter keeps one and forwards its lifecycle to it:
///
/// ```swift
/// struct VideoPresenter: Presenter {
///   let players: RowControllers<Video.ID, PlayerController, UITableViewCell>
///   func willDisplay(_ cell: UITableViewCell, with video: Video, context: PresentationContext) {
///     players.willDisplay(video.id, in: cell)
///   }
///   func didEndDisplaying(_ cell: UITableViewCell, with video: Video) {
///     players.didEndDisplaying(video.id, in: cell)
///   }
///   // reuseIdentifier(for:style:), configure(_:with:context:)...
/// }
/// ```
///
/// - A row gets its controller when it first appears (`make`), attached to
///   its cell (`attach`); the controller stays with the row's identity while
///   the row is on screen: a reconfigured or moved row keeps it, a reloaded
///   row's new cell takes it over (detached from the old cell, attached to
///   the new one: hosts report the new cell's appearance before the old
///   cell's end, as UIKit does).
/// - When the row's last cell leaves the screen the controller is detached
///   (`detach`) and released: a row that comes back gets a new one.
@MainActor
public final class RowControllers<ID: Hashable, Controller: AnyObject, Cell: AnyObject> {
  private struct Entry {
    var controller: Controller
    /// The cells showing the row (two while a reload swaps them), newest
    /// last; the controller is attached to the newest.
    var cells: [ObjectIdentifier: Cell]
    var attachedTo: ObjectIdentifier
  }

  private let make: (ID) -> Controller
  private let attach: (Controller, Cell) -> Void
  private let detach: (Controller, Cell) -> Void
  private var entries: [ID: Entry] = [:]

  /// How many controllers were made.
  public private(set) var madeCount = 0
  /// How many times a controller was attached to a cell.
  public private(set) var attachCount = 0
  /// How many times a controller was detached from a cell.
  public private(set) var detachCount = 0

  /// Controllers made by `make`, put into a cell by `attach` and taken out
  /// by `detach`.
  public init(
    make: @escaping (ID) -> Controller, attach: @escaping (Controller, Cell) -> Void,
    detach: @escaping (Controller, Cell) -> Void
  ) {
    self.make = make
    self.attach = attach
    self.detach = detach
  }

  /// The controller of the row `id`, if the row is on screen.
  public func controller(for id: ID) -> Controller? { entries[id]?.controller }

  /// The rows with a controller, that is, on screen.
  public var activeIDs: Set<ID> { Set(entries.keys) }

  /// `cell` is about to show the row `id`: its controller (made on the
  /// row's first appearance) moves into `cell`.
  public func willDisplay(_ id: ID, in cell: Cell) {
    let key = ObjectIdentifier(cell)
    guard var entry = entries[id] else {
      let controller = make(id)
      madeCount += 1
      entries[id] = Entry(controller: controller, cells: [key: cell], attachedTo: key)
      attach(controller, cell)
      attachCount += 1
      return
    }
    entry.cells[key] = cell
    if entry.attachedTo != key {
      if let old = entry.cells[entry.attachedTo] {
        detach(entry.controller, old)
        detachCount += 1
      }
      attach(entry.controller, cell)
      attachCount += 1
      entry.attachedTo = key
    }
    entries[id] = entry
  }

  /// `cell`, which showed the row `id`, left the screen: the controller
  /// goes with the row's last cell, or moves to the cell still showing it.
  public func didEndDisplaying(_ id: ID, in cell: Cell) {
    let key = ObjectIdentifier(cell)
    guard var entry = entries[id], entry.cells.removeValue(forKey: key) != nil else { return }
    if entry.attachedTo == key {
      detach(entry.controller, cell)
      detachCount += 1
      if let (newKey, newCell) = entry.cells.first {
        attach(entry.controller, newCell)
        attachCount += 1
        entry.attachedTo = newKey
      }
    }
    // The entry (and its row controller) is released after the write, not
    // inside it: a row controller's deinit may reach this object.
    entries[id] = entry.cells.isEmpty ? nil : entry
    withExtendedLifetime(entry) {}
  }
}
