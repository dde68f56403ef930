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
