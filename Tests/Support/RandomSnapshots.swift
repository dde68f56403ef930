import Tabula

/// A source of ids never used before in one test.
package struct FreshIDs {
  package var nextSection = 0
  package var nextItem = 0

  package init() {}

  package mutating func section() -> SectionInfo {
    defer { nextSection += 1 }
    return Tabula.SectionInfo(id: "S\(nextSection)", title: "S\(nextSection)")
  }

  package mutating func item() -> TestItem {
    defer { nextItem += 1 }
    return TestItem(id: nextItem)
  }
}

/// A section of three items, with ids never used in the test.
package func oneSection(_ ids: inout FreshIDs) -> TestSnapshot {
  try! TestSnapshot(sections: [
    SnapshotSection(ids.section(), items: [ids.item(), ids.item(), ids.item()])
  ])
}

/// A random snapshot: up to 12 sections (some empty), up to `maxItems` items.
package func randomSnapshot(_ random: inout SeededRandom, maxItems: Int, ids: inout FreshIDs)
  -> TestSnapshot
{
  var sections = (0..<random.int(in: 0...12)).map { _ in
    SnapshotSection<SectionInfo, TestItem>(ids.section())
  }
  if !sections.isEmpty {
    for _ in 0..<random.int(in: 0...maxItems) {
      sections[random.int(in: 0..<sections.count)].items.append(ids.item())
    }
  }
  return try! TestSnapshot(sections: sections)
}

/// A random change of `snapshot`: sections deleted, inserted, moved and
/// retitled; items deleted, inserted, moved inside and across sections,
/// updated, and marked for reload or reconfigure; sections marked for reload.
package func randomChange(
  of snapshot: TestSnapshot, _ random: inout SeededRandom, ids: inout FreshIDs, maxInserts: Int
) -> TestSnapshot {
  let old = NaiveModel(snapshot)
  var new = old
  new.sections.removeAll { _ in random.chance(0.1) }
  for _ in 0..<random.int(in: 0...3) {
    new.sections.insert((ids.section(), []), at: random.int(in: 0...new.sections.count))
  }
  for index in new.sections.indices where random.chance(0.15) {
    let moved = new.sections.remove(at: index)
    new.sections.insert(moved, at: random.int(in: 0...new.sections.count))
  }
  for index in new.sections.indices where random.chance(0.1) {
    new.sections[index].model.title = "changed \(random.int(in: 0...9))"
  }
  if !new.sections.isEmpty {
    var displaced: [TestItem] = []
    for section in new.sections.indices {
      new.sections[section].items = new.sections[section].items.compactMap { item in
        if random.chance(0.15) { return nil }
        var item = item
        if random.chance(0.1) { item.content += 1 }
        if random.chance(0.1) {
          displaced.append(item)
          return nil
        }
        return item
      }
    }
    // Items that lost their section (deleted with it) may come back elsewhere.
    let orphans = old.allItems.filter { item in
      !new.sections.contains { $0.items.contains { $0.id == item.id } }
        && !displaced.contains { $0.id == item.id }
    }
    displaced += orphans.filter { _ in random.chance(0.3) }
    for _ in 0..<random.int(in: 0...maxInserts) { displaced.append(ids.item()) }
    for item in displaced {
      let target = random.int(in: 0..<new.sections.count)
      new.sections[target].items.insert(
        item, at: random.int(in: 0...new.sections[target].items.count))
    }
  }
  var result = try! TestSnapshot(sections: new.snapshotSections)
  if random.chance(0.2) {
    let marked = result.items.map(\.id).filter { _ in random.chance(0.05) }
    try! result.reloadItems(marked.prefix(marked.count / 2))
    try! result.reconfigureItems(marked.suffix(from: marked.count / 2))
  }
  if random.chance(0.1), let reloaded = result.sections.randomElement(using: &random) {
    try! result.reloadSections([reloaded.id])
  }
  return result
}
