// The edits of a DiffableSnapshot, with NSDiffableDataSourceSnapshot's
// names and meaning. Where Apple's snapshot stops the app, each edit
// records the problem in `problems` (naming identifiers and positions;
// reported through TabulaLog when the snapshot is applied) and applies the
// rest: duplicates are skipped (the first of repeated identifiers is
// kept), unknown identifiers ignored, and an edit placed relative to an
// unknown item or section does nothing.

extension DiffableSnapshot {
  // MARK: Sections

  /// Appends sections, empty, after the last one. Identifiers already in
  /// the snapshot, or repeated, are skipped and reported.
  @inlinable
  public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
    // Valid input costs one pass: the snapshot checks it, and changes
    // nothing when it throws.
    if (try? snapshot.appendSections(identifiers.map(Section.init))) != nil { return }
    try! snapshot.appendSections(uniqueSections(identifiers, in: "appendSections(_:)"))
  }

  /// Inserts sections, empty, before the section `before`. With an unknown
  /// `before`, nothing is inserted (reported); duplicates are skipped.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], beforeSection before: SectionIdentifierType
  ) {
    let method = "insertSections(_:beforeSection:)"
    guard knownSection(before, in: method) else { return }
    try! snapshot.insertSections(uniqueSections(identifiers, in: method), beforeSection: before)
  }

  /// Inserts sections, empty, after the section `after`. With an unknown
  /// `after`, nothing is inserted (reported); duplicates are skipped.
  @inlinable
  public mutating func insertSections(
    _ identifiers: [SectionIdentifierType], afterSection after: SectionIdentifierType
  ) {
    let method = "insertSections(_:afterSection:)"
    guard knownSection(after, in: method) else { return }
    try! snapshot.insertSections(uniqueSections(identifiers, in: method), afterSection: after)
  }

  /// Deletes sections and their items. Unknown sections are ignored
  /// (reported).
  @inlinable
  public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
    try! snapshot.deleteSections(knownSections(identifiers, in: "deleteSections(_:)"))
  }

  /// Moves the section `identifier` to just before `before`. An unknown
  /// section, or a move relative to itself, does nothing (reported).
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, beforeSection before: SectionIdentifierType
  ) {
    let method = "moveSection(_:beforeSection:)"
    guard
      movable(
        identifier, "before", before, noun: "section", in: method,
        isKnown: { [snapshot] in snapshot.contains(sectionWithID: $0) })
    else { return }
    try! snapshot.moveSection(identifier, beforeSection: before)
  }

  /// Moves the section `identifier` to just after `after`. An unknown
  /// section, or a move relative to itself, does nothing (reported).
  @inlinable
  public mutating func moveSection(
    _ identifier: SectionIdentifierType, afterSection after: SectionIdentifierType
  ) {
    let method = "moveSection(_:afterSection:)"
    guard
      movable(
        identifier, "after", after, noun: "section", in: method,
        isKnown: { [snapshot] in snapshot.contains(sectionWithID: $0) })
    else { return }
    try! snapshot.moveSection(identifier, afterSection: after)
  }

  /// Marks sections to be reloaded (replaced, with their items) when the
  /// snapshot is applied. Unknown sections are ignored (reported).
  @inlinable
  public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
    try! snapshot.reloadSections(knownSections(identifiers, in: "reloadSections(_:)"))
  }

  // MARK: Items

  /// Appends items to the section `section`, or to the last section when
  /// `nil`. Without that section (or any section) nothing is appended
  /// (reported); duplicates are skipped.
  @inlinable
  public mutating func appendItems(
    _ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil
  ) {
    let method = "appendItems(_:toSection:)"
    if let section {
      guard knownSection(section, in: method) else { return }
    } else if snapshot.numberOfSections == 0 {
      return report(
        method, "no section to append \(identifiers.count) items to: append a section first")
    }
    let items = identifiers.map(Item.init)
    if snapshot.numberOfItems == 0, appendFirstItems(items, toSection: section) { return }
    if (try? snapshot.appendItems(items, toSection: section)) != nil { return }
    try! snapshot.appendItems(uniqueItems(identifiers, in: method), toSection: section)
  }

  /// Inserts items just before the item `before`, in its section. With an
  /// unknown `before`, nothing is inserted (reported); duplicates are
  /// skipped.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], beforeItem before: ItemIdentifierType
  ) {
    let method = "insertItems(_:beforeItem:)"
    guard knownItems([before], in: method).count == 1 else { return }
    if (try? snapshot.insertItems(identifiers.map(Item.init), beforeItem: before)) != nil { return }
    try! snapshot.insertItems(uniqueItems(identifiers, in: method), beforeItem: before)
  }

  /// Inserts items just after the item `after`, in its section. With an
  /// unknown `after`, nothing is inserted (reported); duplicates are
  /// skipped.
  @inlinable
  public mutating func insertItems(
    _ identifiers: [ItemIdentifierType], afterItem after: ItemIdentifierType
  ) {
    let method = "insertItems(_:afterItem:)"
    guard knownItems([after], in: method).count == 1 else { return }
    if (try? snapshot.insertItems(identifiers.map(Item.init), afterItem: after)) != nil { return }
    try! snapshot.insertItems(uniqueItems(identifiers, in: method), afterItem: after)
  }

  /// Deletes items. Unknown items are ignored (reported).
  @inlinable
  public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
    try! snapshot.deleteItems(knownItems(identifiers, in: "deleteItems(_:)"))
  }

  /// Deletes every item and every section, as Apple's does.
  @inlinable
  public mutating func deleteAllItems() {
    snapshot.deleteAllItems()
  }

  /// Moves the item `identifier` to just before `before`, possibly into
  /// another section. An unknown item, or a move relative to itself, does
  /// nothing (reported).
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, beforeItem before: ItemIdentifierType
  ) {
    let method = "moveItem(_:beforeItem:)"
    guard
      movable(
        identifier, "before", before, noun: "item", in: method,
        isKnown: { [snapshot] in snapshot.contains(itemWithID: $0) })
    else { return }
    try! snapshot.moveItem(identifier, beforeItem: before)
  }

  /// Moves the item `identifier` to just after `after`, possibly into
  /// another section. An unknown item, or a move relative to itself, does
  /// nothing (reported).
  @inlinable
  public mutating func moveItem(
    _ identifier: ItemIdentifierType, afterItem after: ItemIdentifierType
  ) {
    let method = "moveItem(_:afterItem:)"
    guard
      movable(
        identifier, "after", after, noun: "item", in: method,
        isKnown: { [snapshot] in snapshot.contains(itemWithID: $0) })
    else { return }
    try! snapshot.moveItem(identifier, afterItem: after)
  }

  /// Marks items to be reloaded (their cells replaced, through the cell
  /// provider) when the snapshot is applied. Unknown items are ignored
  /// (reported).
  @inlinable
  public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
    try! snapshot.reloadItems(knownItems(identifiers, in: "reloadItems(_:)"))
  }

  /// Marks items to be reconfigured (the cell provider called again for the
  /// cell on screen, which it dequeues and updates in place) when the
  /// snapshot is applied. Unknown items are ignored (reported); an item
  /// marked for reload stays so.
  @inlinable
  public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
    try! snapshot.reconfigureItems(knownItems(identifiers, in: "reconfigureItems(_:)"))
  }

  /// The first items of a snapshot whose sections are all empty, built in
  /// one pass as `Snapshot(sections:)` does (the common case: a snapshot
  /// made from scratch). Returns `false`, changing nothing, on a duplicate.
  @inlinable
  mutating func appendFirstItems(_ items: [Item], toSection section: SectionIdentifierType?)
    -> Bool
  {
    let sections = snapshot.sections
    guard let index = section.map({ snapshot.sectionIndex(of: $0) }) ?? sections.indices.last
    else { return false }
    let starts =
      Array(repeating: 0, count: index + 1)
      + Array(repeating: items.count, count: sections.count - index)
    guard
      var built = try? Snapshot<Section, Item>(
        validatingSections: sections, starts: starts, items: items,
        itemHashes: IDHashing.hashes(of: items))
    else { return false }
    built._reloadedSections = snapshot._reloadedSections
    snapshot = built
    return true
  }

  // MARK: Checking arguments

  /// The identifiers not in the snapshot, each once, as sections; the rest
  /// reported.
  @inlinable
  mutating func uniqueSections(
    _ identifiers: [SectionIdentifierType], in method: String
  ) -> [Section] {
    unique(identifiers, noun: "section", in: method) { [snapshot] id in
      snapshot.sectionIndex(of: id).map { "section \($0)" }
    }.map(Section.init)
  }

  /// The identifiers not in the snapshot, each once, as items; the rest
  /// reported.
  @inlinable
  mutating func uniqueItems(_ identifiers: [ItemIdentifierType], in method: String)
    -> [Item]
  {
    unique(identifiers, noun: "item", in: method) { [snapshot] id in
      snapshot.path(of: id).map { "at \($0)" }
    }.map(Item.init)
  }

  /// The identifiers that `place` finds no place for (not in the
  /// snapshot), each once; the others (there already, or repeated) are
  /// reported with their positions.
  @inlinable
  mutating func unique<ID: Hashable>(
    _ identifiers: [ID], noun: String, in method: String, place: (ID) -> String?
  ) -> [ID] {
    let (kept, problem) = IdentifierChecks.unique(identifiers, noun: noun, place: place)
    if let problem { report(method, problem) }
    return kept
  }

  /// Whether the section `identifier` is in the snapshot; reported if not.
  @inlinable
  mutating func knownSection(_ identifier: SectionIdentifierType, in method: String) -> Bool {
    knownSections([identifier], in: method).count == 1
  }

  /// The identifiers of sections in the snapshot; the others reported.
  @inlinable
  mutating func knownSections(
    _ identifiers: [SectionIdentifierType], in method: String
  ) -> [SectionIdentifierType] {
    known(identifiers, noun: "section", in: method) { [snapshot] in
      snapshot.contains(sectionWithID: $0)
    }
  }

  /// The identifiers of items in the snapshot; the others reported.
  @inlinable
  mutating func knownItems(
    _ identifiers: [ItemIdentifierType], in method: String
  ) -> [ItemIdentifierType] {
    known(identifiers, noun: "item", in: method) { [snapshot] in
      snapshot.contains(itemWithID: $0)
    }
  }

  /// The identifiers `isKnown` accepts; the others reported with their
  /// positions.
  @inlinable
  mutating func known<ID>(
    _ identifiers: [ID], noun: String, in method: String, isKnown: (ID) -> Bool
  ) -> [ID] {
    let (kept, problem) = IdentifierChecks.known(identifiers, noun: noun, isKnown: isKnown)
    if let problem { report(method, problem) }
    return kept
  }

  /// Whether a section or item can move `relation` ("before", "after")
  /// `anchor`: both are known (`isKnown`) and they differ; else reported.
  @inlinable
  mutating func movable<ID: Hashable>(
    _ identifier: ID, _ relation: String, _ anchor: ID, noun: String, in method: String,
    isKnown: (ID) -> Bool
  ) -> Bool {
    guard known([identifier, anchor], noun: noun, in: method, isKnown: isKnown).count == 2
    else { return false }
    guard identifier != anchor else {
      report(method, "cannot move \(noun) \(Self.name(identifier)) \(relation) itself")
      return false
    }
    return true
  }

  /// Records a problem of `method` in ``problems``.
  @usableFromInline
  mutating func report(_ method: String, _ problem: String) {
    problems.append("DiffableSnapshot.\(method): \(problem)")
  }

  /// An identifier as the reports name it.
  @usableFromInline
  static func name(_ identifier: some Any) -> String { IdentifierChecks.name(identifier) }
}
