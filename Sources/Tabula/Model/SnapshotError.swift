/// What is wrong with a snapshot or an edit of one.
///
/// Every case names the offending ids or positions; ``description`` is the
/// message, and the trapping conveniences (the result-builder initializer, the
/// subscripts) stop with the same text. Ids are kept as their debug descriptions
/// (`String(reflecting:)`), so strings appear quoted: `"A"`.
///
/// ```swift
/// do {
///   _ = try Snapshot(sections: [SnapshotSection("A", items: [u1, u2, u1])])
/// } catch {
///   print(error)  // duplicate item IDs: 1 at [0, 0] and [0, 2]
/// }
/// ```
@nonexhaustive
public enum SnapshotError: Error, Equatable, CustomStringConvertible {
  /// Item ids that occur more than once, each with every position it has in the
  /// snapshot (or the snapshot the edit would have produced).
  case duplicateItemIDs([Duplicate<ItemPath>])
  /// Section ids that occur more than once, each with every section index.
  case duplicateSectionIDs([Duplicate<Int>])
  /// Item ids the snapshot does not contain.
  case unknownItemIDs([String])
  /// Section ids the snapshot does not contain.
  case unknownSectionIDs([String])
  /// A path outside the snapshot. `itemCount` is the size of the path's section,
  /// or `nil` when the section index itself is out of range.
  case itemPathOutOfRange(ItemPath, sectionCount: Int, itemCount: Int?)
  /// A position to insert or move an item to that is outside the snapshot:
  /// valid ones go up to the section's count (to append). `itemCount` is
  /// `nil` when the section index itself is out of range.
  case insertionPathOutOfRange(ItemPath, sectionCount: Int, itemCount: Int?)
  /// A section index outside `0..<sectionCount`.
  case sectionIndexOutOfRange(Int, sectionCount: Int)
  /// An item moved before or after itself.
  case itemMovedRelativeToItself(String)
  /// A section moved before or after itself.
  case sectionMovedRelativeToItself(String)
  /// Items appended to the last section of a snapshot that has none.
  case noSections
  /// A section moved from an index to the same index.
  case sectionMovedOntoItself(Int)
  /// An item moved from a path to the same path.
  case itemMovedOntoItself(ItemPath)
  /// Moves given as two arrays that go in pairs (sources and destinations)
  /// of different lengths.
  case mismatchedMoves(sources: Int, destinations: Int)
  /// Section keys given beside items, in pairs, but not as many keys as items.
  case mismatchedSectionKeys(keys: Int, items: Int)
  /// More items than a snapshot holds: `limit` (2,147,483,647, positions are
  /// stored in 32 bits).
  case tooManyItems(Int, limit: Int)
  /// More sections than a snapshot holds: `limit`.
  case tooManySections(Int, limit: Int)

  /// An id that occurs more than once, with all its positions in order.
  public struct Duplicate<Position: Equatable & Sendable>: Equatable, Sendable {
    /// The id's debug description.
    public var id: String
    /// Every position of the id, first to last.
    public var positions: [Position]

    /// Creates a duplicate report.
    public init(id: String, positions: [Position]) {
      self.id = id
      self.positions = positions
    }
  }

  /// The message, naming what is wrong and where.
  public var description: String {
    switch self {
    case .duplicateItemIDs(let duplicates):
      let list = duplicates.map { "\($0.id) at \(joined($0.positions.map(\.description)))" }
      return "duplicate item IDs: \(list.joined(separator: "; "))"
    case .duplicateSectionIDs(let duplicates):
      let list = duplicates.map {
        "\($0.id) at sections \(joined($0.positions.map(String.init)))"
      }
      return "duplicate section IDs: \(list.joined(separator: "; "))"
    case .unknownItemIDs(let ids):
      let noun = ids.count == 1 ? "ID" : "IDs"
      return "unknown item \(noun) \(ids.joined(separator: ", ")): not in the snapshot"
    case .unknownSectionIDs(let ids):
      let noun = ids.count == 1 ? "ID" : "IDs"
      return "unknown section \(noun) \(ids.joined(separator: ", ")): not in the snapshot"
    case .itemPathOutOfRange(let path, let sectionCount, let itemCount?):
      let valid = itemCount == 0 ? "it is empty" : "valid item indices are 0..<\(itemCount)"
      return "item path \(path) is out of range: section \(path.section) has "
        + "\(itemCount) \(itemCount == 1 ? "item" : "items") (\(valid)); "
        + "the snapshot has \(sectionCount) \(sectionCount == 1 ? "section" : "sections")"
    case .itemPathOutOfRange(let path, let sectionCount, nil):
      return "item path \(path) is out of range: \(sectionsClause(sectionCount))"
    case .insertionPathOutOfRange(let path, _, let itemCount?):
      return "cannot insert at \(path): section \(path.section) has \(itemCount) "
        + "\(itemCount == 1 ? "item" : "items") (valid insertion indices are 0...\(itemCount))"
    case .insertionPathOutOfRange(let path, let sectionCount, nil):
      return "cannot insert at \(path): \(sectionsClause(sectionCount))"
    case .sectionIndexOutOfRange(let index, let sectionCount):
      return "section index \(index) is out of range: \(sectionsClause(sectionCount))"
    case .itemMovedRelativeToItself(let id):
      return "cannot move item \(id) before or after itself"
    case .sectionMovedRelativeToItself(let id):
      return "cannot move section \(id) before or after itself"
    case .noSections:
      return "cannot append items to the last section: the snapshot has no sections"
    case .sectionMovedOntoItself(let index):
      return "cannot move section \(index) onto itself"
    case .itemMovedOntoItself(let path):
      return "cannot move the item at \(path) onto itself"
    case .mismatchedMoves(let sources, let destinations):
      return "cannot move items: \(sources) source \(sources == 1 ? "path" : "paths") but "
        + "\(destinations) \(destinations == 1 ? "destination" : "destinations") "
        + "(they go in pairs)"
    case .mismatchedSectionKeys(let keys, let items):
      return "\(keys) section \(keys == 1 ? "key" : "keys") for \(items) "
        + "\(items == 1 ? "item" : "items") (each item needs one key)"
    case .tooManyItems(let count, let limit):
      return "a snapshot holds at most \(limit) items; this one would have \(count)"
    case .tooManySections(let count, let limit):
      return "a snapshot holds at most \(limit) sections; this one would have \(count)"
    }
  }
}

/// "a", "a and b", "a, b and c".
private func joined(_ parts: [String]) -> String {
  guard parts.count > 1 else { return parts.first ?? "" }
  return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
}

private func sectionsClause(_ count: Int) -> String {
  switch count {
  case 0: "the snapshot has no sections"
  case 1: "the snapshot has 1 section (valid section index is 0)"
  default: "the snapshot has \(count) sections (valid section indices are 0..<\(count))"
  }
}
