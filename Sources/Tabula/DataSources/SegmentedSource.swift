/// A data source that shows one of several children at a time, like a
/// segmented control over a list. Switching animates from one child's
/// snapshot to the other's.
@MainActor
public final class SegmentedSource<SectionModel: Diffable, Item: Diffable>: SnapshotSource {
  /// The children.
  public let segments: [any SnapshotSource<SectionModel, Item>]
  /// The index of the child shown.
  public private(set) var selectedIndex: Int
  private var observations: [ObservationToken] = []
  private let observers = ObserverList()

  /// A source showing `segments[selectedIndex]`.
  ///
  /// - Precondition: `selectedIndex` is a valid index of `segments`.
  public init(_ segments: [any SnapshotSource<SectionModel, Item>], selectedIndex: Int = 0) {
    precondition(
      segments.indices.contains(selectedIndex),
      "segment \(selectedIndex) is out of range: there are \(segments.count) segments")
    self.segments = segments
    self.selectedIndex = selectedIndex
    observations = segments.indices.map { index in
      segments[index].observe { [weak self] in
        if self?.selectedIndex == index { self?.observers.notify() }
      }
    }
  }

  /// Shows the child at `index`; a connected list animates the switch.
  ///
  /// - Throws: ``SegmentError`` naming the index and the valid range; the
  ///   selection is unchanged then.
  public func selectSegment(at index: Int) throws(SegmentError) {
    guard segments.indices.contains(index) else {
      throw SegmentError(index: index, count: segments.count)
    }
    guard index != selectedIndex else { return }
    selectedIndex = index
    observers.notify()
  }

  /// The selected child's snapshot.
  public var snapshot: Snapshot<SectionModel, Item> { segments[selectedIndex].snapshot }

  /// The selected child's state.
  public var state: LoadingState { segments[selectedIndex].state }

  /// Calls `observer` after the selected child changes, or the selection.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }
}
