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
/// and path of id are O(log n + log s), ``items`` is O(n), and a
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
  /// `_sectionStarts[s]` is the flat index of section `s`'s first item; one
  /// extra entry holds the item count. Empty in shared storage, which keeps
  /// the starts itself (`Snapshot+SectionStarts.swift`).
  @usableFromInline var _sectionStarts: [Int]
  @usableFromInline var _items: [Item]
  @usableFromInline var _itemHashes: [Int]
  @usableFromInline var _itemSections: [Int32]
  @usableFromInline var _itemTable: IDTable
  @usableFromInline var _itemMarks: [Item.ID: UpdateKind]
  @usableFromInline var _reloadedSections: Set<SectionModel.ID>
  /// The items of a large snapshot that has been edited, in storage its
  /// versions share; `nil` for the flat arrays above (which are then the
  /// items). See `Snapshot+SharedStorage.swift`.
  @usableFromInline var _shared: _PersistentItems<Item>?

  /// An empty snapshot: no sections, no items.
  @inlinable
  public init() {
    _sections = []
    _sectionHashes = []
    _sectionTable = IDTable(capacity: 0)
    _sectionStarts = [0]
    _items = []
    _itemHashes = []
    _itemSections = []
    _itemTable = IDTable(capacity: 0)
    _itemMarks = [:]
    _reloadedSections = []
    _shared = nil
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
    _sectionStarts = [0, 1]
    _items = [item]
    _itemHashes = IDHashing.hashes(of: _items)
    _itemSections = [0]
    _itemTable = IDTable(hashes: _itemHashes, equal: { _, _ in true }, duplicate: { _, _ in })
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
    _sectionStarts = starts
    _items = items
    _itemHashes = itemHashes
    try _rebuildSectionTable()
    _rebuildItemSections()
    try _rebuildItemTable()
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

  /// Recomputes the section of every item from the section starts.
  @inlinable
  mutating func _rebuildItemSections() {
    guard _shared == nil else { return }  // shared storage finds sections by their starts
    // Never `Array(unsafeUninitializedCapacity: 0)`: it writes the count into
    // the standard library's shared empty-array storage, a data race when
    // several threads do it (ThreadSanitizer reports it).
    guard !_items.isEmpty else {
      _itemSections = []
      return
    }
    let starts = _sectionStarts
    _itemSections = Array(unsafeUninitializedCapacity: _items.count) { buffer, count in
      for section in 0..<(starts.count - 1) {
        let value = Int32(truncatingIfNeeded: section)
        for flat in starts[section]..<starts[section + 1] {
          (buffer.baseAddress! + flat).initialize(to: value)
        }
      }
      count = starts[starts.count - 1]
    }
  }

  /// Rebuilds the item index from the stored hashes.
  @inlinable
  mutating func _rebuildItemTable() throws(SnapshotError) {
    var duplicates: [Int: [Int]] = [:]
    let table = _items.withUnsafeBufferPointer { items in
      IDTable(
        hashes: _itemHashes, equal: { items[$0].id == items[$1].id },
        duplicate: { first, later in duplicates[first, default: [first]].append(later) })
    }
    guard duplicates.isEmpty else {
      throw .duplicateItemIDs(
        duplicates.sorted { $0.key < $1.key }.map {
          SnapshotError.Duplicate(
            id: String(reflecting: _items[$0.key].id),
            positions: $0.value.map(_path(atFlatIndex:)))
        })
    }
    _itemTable = table
  }

  /// The path of the item at flat index `flat`.
  @inlinable
  func _path(atFlatIndex flat: Int) -> ItemPath {
    guard _shared == nil else {
      let (section, start) = _sharedSection(containing: flat)
      return ItemPath(section: section, item: flat &- start)
    }
    let section = _itemSection(atFlatIndex: flat)
    let start = _sectionStarts.withUnsafeBufferPointer { $0[section] }
    return ItemPath(section: section, item: flat &- start)
  }

  /// The flat index of the item with `id`, if present.
  @inlinable
  func _flatIndex(of id: Item.ID) -> Int? {
    _flatIndex(of: id, hash: IDHashing.hash(id))
  }

  /// The flat index of the item with `id`, whose hash is `hash`, if present.
  @inlinable
  func _flatIndex(of id: Item.ID, hash: Int) -> Int? {
    if _shared != nil { return _sharedFlatIndex(of: id, hash: hash) }
    return _items.withUnsafeBufferPointer { items in
      _itemTable.find(hash: hash) { items[$0].id == id }
    }
  }

  /// The flat indices of the items with ids `first` and `second`, if
  /// present: in shared storage, both looked up in one walk down the tree.
  @inlinable
  func _flatIndices(of first: Item.ID, _ second: Item.ID) -> (Int?, Int?) {
    let (firstHash, secondHash) = (IDHashing.hash(first), IDHashing.hash(second))
    guard let shared = _shared else {
      return (_flatIndex(of: first, hash: firstHash), _flatIndex(of: second, hash: secondHash))
    }
    return shared.indices(of: (first, firstHash), (second, secondHash))
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
