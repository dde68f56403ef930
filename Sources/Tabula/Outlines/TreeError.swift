/// What is wrong with a tree or an edit of one.
///
/// Every case names the offending ids (their debug descriptions, so strings
/// appear quoted) and where they are; ``description`` is the message, and the
/// trapping conveniences stop with the same text. A failed edit changes
/// nothing.
///
/// ```swift
/// do {
///   _ = try Tree([(a, parentID: nil), (b, parentID: 9)])
/// } catch {
///   print(error)  // unknown parent IDs: 9 (parent of 2)
/// }
/// ```
@nonexhaustive
public enum TreeError: Error, Equatable, CustomStringConvertible {
  /// Ids that occur more than once, each with the parent of every
  /// occurrence (`nil` for a root), in order.
  case duplicateIDs([Duplicate])
  /// Parents that are not in the tree: each unknown parent id with the ids
  /// of the nodes that name it.
  case unknownParentIDs([(parent: String, children: [String])])
  /// Ids the tree does not contain.
  case unknownIDs([String])
  /// Nodes that are their own ancestors: each cycle, as the ids along it.
  case cycles([[String]])
  /// A subtree moved under itself or one of its descendants.
  case movedUnderItself(String, newParent: String)
  /// A child position outside `0...childCount` under `parent` (`nil`: the
  /// roots).
  case childIndexOutOfRange(Int, parent: String?, childCount: Int)
  /// More nodes than a tree holds: `limit` (2,147,483,647; positions are
  /// stored in 32 bits).
  case tooManyNodes(Int, limit: Int)

  /// An id that occurs more than once.
  public struct Duplicate: Equatable, Sendable {
    /// The id's debug description.
    public var id: String
    /// The parent of each occurrence, first to last (`nil`: a root).
    public var parents: [String?]

    /// Creates a duplicate report.
    public init(id: String, parents: [String?]) {
      self.id = id
      self.parents = parents
    }
  }

  /// The message, naming what is wrong and where.
  public var description: String {
    switch self {
    case .duplicateIDs(let duplicates):
      let list = duplicates.map { duplicate in
        let places = duplicate.parents.map { $0.map { "under \($0)" } ?? "a root" }
        return "\(duplicate.id) (\(listed(places)))"
      }
      return "duplicate node IDs: \(list.joined(separator: "; "))"
    case .unknownParentIDs(let unknown):
      let list = unknown.map { "\($0.parent) (parent of \(listed($0.children)))" }
      return "unknown parent IDs: \(list.joined(separator: "; "))"
    case .unknownIDs(let ids):
      return "unknown node \(ids.count == 1 ? "ID" : "IDs") \(ids.joined(separator: ", ")): "
        + "not in the tree"
    case .cycles(let cycles):
      let list = cycles.map { cycle in (cycle + cycle.prefix(1)).joined(separator: " → ") }
      return "nodes that are their own ancestors (each is the parent of the next): "
        + list.joined(separator: "; ")
    case .movedUnderItself(let id, let newParent):
      return newParent == id
        ? "cannot move \(id) under itself"
        : "cannot move \(id) under \(newParent), one of its own descendants"
    case .childIndexOutOfRange(let index, let parent, let count):
      let owner = parent.map { "\($0) has" } ?? "the tree has"
      return "child position \(index) is out of range: \(owner) \(count) "
        + "\(count == 1 ? "child" : "children") (valid positions are 0...\(count))"
    case .tooManyNodes(let count, let limit):
      return "a tree holds at most \(limit) nodes; this one would hold \(count)"
    }
  }

  /// Whether both errors are the same case with the same details.
  public static func == (lhs: TreeError, rhs: TreeError) -> Bool {
    switch (lhs, rhs) {
    case (.duplicateIDs(let a), .duplicateIDs(let b)): a == b
    case (.unknownParentIDs(let a), .unknownParentIDs(let b)):
      a.map(\.parent) == b.map(\.parent) && a.map(\.children) == b.map(\.children)
    case (.unknownIDs(let a), .unknownIDs(let b)): a == b
    case (.cycles(let a), .cycles(let b)): a == b
    case (.movedUnderItself(let a, let x), .movedUnderItself(let b, let y)): a == b && x == y
    case (.childIndexOutOfRange(let a, let x, let m), .childIndexOutOfRange(let b, let y, let n)):
      a == b && x == y && m == n
    case (.tooManyNodes(let a, let x), .tooManyNodes(let b, let y)): a == b && x == y
    default: false
    }
  }
}

/// "a", "a and b", "a, b and c".
private func listed(_ parts: [String]) -> String {
  guard parts.count > 1 else { return parts.first ?? "" }
  return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
}
