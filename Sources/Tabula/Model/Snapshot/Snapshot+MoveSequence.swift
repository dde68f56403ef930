// A reorder as moves made one after another: what UIKit's
// tableView(_:moveRowAt:to:) gives an app, one call per row, each path read
// in the list as the calls before it left it (the source before the row
// leaves, the destination after). An app that applies each call to its own
// array in turn ends with the list's order.

extension Snapshot {
  /// One move of a sequence: the item, where it is before the move, and
  /// where it lands (a path after it left, as `moveRow(at:to:)` means it).
  struct SequentialMove {
    var item: Item
    var from: ItemPath
    var to: ItemPath
  }

  /// The moves of the items with `ids` that make `final`'s order from this
  /// snapshot's, one after another: in the order `final` shows them, each
  /// lands just after the row that precedes it in `final` (a row that did
  /// not move, or one moved before it), or first in its section. Items
  /// already in their place make no move. `final` holds the same sections;
  /// items either snapshot lacks are passed over.
  ///
  /// When `ids` are every item whose place changed relative to the rows
  /// that stayed, applying the moves to this snapshot yields `final`.
  ///
  /// - Complexity: O(k log k) plus k edits of the snapshot, for k ids.
  func sequentialMoves(to final: Snapshot, moving ids: some Sequence<Item.ID>) -> [SequentialMove] {
    var state = self
    let targets = ids.compactMap { id -> (Item.ID, ItemPath)? in
      guard state.contains(itemWithID: id), let path = final.path(of: id) else { return nil }
      return (id, path)
    }.sorted { $0.1 < $1.1 }
    var moves: [SequentialMove] = []
    for (id, target) in targets {
      guard let from = state.path(of: id),
        let section = state.sectionIndex(of: final.sections[target.section].id)
      else { continue }
      // The nearest row before it in `final` that the state holds there.
      var predecessor: ItemPath?
      var item = target.item - 1
      while item >= 0, predecessor == nil {
        let path = state.path(of: final[ItemPath(section: target.section, item: item)].id)
        if let path, path.section == section { predecessor = path }
        item -= 1
      }
      var to = ItemPath(section: section, item: 0)
      if let predecessor {
        let shift = predecessor.section == from.section && predecessor.item > from.item ? 1 : 0
        to.item = predecessor.item - shift + 1
      }
      guard to != from else { continue }
      do {
        try state.moveItem(from: from, to: to)
      } catch {
        // A path worked out in the state itself is always in range.
        preconditionFailure("a sequential move from \(from) to \(to): \(error)")
      }
      moves.append(SequentialMove(item: state[to], from: from, to: to))
    }
    return moves
  }
}
