extension Array where Element: Comparable {
  /// Sorts the elements and drops repeats, in place: positions named more
  /// than once (an id deleted twice, a cut point two candidates share).
  ///
  /// - Complexity: O(k log k).
  @inlinable
  mutating func _sortDroppingRepeats() {
    sort()
    var kept = 0
    for index in indices where kept == 0 || self[index] != self[kept - 1] {
      self[kept] = self[index]
      kept += 1
    }
    removeSubrange(kept...)
  }
}
