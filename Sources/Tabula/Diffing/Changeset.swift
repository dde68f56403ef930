/// What changed between two snapshots: the section and item operations that
/// turn the old one into the new one, with UIKit's coordinate conventions.
///
/// Deletes and move sources are positions in the *old* snapshot; inserts and
/// move destinations are positions in the *new* one. Updates carry both.
///
/// ```swift
/// let changes = Changeset(from: old, to: new)
/// changes.itemMoves     // [ItemMove(from: [0, 0], to: [0, 9])]
/// ```
///
/// Guarantees:
/// - Moves are minimal: inside a section, exactly the surviving items that are
///   not in a longest increasing subsequence of old positions move (n − LIS);
///   an item that changes section is one move. An item whose order relative
///   to its neighbours survives never moves.
/// - Items of a deleted section are covered by the section delete, items of an
///   inserted section by the section insert. An item leaving a deleted section
///   or entering an inserted one is a delete plus an insert (no list view can
///   move an item out of a section it deletes).
/// - A section marked for reload in the new snapshot is a delete plus an
///   insert; so are all its items.
/// - Expected time O(n + m) plus O(k log k) for the k items whose order
///   changed; memory O(n + m).
public struct Changeset: Sendable, Equatable {
  /// Old indices of deleted sections, ascending.
  public var sectionDeletes: [Int] = []
  /// New indices of inserted sections, ascending.
  public var sectionInserts: [Int] = []
  /// Sections that moved, old index to new index, in new order.
  public var sectionMoves: [IndexMove] = []
  /// Sections whose content (header, footer) changed, in new order.
  public var sectionUpdates: [IndexMove] = []
  /// Old paths of deleted items, ascending.
  public var itemDeletes: [ItemPath] = []
  /// New paths of inserted items, ascending.
  public var itemInserts: [ItemPath] = []
  /// Items that moved, old path to new path, in new order.
  public var itemMoves: [ItemMove] = []
  /// Items whose content changed or that were marked, in new order.
  public var itemUpdates: [ItemUpdate] = []

  /// An empty changeset.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool {
    sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
      && sectionUpdates.isEmpty && itemDeletes.isEmpty && itemInserts.isEmpty
      && itemMoves.isEmpty && itemUpdates.isEmpty
  }

  /// Whether any section or item moves.
  public var hasMoves: Bool { !sectionMoves.isEmpty || !itemMoves.isEmpty }

  /// The number of operations: each delete, insert, move and update counts one.
  public var count: Int {
    sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionUpdates.count
      + itemDeletes.count + itemInserts.count + itemMoves.count + itemUpdates.count
  }
}
