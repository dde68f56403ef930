/// An edit the user made on screen, for a ``WritableSource`` to write back
/// to its data.
public enum UserEdit<SectionModel: Diffable, Item: Diffable>: Sendable {
  /// The user moved `placement.item` to `placement` (a place among its new
  /// neighbours). `base` is the list as it showed before the move,
  /// `result` as it shows after: a source whose snapshot is `base` itself
  /// (``Snapshot/isIdentical(to:)``) may take `result` as its new one, which
  /// the controller then recognises in O(1).
  case move(to: Placement, base: Snapshot<SectionModel, Item>, result: Snapshot<SectionModel, Item>)

  /// The user deleted `items` (a swipe, a delete of the selection).
  case delete(items: [Item])

  /// Items come back where they were (an undone delete): each, in order,
  /// at its placement.
  case insert(items: [Placement])

  /// Where an item goes, by its neighbours' ids, so that it can be placed
  /// in a list that changed since: just before the item it came before
  /// (`before`); if that one is gone, just after the item it came after
  /// (`after`); if both are gone, at its index in the section (`index`),
  /// or at the section's end. ``Snapshot/apply(_:)`` places items this way.
  ///
  /// In an outline (rows that are ``OutlineRow``s), `parent` names the row
  /// the item goes under (`nil`: a root), and `before`, `after` and
  /// `index` are its siblings under that parent: what an outline source
  /// (``OutlineSource``, `TabulaGRDB.FetchedTree`) moves a node by.
  public struct Placement: Sendable {
    /// The item.
    public var item: Item
    /// The id of its section.
    public var section: SectionModel.ID
    /// The id of the item it comes before, or `nil` when it is the
    /// section's last.
    public var before: Item.ID?
    /// The id of the item it comes after, or `nil` when it is the
    /// section's first (or unknown).
    public var after: Item.ID?
    /// Its index in the section, the last resort (`nil`: unknown); in an
    /// outline, among its parent's children.
    public var index: Int?
    /// In an outline, the id of the row it goes under (`nil`: a root, or a
    /// list that is not an outline).
    public var parent: Item.ID?

    /// A placement.
    public init(
      item: Item, section: SectionModel.ID, before: Item.ID?, after: Item.ID? = nil,
      index: Int? = nil, parent: Item.ID? = nil
    ) {
      self.item = item
      self.section = section
      self.before = before
      self.after = after
      self.index = index
      self.parent = parent
    }
  }

  /// A move known by its placement alone, without the lists before and
  /// after it: an undo's move, a step of the history, each row of a drop
  /// of several. A source places the item by `placement`;
  /// ``moveSnapshots`` is `nil`.
  public static func move(to placement: Placement) -> UserEdit {
    // No list is written as an empty one (see `moveSnapshots`).
    .move(to: placement, base: Snapshot(), result: Snapshot())
  }

  /// The list before and after a move, when the edit carries them (a move
  /// the user made on screen: a source whose snapshot is `base` itself
  /// may take `result`); `nil` for a move known by its placement alone
  /// (``move(to:)``) and for other edits.
  public var moveSnapshots:
    (base: Snapshot<SectionModel, Item>, result: Snapshot<SectionModel, Item>)?
  {
    // A move's list holds the item it moves: an empty one is no list.
    guard case .move(_, let base, let result) = self, base.numberOfItems > 0 else { return nil }
    return (base, result)
  }

  /// The edit without the snapshots a move carries (kept in a history,
  /// they would hold whole lists alive).
  public var stripped: UserEdit {
    guard case .move(let placement, _, _) = self else { return self }
    return .move(to: placement)
  }

  /// How many items the edit touches.
  public var itemCount: Int {
    switch self {
    case .move: 1
    case .delete(let items): items.count
    case .insert(let placements): placements.count
    }
  }

  /// The items the edit touches.
  public var items: [Item] {
    switch self {
    case .move(let placement, _, _): [placement.item]
    case .delete(let items): items
    case .insert(let placements): placements.map(\.item)
    }
  }
}
