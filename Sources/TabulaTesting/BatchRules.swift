import Tabula

/// UIKit's rules for batch updates, as `UITableView` and `UICollectionView`
/// enforce them when a batch ends (<doc:UIKitBatchRules>).
public enum BatchRules {
  /// Validates a batch against the view's counts before it and the data
  /// source's counts after it, and works out where every row comes from.
  ///
  /// Reloads are split first: a reloaded row becomes a delete at its old path
  /// plus an insert at that path shifted by the batch's explicit deletes and
  /// inserts (never its moves), and likewise for sections. Then deletes and
  /// move sources are checked against `before`, inserts and move destinations
  /// against `after`, and finally every count.
  ///
  /// - Parameters:
  ///   - operations: The calls made inside the batch.
  ///   - before: The row count of each section the view holds (its cached
  ///     counts, not what the data source says now).
  ///   - after: The row count of each section the data source reports.
  ///   - kind: Whose wording and collection-specific rules apply.
  /// - Throws: ``ListViewError`` with UIKit's message for the first broken
  ///   rule.
  public static func apply(
    _ operations: BatchOperations, before: [Int], after: [Int], kind: ListViewKind
  ) throws(ListViewError) -> BatchResult {
    try Validation(operations, before: before, after: after, kind: kind).run()
  }

  /// Where UIKit puts a reloaded section: its old index shifted by the batch's
  /// explicit section deletes and inserts.
  public static func reloadDestination(ofSection section: Int, in operations: BatchOperations)
    -> Int
  {
    shift(
      section - operations.deleteSections.filter { $0 < section }.count,
      by: operations.insertSections.sorted())
  }

  /// Where UIKit puts a reloaded row: its old path shifted by the batch's
  /// explicit deletes and inserts, never its moves.
  public static func reloadDestination(ofRow path: ItemPath, in operations: BatchOperations)
    -> ItemPath
  {
    let section = reloadDestination(ofSection: path.section, in: operations)
    let deletedBefore = operations.deleteRows.filter {
      $0.section == path.section && $0.item < path.item
    }.count
    let inserts = operations.insertRows.filter { $0.section == section }.map(\.item).sorted()
    return ItemPath(section: section, item: shift(path.item - deletedBefore, by: inserts))
  }

  static func shift(_ index: Int, by ascendingInserts: [Int]) -> Int {
    var index = index
    for insert in ascendingInserts where insert <= index { index += 1 }
    return index
  }
}
