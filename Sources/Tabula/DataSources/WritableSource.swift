extension Snapshot {
  /// Where the item at `path` is, by ids: its section, the items before
  /// and after it, and its index (what puts it back there with
  /// ``apply(_:)``). In an outline (``OutlineRow``s), its parent and its
  /// siblings before and after it under that parent, and its index among
  /// them.
  ///
  /// - Precondition: `path` is an item of the snapshot.
  public func placement(at path: ItemPath) -> UserEdit<SectionModel, Item>.Placement {
    if let outline = outlinePlacement(at: path) { return outline }
    return .init(
      item: self[path], section: _sections[path.section].id,
      before: item(at: ItemPath(section: path.section, item: path.item + 1))?.id,
      after: path.item > 0
        ? item(at: ItemPath(section: path.section, item: path.item - 1))?.id : nil,
      index: path.item)
  }

  /// Applies `edit` by id: a moved or inserted item goes where its
  /// ``UserEdit/Placement`` says, by its nearest neighbour still here (the
  /// item it came before, else the one it came after, else its index in
  /// the section, else the section's end); a delete deletes.
  ///
  /// - Throws: ``SnapshotError`` naming an item the snapshot does not have
  ///   (a moved or deleted one), a section it does not have, or, for an
  ///   insert, an id it has already; the snapshot is then unchanged.
  public mutating func apply(_ edit: UserEdit<SectionModel, Item>) throws(SnapshotError) {
    var next = self
    switch edit {
    case .move(let placement, _, _):
      guard let from = next.path(of: placement.item.id) else {
        throw .unknownItemIDs([String(reflecting: placement.item.id)])
      }
      let to = try next.destination(of: placement, movingFrom: from)
      if from != to { try next.moveItem(from: from, to: to) }
    case .delete(let items):
      try next.deleteItems(items.map(\.id))
    case .insert(let placements):
      for placement in placements {
        try next.insertItems([placement.item], at: try next.destination(of: placement))
      }
    }
    self = next
  }

  /// The placement of the outline row at `path` among its siblings, or
  /// `nil` when the items are not outline rows.
  ///
  /// - Complexity: O(d) for the d rows between it and its siblings and
  ///   parent.
  private func outlinePlacement(at path: ItemPath) -> UserEdit<SectionModel, Item>.Placement? {
    guard let depth = OutlinePosition(of: self[path])?.depth else { return nil }
    let count = numberOfItems(inSectionAt: path.section)
    func at(_ item: Int) -> (id: Item.ID, depth: Int) {
      let item = self[ItemPath(section: path.section, item: item)]
      return (item.id, OutlinePosition(of: item)?.depth ?? 0)
    }
    var parent: Item.ID?
    var previous: Item.ID?
    var index = 0
    var item = path.item - 1
    while item >= 0 {
      let row = at(item)
      if row.depth < depth {
        parent = row.id
        break
      }
      if row.depth == depth {
        if previous == nil { previous = row.id }
        index += 1
      }
      item -= 1
    }
    var next: Item.ID?
    item = path.item + 1
    while item < count {
      let row = at(item)
      if row.depth < depth { break }
      if row.depth == depth {
        next = row.id
        break
      }
      item += 1
    }
    return .init(
      item: self[path], section: _sections[path.section].id, before: next, after: previous,
      index: index, parent: parent)
  }

  /// Where `placement` puts its item: a path of the snapshot after the
  /// item moved there from `from`, or was inserted (`from` `nil`).
  func destination(
    of placement: UserEdit<SectionModel, Item>.Placement, movingFrom from: ItemPath? = nil
  ) throws(SnapshotError) -> ItemPath {
    guard let section = sectionIndex(of: placement.section) else {
      throw .unknownSectionIDs([String(reflecting: placement.section)])
    }
    // Paths of this snapshot, shifted as the moved item leaves its place.
    func afterLeaving(_ path: ItemPath) -> ItemPath {
      guard let from, from.section == path.section, from.item < path.item else { return path }
      return ItemPath(section: path.section, item: path.item - 1)
    }
    let count = numberOfItems(inSectionAt: section) - (from?.section == section ? 1 : 0)
    let id = placement.item.id
    if let before = placement.before, before != id, let path = path(of: before),
      path.section == section
    {
      return afterLeaving(path)
    }
    if let after = placement.after, after != id, let path = path(of: after),
      path.section == section
    {
      let shifted = afterLeaving(path)
      return ItemPath(section: section, item: shifted.item + 1)
    }
    // Both neighbours gone: a last item stays last; another goes back to
    // its index.
    if placement.before != nil, let index = placement.index {
      return ItemPath(section: section, item: min(max(index, 0), count))
    }
    return ItemPath(section: section, item: count)
  }
}

/// A ``SnapshotSource`` that can write the user's edits back to its data
/// (an array, a database table), so that a list reordered on screen stays
/// reordered.
///
/// A ``ListController`` connected to one writes each edit the user makes
/// (its host reports the move, ``ListEditingSource/userMovedItem(from:to:)``)
/// once it has adopted it
/// without a batch (the view shows it already). The source shows the edit
/// in its snapshot at once; that echo agrees with the view, so nothing
/// moves again. Saving may finish later, off the main actor (a database
/// write): `write` then returns the task that saves it. When `write`
/// throws, or the task does, the controller reports the error and goes
/// back to the source's snapshot, animated.
@MainActor
public protocol WritableSource<SectionModel, Item>: SnapshotSource {
  /// Writes `edit` to the data. When this returns, ``SnapshotSource/snapshot``
  /// shows the edit (and observers have heard of it); what is left to save
  /// the edit, if anything, is the task returned, which throws if saving
  /// fails (the source's snapshot then goes back to what the data holds).
  /// Edits are saved in the order they were written.
  ///
  /// - Throws: An error naming why the edit cannot be written at all;
  ///   nothing changes then.
  @discardableResult
  func write(_ edit: UserEdit<SectionModel, Item>) throws -> Task<Void, any Error>?

  /// Writes `edits` as one: a drag of several rows, each placed after the
  /// one before. A database source saves them in one transaction. As for
  /// `write(_:)` (one edit), the snapshot shows them when this returns.
  ///
  /// The default writes each in turn, and stops at the first that throws:
  /// the ones before it stay written, and the controller, which records no
  /// undo step for a write that threw, goes back to the source's snapshot.
  /// A source that can should write all or none (``StaticSource`` and
  /// `FetchedList` do).
  @discardableResult
  func write(_ edits: [UserEdit<SectionModel, Item>]) throws -> Task<Void, any Error>?

  /// Whether the source writes edits now (a database list before its
  /// editing is enabled does not): rows of a list whose source cannot
  /// write do not move.
  var canWrite: Bool { get }

  /// No undo step can put these items back any more (its step left the
  /// list's ``EditHistory``): what the source kept to do so (the values of
  /// a deleted database row) can go.
  func discardUndoData(for ids: Set<Item.ID>)
}

extension WritableSource {
  /// `true`.
  public var canWrite: Bool { true }

  /// Writes each edit in turn with `write(_:)` (one edit); the task
  /// returned finishes once every edit is saved, and throws the first
  /// saving failure.
  @discardableResult
  public func write(_ edits: [UserEdit<SectionModel, Item>]) throws -> Task<Void, any Error>? {
    try writeInTurn(edits)
  }

  /// Writes each edit in turn with `write(_:)` (one edit), and returns the
  /// task that finishes once every edit is saved: what the default does,
  /// for a source that writes only some edits as one.
  package func writeInTurn(_ edits: [UserEdit<SectionModel, Item>]) throws -> Task<
    Void, any Error
  >? {
    var savings: [Task<Void, any Error>] = []
    for edit in edits {
      if let saving = try write(edit) { savings.append(saving) }
    }
    guard !savings.isEmpty else { return nil }
    return Task {
      for saving in savings { try await saving.value }
    }
  }

  /// Nothing: the source keeps nothing to put items back.
  public func discardUndoData(for ids: Set<Item.ID>) {}
}

extension StaticSource: WritableSource {
  /// Applies `edit` to ``snapshot`` by id (``Snapshot/apply(_:)``: a moved
  /// or inserted item goes by its nearest neighbour still there) and
  /// announces it; when ``snapshot`` is a move's `base` itself, its
  /// `result` becomes the snapshot. Nothing is left to save: returns `nil`.
  ///
  /// - Throws: ``SnapshotError`` naming an id or section the snapshot no
  ///   longer has (another edit removed it); the snapshot is then unchanged.
  @discardableResult
  public func write(_ edit: UserEdit<SectionModel, Item>) throws -> Task<Void, any Error>? {
    if let (base, result) = edit.moveSnapshots, base.isIdentical(to: snapshot) {
      setSnapshot(result)
      return nil
    }
    var next = snapshot
    try next.apply(edit)
    setSnapshot(next)
    return nil
  }

  /// Applies `edits` in turn to ``snapshot``, and announces the result
  /// once; when one throws, nothing changes. Returns `nil`.
  ///
  /// - Throws: ``SnapshotError`` naming an id or section the snapshot no
  ///   longer has.
  @discardableResult
  public func write(_ edits: [UserEdit<SectionModel, Item>]) throws -> Task<Void, any Error>? {
    var next = snapshot
    for edit in edits { try next.apply(edit) }
    setSnapshot(next)
    return nil
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
