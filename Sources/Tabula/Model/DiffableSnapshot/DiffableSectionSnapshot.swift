/// Apple's `NSDiffableDataSourceSectionSnapshot`, same API, same meaning:
/// the items of one section as an outline (items under parent items, any
/// depth), with which parents are expanded. Rename the type and an outline
/// built on Apple's API shows through Tabula's drop-in data source
/// (`DiffableDataSource.apply(_:to:animatingDifferences:completion:)`).
///
/// ```swift
/// var outline = DiffableSectionSnapshot<String>()
/// outline.append(["Inbox", "Archive"])
/// outline.append(["Work", "Home"], to: "Inbox")
/// outline.expand(["Inbox"])
/// outline.visibleItems   // ["Inbox", "Work", "Home", "Archive"]
/// dataSource.apply(outline, to: .mail)
/// ```
///
/// The section shows the ``visibleItems``: the roots, and the children of
/// every expanded parent whose own parents are expanded. Items are
/// collapsed until expanded.
///
/// As with ``DiffableSnapshot``, input Apple's snapshot stops the app for
/// (a duplicate identifier, an unknown parent or item) is recorded in
/// ``problems`` (naming the identifiers and their positions) and the rest
/// of the edit is applied; each method says what it does.
///
/// ## Storage
///
/// Each item keeps its parent and its children in order, so an append or
/// an insert costs what it adds (plus the siblings passed over), in any
/// order of building; ``items``, ``visibleItems`` and ``index(of:)`` walk
/// the outline. A snapshot that a data source handed out
/// (``DiffableDataSource/snapshot(for:)``) and that was only expanded or
/// collapsed since remembers which items changed, so that applying it
/// costs what the expansion shows or hides, not a diff of the section.
/// It keeps its own nodes rather than a ``Tree``: a tree's edits rebuild
/// its arrays (O(n) each), and Apple's API builds a section an append at a
/// time, which would cost O(n²) there.
public struct DiffableSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
  /// An item's place: its parent (`nil` for a root) and its children.
  @usableFromInline
  struct Node: Sendable, Equatable {
    @usableFromInline var parent: ItemIdentifierType?
    @usableFromInline var children: [ItemIdentifierType]

    @inlinable
    init(parent: ItemIdentifierType?, children: [ItemIdentifierType] = []) {
      self.parent = parent
      self.children = children
    }
  }

  /// The items at the top level, in order.
  @usableFromInline var _roots: [ItemIdentifierType] = []
  /// Every item's place.
  @usableFromInline var _nodes: [ItemIdentifierType: Node] = [:]
  /// The expanded items.
  @usableFromInline var _expanded: Set<ItemIdentifierType> = []

  /// What the edits so far could not do, one message each, naming the
  /// method, the identifiers and their positions; reported when the
  /// snapshot is applied (a data source's `snapshot(for:)` starts with
  /// none).
  public internal(set) var problems: [String] = []

  /// The version of a data source's section this snapshot was handed out
  /// as, while only expansions changed it since; `nil` once its items were
  /// edited.
  var _origin: SectionSnapshotOrigin?
  /// The items expanded or collapsed since it was handed out, in order.
  var _toggled: [ItemIdentifierType] = []

  /// An empty section snapshot.
  public init() {}

  /// A copy of `snapshot`.
  public init(_ snapshot: DiffableSectionSnapshot) { self = snapshot }

  // MARK: Items

  /// Every item, each parent before its children (depth first), in order.
  ///
  /// - Complexity: O(n).
  public var items: [ItemIdentifierType] {
    var items: [ItemIdentifierType] = []
    items.reserveCapacity(_nodes.count)
    walk(_roots, into: &items) { _ in true }
    return items
  }

  /// The items at the top level, in order.
  public var rootItems: [ItemIdentifierType] { _roots }

  /// The items a list shows: the roots, and the children of each expanded
  /// item that is shown itself, in order.
  ///
  /// - Complexity: O(v), v the visible items.
  public var visibleItems: [ItemIdentifierType] {
    var items: [ItemIdentifierType] = []
    walk(_roots, into: &items) { _expanded.contains($0) }
    return items
  }

  /// Appends `items` and, for each item `descend` accepts, its children,
  /// depth first.
  func walk(
    _ items: [ItemIdentifierType], into result: inout [ItemIdentifierType],
    descend: (ItemIdentifierType) -> Bool
  ) {
    var stack: [(items: [ItemIdentifierType], next: Int)] = [(items, 0)]
    while !stack.isEmpty {
      let (level, next) = stack[stack.count - 1]
      guard next < level.count else {
        stack.removeLast()
        continue
      }
      stack[stack.count - 1].next = next + 1
      let item = level[next]
      result.append(item)
      if let children = _nodes[item]?.children, !children.isEmpty, descend(item) {
        stack.append((children, 0))
      }
    }
  }

  /// Whether the snapshot has `item`.
  ///
  /// - Complexity: O(1).
  public func contains(_ item: ItemIdentifierType) -> Bool { _nodes[item] != nil }

  /// Whether `item` is expanded (its children shown when it is).
  ///
  /// - Complexity: O(1).
  public func isExpanded(_ item: ItemIdentifierType) -> Bool { _expanded.contains(item) }

  /// Whether `item` is shown: every item above it is expanded.
  ///
  /// - Complexity: O(depth).
  public func isVisible(_ item: ItemIdentifierType) -> Bool {
    guard var node = _nodes[item] else { return false }
    while let parent = node.parent {
      guard _expanded.contains(parent), let above = _nodes[parent] else { return false }
      node = above
    }
    return true
  }

  /// How deep `item` is: 0 for a root, 1 for its children, and so on; -1
  /// for an item the snapshot does not have.
  ///
  /// - Complexity: O(depth).
  public func level(of item: ItemIdentifierType) -> Int {
    guard var node = _nodes[item] else { return -1 }
    var level = 0
    while let parent = node.parent, let above = _nodes[parent] {
      level += 1
      node = above
    }
    return level
  }

  /// The position of `item` in ``items``, if the snapshot has it.
  ///
  /// - Complexity: O(n).
  public func index(of item: ItemIdentifierType) -> Int? {
    guard contains(item) else { return nil }
    return items.firstIndex(of: item)
  }

  /// The parent of `child`; `nil` for a root or an item the snapshot does
  /// not have.
  ///
  /// - Complexity: O(1).
  public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? {
    _nodes[child]?.parent
  }

  /// The items under `parent` (with `parent` as the only root when
  /// `includingParent`), with their expansion; empty for an item the
  /// snapshot does not have.
  ///
  /// - Complexity: O(s), s the items under `parent`.
  public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
    -> DiffableSectionSnapshot
  {
    var result = DiffableSectionSnapshot()
    guard let node = _nodes[parent] else { return result }
    let top = includingParent ? [parent] : node.children
    result._roots = top
    copySubtrees(top, parent: nil, into: &result)
    return result
  }

  /// Copies the items `items` (with their subtrees and expansion) into
  /// `target` under `parent`, without touching `target`'s lists of
  /// children above them.
  func copySubtrees(
    _ items: [ItemIdentifierType], parent: ItemIdentifierType?,
    into target: inout DiffableSectionSnapshot
  ) {
    var stack = items.map { ($0, parent) }
    while let (item, above) = stack.popLast() {
      let children = _nodes[item]?.children ?? []
      target._nodes[item] = Node(parent: above, children: children)
      if _expanded.contains(item) { target._expanded.insert(item) }
      stack += children.map { ($0, item) }
    }
  }

  /// The outline as indented lines: "+" for an expanded item with
  /// children, "-" for a collapsed one, "•" for a leaf.
  ///
  /// ```
  /// + Inbox
  ///   • Work
  ///   • Home
  /// - Archive
  /// ```
  public func visualDescription() -> String {
    var lines: [String] = []
    var stack = _roots.reversed().map { ($0, 0) }
    while let (item, level) = stack.popLast() {
      let children = _nodes[item]?.children ?? []
      let marker = children.isEmpty ? "•" : _expanded.contains(item) ? "+" : "-"
      lines.append(
        String(repeating: "  ", count: level) + "\(marker) \(IdentifierChecks.name(item))")
      stack += children.reversed().map { ($0, level + 1) }
    }
    return lines.joined(separator: "\n")
  }
}

extension DiffableSectionSnapshot: Equatable {
  /// Whether both have the same items in the same places and the same
  /// expanded items (``problems`` are not compared).
  public static func == (lhs: DiffableSectionSnapshot, rhs: DiffableSectionSnapshot) -> Bool {
    lhs._roots == rhs._roots && lhs._nodes == rhs._nodes && lhs._expanded == rhs._expanded
  }
}

extension DiffableSectionSnapshot: CustomStringConvertible {
  /// The outline, one item per line (``visualDescription()``).
  public var description: String {
    "DiffableSectionSnapshot(\n\(visualDescription())\n)"
  }
}

/// The identity of one version of a data source's section outline: a
/// section snapshot handed out as that version, and only expanded or
/// collapsed since, can be applied by showing and hiding what changed.
final class SectionSnapshotOrigin: Sendable {}
