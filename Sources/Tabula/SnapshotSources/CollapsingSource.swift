/// Shows another source with sections that collapse and expand from their
/// headers: a collapsed section keeps its header (with its item count) and
/// hides its items, animated.
///
/// ```swift
/// let mail = CollapsingSource(folders)        // folders: any SnapshotSource
/// controller.connect(to: mail)
/// try mail.toggleSection("archive")           // its rows leave; the header stays
/// ```
///
/// The state is kept by section id: a collapsed section stays collapsed when
/// the base source changes, also when its items do.
@MainActor
public final class CollapsingSource<SectionModel: Diffable, Item: Diffable>: SnapshotSource {
  /// The source whose sections collapse.
  public let base: any SnapshotSource<SectionModel, Item>
  /// The ids of the collapsed sections.
  public private(set) var collapsedSectionIDs: Set<SectionModel.ID>
  /// The base's snapshot with the collapsed sections' items hidden.
  public private(set) var snapshot: Snapshot<CollapsibleSection<SectionModel>, Item>
  private let observers = ObserverList()
  private var baseObservation: ObservationToken?

  /// `base`, with the sections `collapsed` collapsed.
  public init(
    _ base: any SnapshotSource<SectionModel, Item>, collapsed: Set<SectionModel.ID> = []
  ) {
    self.base = base
    self.collapsedSectionIDs = collapsed
    self.snapshot = base.snapshot.collapsingSections(collapsed)
    baseObservation = base.observe { [weak self] in self?.update() }
  }

  /// The base's state.
  public var state: LoadingState { base.state }

  /// Whether the section `id` is collapsed.
  public func isCollapsed(_ id: SectionModel.ID) -> Bool { collapsedSectionIDs.contains(id) }

  /// Hides the items of the section `id`.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``; nothing changes then.
  public func collapseSection(_ id: SectionModel.ID) throws(SnapshotError) {
    try requireSection(id)
    collapsedSectionIDs.insert(id)
    update()
  }

  /// Shows the items of the section `id`.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``; nothing changes then.
  public func expandSection(_ id: SectionModel.ID) throws(SnapshotError) {
    try requireSection(id)
    collapsedSectionIDs.remove(id)
    update()
  }

  /// Collapses the section `id` if it is expanded, else expands it.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``; nothing changes then.
  public func toggleSection(_ id: SectionModel.ID) throws(SnapshotError) {
    if isCollapsed(id) { try expandSection(id) } else { try collapseSection(id) }
  }

  /// Calls `observer` after every change.
  public func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  private func requireSection(_ id: SectionModel.ID) throws(SnapshotError) {
    guard base.snapshot.contains(sectionWithID: id) else {
      throw .unknownSectionIDs([String(reflecting: id)])
    }
  }

  private func update() {
    snapshot = base.snapshot.collapsingSections(collapsedSectionIDs)
    observers.notify()
  }
}
