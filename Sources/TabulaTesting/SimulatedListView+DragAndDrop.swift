import Tabula

// Drag and drop as UIKit's drag and drop delegates (which TabulaUIKit sets)
// drive it: a drag starts on a row and takes what the data source says, its
// drop proposal is asked while it hovers, and a drop is performed only
// where the proposal allows it; drops from outside carry payloads (UIKit's
// item providers).

/// A drag in progress over a simulated list: the rows it carries, as the
/// data source named them when it began.
public struct SimulatedDrag {
  /// The ids of the dragged rows, in the order they joined the drag.
  public internal(set) var itemIDs: [AnyHashable]
  /// How many rows are dragged.
  public var count: Int { itemIDs.count }
}

extension SimulatedListView {
  /// Begins a drag on the row at `path` (UIKit's
  /// `itemsForBeginning:atIndexPath:`): the rows the data source gives
  /// (the row, or every selected row with it), or `nil` when the row
  /// cannot be dragged.
  public func beginDrag(at path: ItemPath) -> SimulatedDrag? {
    guard let source = hostDataSource else { return nil }
    let ids = source.dragItemIDs(startingAt: path)
    return ids.isEmpty ? nil : SimulatedDrag(itemIDs: ids)
  }

  /// Adds the row at `path` to `drag` (UIKit's
  /// `itemsForAddingTo:atIndexPath:point:`, a tap on a row while dragging):
  /// the row the data source drags from there, unless the drag carries it
  /// already or it cannot be dragged. Returns whether it joined.
  @discardableResult
  public func addToDrag(_ drag: inout SimulatedDrag, at path: ItemPath) -> Bool {
    guard let id = hostDataSource?.dragItemIDs(startingAt: path).first,
      !drag.itemIDs.contains(id)
    else { return false }
    drag.itemIDs.append(id)
    return true
  }

  /// What the list shows while `drag` hovers at `destination` (UIKit's
  /// `dropSessionDidUpdate`).
  public func dropProposal(for drag: SimulatedDrag, at destination: ListDropDestination)
    -> ListDropProposal
  {
    hostDataSource?.dropProposal(forMovingItemsWithIDs: drag.itemIDs, to: destination)
      ?? ListDropProposal(.cancel)
  }

  /// Drops `drag` at `destination` (UIKit's `performDrop`), which UIKit
  /// does only where the last proposal was a move; returns whether the
  /// rows moved.
  @discardableResult
  public func drop(_ drag: SimulatedDrag, at destination: ListDropDestination) -> Bool {
    guard let source = hostDataSource,
      source.dropProposal(forMovingItemsWithIDs: drag.itemIDs, to: destination).operation == .move
    else { return false }
    return source.performDrop(ofItemsWithIDs: drag.itemIDs, to: destination)
  }

  /// What the list shows while `drag` hovers as `hover` says, as
  /// TabulaUIKit's drop delegates answer UIKit's `dropSessionDidUpdate`
  /// (`ListHostDataSource.dropProposal(localIDs:externalCount:hover:)`):
  /// the host's destination and the row under the finger, not a list
  /// destination yet.
  public func dropProposal(for drag: SimulatedDrag, hovering hover: ListDropHover)
    -> ListDropProposal
  {
    hostDataSource?.dropProposal(localIDs: drag.itemIDs, externalCount: 0, hover: hover)
      ?? ListDropProposal(.cancel)
  }

  /// Drops `drag` where it hovers (UIKit's `performDropWith`, after the
  /// last `dropSessionDidUpdate`): where the proposal for `hover` says,
  /// when it is a move. Returns whether the rows moved.
  @discardableResult
  public func drop(_ drag: SimulatedDrag, hovering hover: ListDropHover) -> Bool {
    let proposal = dropProposal(for: drag, hovering: hover)
    guard proposal.operation == .move, let destination = proposal.destination else {
      return false
    }
    return drop(drag, at: destination)
  }

  /// What the list shows while `count` items from outside hover at
  /// `destination`.
  public func dropProposal(forExternalItemCount count: Int, at destination: ListDropDestination)
    -> ListDropProposal
  {
    hostDataSource?.dropProposal(forExternalItemCount: count, at: destination)
      ?? ListDropProposal(.cancel)
  }

  /// Drops `payloads` from outside at `destination`, where the proposal
  /// is a copy; returns whether the list took the drop (its placeholders
  /// show at once, and the items once loaded).
  @discardableResult
  public func dropFromOutside(_ payloads: [AnyObject], at destination: ListDropDestination) -> Bool
  {
    guard let source = hostDataSource,
      source.dropProposal(forExternalItemCount: payloads.count, at: destination).operation
        == .copy
    else { return false }
    source.performExternalDrop(of: payloads, at: destination.path)
    return true
  }

  /// What dragging `drag` out of the list carries: each row's payload
  /// the app describes (UIKit's item providers), in order.
  public func payloads(of drag: SimulatedDrag) -> [AnyObject] {
    drag.itemIDs.compactMap { hostDataSource?.dragPayload(forItemWithID: $0) }
  }
}
