/// What changed between two arrays of identified elements.
///
/// The one-section case of ``Changeset``, for plain arrays: deletes are old
/// indices, inserts new indices, moves and updates carry both. Moves are
/// minimal (n − longest increasing subsequence of the surviving elements).
///
/// ```swift
/// let changes = try ArrayChangeset(from: oldContacts, to: newContacts)
/// changes.moves  // [IndexMove(from: 0, to: 9_999)]: one move, not 9,999
/// ```
public struct ArrayChangeset: Sendable, Equatable {
  /// Old indices of deleted elements, ascending.
  public var deletes: [Int] = []
  /// New indices of inserted elements, ascending.
  public var inserts: [Int] = []
  /// Elements that moved, old index to new index, in new order.
  public var moves: [IndexMove] = []
  /// Elements whose content changed, old index to new index, in new order.
  public var updates: [IndexMove] = []

  /// An empty changeset.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool {
    deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty
  }

  /// The changes that turn `old` into `new`.
  ///
  /// - Throws: ``DiffError/duplicateIDs(old:new:)`` when an id occurs twice in
  ///   either array, listing every duplicate with all its indices;
  ///   ``DiffError/tooManyElements(_:limit:)`` for an array of more than
  ///   2,147,483,647 elements.
  /// - Complexity: Expected O(n + m) plus O(k log k) for the k elements whose
  ///   order changed; memory O(n + m).
  @inlinable
  public init<Element: Diffable>(from old: [Element], to new: [Element]) throws(DiffError) {
    try ArrayChangeset._checkCapacity(old.count, new.count)
    let seed = IDHashing.seed
    let oldHashes = old.map { IDHashing.hash($0.id, seed: seed) }
    var oldDuplicates: [Int: [Int]] = [:]
    let table = old.withUnsafeBufferPointer { old in
      IDTable(
        hashes: oldHashes, equal: { old[$0].id == old[$1].id },
        duplicate: { first, later in oldDuplicates[first, default: [first]].append(later) })
    }

    var oldToNew = [Int32](repeating: -1, count: old.count)
    var newToOld = [Int32](repeating: -1, count: new.count)
    var newDuplicates: [Int: [Int]] = [:]
    var inserted: [Int] = []
    old.withUnsafeBufferPointer { old in
      new.withUnsafeBufferPointer { new in
        for position in 0..<new.count {
          let id = new[position].id
          let hash = IDHashing.hash(id, seed: seed)
          guard let match = table.find(hash: hash, where: { old[$0].id == id }) else {
            inserted.append(position)
            continue
          }
          let earlier = Int(oldToNew[match])
          if earlier >= 0 {
            newDuplicates[earlier, default: [earlier]].append(position)
          } else {
            oldToNew[match] = Int32(truncatingIfNeeded: position)
            newToOld[position] = Int32(truncatingIfNeeded: match)
          }
        }
      }
    }
    if inserted.count > 1 {
      // Ids that are new may still repeat among themselves.
      let insertedHashes = inserted.map { IDHashing.hash(new[$0].id, seed: seed) }
      _ = IDTable(
        hashes: insertedHashes, equal: { new[inserted[$0]].id == new[inserted[$1]].id },
        duplicate: { first, later in
          newDuplicates[inserted[first], default: [inserted[first]]].append(inserted[later])
        })
    }
    guard oldDuplicates.isEmpty && newDuplicates.isEmpty else {
      func report(_ duplicates: [Int: [Int]], in elements: [Element]) -> [SnapshotError.Duplicate<
        Int
      >] {
        duplicates.sorted { $0.key < $1.key }.map {
          SnapshotError.Duplicate(id: String(reflecting: elements[$0.key].id), positions: $0.value)
        }
      }
      throw .duplicateIDs(old: report(oldDuplicates, in: old), new: report(newDuplicates, in: new))
    }

    var survivors: [Int32] = []
    survivors.reserveCapacity(new.count - inserted.count)
    for position in 0..<new.count where newToOld[position] >= 0 {
      survivors.append(newToOld[position])
    }
    let kept = survivors.withUnsafeBufferPointer(longestIncreasingSubsequence)
    inserts = inserted
    var survivor = 0
    for position in 0..<new.count {
      let match = Int(newToOld[position])
      guard match >= 0 else { continue }
      if !kept[survivor] { moves.append(IndexMove(from: match, to: position)) }
      if !old[match].isContentEqual(to: new[position]) {
        updates.append(IndexMove(from: match, to: position))
      }
      survivor += 1
    }
    for position in 0..<old.count where oldToNew[position] < 0 { deletes.append(position) }
  }

  /// Throws unless arrays of `oldCount` and `newCount` elements fit the
  /// diff's 32-bit position maps.
  ///
  /// - Throws: ``DiffError/tooManyElements(_:limit:)`` naming the larger count.
  @inlinable
  static func _checkCapacity(_ oldCount: Int, _ newCount: Int) throws(DiffError) {
    let count = max(oldCount, newCount)
    if count > _snapshotCapacity { throw .tooManyElements(count, limit: _snapshotCapacity) }
  }
}
