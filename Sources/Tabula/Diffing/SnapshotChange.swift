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
