/// Counting over ascending positions: the arithmetic of placing rows in a
/// batch update.
///
/// A batch names positions (deleted rows at old positions, inserted rows at
/// new ones), each list sorted ascending; every row it does not name keeps
/// its order and fills the free positions. Three parts of Tabula count that
/// way and share these functions:
///
/// - the stager (``StagedChangeset``, through `ReloadInference`) works out
///   where UIKit puts a reloaded row;
/// - ``BatchPositionMap`` (in Hosting, which sits above Diffing) follows a
///   host's cells, selection and highlights through a batch;
/// - the shared-storage diff counts the candidates before a position (in
///   Model, through the item store).
///
/// It lives in Model, the lowest of the three layers, so that all see it
/// and none reaches up.
///
/// ```swift
/// // Rows 1 and 4 deleted, a row inserted at 0: where does old row 3 go?
/// let rank = 3 - SortedPositions.count(below: 3, in: [1, 4])  // 2: the third survivor
/// SortedPositions.slot(rank: rank, skipping: [0])              // 3: after the insert
/// ```
@usableFromInline
enum SortedPositions {
  /// How many of the ascending `values` are below `limit`.
  ///
  /// - Complexity: O(log k), k the number of values.
  @inlinable
  static func count(below limit: Int, in values: [Int]) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) >> 1
      if values[middle] < limit { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether the ascending `values` contain `value`.
  ///
  /// - Complexity: O(log k), k the number of values.
  @inlinable
  static func contains(_ value: Int, in values: [Int]) -> Bool {
    let index = count(below: value, in: values)
    return index < values.count && values[index] == value
  }

  /// The `rank`-th free position, counting from zero, when the ascending
  /// `taken` positions are occupied: where a row that keeps its order lands
  /// among inserted ones.
  ///
  /// - Complexity: O(k), k the number of taken positions at or below the
  ///   result.
  @inlinable
  static func slot(rank: Int, skipping taken: [Int]) -> Int {
    var position = rank
    for occupied in taken {
      if occupied <= position { position += 1 } else { break }
    }
    return position
  }
}
