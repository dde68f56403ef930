import Tabula

/// The calls a batch update makes on a `UITableView` or `UICollectionView`
/// between the start and end of `performBatchUpdates`, in UIKit's coordinates:
/// deletes, reloads, reconfigures and move sources at positions before the
/// update; inserts and move destinations at positions after it.
public struct BatchOperations: Sendable, Equatable {
  /// `deleteSections(_:)`: before indices.
  public var deleteSections: [Int] = []
  /// `insertSections(_:)`: after indices.
  public var insertSections: [Int] = []
  /// `reloadSections(_:)`: before indices.
  public var reloadSections: [Int] = []
  /// `moveSection(_:toSection:)`: before index to after index.
  public var moveSections: [IndexMove] = []
  /// `deleteRows(at:)` / `deleteItems(at:)`: before paths.
  public var deleteRows: [ItemPath] = []
  /// `insertRows(at:)` / `insertItems(at:)`: after paths.
  public var insertRows: [ItemPath] = []
  /// `reloadRows(at:)` / `reloadItems(at:)`: before paths.
  public var reloadRows: [ItemPath] = []
  /// `reconfigureRows(at:)` / `reconfigureItems(at:)`: before paths.
  public var reconfigureRows: [ItemPath] = []
  /// `moveRow(at:to:)` / `moveItem(at:to:)`: before path to after path.
  public var moveRows: [ItemMove] = []

  /// No operations.
  public init() {}

  /// The calls a host makes for one stage of a `StagedChangeset`:
  /// updates become reloads or reconfigures at their old paths, by kind.
  /// Section updates (header content) are not UIKit operations; a host
  /// refreshes those headers after the batch.
  public init(_ changeset: Changeset) {
    deleteSections = changeset.sectionDeletes
    insertSections = changeset.sectionInserts
    moveSections = changeset.sectionMoves
    deleteRows = changeset.itemDeletes
    insertRows = changeset.itemInserts
    moveRows = changeset.itemMoves
    for update in changeset.itemUpdates {
      switch update.kind {
      case .reload: reloadRows.append(update.from)
      case .reconfigure: reconfigureRows.append(update.from)
      }
    }
  }

  /// Adds the calls of `other` to this batch.
  mutating func append(_ other: BatchOperations) {
    deleteSections += other.deleteSections
    insertSections += other.insertSections
    reloadSections += other.reloadSections
    moveSections += other.moveSections
    deleteRows += other.deleteRows
    insertRows += other.insertRows
    reloadRows += other.reloadRows
    reconfigureRows += other.reconfigureRows
    moveRows += other.moveRows
  }

  /// Whether the batch makes no call.
  public var isEmpty: Bool { self == BatchOperations() }
}

extension ItemPath {
  /// The path as `NSIndexPath` describes itself in UIKit's messages.
  var uikitDescription: String { "<NSIndexPath> {length = 2, path = \(section) - \(item)}" }
}
