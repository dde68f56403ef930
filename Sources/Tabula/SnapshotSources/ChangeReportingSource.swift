/// A source that knows what its last change was, so that a list
/// controller can skip the diff: an outline that expanded a node knows it
/// inserted exactly the rows under it.
///
/// A ``ListController`` connected to such a source hands the change to
/// ``ListController/apply(_:changes:animatingDifferences:completion:)``,
/// which uses it when it starts from the snapshot the view shows, and diffs
/// otherwise. So a wrong ``lastChange`` is the source's bug; a missing one
/// only costs a diff.
@MainActor
public protocol ChangeReportingSource<SectionModel, Item>: SnapshotSource {
  /// How ``SnapshotSource/snapshot`` was made from the one before, when the
  /// source knows it; `nil` otherwise (the controller diffs).
  var lastChange: SnapshotChange<SectionModel, Item>? { get }
}

/// A snapshot's changes from the one it was made from: applying `changes` to
/// `base` gives it.
public struct SnapshotChange<SectionModel: Diffable, Item: Diffable>: Sendable {
  /// The snapshot the changes start from.
  public let base: Snapshot<SectionModel, Item>
  /// The changes, in UIKit's conventions (deletes and update sources at
  /// `base`'s positions, inserts and update destinations at the new ones).
  public let changes: Changeset

  /// The change `changes` from `base`.
  public init(from base: Snapshot<SectionModel, Item>, changes: Changeset) {
    self.base = base
    self.changes = changes
  }
}
