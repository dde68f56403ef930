/// Apple's `NSDiffableDataSourceSnapshot`, same API, same meaning, built on
/// Tabula's ``Snapshot``: rename the type and a snapshot of section and item
/// identifiers works as it did, with three differences an app can only
/// gain from.
///
/// - **Lookups are O(1)** where Apple's are O(n): ``indexOfItem(_:)``,
///   ``indexOfSection(_:)``, ``sectionIdentifier(containingItem:)`` and
///   ``numberOfItems(inSection:)`` read Tabula's id table instead of
///   searching.
/// - **Bad input is reported, not fatal.** Where Apple's snapshot stops the
///   app (a duplicate identifier in an append or insert, an unknown item or
///   section in an edit), this one records the problem in ``problems``
///   (naming the identifiers and their positions) and applies the rest of
///   the edit: duplicates are skipped, unknown identifiers ignored, an edit
///   relative to an unknown item or section does nothing. Each method says
///   what it does. A snapshot may be built on any thread, so the problems
///   reach ``TabulaLog`` when a data source applies it, on the main actor.
///   A query about an unknown section answers "none" (0 items, no
///   identifiers), where Apple's stops the app.
/// - **It is a Tabula snapshot**: ``snapshot`` is the ``Snapshot`` of
///   ``DiffableSection`` and ``DiffableItem`` values it holds, shared, not
///   copied, so a list can move on to Tabula's controller and presenters one
///   screen at a time.
///
/// ```swift
/// var snapshot = DiffableSnapshot<Section, Contact.ID>()
/// snapshot.appendSections([.favourites, .all])
/// snapshot.appendItems(favourites.map(\.id), toSection: .favourites)
/// snapshot.appendItems(everyone.map(\.id))      // the last section
/// dataSource.apply(snapshot, animatingDifferences: true)
/// ```
public struct DiffableSnapshot<
  SectionIdentifierType: Hashable & Sendable,
  ItemIdentifierType: Hashable & Sendable
>: Sendable {
  /// The Tabula snapshot this one is: sections and items that are their
  /// identifiers, with the reload and reconfigure marks.
  public var snapshot: Snapshot<Section, Item>

  /// What the edits so far could not do, one message each, naming the
  /// method, the identifiers and their positions (see the type's
  /// discussion); reported when the snapshot is applied, at every apply of
  /// this value (a data source's `snapshot()` starts with none).
  public internal(set) var problems: [String] = []

  /// A section: its identifier.
  public typealias Section = DiffableSection<SectionIdentifierType>
  /// An item: its identifier.
  public typealias Item = DiffableItem<ItemIdentifierType>

  /// An empty snapshot.
  @inlinable
  public init() { snapshot = Snapshot() }

  /// The diffable snapshot of `snapshot`, sharing its storage.
  @inlinable
  public init(_ snapshot: Snapshot<Section, Item>) { self.snapshot = snapshot }

  // MARK: Counts and identifiers

  /// The number of items in every section.
  @inlinable
  public var numberOfItems: Int { snapshot.numberOfItems }

  /// The number of sections.
  @inlinable
  public var numberOfSections: Int { snapshot.numberOfSections }

  /// The section identifiers, in order.
  @inlinable
  public var sectionIdentifiers: [SectionIdentifierType] { snapshot.sections.map(\.id) }

  /// Every item identifier, section after section.
  @inlinable
  public var itemIdentifiers: [ItemIdentifierType] { snapshot.items.map(\.id) }

  /// The number of items in the section `identifier`; 0 for an unknown
  /// section (Apple's snapshot stops the app).
  ///
  /// - Complexity: O(1).
  @inlinable
  public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
    snapshot.numberOfItems(inSection: identifier) ?? 0
  }

  /// The item identifiers of the section `identifier`, in order; none for
  /// an unknown section (Apple's snapshot stops the app).
  @inlinable
  public func itemIdentifiers(inSection identifier: SectionIdentifierType)
    -> [ItemIdentifierType]
  {
    snapshot.items(inSection: identifier)?.map(\.id) ?? []
  }

  /// The identifier of the section holding `identifier`; `nil` for an
  /// unknown item, as Apple's.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func sectionIdentifier(containingItem identifier: ItemIdentifierType)
    -> SectionIdentifierType?
  {
    snapshot.section(ofItem: identifier)?.id
  }

  /// The index of `identifier` in ``itemIdentifiers``; `nil` for an unknown
  /// item, as Apple's.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
    snapshot.path(of: identifier).flatMap(snapshot.flatIndex(of:))
  }

  /// The index of the section `identifier`; `nil` for an unknown section,
  /// as Apple's.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
    snapshot.sectionIndex(of: identifier)
  }

  /// The items marked to be reloaded when the snapshot is applied, in
  /// snapshot order.
  @inlinable
  public var reloadedItemIdentifiers: [ItemIdentifierType] { marked(.reload) }

  /// The items marked to be reconfigured when the snapshot is applied, in
  /// snapshot order. An item marked both ways is reloaded only, as in
  /// Apple's.
  @inlinable
  public var reconfiguredItemIdentifiers: [ItemIdentifierType] { marked(.reconfigure) }

  /// The sections marked to be reloaded when the snapshot is applied, in
  /// order.
  @inlinable
  public var reloadedSectionIdentifiers: [SectionIdentifierType] {
    let marked = snapshot.reloadedSectionIDs
    guard !marked.isEmpty else { return [] }
    return snapshot.sections.lazy.map(\.id).filter(marked.contains)
  }

  @usableFromInline
  func marked(_ kind: UpdateKind) -> [ItemIdentifierType] {
    snapshot.markedItems.filter { $0.value == kind }.keys
      .map { (id: $0, index: indexOfItem($0) ?? 0) }.sorted { $0.index < $1.index }.map(\.id)
  }
}

extension DiffableSnapshot: Equatable {
  /// Whether both have the same sections and items, in the same order, and
  /// the same marks (``problems`` are not compared).
  public static func == (lhs: DiffableSnapshot, rhs: DiffableSnapshot) -> Bool {
    lhs.snapshot == rhs.snapshot && lhs.snapshot.markedItems == rhs.snapshot.markedItems
      && lhs.snapshot.reloadedSectionIDs == rhs.snapshot.reloadedSectionIDs
  }
}

extension DiffableSnapshot: CustomStringConvertible {
  /// The sections and their item identifiers.
  public var description: String {
    let sections = snapshot.sections.indices.map { index in
      "\(Self.name(snapshot.sections[index].id)): "
        + snapshot.items(inSectionAt: index).map { Self.name($0.id) }.joined(separator: ", ")
    }
    return "DiffableSnapshot(\(sections.joined(separator: "; ")))"
  }
}
