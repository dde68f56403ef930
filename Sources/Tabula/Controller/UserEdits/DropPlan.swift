/// The rows a drop moves, and the place they go to, by ids: what the
/// controller writes. Portable, and tested on its own.
struct DropPlan<SectionModel: Diffable, Item: Diffable> {
  /// The rows that move, in the order the list shows them (in an outline,
  /// without the rows whose folder moves too).
  var items: [Item]
  /// The section they go to.
  var section: SectionModel.ID
  /// The row they go before, and after (their new neighbours that stay).
  var before: Item.ID?
  var after: Item.ID?
  /// The index of the first among its new siblings, as a last resort.
  var index: Int?
  /// In an outline, the row they go under (`nil`: roots).
  var parent: Item.ID?

  /// The plan of moving the rows at `paths` (sorted) of `shown` to
  /// `destination`; `nil` when an outline's folder would go under itself.
  init?(
    moving paths: [ItemPath], to destination: ListDropDestination,
    in shown: Snapshot<SectionModel, Item>, outline: Bool
  ) {
    func depth(_ path: ItemPath) -> Int {
      OutlinePosition(of: shown[path])?.depth ?? 0
    }
    // The moving rows, and in an outline the rows their folders bring.
    var items: [Item] = []
    var moving = Set<Item.ID>()
    var next = 0
    for path in paths {
      let item = shown[path]
      guard !moving.contains(item.id) else { continue }
      items.append(item)
      moving.insert(item.id)
      guard outline else { continue }
      let rowDepth = depth(path)
      // The visible rows under it move with it.
      next = path.item + 1
      let count = shown.numberOfItems(inSectionAt: path.section)
      while next < count, depth(ItemPath(section: path.section, item: next)) > rowDepth {
        moving.insert(shown[ItemPath(section: path.section, item: next)].id)
        next += 1
      }
    }
    self.items = items
    let target = destination.path
    section = shown.sections[target.section].id
    let count = shown.numberOfItems(inSectionAt: target.section)
    func row(_ item: Int) -> Item { shown[ItemPath(section: target.section, item: item)] }
    func staying(_ item: Int) -> Bool { !moving.contains(row(item).id) }
    guard outline else {
      before = (target.item..<count).first(where: staying).map { row($0).id }
      after = (0..<target.item).reversed().first(where: staying).map { row($0).id }
      index = (0..<target.item).filter(staying).count
      parent = nil
      return
    }
    switch destination {
    case .into(let path):
      guard staying(path.item) else { return nil }
      parent = row(path.item).id
      let folderDepth = depth(path)
      // After its last child shown, if it is open.
      var last: Int?
      var item = path.item + 1
      while item < count, depth(ItemPath(section: target.section, item: item)) > folderDepth {
        if depth(ItemPath(section: target.section, item: item)) == folderDepth + 1, staying(item) {
          last = item
        }
        item += 1
      }
      after = last.map { row($0).id }
      before = nil
      index = nil
    case .insert(let path):
      // The row above that stays.
      guard let above = (0..<path.item).reversed().first(where: staying) else {
        parent = nil
        after = nil
        before = (0..<count).first {
          staying($0) && depth(ItemPath(section: target.section, item: $0)) == 0
        }.map { row($0).id }
        index = 0
        return
      }
      let abovePath = ItemPath(section: target.section, item: above)
      let aboveDepth = depth(abovePath)
      let abovePosition = OutlinePosition(of: row(above))
      let siblingDepth: Int
      if abovePosition?.isExpanded == true {
        // The first child of the open folder above.
        parent = row(above).id
        after = nil
        siblingDepth = aboveDepth + 1
        index = 0
      } else {
        // Beside the row above, under its parent.
        let placement = shown.placement(at: abovePath)
        parent = placement.parent
        after = row(above).id
        siblingDepth = aboveDepth
        index = placement.index.map { $0 + 1 }
      }
      // The next sibling that stays, before the folder's rows end.
      var item = above + 1
      before = nil
      while item < count {
        let rowDepth = depth(ItemPath(section: target.section, item: item))
        if rowDepth < siblingDepth { break }
        if rowDepth == siblingDepth, staying(item) {
          before = row(item).id
          break
        }
        item += 1
      }
    }
    // A folder cannot go under itself or a row of its own.
    if let parent, moving.contains(parent) { return nil }
  }

  /// The placements of `items` (the plan's, or those still in the data),
  /// in order: each goes after the one before it.
  func placements(for items: [Item]) -> [UserEdit<SectionModel, Item>.Placement] {
    items.enumerated().map { offset, item in
      UserEdit<SectionModel, Item>.Placement(
        item: item, section: section, before: before,
        after: offset == 0 ? after : items[offset - 1].id,
        index: index.map { $0 + offset }, parent: parent)
    }
  }
}
