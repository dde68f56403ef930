/// An immutable value of sections, each holding identified items: what a list
/// shows at one moment.
///
/// A snapshot is a value: copies are cheap (copy-on-write) and independent, and
/// it is `Sendable`, so it can be built on a background task and handed to the
/// main actor. Sections are ``Diffable`` models (``SectionInfo`` or your own
/// type); so are items. Identity (`id`) says which row an item is; content
/// equality says whether the row must be updated.
///
/// ```swift
/// let snapshot = Snapshot<SectionInfo, Contact> {
///   SnapshotSection("A") { Contact(id: 1, name: "Ada") }
///   SnapshotSection("G") { Contact(id: 2, name: "Grace") }
/// }
/// snapshot.path(of: 2)                         // [1, 0] (nil for an unknown id)
/// snapshot[ItemPath(section: 0, item: 0)].name  // "Ada"
/// ```
///
/// ## Mixing model types
///
/// A list of one type uses it directly: `Snapshot<SectionInfo, Contact>`. A list
/// that mixes types (users, posts, ads) uses ``AnyItem``, which the builders and
/// editing methods wrap for you; see <doc:SnapshotRepresentation>.
///
/// ## Representation
///
/// A snapshot built from arrays keeps all items in one contiguous array in
/// list order, with the start of each section in a second array, the section
/// of each item in a third, each item's hash in a fourth, and an
/// open-addressing index from id to position. So item at path, path of id,
/// section of id, counts and the flattened items are O(1); edits are O(n)
/// (they rebuild the index from stored hashes, never re-hashing ids).
///
/// The first edit of a snapshot of 4,096 items or more moves its items into
/// storage that versions share (a counted B-tree, an id index, and a tree of
/// the s sections' counts): from then on an edit of k items costs
/// O(k (log n + log s)) and leaves the previous version intact, item at path
/// and path of id are O(log n + log s) until a version has been read at
/// random about n / 128 times, then O(1) expected through that version's
/// directory of leaves (built once, in O(n / 24)), ``items`` is O(n), and a
/// diff against a version it descends from costs O(d log n) for d changed
/// items. See <doc:SnapshotRepresentation>.
///
/// ## Errors
///
/// Duplicate ids are a thrown ``SnapshotError`` that lists every duplicate with
/// all its positions. Unknown ids and out-of-range paths are errors that name
/// them. The trapping conveniences stop with the same message, and each has a
/// throwing form. Every initializer or edit that adds items or sections
/// also throws ``SnapshotError/tooManyItems(_:limit:)`` or
/// ``SnapshotError/tooManySections(_:limit:)`` past 2,147,483,647 of either
/// (positions are stored in 32 bits), before it changes anything.
public struct Snapshot<SectionModel: Diffable, Item: Diffable>: Sendable {
  @usableFromInline var _sections: [SectionModel]
  @usableFromInline var _sectionHashes: [Int]
  @usableFromInline var _sectionTable: IDTable
  /// The items, their index and where each section starts, in flat arrays
  /// or in storage that versions share (`Model/ItemStore/`).
  @usableFromInline var _store: _ItemStore<Item>
  @usableFromInline var _itemMarks: [Item.ID: UpdateKind]
  @usableFromInline var _reloadedSections: Set<SectionModel.ID>

  /// An empty snapshot: no sections, no items.
  @inlinable
  public init() {
    _sections = []
    _sectionHashes = []
    _sectionTable = IDTable(capacity: 0)
    _store = _ItemStore()
    _itemMarks = [:]
    _reloadedSections = []
  }

  /// Creates a snapshot of `sections`, in order. Sections may be empty.
  ///
  /// - Throws: ``SnapshotError/duplicateSectionIDs(_:)`` or
  ///   ``SnapshotError/duplicateItemIDs(_:)``, listing every duplicate with all
  ///   its positions.
  /// - Complexity: Expected O(n), n the number of items.
  @inlinable
  public init(sections: [SnapshotSection<SectionModel, Item>]) throws(SnapshotError) {
    var items: [Item] = []
    items.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
    var starts = [0]
    starts.reserveCapacity(sections.count + 1)
    for section in sections {
      items.append(contentsOf: section.items)
      starts.append(items.count)
    }
    try self.init(
      validatingSections: sections.map(\.model), starts: starts, items: items,
      itemHashes: IDHashing.hashes(of: items))
  }

  /// Creates a snapshot whose sections a result builder lists.
  ///
  /// ```swift
  /// let snapshot = Snapshot<SectionInfo, AnyItem> {
  ///   SnapshotSection("People") { ada; grace }
  ///   SnapshotSection("Posts") { hello }
  /// }
  /// ```
  ///
  /// For content that comes from data (rows from a database or a server),
  /// use the throwing form, ``make(_:)``.
  ///
  /// - Precondition: Item ids are unique and section ids are unique; otherwise
  ///   this traps with the ``SnapshotError`` message naming every duplicate.
  @inlinable
  public init(
    @SnapshotBuilder<SectionModel, Item> _ content: () -> [SnapshotSection<SectionModel, Item>]
  ) {
    self = _trapping { () throws(SnapshotError) in try Snapshot(sections: content()) }
  }

  /// Makes a snapshot whose sections a result builder lists, throwing where
  /// ``init(_:)`` traps.
  ///
  /// ```swift
  /// let snapshot = try Snapshot<SectionInfo, AnyItem>.make {
  ///   SnapshotSection("People") { people }
  ///   SnapshotSection("Posts") { posts }
  /// }
  /// ```
  ///
  /// - Throws: ``SnapshotError/duplicateSectionIDs(_:)`` or
  ///   ``SnapshotError/duplicateItemIDs(_:)``, listing every duplicate with
  ///   all its positions.
  /// - Complexity: Expected O(n), n the number of items.
  @inlinable
  public static func make(
    @SnapshotBuilder<SectionModel, Item> _ content: () -> [SnapshotSection<SectionModel, Item>]
  ) throws(SnapshotError) -> Snapshot {
    try Snapshot(sections: content())
  }

  /// A snapshot of one section holding one item: it cannot have a duplicate,
  /// so it is built without checks and cannot fail.
  @inlinable
  init(oneItem item: Item, in section: SectionModel) {
    self.init()
    _sections = [section]
    _sectionHashes = IDHashing.hashes(of: _sections)
    _sectionTable = IDTable(hashes: _sectionHashes, equal: { _, _ in true }, duplicate: { _, _ in })
    _store = _ItemStore(oneItem: item)
    _checkInvariants()
  }

  /// Creates a snapshot of one section holding `items`.
  ///
  /// - Throws: ``SnapshotError/duplicateItemIDs(_:)`` listing every duplicate.
  /// - Complexity: Expected O(n).
  @inlinable
  public init(_ items: [Item], in section: SectionModel) throws(SnapshotError) {
    try self.init(
      validatingSections: [section], starts: [0, items.count], items: items,
      itemHashes: IDHashing.hashes(of: items))
  }

  /// The core initializer: stores the arrays and builds the indexes, checking
  /// for duplicates.
  @inlinable
  init(
    validatingSections sections: [SectionModel], starts: [Int], items: [Item],
    itemHashes: [Int]
  ) throws(SnapshotError) {
    try Snapshot._checkCapacity(items: items.count, sections: sections.count)
    self.init()
    _sections = sections
    _sectionHashes = IDHashing.hashes(of: sections)
    try _rebuildSectionTable()
    _store = try _ItemStore(items: items, hashes: itemHashes, starts: starts)
    _checkInvariants()
  }

  /// Rebuilds the section index from the stored hashes.
  @inlinable
  mutating func _rebuildSectionTable() throws(SnapshotError) {
    let sections = _sections
    var duplicates: [Int: [Int]] = [:]
    let table = IDTable(
      hashes: _sectionHashes, equal: { sections[$0].id == sections[$1].id },
      duplicate: { first, later in duplicates[first, default: [first]].append(later) })
    guard duplicates.isEmpty else {
      throw .duplicateSectionIDs(
        duplicates.sorted { $0.key < $1.key }.map {
          SnapshotError.Duplicate(id: String(reflecting: sections[$0.key].id), positions: $0.value)
        })
    }
    _sectionTable = table
  }

  /// The index of the section with `id`, if present.
  @inlinable
  func _sectionIndex(of id: SectionModel.ID) -> Int? {
    _sectionTable.find(hash: IDHashing.hash(id)) { _sections[$0].id == id }
  }
}

/// The most items, and the most sections, a snapshot holds: positions are
/// stored in 32 bits (the section of each item, the index, the diff's
/// position maps).
@usableFromInline let _snapshotCapacity = Int(Int32.max)

extension Snapshot {
  /// Throws unless `items` items in `sections` sections fit in a snapshot.
  /// Every initializer and every edit that adds items or sections calls it
  /// before it changes anything.
  ///
  /// - Throws: ``SnapshotError/tooManyItems(_:limit:)`` or
  ///   ``SnapshotError/tooManySections(_:limit:)``.
  @inlinable
  static func _checkCapacity(items: Int, sections: Int) throws(SnapshotError) {
    if items > _snapshotCapacity { throw .tooManyItems(items, limit: _snapshotCapacity) }
    if sections > _snapshotCapacity {
      throw .tooManySections(sections, limit: _snapshotCapacity)
    }
  }
}

/// Runs `body`, trapping with the error's message if it throws.
@inlinable
func _trapping<Result>(_ body: () throws(SnapshotError) -> Result) -> Result {
  do {
    return try body()
  } catch {
    preconditionFailure(error.description)
  }
}
