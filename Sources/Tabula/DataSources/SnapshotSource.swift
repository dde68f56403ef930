/// Where the items of a list come from: a source produces a snapshot, keeps
/// a loading state, and tells its observers when either changes.
///
/// Tabula's sources: ``StaticSource`` (arrays), ``LoadingSource``
/// (asynchronous loads with loading, no-content and error placeholders, and
/// refresh), ``ComposedSource`` (children, each contributing sections)
/// and ``SegmentedSource`` (one child at a time). A ``ListController``
/// shows a source with ``ListController/connect(to:animatingDifferences:)``, animating
/// every change.
@MainActor
public protocol SnapshotSource<SectionModel, Item>: AnyObject {
  /// The section model type.
  associatedtype SectionModel: Diffable
  /// The item type.
  associatedtype Item: Diffable

  /// What the source shows now: its content, or placeholders for its state.
  var snapshot: Snapshot<SectionModel, Item> { get }

  /// Where the source is in loading its content.
  var state: LoadingState { get }

  /// Calls `observer` after every change of ``snapshot`` or ``state``, until
  /// the returned token is cancelled or released.
  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken
}
