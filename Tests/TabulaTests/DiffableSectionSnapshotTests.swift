import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// `DiffableSectionSnapshot` against Apple's documented meaning, and
/// against a naive model of it over random edits.
@Suite("DiffableSectionSnapshot: Apple's section snapshots")
struct DiffableSectionSnapshotTests {
  /// Inbox (Work (Q1), Home), Archive, built breadth first as Apple's
  /// sample builds outlines.
  func mail() -> DiffableSectionSnapshot<String> {
    var outline = DiffableSectionSnapshot<String>()
    outline.append(["Inbox", "Archive"])
    outline.append(["Work", "Home"], to: "Inbox")
    outline.append(["Q1"], to: "Work")
    return outline
  }

  @Test("items, roots, levels, parents and indices; items start collapsed")
  func queries() {
    var outline = mail()
    #expect(outline.items == ["Inbox", "Work", "Q1", "Home", "Archive"])
    #expect(outline.rootItems == ["Inbox", "Archive"])
    #expect(outline.visibleItems == ["Inbox", "Archive"])
    #expect(outline.level(of: "Q1") == 2)
    #expect(outline.level(of: "Inbox") == 0)
    #expect(outline.level(of: "Nowhere") == -1)
    #expect(outline.parent(of: "Q1") == "Work")
    #expect(outline.parent(of: "Inbox") == nil)
    #expect(outline.index(of: "Home") == 3)
    #expect(outline.index(of: "Nowhere") == nil)
    #expect(!outline.isVisible("Work"))
    outline.expand(["Inbox"])
    #expect(outline.isExpanded("Inbox"))
    #expect(outline.isVisible("Work") && !outline.isVisible("Q1"))
    #expect(outline.visibleItems == ["Inbox", "Work", "Home", "Archive"])
    outline.expand(["Work"])
    #expect(outline.visibleItems == ["Inbox", "Work", "Q1", "Home", "Archive"])
    outline.collapse(["Inbox"])
    #expect(outline.visibleItems == ["Inbox", "Archive"])
    #expect(outline.isExpanded("Work"), "a hidden item keeps its expansion")
    #expect(
      outline.visualDescription() == """
        - "Inbox"
          + "Work"
            • "Q1"
          • "Home"
        • "Archive"
        """)
    #expect(outline.problems.isEmpty)
  }

  @Test("inserting, replacing children, sub-snapshots and deleting, as Apple's")
  func edits() {
    var outline = mail()
    outline.insert(["Drafts"], before: "Archive")
    outline.insert(["Travel"], after: "Work")
    #expect(outline.items == ["Inbox", "Work", "Q1", "Travel", "Home", "Drafts", "Archive"])
    outline.expand(["Work"])
    let work = outline.snapshot(of: "Work", includingParent: true)
    #expect(work.items == ["Work", "Q1"] && work.isExpanded("Work"))
    #expect(outline.snapshot(of: "Work").rootItems == ["Q1"])
    var children = DiffableSectionSnapshot<String>()
    children.append(["2025", "2026"])
    children.append(["Nov"], to: "2026")
    outline.replace(childrenOf: "Archive", using: children)
    #expect(outline.items.suffix(4) == ["Archive", "2025", "2026", "Nov"])
    #expect(outline.parent(of: "Nov") == "2026")
    var more = DiffableSectionSnapshot<String>()
    more.append(["Spam"])
    outline.insert(more, after: "Drafts")
    #expect(outline.rootItems == ["Inbox", "Drafts", "Spam", "Archive"])
    outline.delete(["Inbox", "Q1"])
    #expect(outline.items == ["Drafts", "Spam", "Archive", "2025", "2026", "Nov"])
    #expect(!outline.contains("Work") && !outline.isExpanded("Work"), "gone with its parent")
    outline.deleteAll()
    #expect(outline.items.isEmpty && outline.rootItems.isEmpty)
    #expect(outline.problems.isEmpty)
  }

  @Test("duplicates, unknown parents and items: skipped and named, the rest applied")
  func problems() {
    var outline = mail()
    outline.append(["New", "Home", "New"], to: "Inbox")
    outline.append(["Lost"], to: "Nowhere")
    outline.insert(["X"], before: "Nowhere")
    outline.expand(["Ghost", "Inbox"])
    var clash = DiffableSectionSnapshot<String>()
    clash.append(["Fresh", "Parent"])
    clash.append(["Q1"], to: "Parent")
    outline.insert(clash, after: "Archive")
    #expect(outline.children(of: "Inbox") == ["Work", "Home", "New"])
    #expect(!outline.contains("Lost") && !outline.contains("X"))
    #expect(outline.isExpanded("Inbox"))
    #expect(outline.rootItems == ["Inbox", "Archive", "Fresh"])
    #expect(
      outline.problems == [
        "DiffableSectionSnapshot.append(_:to:): item identifiers must be unique: \"Home\" (at 1) "
          + "is under \"Inbox\" already; \"New\" (at 2) repeats the one at 0; 1 other added",
        "DiffableSectionSnapshot.append(_:to:): unknown parent \"Nowhere\": not in the snapshot, "
          + "nothing done",
        "DiffableSectionSnapshot.insert(_:before:): unknown item \"Nowhere\": not in the snapshot, "
          + "nothing done",
        "DiffableSectionSnapshot.expand(_:): unknown item \"Ghost\" (at 0): not in the snapshot, "
          + "ignored",
        "DiffableSectionSnapshot.insert(_:after:): item identifiers must be unique: \"Q1\" (under "
          + "\"Parent\") is under \"Work\" already; the subtrees holding them skipped, 1 other added",
      ])
  }

  @Test("random edits against a naive model of Apple's outline", arguments: 1...6)
  func randomized(seed: UInt64) {
    var random = SeededRandom(seed: seed)
    var outline = DiffableSectionSnapshot<Int>()
    var model = NaiveOutline()
    for _ in 0..<400 {
      let ids = (0..<random.int(in: 0...3)).map { _ in random.int(in: 0..<60) }
      let id = random.int(in: 0..<60)
      switch random.int(in: 0..<8) {
      case 0:
        let parent: Int? = random.chance(0.3) ? nil : id
        outline.append(ids, to: parent)
        model.append(ids, to: parent)
      case 1:
        outline.insert(ids, before: id)
        model.insert(ids, at: id, after: false)
      case 2:
        outline.insert(ids, after: id)
        model.insert(ids, at: id, after: true)
      case 3:
        outline.delete(ids)
        model.delete(ids)
      case 4:
        outline.expand(ids)
        model.expanded.formUnion(ids.filter(model.contains))
      case 5:
        outline.collapse(ids)
        model.expanded.subtract(ids)
      case 6:
        let sub = outline.snapshot(of: id)
        let other = random.int(in: 0..<60)
        outline.replace(childrenOf: other, using: sub)
        model.replaceChildren(of: other, withSubtreeOf: id)
      default:
        if random.chance(0.1) {
          outline.deleteAll()
          model = NaiveOutline()
        }
      }
      #expect(outline.items == model.items, "seed \(seed)")
      #expect(outline.visibleItems == model.visibleItems)
      #expect(outline.rootItems == model.roots)
      for probe in [id] + ids {
        #expect(outline.contains(probe) == model.contains(probe))
        #expect(outline.parent(of: probe) == model.parent[probe] ?? nil)
        #expect(outline.level(of: probe) == model.level(of: probe))
        #expect(outline.isVisible(probe) == model.visibleItems.contains(probe))
        #expect(outline.index(of: probe) == model.items.firstIndex(of: probe))
      }
    }
  }
}

/// Apple's outline, kept the slow way: children lists and a preorder walk.
struct NaiveOutline {
  var roots: [Int] = []
  var children: [Int: [Int]] = [:]
  var parent: [Int: Int?] = [:]
  var expanded: Set<Int> = []

  func contains(_ id: Int) -> Bool { parent[id] != nil }

  var items: [Int] { walk(roots) { _ in true } }
  var visibleItems: [Int] { walk(roots) { expanded.contains($0) } }

  func walk(_ ids: [Int], descend: (Int) -> Bool) -> [Int] {
    ids.flatMap { [$0] + (descend($0) ? walk(children[$0] ?? [], descend: descend) : []) }
  }

  func level(of id: Int) -> Int {
    guard contains(id) else { return -1 }
    var level = 0
    var current = parent[id]!
    while let above = current {
      level += 1
      current = parent[above]!
    }
    return level
  }

  /// The ids new to the outline, each once.
  func fresh(_ ids: [Int]) -> [Int] {
    var seen: Set<Int> = []
    return ids.filter { !contains($0) && seen.insert($0).inserted }
  }

  mutating func add(_ ids: [Int], under parent: Int?, at index: Int) {
    for id in ids { self.parent[id] = .some(parent) }
    if let parent {
      children[parent, default: []].insert(contentsOf: ids, at: index)
    } else {
      roots.insert(contentsOf: ids, at: index)
    }
  }

  mutating func append(_ ids: [Int], to parent: Int?) {
    if let parent, !contains(parent) { return }
    let added = fresh(ids)
    add(added, under: parent, at: parent.map { children[$0]?.count ?? 0 } ?? roots.count)
  }

  mutating func insert(_ ids: [Int], at anchor: Int, after: Bool) {
    guard contains(anchor) else { return }
    let above = parent[anchor]!
    let siblings = above.map { children[$0] ?? [] } ?? roots
    add(fresh(ids), under: above, at: siblings.firstIndex(of: anchor)! + (after ? 1 : 0))
  }

  mutating func remove(_ id: Int) {
    for child in children[id] ?? [] { remove(child) }
    children[id] = nil
    parent[id] = nil
    expanded.remove(id)
  }

  mutating func delete(_ ids: [Int]) {
    for id in ids where contains(id) {
      if let above = parent[id]! {
        children[above]?.removeAll { $0 == id }
      } else {
        roots.removeAll { $0 == id }
      }
      remove(id)
    }
  }

  mutating func replaceChildren(of target: Int, withSubtreeOf source: Int) {
    guard contains(target) else { return }
    let copied = NaiveOutline.subtree(of: source, in: self)
    for child in children[target] ?? [] { remove(child) }
    children[target] = []
    for root in copied.roots {
      let ids = copied.walk([root]) { _ in true }
      guard !ids.contains(where: contains) else { continue }
      for id in ids {
        parent[id] = .some(copied.parent[id]! ?? target)
        children[id] = copied.children[id] ?? []
        if copied.expanded.contains(id) { expanded.insert(id) }
      }
      children[target, default: []].append(root)
    }
  }

  /// The items under `id`, as an outline of their own.
  static func subtree(of id: Int, in outline: NaiveOutline) -> NaiveOutline {
    var result = NaiveOutline()
    guard outline.contains(id) else { return result }
    result.roots = outline.children[id] ?? []
    for item in outline.walk(result.roots, descend: { _ in true }) {
      let above = outline.parent[item]!
      result.parent[item] = .some(above == id ? nil : above)
      result.children[item] = outline.children[item] ?? []
      if outline.expanded.contains(item) { result.expanded.insert(item) }
    }
    return result
  }
}

extension DiffableSectionSnapshot {
  /// The children of `item`, in order.
  func children(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    snapshot(of: item).rootItems
  }
}
