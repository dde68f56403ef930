/// Why two arrays cannot be diffed.
@nonexhaustive
public enum DiffError: Error, Equatable, CustomStringConvertible {
  /// Ids that occur more than once, in the old array, the new one or both,
  /// each with every index where it occurs.
  case duplicateIDs(
    old: [SnapshotError.Duplicate<Int>], new: [SnapshotError.Duplicate<Int>])
  /// An array longer than the diff handles: `limit` (2,147,483,647, positions
  /// are stored in 32 bits).
  case tooManyElements(Int, limit: Int)

  /// The message, naming every duplicate and its indices.
  public var description: String {
    switch self {
    case .duplicateIDs(let old, let new):
      func list(_ duplicates: [SnapshotError.Duplicate<Int>]) -> String {
        duplicates.map { duplicate in
          let indices = duplicate.positions.map(String.init)
          let joined =
            indices.count > 1
            ? indices.dropLast().joined(separator: ", ") + " and " + indices[indices.count - 1]
            : indices.joined()
          return "\(duplicate.id) at \(joined)"
        }.joined(separator: "; ")
      }
      var parts: [String] = []
      if !old.isEmpty { parts.append("in the old array: \(list(old))") }
      if !new.isEmpty { parts.append("in the new array: \(list(new))") }
      return "duplicate IDs \(parts.joined(separator: "; "))"
    case .tooManyElements(let count, let limit):
      return "cannot diff an array of \(count) elements: the limit is \(limit)"
    }
  }
}
