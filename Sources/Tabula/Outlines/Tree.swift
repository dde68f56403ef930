/// A forest of identified items: roots in order, each with its children in
/// order, any depth. An immutable value (copy-on-write, `Sendable`), like a
/// ``Snapshot``; its visible rows, given an expansion state, are a Snapshot
/// (see ``Outline``).
///
/// ```swift
/// let tree = try Tree(roots: [
///   TreeNode(inbox) { work; home },
///   TreeNode(archive),
/// ])
/// tree.parentID(of: work.id)   // inbox.id
/// tree.depth(of: work.id)      // 1
/// ```
///
/// Built from nested values (``init(roots:)``, or a result builder with
/// ``make(_:)``), or from `(item, parentID)` pairs in any order, as rows of
/// an adjacency-list table arrive (``init(_:)``). Items may be of mixed model
/// types with ``AnyItem``. Ids are unique in the whole tree.
///
/// ## Storage
///
/// Nodes are kept in preorder (a node, then its subtrees in order) in flat
/// arrays, with each node's depth, parent position and subtree size, its
/// id's hash, and an open-addressing index from id to position. So the
/// lookups by id are O(1) (``contains(_:)``, ``item(withID:)``,
/// ``parentID(of:)``, ``depth(of:)``, ``descendantCount(of:)``) or O(depth)
/// (``ancestors(of:)``), a node's children are found by jumping over
/// subtrees, and the rows a subtree shows are one contiguous range. Edits
/// rebuild the arrays in O(n) and change nothing when they fail.
public struct Tree<Item: Diffable>: Sendable {
  /// The items, in preorder.
  @usableFromInline var _items: [Item]
  /// Each node's depth (0 for roots).
  @usableFromInline var _depths: [Int32]
  /// Each node's parent position, or -1 for a root.
  @usableFromInline var _parents: [Int32]
  /// Each node's subtree size, itself included.
  @usableFromInline var _sizes: [Int32]
  /// Each item's id hash.
  @usableFromInline var _hashes: [Int]
  /// Id to position.
  @usableFromInline var _table: IDTable

  /// The most nodes a tree holds (positions are stored in 32 bits).
  public static var capacity: Int { Int(Int32.max) }

  /// An empty tree.
  public init() {
    _items = []
    _depths = []
    _parents = []
    _sizes = []
    _hashes = []
    _table = IDTable(capacity: 0)
  }

  /// A tree of nested nodes.
  ///
  /// - Throws: ``TreeError/duplicateIDs(_:)`` naming every id that occurs
  ///   more than once, with the parent of each occurrence.
  /// - Complexity: Expected O(n).
  public init(roots: [TreeNode<Item>]) throws(TreeError) {
    var items: [Item] = []
    var depths: [Int32] = []
    Self.flatten(roots, depth: 0, into: &items, &depths)
    try self.init(preorder: items, depths: depths)
  }

  /// A tree whose roots a result builder lists.
  ///
  /// ```swift
  /// let tree = try Tree.make {
  ///   TreeNode(inbox) { work; home }
  ///   archive
  /// }
  /// ```
  ///
  /// - Throws: ``TreeError/duplicateIDs(_:)``.
  public static func make(@TreeBuilder<Item> _ roots: () -> [TreeNode<Item>]) throws(TreeError)
    -> Tree
  {
    try Tree(roots: roots())
  }

  /// A tree from items and their parents' ids (`nil` for a root), in any
  /// order: how the rows of an adjacency-list table arrive. Siblings keep the
  /// order in which they appear.
  ///
  /// - Throws: ``TreeError/duplicateIDs(_:)``,
  ///   ``TreeError/unknownParentIDs(_:)`` naming each missing parent and the
  ///   nodes that name it, or ``TreeError/cycles(_:)`` naming the ids along
  ///   each cycle (nodes that are their own ancestors).
  /// - Complexity: Expected O(n).
  public init(_ nodes: [(item: Item, parentID: Item.ID?)]) throws(TreeError) {
    let count = nodes.count
    guard count <= Self.capacity else { throw .tooManyNodes(count, limit: Self.capacity) }
    let hashes = nodes.map { IDHashing.hash($0.item.id) }
    var duplicates: [Int: [Int]] = [:]
    let table = IDTable(
      hashes: hashes, equal: { nodes[$0].item.id == nodes[$1].item.id },
      duplicate: { duplicates[$0, default: [$0]].append($1) })
    if !duplicates.isEmpty {
      throw .duplicateIDs(
        duplicates.keys.sorted().map { first in
          TreeError.Duplicate(
            id: String(reflecting: nodes[first].item.id),
            parents: duplicates[first]!.map { nodes[$0].parentID.map { String(reflecting: $0) } })
        })
    }
    func position(of id: Item.ID) -> Int? {
      table.find(hash: IDHashing.hash(id)) { nodes[$0].item.id == id }
    }
    // Parent positions, and the unknown ones.
    var parentOf = [Int](repeating: -1, count: count)
    var unknown: [(parent: String, children: [String])] = []
    var unknownIndex: [String: Int] = [:]
    for (index, node) in nodes.enumerated() {
      guard let parentID = node.parentID else { continue }
      if let parent = position(of: parentID) {
        parentOf[index] = parent
      } else {
        let name = String(reflecting: parentID)
        let child = String(reflecting: node.item.id)
        if let at = unknownIndex[name] {
          unknown[at].children.append(child)
        } else {
          unknownIndex[name] = unknown.count
          unknown.append((name, [child]))
        }
      }
    }
    guard unknown.isEmpty else { throw .unknownParentIDs(unknown) }
    // Children in order of appearance, as ranges of one array (roots under -1).
    var childCounts = [Int](repeating: 0, count: count + 1)
    for parent in parentOf { childCounts[parent + 1] += 1 }
    var starts = [Int](repeating: 0, count: count + 2)
    for slot in 0...count { starts[slot + 1] = starts[slot] + childCounts[slot] }
    var fill = starts
    var children = [Int](repeating: 0, count: count)
    for (index, parent) in parentOf.enumerated() {
      children[fill[parent + 1]] = index
      fill[parent + 1] += 1
    }
    // Preorder from the roots; what is not reached lies on cycles.
    var items: [Item] = []
    var depths: [Int32] = []
    items.reserveCapacity(count)
    depths.reserveCapacity(count)
    var reached = [Bool](repeating: false, count: count)
    var stack: [(node: Int, depth: Int32)] = []
    for root in children[starts[0]..<starts[1]].reversed() { stack.append((root, 0)) }
    while let (node, depth) = stack.popLast() {
      reached[node] = true
      items.append(nodes[node].item)
      depths.append(depth)
      for child in children[starts[node + 1]..<starts[node + 2]].reversed() {
        stack.append((child, depth + 1))
      }
    }
    if items.count < count {
      throw .cycles(Self.cycles(parentOf: parentOf, reached: reached, ids: nodes.map(\.item.id)))
    }
    try self.init(preorder: items, depths: depths)
  }

  /// A tree from items in preorder with their depths (each depth at most one
  /// more than the previous one's, the first 0).
  ///
  /// - Throws: ``TreeError/duplicateIDs(_:)``, ``TreeError/tooManyNodes(_:limit:)``.
  init(preorder items: [Item], depths: [Int32]) throws(TreeError) {
    guard items.count <= Self.capacity else {
      throw .tooManyNodes(items.count, limit: Self.capacity)
    }
    let hashes = items.map { IDHashing.hash($0.id) }
    var duplicates: [Int: [Int]] = [:]
    let table = IDTable(
      hashes: hashes, equal: { items[$0].id == items[$1].id },
      duplicate: { duplicates[$0, default: [$0]].append($1) })
    // Parents and subtree sizes from the depths, with a stack of open nodes.
    let count = items.count
    var parents = [Int32](repeating: -1, count: count)
    var sizes = [Int32](repeating: 1, count: count)
    var open: [Int] = []
    for position in 0..<count {
      let depth = Int(depths[position])
      while open.count > depth {
        let closed = open.removeLast()
        sizes[closed] = Int32(truncatingIfNeeded: position - closed)
      }
      parents[position] = Int32(truncatingIfNeeded: open.last ?? -1)
      open.append(position)
    }
    for closed in open { sizes[closed] = Int32(truncatingIfNeeded: count - closed) }
    if !duplicates.isEmpty {
      throw .duplicateIDs(
        duplicates.keys.sorted().map { first in
          TreeError.Duplicate(
            id: String(reflecting: items[first].id),
            parents: duplicates[first]!.map { position in
              parents[position] < 0 ? nil : String(reflecting: items[Int(parents[position])].id)
            })
        })
    }
    _items = items
    _depths = depths
    _parents = parents
    _sizes = sizes
    _hashes = hashes
    _table = table
  }

  /// Appends `nodes` in preorder, with their depths from `depth`.
  static func flatten(
    _ nodes: [TreeNode<Item>], depth: Int32, into items: inout [Item], _ depths: inout [Int32]
  ) {
    for node in nodes {
      items.append(node.item)
      depths.append(depth)
      flatten(node.children, depth: depth + 1, into: &items, &depths)
    }
  }

  /// Each cycle among the unreached nodes, as ids from its first node.
  private static func cycles(parentOf: [Int], reached: [Bool], ids: [Item.ID]) -> [[String]] {
    var state = [UInt8](repeating: 0, count: parentOf.count)  // 0 new, 1 on the walk, 2 done
    var cycles: [[String]] = []
    for start in parentOf.indices where !reached[start] && state[start] == 0 {
      var walk: [Int] = []
      var node = start
      while node >= 0, !reached[node], state[node] == 0 {
        state[node] = 1
        walk.append(node)
        node = parentOf[node]
      }
      if node >= 0, state[node] == 1, let from = walk.firstIndex(of: node) {
        // Walking up gives child → parent; the message reads parent → child.
        cycles.append(walk[from...].reversed().map { String(reflecting: ids[$0]) })
      }
      for visited in walk { state[visited] = 2 }
    }
    return cycles
  }
}

extension Tree: Equatable where Item: Equatable {
  /// Whether both trees have the same items in the same places.
  public static func == (lhs: Tree, rhs: Tree) -> Bool {
    lhs._items == rhs._items && lhs._depths == rhs._depths
  }
}
