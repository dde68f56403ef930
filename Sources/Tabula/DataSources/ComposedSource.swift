/// A data source made of children, each contributing its sections, in
/// order: a screen assembled from independent parts, each with its own
/// loading state and placeholders.
///
/// ```swift
/// let screen = ComposedSource([profile, posts, suggestions])
/// controller.connect(to: screen)
/// posts.refresh()   // only the posts' sections change; the others stay put
/// ```
///
/// When a child changes, the composed snapshot is rebuilt from the
/// children's snapshots (their stored hashes are reused, nothing is hashed
/// again), so a connected list diffs it and animates only that child's
/// sections; the reload and reconfigure marks of that child's snapshot are
/// kept (those of the others were applied when they changed). Section ids
/// and item ids must be unique across the children:
/// a collision is an error (``state`` becomes ``LoadingState/error(_:)``
/// naming the duplicates, and the last valid snapshot stays shown).
@MainActor
public final class ComposedSource<SectionModel: Diffable, Item: Diffable>: SnapshotSource {
  /// The children, in the order their sections appear.
  public private(set) var children: [any SnapshotSource<SectionModel, Item>]
  /// The children's sections, one after another.
  public private(set) var snapshot = Snapshot<SectionModel, Item>()
  /// Why the children's snapshots could not be combined, if they could not.
  public private(set) var compositionError: SnapshotError?
  private var observations: [ObservationToken] = []
  private let observers = ObserverList()

  /// A source made of `children`.
  public init(_ children: [any SnapshotSource<SectionModel, Item>] = []) {
    self.children = children
    observeChildren()
    rebuild()
  }

  /// Appends a child; its sections come last.
  public func append(_ child: any SnapshotSource<SectionModel, Item>) {
    insert(child, at: children.count)
  }

  /// Inserts a child at `index` among the children.
  ///
  /// - Precondition: `0 <= index <= children.count`.
  public func insert(_ child: any SnapshotSource<SectionModel, Item>, at index: Int) {
    precondition(
      index >= 0 && index <= children.count,
      "child index \(index) is out of range: there are \(children.count) children "
        + "(valid insertion indices are 0...\(children.count))")
    children.insert(child, at: index)
    observeChildren()
    childChanged(nil)
  }

  /// Removes the child at `index`, and its sections.
  ///
  /// - Precondition: `0 <= index < children.count`.
  public func remove(at index: Int) {
    checkChildIndex(index)
    children.remove(at: index)
    observeChildren()
    childChanged(nil)
  }

  /// The combined state: loading while any child has nothing to show yet,
  /// an error when the children cannot be combined or one failed, no content
  /// when every child has none, else loaded (or refreshing while a child
  /// refreshes).
  public var state: LoadingState {
    if let compositionError { return .error(compositionError.description) }
    let states = children.map { $0.state }
    if states.isEmpty || states.allSatisfy({ $0 == .noContent }) { return .noContent }
    if states.contains(.loading) || states.contains(.initial) { return .loading }
    if let failure = states.first(where: { if case .error = $0 { true } else { false } }) {
      return failure
    }
    return states.contains(.refreshing) ? .refreshing : .loaded
  }

  /// The range of section indices that the child at `index` contributes.
  ///
  /// - Precondition: `0 <= index < children.count`.
  public func sectionRange(ofChildAt index: Int) -> Range<Int> {
    checkChildIndex(index)
    let start = children[..<index].reduce(0) { $0 + $1.snapshot.numberOfSections }
    return start..<(start + children[index].snapshot.numberOfSections)
  }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  /// Traps with a message naming `index` and the valid range unless it is a
  /// child's index.
  private func checkChildIndex(_ index: Int) {
    precondition(
      index >= 0 && index < children.count,
      "child index \(index) is out of range: there are \(children.count) children"
        + (children.isEmpty ? "" : " (valid indices are 0..<\(children.count))"))
  }

  private func observeChildren() {
    observations = children.indices.map { index in
      children[index].observe { [weak self] in self?.childChanged(index) }
    }
  }

  /// Rebuilds after the child at `index` changed (`nil`: the children did),
  /// keeping that child's reload and reconfigure marks.
  private func childChanged(_ index: Int?) {
    rebuild(carryingMarksOf: index.map { [$0] } ?? [])
    observers.notify()
  }

  private func rebuild(carryingMarksOf changed: Set<Int> = []) {
    do {
      snapshot = try Snapshot._concatenating(
        children.map { $0.snapshot }, carryingMarksOf: changed)
      compositionError = nil
    } catch {
      compositionError = error
    }
  }
}
