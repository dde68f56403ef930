/// An edit the user made on screen, for a ``WritableSource`` to write back
/// to its data.
public enum UserEdit<SectionModel: Diffable, Item: Diffable>: Sendable {
  /// The user moved `item` so that it now comes just before the item with
  /// id `before` in the section with id `section` (at its end when `before`
  /// is `nil`). `base` is the list as it showed before the move, `result`
  /// as it shows after: a source whose snapshot is `base` itself
  /// (``Snapshot/isIdentical(to:)``) may take `result` as its new one, which
  /// the controller then recognises in O(1).
  case move(
    item: Item, section: SectionModel.ID, before: Item.ID?, base: Snapshot<SectionModel, Item>,
    result: Snapshot<SectionModel, Item>)

  /// The user deleted `items` (a swipe, a delete of the selection).
  case delete(items: [Item])

  /// Items come back where they were (an undone delete): each, in order,
  /// just before the item with id `before` in the section with id
  /// `section` (at its end when `before` is `nil`).
  case insert(items: [Placement])

  /// Where an inserted item goes.
  public struct Placement: Sendable {
    /// The item.
    public var item: Item
    /// The id of its section.
    public var section: SectionModel.ID
    /// The id of the item it comes before, or `nil` for the section's end.
    public var before: Item.ID?

    /// A placement.
    public init(item: Item, section: SectionModel.ID, before: Item.ID?) {
      self.item = item
      self.section = section
      self.before = before
    }
  }

  /// The edit without the snapshots a move carries (kept in a history,
  /// they would hold whole lists alive).
  public var stripped: UserEdit {
    guard case .move(let item, let section, let before, _, _) = self else { return self }
    return .move(item: item, section: section, before: before, base: Snapshot(), result: Snapshot())
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
    case .move(let item, _, _, _, _): [item]
    case .delete(let items): items
    case .insert(let placements): placements.map(\.item)
    }
  }
}

extension Snapshot {
  /// Where the item at `path` is, by ids: its section and the item after
  /// it (what puts it back there with ``apply(_:)``).
  ///
  /// - Precondition: `path` is an item of the snapshot.
  func placement(at path: ItemPath) -> UserEdit<SectionModel, Item>.Placement {
    .init(
      item: self[path], section: _sections[path.section].id,
      before: item(at: ItemPath(section: path.section, item: path.item + 1))?.id)
  }

  /// Applies `edit` by id: a move before the same neighbour (or to the end
  /// of the section), a delete, or items inserted where their placements
  /// say.
  ///
  /// - Throws: ``SnapshotError`` naming an id or section the snapshot does
  ///   not have (or, for an insert, an id it has already); the snapshot is
  ///   then unchanged.
  public mutating func apply(_ edit: UserEdit<SectionModel, Item>) throws(SnapshotError) {
    var next = self
    switch edit {
    case .move(let item, let section, let before, _, _):
      try next.moveItem(item.id, toSection: section, before: before)
    case .delete(let items):
      try next.deleteItems(items.map(\.id))
    case .insert(let placements):
      for placement in placements {
        if let before = placement.before {
          try next.insertItems([placement.item], beforeItem: before)
        } else {
          try next.appendItems([placement.item], toSection: placement.section)
        }
      }
    }
    self = next
  }
}

/// A ``SnapshotSource`` that can write the user's edits back to its data
/// (an array, a database table), so that a list reordered on screen stays
/// reordered.
///
/// A ``ListController`` connected to one writes each edit the user makes
/// (``ListController/userMovedItem(from:to:)``) once it has adopted it
/// without a batch (the view shows it already). The source then announces
/// its new snapshot as usual; that echo agrees with the view, so nothing
/// moves again. When `write` throws, the controller reports the error and
/// goes back to the source's snapshot, animated.
@MainActor
public protocol WritableSource<SectionModel, Item>: SnapshotSource {
  /// Writes `edit` to the data, and announces the new snapshot (now or
  /// later). Throws, changing nothing, when it cannot.
  func write(_ edit: UserEdit<SectionModel, Item>) throws

  /// Whether the source writes edits now (a database list before its
  /// editing is enabled does not): rows of a list whose source cannot
  /// write do not move.
  var canWrite: Bool { get }
}

extension WritableSource {
  /// `true`.
  public var canWrite: Bool { true }
}

extension StaticSource: WritableSource {
  /// Applies `edit` to ``snapshot`` by id (``Snapshot/apply(_:)``: a moved
  /// item goes before the same neighbour, or to the end of the same
  /// section, as on screen) and announces it; when ``snapshot`` is a move's
  /// `base` itself, its `result` becomes the snapshot.
  ///
  /// - Throws: ``SnapshotError`` naming an id the snapshot no longer has
  ///   (another edit removed it); the snapshot is then unchanged.
  public func write(_ edit: UserEdit<SectionModel, Item>) throws {
    if case .move(_, _, _, let base, let result) = edit, base.isIdentical(to: snapshot) {
      setSnapshot(result)
      return
    }
    var next = snapshot
    try next.apply(edit)
    setSnapshot(next)
  }
}

extension Snapshot {
  /// Moves the item with `id` to just before `before` in the section with
  /// id `section`, or to that section's end when `before` is `nil`.
  ///
  /// - Throws: ``SnapshotError/unknownItemIDs(_:)`` or
  ///   ``SnapshotError/unknownSectionIDs(_:)`` naming what is missing, and
  ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` when `before == id`.
  public mutating func moveItem(
    _ id: Item.ID, toSection section: SectionModel.ID, before: Item.ID?
  ) throws(SnapshotError) {
    if let before {
      try moveItem(id, beforeItem: before)
      return
    }
    guard let index = _sectionIndex(of: section) else {
      throw .unknownSectionIDs([String(reflecting: section)])
    }
    guard let from = path(of: id) else { throw .unknownItemIDs([String(reflecting: id)]) }
    let count = numberOfItems(inSectionAt: index)
    let end = ItemPath(section: index, item: from.section == index ? count - 1 : count)
    if from != end { try moveItem(from: from, to: end) }
  }
}

/// Why a user edit cannot be written.
public enum UserEditError: Error, Equatable, CustomStringConvertible {
  /// The source (named) cannot write.
  case readOnlySource(String)

  /// The message.
  public var description: String {
    switch self {
    case .readOnlySource(let source): "the source \(source) cannot write user edits"
    }
  }
}
