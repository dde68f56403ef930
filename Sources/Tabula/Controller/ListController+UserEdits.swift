// User edits: a row the user moved on screen. The host shows the move
// already, so the controller adopts it into the snapshot on screen without a
// batch, then writes it back through its source when the source can write.
// The source's echo agrees with the view: nothing moves again. A transaction
// in flight is staged again from the adopted snapshot.

/// Where the user may drop a row they move.
public enum MovePolicy: Sendable, Hashable {
  /// Anywhere in the list, another section included.
  case anywhere
  /// Only within its own section: a drop in another section lands at the
  /// nearest end of the row's section.
  case withinSection
}

extension ListController {
  /// Whether the user may move the row at `path`: its presenter's
  /// ``Presenter/canMove(_:)`` (no row moves without presenters, unless
  /// ``canMoveItem`` says), and only when the controller can keep the move:
  /// it owns its data, or the source it follows is a ``WritableSource``
  /// (a read-only source would undo the move at its next snapshot; that is
  /// reported once).
  public func canMoveItem(at path: ItemPath) -> Bool {
    guard let item = _snapshot.item(at: path) else { return false }
    if let connection {
      guard let writable = connection.source as? any WritableSource<SectionModel, Item> else {
        if !reportedReadOnlySource {
          reportedReadOnlySource = true
          TabulaLog.report(
            "rows cannot move: the list's source \(type(of: connection.source)) cannot write "
              + "them back (it is not a WritableSource)")
        }
        return false
      }
      guard writable.canWrite else { return false }
    }
    if let canMoveItem { return canMoveItem(item, path) }
    guard let presenters else { return false }
    let model = Self.model(of: item)
    guard let resolved = Self.resolved(model, in: presenters) else { return false }
    return resolved.entry.canMove(model)
  }

  /// Where a row dragged from `source` lands when dropped at `proposed`:
  /// kept in its section by ``MovePolicy/withinSection``, then redirected
  /// by ``moveTarget`` if set.
  public func targetPath(forMovingItemAt source: ItemPath, to proposed: ItemPath) -> ItemPath {
    guard let item = _snapshot.item(at: source) else { return source }
    var target = proposed
    if movePolicy == .withinSection && proposed.section != source.section {
      let last = _snapshot.numberOfItems(inSectionAt: source.section) - 1
      target = ItemPath(section: source.section, item: proposed.section < source.section ? 0 : last)
    }
    if let moveTarget { target = moveTarget(item, source, target) }
    return target
  }

  /// Adopts a move the user made on screen: the row at `source` now shows
  /// at `destination` (a path after the move). No batch goes to the host.
  /// With a ``WritableSource`` connected, the move is written back; if that
  /// fails, the error goes to ``didFailToWrite`` (else ``TabulaLog``) and
  /// the list goes back to the source's snapshot, animated. A move the
  /// row's presenter, ``movePolicy`` or ``moveTarget`` refuses is reported
  /// and undone, animated: the view never keeps what the data refuses.
  ///
  /// - Precondition: `source` is a path of the list on screen, and
  ///   `destination` a path of it after the row left (else this traps with
  ///   the snapshot's range message: the host's report is wrong).
  public func userMovedItem(from source: ItemPath, to destination: ItemPath) {
    guard let item = _snapshot.item(at: source) else { _outOfRange(source) }
    guard source != destination else { return }
    let allowed =
      canMoveItem(at: source) && targetPath(forMovingItemAt: source, to: destination) == destination
    let before = latestSnapshot
    let shown = _snapshot
    var moved = _snapshot
    do {
      try moved.moveItem(from: source, to: destination)
    } catch {
      preconditionFailure("the host moved \(source) to \(destination): \(error)")
    }
    _snapshot = moved
    userEditEpoch += 1
    guard allowed else {
      TabulaLog.report(
        "the host moved the item \(item.id) from \(source) to \(destination), which the list "
          + "refuses (its presenter, movePolicy or moveTarget): it moves back")
      apply(before)
      return
    }
    guard let writable = connection?.source as? any WritableSource<SectionModel, Item> else {
      return
    }
    let section = moved.sections[destination.section].id
    let next = ItemPath(section: destination.section, item: destination.item + 1)
    let edit = UserEdit<SectionModel, Item>.move(
      item: item, section: section, before: moved.item(at: next)?.id, base: shown, result: moved)
    do {
      try writable.write(edit)
    } catch {
      if let didFailToWrite {
        didFailToWrite(error, edit)
      } else {
        TabulaLog.report("moving \(item.id) could not be written back: \(error)")
      }
      apply(writable.snapshot)
    }
  }
}
