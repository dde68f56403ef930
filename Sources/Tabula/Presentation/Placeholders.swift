/// A row that says the list, or one of its sections, is loading.
///
/// Placeholders are ordinary items of a `Snapshot<_, AnyItem>`, so moving
/// between a placeholder and content animates as any other change; each kind
/// has its own presenter in the ``PresenterRegistry``, which you can replace.
public struct LoadingPlaceholder: Diffable, Hashable {
  /// Which list or section it stands in: see ``Placeholder/id(for:)``.
  public var id: String
  /// Text to show, if any.
  public var message: String?

  /// Creates a loading placeholder for `scope`.
  public init(_ scope: PlaceholderScope = .list, message: String? = nil) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}

/// A row that says there is nothing to show (no results for a search, an
/// empty inbox).
public struct NoResultsPlaceholder: Diffable, Hashable {
  /// Which list or section it stands in.
  public var id: String
  /// Text to show, if any.
  public var message: String?

  /// Creates a no-results placeholder for `scope`.
  public init(_ scope: PlaceholderScope = .list, message: String? = nil) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}

/// A row that says loading failed, with the error's message.
public struct ErrorPlaceholder: Diffable, Hashable {
  /// Which list or section it stands in.
  public var id: String
  /// The error's message.
  public var message: String

  /// Creates an error placeholder for `scope`.
  public init(_ scope: PlaceholderScope = .list, message: String) {
    id = Placeholder.id(for: scope)
    self.message = message
  }
}

/// What a placeholder stands in for.
public enum PlaceholderScope: Hashable, Sendable {
  /// The whole list.
  case list
  /// One section, by its id's description.
  case section(String)
}

/// Helpers for placeholders.
public enum Placeholder {
  /// The placeholder id for `scope`: `"list"` or `"section:<id>"`. A
  /// placeholder keeps its id when its kind changes, but kinds are different
  /// types, so loading → error is a delete and an insert.
  public static func id(for scope: PlaceholderScope) -> String {
    switch scope {
    case .list: "list"
    case .section(let id): "section:\(id)"
    }
  }

  /// Whether `item` is a loading, no-results or error placeholder.
  public static func isPlaceholder(_ item: AnyItem) -> Bool {
    item.base is LoadingPlaceholder || item.base is NoResultsPlaceholder
      || item.base is ErrorPlaceholder
  }
}

extension Snapshot {
  /// Replaces the items of one section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``, or
  ///   ``SnapshotError/duplicateItemIDs(_:)`` when a new item is already
  ///   elsewhere in the snapshot; the snapshot is unchanged then.
  /// - Complexity: Expected O(n + k).
  @inlinable
  public mutating func replaceItems(
    inSection sectionID: SectionModel.ID, with items: [Item]
  ) throws(SnapshotError) {
    let section = try _existingSectionIndex(of: sectionID)
    let range = _sectionStarts[section]..<_sectionStarts[section + 1]
    try Snapshot._checkCapacity(
      items: _items.count - range.count + items.count, sections: _sections.count)
    var copy = self
    copy._items.replaceSubrange(range, with: items)
    copy._itemHashes.replaceSubrange(range, with: IDHashing.hashes(of: items))
    let delta = items.count - range.count
    for later in (section + 1)..<copy._sectionStarts.count { copy._sectionStarts[later] += delta }
    copy._rebuildItemSections()
    try copy._rebuildItemTable()
    if !copy._itemMarks.isEmpty {
      copy._itemMarks = copy._itemMarks.filter { copy._flatIndex(of: $0.key) != nil }
    }
    copy._checkInvariants()
    self = copy
  }
}

extension Snapshot {
  /// What a data source in `state` shows: its content, or, when there is
  /// none to show, a placeholder for the state in `placeholderSection`.
  ///
  /// - ``LoadingState/loading``: a ``LoadingPlaceholder``.
  /// - ``LoadingState/noContent``: a ``NoResultsPlaceholder``.
  /// - ``LoadingState/error(_:)``: the content if it has items, else an
  ///   ``ErrorPlaceholder`` with the message.
  /// - Otherwise the content (empty when there is none).
  ///
  /// Without `makePlaceholder` (items that cannot hold a placeholder), the
  /// content is shown in every state. ``LoadingSource`` and TabulaGRDB's
  /// `FetchedList` show their states this way; so can your own sources.
  public static func showing(
    _ content: Snapshot?, in state: LoadingState, placeholderSection: SectionModel,
    makePlaceholder: ((any Diffable) -> Item)?
  ) -> Snapshot {
    let scope = PlaceholderScope.section(String(describing: placeholderSection.id))
    let placeholder: any Diffable
    switch state {
    case .loading: placeholder = LoadingPlaceholder(scope)
    case .noContent: placeholder = NoResultsPlaceholder(scope)
    case .error(let message):
      if let content, content.numberOfItems > 0 { return content }
      placeholder = ErrorPlaceholder(scope, message: message)
    case .initial, .loaded, .refreshing: return content ?? Snapshot()
    }
    guard let makePlaceholder else { return content ?? Snapshot() }
    return Snapshot(oneItem: makePlaceholder(placeholder), in: placeholderSection)
  }
}

extension Snapshot where Item == AnyItem {
  /// A snapshot of one section holding only `placeholder`: the whole list is
  /// loading, empty or failed. (One item cannot be a duplicate: this cannot
  /// fail.)
  public init(placeholder: some Diffable, in section: SectionModel) {
    self.init(oneItem: AnyItem(placeholder), in: section)
  }

  /// Shows `placeholder` instead of the items of one section.
  ///
  /// - Throws: ``SnapshotError/unknownSectionIDs(_:)``.
  public mutating func showPlaceholder(
    _ placeholder: some Diffable, inSection sectionID: SectionModel.ID
  ) throws(SnapshotError) {
    try replaceItems(inSection: sectionID, with: [AnyItem(placeholder)])
  }
}
