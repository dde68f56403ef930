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
