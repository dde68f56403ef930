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
  /// The base's snapshot ``snapshot`` was made from.
  private var collapsedBase: Snapshot<SectionModel, Item>
  private let observers = ObserverList()
  private var baseObservation: ObservationToken?
  /// The snapshot edits, specialised for the model types where the source
  /// is made (this generic class itself is compiled once, for every type).
  private let edits: Edits

  /// `base`, with the sections `collapsed` collapsed.
  @inlinable
  public convenience init(
    _ base: any SnapshotSource<SectionModel, Item>, collapsed: Set<SectionModel.ID> = []
  ) {
    self.init(base, collapsed: collapsed, edits: Edits())
  }

  @usableFromInline
  init(
    _ base: any SnapshotSource<SectionModel, Item>, collapsed: Set<SectionModel.ID>, edits: Edits
  ) {
    self.base = base
    self.collapsedSectionIDs = collapsed
    self.edits = edits
    self.snapshot = edits.collapse(base.snapshot, collapsed)
    self.collapsedBase = base.snapshot
    baseObservation = base.observe { [weak self] in self?.update() }
  }

  /// The snapshot edits a collapsing source makes, as closures made where
  /// it is created: an edit of a large list in shared storage runs
  /// specialised there, rather than through generic code that looks up
  /// type metadata at every step.
  @usableFromInline
  struct Edits: Sendable {
    @usableFromInline typealias Base = Snapshot<SectionModel, Item>
    @usableFromInline typealias Collapsed = Snapshot<CollapsibleSection<SectionModel>, Item>

    /// A snapshot with the sections of the given ids collapsed.
    @usableFromInline let collapse: @Sendable (Base, Set<SectionModel.ID>) -> Collapsed
    /// Collapses or expands one section of a collapsed snapshot, from its base.
    @usableFromInline let setCollapsed:
      @Sendable (inout Collapsed, Bool, SectionModel.ID, Base) -> Void

    @inlinable
    init() {
      collapse = { $0.collapsingSections($1) }
      setCollapsed = { $0._setCollapsed($1, section: $2, base: $3) }
    }
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
    guard collapsedSectionIDs.insert(id).inserted else { return }
    toggled(id, isCollapsed: true)
  }

  /// Shows the items of the section `id`.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``; nothing changes then.
  public func expandSection(_ id: SectionModel.ID) throws(SnapshotError) {
    try requireSection(id)
    guard collapsedSectionIDs.remove(id) != nil else { return }
    toggled(id, isCollapsed: false)
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

  /// The base changed: its snapshot collapsed again (its items' storage is
  /// shared, so this costs O(s + c log n) for c hidden items when it is
  /// in shared storage).
  private func update() {
    collapsedBase = base.snapshot
    snapshot = edits.collapse(collapsedBase, collapsedSectionIDs)
    observers.notify()
  }

  /// The section `id` collapsed or expanded: the last snapshot edited, in
  /// O(k log n) for its k items when it is in shared storage, without the
  /// base's last reload marks (already shown). When the base changed since
  /// (a toggle from an observer the base told first), collapsed again.
  private func toggled(_ id: SectionModel.ID, isCollapsed: Bool) {
    guard base.snapshot.isIdentical(to: collapsedBase) else {
      update()
      return
    }
    snapshot = snapshot.withoutMarks
    edits.setCollapsed(&snapshot, isCollapsed, id, collapsedBase)
    observers.notify()
  }
}

extension CollapsingSource: WritableSource {
  /// Whether the base source writes edits.
  public var canWrite: Bool {
    (base as? any WritableSource<SectionModel, Item>)?.canWrite ?? false
  }

  /// Writes `edit` through the base source (sections are the base's, by
  /// the same ids). A moved or inserted item is placed in the base's
  /// snapshot, where a collapsed section still has its items: an undo into
  /// a collapsed section puts the row back among them, hidden.
  ///
  /// - Throws: ``UserEditError/readOnlySource(_:)`` when the base cannot
  ///   write, or the base's error.
  @discardableResult
  public func write(_ edit: UserEdit<CollapsibleSection<SectionModel>, Item>) throws -> Task<
    Void, any Error
  >? {
    guard let writable = base as? any WritableSource<SectionModel, Item>, writable.canWrite else {
      throw UserEditError.readOnlySource("\(type(of: base))")
    }
    func forwarded(_ placement: UserEdit<CollapsibleSection<SectionModel>, Item>.Placement)
      -> UserEdit<SectionModel, Item>.Placement
    {
      .init(
        item: placement.item, section: placement.section, before: placement.before,
        after: placement.after, index: placement.index)
    }
    let edit: UserEdit<SectionModel, Item> =
      switch edit {
      case .move(let placement, _, _):
        try Self.move(forwarded(placement), in: writable.snapshot)
      case .delete(let items): .delete(items: items)
      case .insert(let placements): .insert(items: placements.map(forwarded))
      }
    return try writable.write(edit)
  }

  /// The move to `placement`, with the base's snapshot before and after it.
  private static func move(
    _ placement: UserEdit<SectionModel, Item>.Placement, in base: Snapshot<SectionModel, Item>
  ) throws(SnapshotError) -> UserEdit<SectionModel, Item> {
    var result = base
    try result.apply(.move(to: placement))
    return .move(to: placement, base: base, result: result)
  }

  /// Passes on to the base source.
  public func discardUndoData(for ids: Set<Item.ID>) {
    (base as? any WritableSource<SectionModel, Item>)?.discardUndoData(for: ids)
  }
}
