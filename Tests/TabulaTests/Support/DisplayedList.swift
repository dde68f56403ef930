import TabulaTesting
import Testing

@testable import Tabula

/// What a list view shows: section headers and rows, each as the value it was
/// last configured with. Applying a batch keeps a row's old value unless the
/// batch reloads or reconfigures it, as a real view keeps its cells, so a
/// missing update or a misplaced row shows up as a difference from the
/// snapshot.
struct DisplayedList<SectionModel: Diffable & Equatable, Item: Diffable & Equatable>: Equatable {
  var sections: [SectionModel]
  var rows: [[Item]]
  /// Rows whose cell a batch kept for another item: a reconfigure could
  /// make it show the right value, but the cell belongs to a different row
  /// (and may be the wrong kind of cell). Never any in a correct batch.
  var misplacedCells: [ItemPath] = []

  init(_ snapshot: Snapshot<SectionModel, Item>) {
    sections = snapshot.sections
    rows = snapshot.sections.indices.map { Array(snapshot.items(inSectionAt: $0)) }
  }

  /// Applies one stage as a batch update, under `kind`'s rules.
  mutating func apply(
    _ stage: StagedChangeset<SectionModel, Item>.Stage, kind: ListViewKind
  ) throws(ListViewError) {
    try apply(stage.changeset, showing: stage.snapshot, kind: kind)
  }

  /// Applies `changeset` as one batch update whose data source then serves
  /// `snapshot`.
  mutating func apply(
    _ changeset: Changeset, showing snapshot: Snapshot<SectionModel, Item>, kind: ListViewKind
  ) throws(ListViewError) {
    let result = try BatchRules.apply(
      BatchOperations(changeset), before: rows.map(\.count),
      after: snapshot.sections.indices.map { snapshot.numberOfItems(inSectionAt: $0) }, kind: kind)
    let updatedSections = Set(changeset.sectionUpdates.map(\.to))
    var newSections: [SectionModel] = []
    var newRows: [[Item]] = []
    for (target, source) in result.sectionSources.enumerated() {
      if let source, !updatedSections.contains(target) {
        newSections.append(sections[source])
      } else {
        newSections.append(snapshot.sections[target])
      }
      newRows.append(
        result.rowSources[target].enumerated().map { row, source in
          let path = ItemPath(section: target, item: row)
          guard let source else { return snapshot[path] }
          let kept = rows[source.section][source.item]
          if kept.id != snapshot[path].id { misplacedCells.append(path) }
          return kept
        })
    }
    for path in result.reconfigured { newRows[path.section][path.item] = snapshot[path] }
    sections = newSections
    rows = newRows
  }
}

/// Stages `old → new`, applies every stage to a displayed `old` under both
/// views' rules, and expects each stage to end showing its snapshot and the
/// last to show `new`. Returns the stages.
@discardableResult
func expectStagedRoundTrip<SectionModel: Diffable & Equatable, Item: Diffable & Equatable>(
  _ old: Snapshot<SectionModel, Item>, _ new: Snapshot<SectionModel, Item>,
  updateKind: (Item, Item) -> UpdateKind = { _, _ in .reconfigure },
  _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) -> StagedChangeset<SectionModel, Item> {
  let staged = StagedChangeset(from: old, to: new, updateKind: updateKind)
  #expect(staged.count <= 2, "\(comment())", sourceLocation: sourceLocation)
  if !staged.isEmpty {
    let oneBatch = oneBatchSuffices(old, new, updateKind: updateKind)
    #expect(
      staged.count == (oneBatch ? 1 : 2),
      "\(staged.count) stages where one batch is \(oneBatch ? "" : "not ")valid. \(comment())",
      sourceLocation: sourceLocation)
  }
  for kind in [ListViewKind.table, .collection] {
    var displayed = DisplayedList(old)
    for (index, stage) in staged.enumerated() {
      do {
        try displayed.apply(stage, kind: kind)
      } catch {
        Issue.record(
          "\(kind) rejected stage \(index) \(stage.changeset): \(error). \(comment())",
          sourceLocation: sourceLocation)
        return staged
      }
      #expect(
        displayed == DisplayedList(stage.snapshot), "\(kind) stage \(index). \(comment())",
        sourceLocation: sourceLocation)
    }
    #expect(
      displayed == DisplayedList(new), "\(kind). \(comment())", sourceLocation: sourceLocation)
  }
  return staged
}

/// Whether the whole change from `old` to `new` fits in one batch, by brute
/// force: the diff's changeset sent as one batch (updates as reloads or
/// reconfigures at their old paths) is accepted by both views' rules and
/// leaves them showing `new`. Staging must then make one batch, and two
/// otherwise.
func oneBatchSuffices<SectionModel: Diffable & Equatable, Item: Diffable & Equatable>(
  _ old: Snapshot<SectionModel, Item>, _ new: Snapshot<SectionModel, Item>,
  updateKind: (Item, Item) -> UpdateKind
) -> Bool {
  let changes = Changeset._diff(old, new, updateKind: updateKind, avoidingSamePositionMoves: true)
  for kind in [ListViewKind.table, .collection] {
    var displayed = DisplayedList(old)
    do {
      try displayed.apply(changes, showing: new.withoutMarks, kind: kind)
    } catch {
      return false
    }
    if displayed != DisplayedList(new) { return false }
  }
  return true
}

/// The length of a longest strictly increasing subsequence, by the quadratic
/// textbook recurrence: an independent check of the diff's moves.
func naiveLISLength(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for index in values.indices {
    for earlier in 0..<index where values[earlier] < values[index] {
      best[index] = max(best[index], best[earlier] + 1)
    }
  }
  return best.max() ?? 0
}

/// The fewest moves that turn `old` into `new`, counted independently: per
/// new section, the surviving items from the same (surviving) section minus
/// a longest increasing run of their old positions, plus every item that
/// changes between surviving sections.
func minimumMoves<SectionModel: Diffable, Item: Diffable>(
  _ old: Snapshot<SectionModel, Item>, _ new: Snapshot<SectionModel, Item>
) -> Int {
  var moves = 0
  for (section, model) in new.sections.enumerated() {
    guard !new.reloadedSectionIDs.contains(model.id),
      let oldSection = old.sectionIndex(of: model.id)
    else { continue }
    var sameSection: [Int] = []
    for item in new.items(inSectionAt: section) {
      guard let path = old.path(of: item.id) else { continue }
      let from = old.sections[path.section].id
      guard !new.reloadedSectionIDs.contains(from), new.sectionIndex(of: from) != nil else {
        continue
      }
      if path.section == oldSection { sameSection.append(path.item) } else { moves += 1 }
    }
    moves += sameSection.count - naiveLISLength(sameSection)
  }
  return moves
}
