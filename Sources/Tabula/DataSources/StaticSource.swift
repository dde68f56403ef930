/// A data source over content you hold: an array, grouped or not, or a
/// snapshot. Setting new content notifies observers, and a connected list
/// animates the change.
///
/// ```swift
/// let people = try StaticSource(contacts, in: SectionInfo(id: "people", title: "People"))
/// controller.connect(to: people)
/// try people.setItems(updatedContacts, in: SectionInfo(id: "people", title: "People"))
/// ```
@MainActor
public final class StaticSource<SectionModel: Diffable, Item: Diffable>: SnapshotSource {
  /// The content.
  public private(set) var snapshot: Snapshot<SectionModel, Item>
  private let observers = ObserverList()

  /// A source showing `snapshot`.
  public init(_ snapshot: Snapshot<SectionModel, Item> = Snapshot()) {
    self.snapshot = snapshot
  }

  /// A source showing `items` in one section.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` naming every duplicate.
  public convenience init(_ items: [Item], in section: SectionModel) throws(SnapshotError) {
    self.init(try Snapshot(items, in: section))
  }

  /// The content held, as loaded: ``LoadingState/loaded``, or
  /// ``LoadingState/noContent`` when empty (``LoadingState/init(loadedItemCount:)``).
  public var state: LoadingState { LoadingState(loadedItemCount: snapshot.numberOfItems) }

  /// Shows `snapshot` instead.
  public func setSnapshot(_ snapshot: Snapshot<SectionModel, Item>) {
    self.snapshot = snapshot
    observers.notify()
  }

  /// Shows `items` in one section instead.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)``; nothing changes then.
  public func setItems(_ items: [Item], in section: SectionModel) throws(SnapshotError) {
    setSnapshot(try Snapshot(items, in: section))
  }

  /// Shows `items` grouped into sections by `key` instead; see
  /// ``Snapshot/init(grouping:by:sectionOrder:section:)``.
  ///
  /// - Throws: ``SnapshotError``; nothing changes then.
  public func setItems<Key: Hashable>(
    _ items: [Item], groupedBy key: (Item) -> Key,
    sectionOrder: SectionOrder<Key> = .firstAppearance,
    section: (Key) -> SectionModel
  ) throws(SnapshotError) {
    setSnapshot(
      try Snapshot(grouping: items, by: key, sectionOrder: sectionOrder, section: section))
  }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }
}
