/// Where the rows and sections of a list go in one batch update, for the
/// ones you ask about: a host keeps its cells, its selection and its
/// highlights with the right rows without tracking every row.
///
/// The batch is read with UIKit's semantics: deletes, reloads and move
/// sources at old positions, inserts and move destinations at new ones,
/// everything else keeping its order and filling the free positions. A
/// reloaded row is a new row at its new position, so its old position maps
/// to `nil`.
///
/// ```swift
/// let map = BatchPositionMap(stage.changeset)
/// selection = selection.flatMap(map.newPath(of:))
/// ```
///
/// - Complexity: O(k log k) to build, k the batch's operations; at most O(k)
///   per question. The list's length does not matter.
public struct BatchPositionMap: Sendable {
  private let deletedSections: [Int]
  private let insertedSections: [Int]
  private let sectionMoves: [Int: Int]
  private let movedSectionSources: [Int]
  private let takenSections: [Int]
  private let removedRows: [Int: [Int]]
  private let takenRows: [Int: [Int]]
  private let rowMoves: [ItemPath: ItemPath]
  private let reloaded: Set<ItemPath>

  /// The map of `batch`.
  public init(_ batch: Changeset) {
    deletedSections = batch.sectionDeletes.sorted()
    insertedSections = batch.sectionInserts.sorted()
    var moves: [Int: Int] = [:]
    for move in batch.sectionMoves { moves[move.from] = move.to }
    sectionMoves = moves
    movedSectionSources = batch.sectionMoves.map(\.from).sorted()
    takenSections = (batch.sectionInserts + batch.sectionMoves.map(\.to)).sorted()
    var removed: [Int: [Int]] = [:]
    var taken: [Int: [Int]] = [:]
    var rowMoves: [ItemPath: ItemPath] = [:]
    for path in batch.itemDeletes { removed[path.section, default: []].append(path.item) }
    for path in batch.itemInserts { taken[path.section, default: []].append(path.item) }
    for move in batch.itemMoves {
      removed[move.from.section, default: []].append(move.from.item)
      taken[move.to.section, default: []].append(move.to.item)
      rowMoves[move.from] = move.to
    }
    var reloaded = Set<ItemPath>()
    for update in batch.itemUpdates where update.kind == .reload {
      removed[update.from.section, default: []].append(update.from.item)
      taken[update.to.section, default: []].append(update.to.item)
      reloaded.insert(update.from)
    }
    removedRows = removed.mapValues { $0.sorted() }
    takenRows = taken.mapValues { $0.sorted() }
    self.rowMoves = rowMoves
    self.reloaded = reloaded
  }

  /// The section's index after the batch, or `nil` when it is deleted.
  public func newSection(of section: Int) -> Int? {
    if SortedPositions.contains(section, in: deletedSections) { return nil }
    if let target = sectionMoves[section] { return target }
    // A staying section keeps its rank among the staying sections.
    let rank =
      section - SortedPositions.count(below: section, in: deletedSections)
      - SortedPositions.count(below: section, in: movedSectionSources)
    return SortedPositions.slot(rank: rank, skipping: takenSections)
  }

  /// Whether the batch moves the row at `path` (an old position).
  public func moves(_ path: ItemPath) -> Bool { rowMoves[path] != nil }

  /// The row's position after the batch, or `nil` when it is deleted,
  /// reloaded (replaced by a new row) or in a deleted section.
  public func newPath(of path: ItemPath) -> ItemPath? {
    guard let section = newSection(of: path.section) else { return nil }
    if let target = rowMoves[path] { return target }
    if reloaded.contains(path) { return nil }
    let removed = removedRows[path.section] ?? []
    if SortedPositions.contains(path.item, in: removed) { return nil }
    let rank = path.item - SortedPositions.count(below: path.item, in: removed)
    return ItemPath(
      section: section, item: SortedPositions.slot(rank: rank, skipping: takenRows[section] ?? []))
  }
}
