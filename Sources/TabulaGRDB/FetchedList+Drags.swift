import Tabula

#if GRDB  // the package trait that resolves GRDB (GRDBTrait.swift)
  import GRDB
#endif

// Writing a drag of several rows (or an undo of one) back to the table: the
// rows that land together as a block of ranks, every block in one
// transaction (FetchedEditor.writeMoves, FetchedRanks.swift).

extension FetchedList {
  /// Writes `edits` as one: moves (a drag of several rows, an undo of
  /// one) in one transaction, rows moved together as a block that takes k
  /// ranks of the gap it lands in, so that moving k rows writes k rows in
  /// nearly every case; the list shows them all at once. Other edits are
  /// written one after the other, as `write(_:)` (one edit) writes them.
  ///
  /// - Throws: What `write(_:)` throws for one move, naming the row; nothing
  ///   is written or shown then.
  @discardableResult
  public func write(_ edits: [UserEdit<SectionInfo, Item>]) throws -> Task<Void, any Error>? {
    var placements: [UserEdit<SectionInfo, Item>.Placement] = []
    for case .move(let placement, _, _) in edits { placements.append(placement) }
    guard placements.count == edits.count, edits.count > 1 else { return try writeInTurn(edits) }
    guard let state = self.edits.editor else { throw FetchedEditingError.notEnabled }
    return try writeMoves(placements, shown: content ?? Snapshot(), editor: try state.get())
  }

  /// Writes moves as blocks (each run of placements that follow one
  /// another) in one transaction, each block between the list's own rows
  /// around it once the blocks before it moved.
  private func writeMoves(
    _ placements: [UserEdit<SectionInfo, Item>.Placement], shown: Snapshot<SectionInfo, Item>,
    editor: FetchedEditor<Item.ID>
  ) throws -> Task<Void, any Error> {
    let blocks = UserEdit<SectionInfo, Item>.Placement.blocks(placements)
    var moved = shown
    var plans: [(items: [Item.ID], previous: Item.ID?, next: Item.ID?, section: String)] = []
    var crossing = false
    for block in blocks {
      let section = block[0].section
      for placement in block {
        guard let from = moved.path(of: placement.item.id),
          shown.contains(itemWithID: placement.item.id)
        else { throw FetchedEditingError.notADatabaseRow("\(placement.item.id)") }
        if shown.sectionIndex(of: section) == nil && snapshot.contains(sectionWithID: section) {
          throw FetchedEditingError.sectionNotInDatabase(section)
        }
        let source = moved.sections[from.section].id
        if source != section {
          guard editor.settings.sectionColumn != nil else {
            throw FetchedEditingError.cannotMoveAcrossSections(from: source, to: section)
          }
          crossing = true
        }
        unsettled.formUnion([source, section])
        try moved.apply(.move(to: placement))
      }
      // The list's own rows around the block, as it shows now.
      let ids = Set(block.map(\.item.id))
      guard let first = moved.path(of: block[0].item.id),
        let last = moved.path(of: block[block.count - 1].item.id)
      else { throw FetchedEditingError.notADatabaseRow("\(block[0].item.id)") }
      func id(_ item: Int) -> Item.ID { moved[ItemPath(section: first.section, item: item)].id }
      func own(_ id: Item.ID) -> Bool { !ids.contains(id) && shown.contains(itemWithID: id) }
      let count = moved.numberOfItems(inSectionAt: first.section)
      plans.append(
        (
          block.map(\.item.id),
          (0..<first.item).reversed().lazy.map(id).first(where: own),
          ((last.item + 1)..<count).lazy.map(id).first(where: own),
          section
        ))
    }
    // Shown at once.
    content = moved
    publish()
    let ordering = request.ordering
    let current = rowsMatch(request)
    let planned = plans
    return save { db in
      try planned.map { plan in
        (
          try editor.writeMoves(
            db, items: plan.items, previous: plan.previous, next: plan.next,
            section: plan.section),
          plan.items.count, plan.section
        )
      }
    } then: { results in
      for (writes, movedCount, section) in results {
        self.counts.rowsWrittenByEdits += writes.count
        if current && self.rowsMatch(self.request) {
          self.indexWritten(
            writes, moved: movedCount, movedSection: crossing ? section : nil, editor: editor,
            ordering: ordering)
        }
      }
    }
  }

}
