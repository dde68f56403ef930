/// Where UIKit puts a reloaded row: the old position shifted by the batch's
/// deletes and inserts, ignoring its moves (TabulaTesting's *UIKit's batch
/// rules*, rule 4).
@usableFromInline
struct ReloadInference {
  @usableFromInline let sectionDeletes: [Int]
  @usableFromInline let sectionInserts: [Int]
  @usableFromInline let deletedRows: [Int: [Int]]
  @usableFromInline let insertedRows: [Int: [Int]]

  @inlinable
  init(_ changes: Changeset) {
    sectionDeletes = changes.sectionDeletes
    sectionInserts = changes.sectionInserts
    deletedRows = Dictionary(grouping: changes.itemDeletes, by: \.section).mapValues {
      $0.map(\.item).sorted()
    }
    insertedRows = Dictionary(grouping: changes.itemInserts, by: \.section).mapValues {
      $0.map(\.item).sorted()
    }
  }

  /// The position UIKit infers for a row reloaded at old position `path`.
  @inlinable
  func destination(of path: ItemPath) -> ItemPath {
    let section = SortedPositions.slot(
      rank: path.section - SortedPositions.count(below: path.section, in: sectionDeletes),
      skipping: sectionInserts)
    let deleted = deletedRows[path.section] ?? []
    let item = SortedPositions.slot(
      rank: path.item - SortedPositions.count(below: path.item, in: deleted),
      skipping: insertedRows[section] ?? [])
    return ItemPath(section: section, item: item)
  }
}
