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

extension CollapsingSource: WritableSource {
  /// Whether the base source writes edits.
  public var canWrite: Bool {
    (base as? any WritableSource<SectionModel, Item>)?.canWrite ?? false
  }

  /// Writes `edit` through the base source (sections are the base's, by
  /// the same ids).
  ///
  /// - Throws: ``UserEditError/readOnlySource(_:)`` when the base cannot
  ///   write, or the base's error.
  public func write(_ edit: UserEdit<CollapsibleSection<SectionModel>, Item>) throws {
    guard let writable = base as? any WritableSource<SectionModel, Item>, writable.canWrite else {
      throw UserEditError.readOnlySource("\(type(of: base))")
    }
    let forwarded: UserEdit<SectionModel, Item>
    switch edit {
    case .move(let item, let section, let before, _, _):
      var result = writable.snapshot
      try result.moveItem(item.id, toSection: section, before: before)
      forwarded = .move(
        item: item, section: section, before: before, base: writable.snapshot, result: result)
    case .delete(let items):
      forwarded = .delete(items: items)
    case .insert(let placements):
      forwarded = .insert(
        items: placements.map { .init(item: $0.item, section: $0.section, before: $0.before) })
    }
    try writable.write(forwarded)
  }
}
