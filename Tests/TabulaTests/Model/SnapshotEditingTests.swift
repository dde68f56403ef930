import TabulaTestSupport
import Testing

@testable import Tabula

/// One edit, applied both to a snapshot and to the naive model.
struct Edit: CustomStringConvertible {
  let description: String
  let naive: (NaiveModel) -> Result<NaiveModel, SnapshotError>
  let apply: (inout TestSnapshot) throws(SnapshotError) -> Void
}

/// Every edit worth trying on `model`: each operation with every id present,
/// an unknown id, new and duplicate payloads.
func everyEdit(on model: NaiveModel, freshID: Int = 50) -> [Edit] {
  let ids = model.allItems.map(\.id) + [-99]
  let sectionIDs = model.sections.map(\.model.id) + ["Z"]
  let fresh = [TestItem(id: freshID, content: 1)]
  var payloads: [[TestItem]] = [fresh, fresh + [TestItem(id: freshID + 1)], fresh + fresh]
  if let existing = model.allItems.first {
    payloads.append([existing, TestItem(id: freshID + 2)])
  }
  var edits: [Edit] = []
  for payload in payloads {
    for target in sectionIDs.map(Optional.some) + [nil] {
      edits.append(
        Edit(
          description: "append \(payload) to \(target ?? "last")",
          naive: { $0.appending(payload, toSection: target) },
          apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
            try snapshot.appendItems(payload, toSection: target)
          }))
    }
    for anchor in ids {
      for after in [false, true] {
        edits.append(
          Edit(
            description: "insert \(payload) \(after ? "after" : "before") \(anchor)",
            naive: { $0.inserting(payload, relativeTo: anchor, after: after) },
            apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
              after
                ? try snapshot.insertItems(payload, afterItem: anchor)
                : try snapshot.insertItems(payload, beforeItem: anchor)
            }))
      }
    }
  }
  // Replacements of every subrange of every section (and a few bad ones),
  // with nothing, new items, an item of the subrange itself, or an item of
  // elsewhere (a duplicate unless it lies in the subrange).
  // One section index past the end, too.
  for index in 0...model.sections.count {
    let count = index < model.sections.count ? model.sections[index].items.count : 0
    var replacements: [[TestItem]] = [
      [], fresh, fresh + [TestItem(id: freshID + 1)], fresh + fresh,
    ]
    if let existing = model.allItems.first {
      replacements.append([TestItem(id: existing.id, content: 9)])
    }
    for lower in -1...count {
      for upper in lower...(count + 1) {
        for payload in replacements {
          edits.append(
            Edit(
              description: "replace \(lower)..<\(upper) of section \(index) with \(payload)",
              naive: { $0.replacing(inSectionAt: index, subrange: lower..<upper, with: payload) },
              apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
                try snapshot.replaceItems(
                  inSectionAt: index, subrange: lower..<upper, with: payload)
              }))
        }
      }
    }
  }
  var deletions = ids.map { [$0] } + [Array(ids.dropLast()), [], [-99, -98]]
  if ids.count > 2 { deletions.append([ids[0], ids[2], ids[0]]) }
  for doomed in deletions {
    edits.append(
      Edit(
        description: "delete \(doomed)", naive: { $0.deleting(doomed) },
        apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
          try snapshot.deleteItems(doomed)
        }))
  }
  edits.append(
    Edit(
      description: "delete all items, keeping the sections",
      naive: { model in
        .success(NaiveModel(model.sections.map { ($0.model, []) }))
      },
      apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
        snapshot.deleteAllItems(keepingSections: true)
      }))
  edits.append(
    Edit(
      description: "delete all items and sections, as UIKit's deleteAllItems()",
      naive: { _ in .success(NaiveModel([])) },
      apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in snapshot.deleteAllItems() }))
  for moved in ids {
    for anchor in ids {
      for after in [false, true] {
        edits.append(
          Edit(
            description: "move \(moved) \(after ? "after" : "before") \(anchor)",
            naive: { $0.moving(moved, relativeTo: anchor, after: after) },
            apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
              after
                ? try snapshot.moveItem(moved, afterItem: anchor)
                : try snapshot.moveItem(moved, beforeItem: anchor)
            }))
      }
    }
  }
  let byContent: (TestItem, TestItem) -> Bool = { $0.content % 2 < $1.content % 2 }
  for target in sectionIDs {
    edits.append(
      Edit(
        description: "sort items of \(target)",
        naive: { $0.sortingItems(inSection: target, by: byContent) },
        apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
          try snapshot.sortItems(inSection: target, by: byContent)
        }))
  }
  let updates = [
    model.allItems.prefix(2).map { TestItem(id: $0.id, content: $0.content + 10) },
    [TestItem(id: -99, content: 1)],
  ]
  for update in updates {
    edits.append(
      Edit(
        description: "update \(update)", naive: { $0.updating(update) },
        apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
          try snapshot.updateItems(update)
        }))
  }
  let newSections =
    [[section("N")], [section("N"), section("M")], [section("N"), section("N")]]
    + (model.sections.first.map { [[$0.model]] } ?? [])
  for sections in newSections {
    for anchor in sectionIDs.map(Optional.some) + [nil] {
      for after in anchor == nil ? [false] : [false, true] {
        edits.append(
          Edit(
            description: "insert sections \(sections.map(\.id)) \(after ? "after" : "before") "
              + (anchor ?? "end"),
            naive: { $0.insertingSections(sections, at: anchor, after: after) },
            apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
              if let anchor {
                after
                  ? try snapshot.insertSections(sections, afterSection: anchor)
                  : try snapshot.insertSections(sections, beforeSection: anchor)
              } else {
                try snapshot.appendSections(sections)
              }
            }))
      }
    }
  }
  for doomed in sectionIDs.map({ [$0] }) + [Array(sectionIDs.dropLast())] {
    edits.append(
      Edit(
        description: "delete sections \(doomed)", naive: { $0.deletingSections(doomed) },
        apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
          try snapshot.deleteSections(doomed)
        }))
  }
  for moved in sectionIDs {
    for anchor in sectionIDs {
      for after in [false, true] {
        edits.append(
          Edit(
            description: "move section \(moved) \(after ? "after" : "before") \(anchor)",
            naive: { $0.movingSection(moved, relativeTo: anchor, after: after) },
            apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
              after
                ? try snapshot.moveSection(moved, afterSection: anchor)
                : try snapshot.moveSection(moved, beforeSection: anchor)
            }))
      }
    }
  }
  edits.append(
    Edit(
      description: "sort sections descending",
      naive: { .success($0.sortingSections(by: { $0.id > $1.id })) },
      apply: { (snapshot: inout TestSnapshot) throws(SnapshotError) in
        snapshot.sortSections(by: { $0.id > $1.id })
      }))
  return edits
}

@Suite("Snapshot: editing")
struct SnapshotEditingTests {
  @Test(
    "every edit of every small list agrees with the same edit on nested arrays",
    arguments: [false, true])
  func exhaustiveEdits(sharedStorage: Bool) async throws {
    var count = 0
    for model in everySmallModel(maxItems: 4, maxSections: 3) {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      var snapshot = try TestSnapshot(sections: model.snapshotSections)
      if sharedStorage { snapshot = snapshot.withSharedStorage() }
      for edit in everyEdit(on: model) {
        expectEdit(snapshot, edit.naive(model), edit.apply)
        count += 1
      }
    }
    #expect(count > 20_000)
  }

  @Test(
    "random edit sequences on larger lists",
    arguments: TestLength.seeds(short: 10, long: 30), [false, true])
  func randomEditSequences(seed: UInt64, sharedStorage: Bool) async throws {
    var random = SeededRandom(seed: seed)
    var model = NaiveModel((0..<random.int(in: 1...8)).map { (section("S\($0)"), [TestItem]()) })
    var nextID = 0
    for _ in 0..<random.int(in: 0...60) {
      await Task.yield()  // lets an exit test's waiting task run (see atHighPriority)
      let target = random.int(in: 0..<model.sections.count)
      model.sections[target].items.append(TestItem(id: nextID))
      nextID += 1
    }
    var snapshot = try TestSnapshot(sections: model.snapshotSections)
    for step in 0..<150 {
      // Edits that reorder sections or sort leave shared storage (they are
      // O(n) either way); bring the snapshot back to test the next edit there.
      if sharedStorage && !snapshot.usesSharedStorage { snapshot = snapshot.withSharedStorage() }
      let edits = everyEdit(on: model, freshID: nextID)
      nextID += 3
      let edit = edits[random.int(in: 0..<edits.count)]
      let expected = edit.naive(model)
      expectEdit(snapshot, expected, edit.apply)
      if case .success(let next) = expected {
        try edit.apply(&snapshot)
        model = next
      }
      #expect(NaiveModel(snapshot) == model, "seed \(seed), step \(step): \(edit)")
    }
  }

  @Test("range replacements on large lists patch the id index correctly", arguments: 0..<2)
  func largeReplacements(seed: UInt64) throws {
    var random = SeededRandom(seed: seed + 100)
    var next = 0
    func fresh() -> Int {
      next += 1
      return next
    }
    var snapshot = try TestSnapshot(
      sections: (0..<3).map { section in
        SnapshotSection(
          SectionInfo(id: "S\(section)"), items: (0..<2000).map { _ in TestItem(id: fresh()) })
      })
    var model = NaiveModel(snapshot)
    for step in 0..<150 {
      let section = random.int(in: 0..<3)
      let count = model.sections[section].items.count
      let lower = random.int(in: 0...count)
      let upper = random.int(in: lower...min(count, lower + random.int(in: 0...40)))
      var payload = (0..<random.int(in: 0...40)).map { _ in TestItem(id: fresh()) }
      // Sometimes keep an id of the replaced range, with new content.
      if upper > lower, random.chance(0.3) {
        let kept = model.sections[section].items[lower]
        payload.insert(TestItem(id: kept.id, content: step), at: 0)
      }
      try snapshot.replaceItems(inSectionAt: section, subrange: lower..<upper, with: payload)
      model = try model.replacing(inSectionAt: section, subrange: lower..<upper, with: payload)
        .get()
      snapshot._verifyInvariants()
      #expect(NaiveModel(snapshot) == model, "seed \(seed), step \(step)")
    }
  }

  @Test("editing(_:) returns an edited copy")
  func editingCopy() throws {
    let original = try TestSnapshot(items([1, 2]), in: "A")
    let edited = try original.editing { (snapshot) throws(SnapshotError) in
      try snapshot.appendItems(items([3]))
      try snapshot.moveItem(3, beforeItem: 1)
    }
    #expect(original.items.map(\.id) == [1, 2])
    #expect(edited.items.map(\.id) == [3, 1, 2])
  }

  @Test("reload and reconfigure marks")
  func marks() throws {
    var snapshot = try TestSnapshot(items([1, 2, 3]), in: "A")
    try snapshot.reconfigureItems([1, 2])
    try snapshot.reloadItems([2])
    try snapshot.reconfigureItems([2])
    #expect(snapshot.markedItems == [1: .reconfigure, 2: .reload])
    try snapshot.reloadSections(["A"])
    #expect(snapshot.reloadedSectionIDs == ["A"])
    #expect(throws: SnapshotError.unknownItemIDs(["7"])) { try snapshot.reloadItems([1, 7]) }
    #expect(throws: SnapshotError.unknownSectionIDs(["\"B\""])) {
      try snapshot.reloadSections(["B"])
    }
    try snapshot.deleteItems([2])
    #expect(snapshot.markedItems == [1: .reconfigure], "marks of deleted items go")
    try snapshot.deleteSections(["A"])
    #expect(snapshot.reloadedSectionIDs.isEmpty, "marks of deleted sections go")
    let cleared = try TestSnapshot(items([1]), in: "A").editing {
      (snapshot) throws(SnapshotError) in
      try snapshot.reloadItems([1])
    }.withoutMarks
    #expect(cleared.markedItems.isEmpty)
  }

  @Test("updating sections changes content, keeps identity and items")
  func updateSections() throws {
    var snapshot = try TestSnapshot(items([1]), in: section("A", title: "Old"))
    try snapshot.updateSections([section("A", title: "New")])
    #expect(snapshot.sections[0].title == "New")
    #expect(snapshot.items.map(\.id) == [1])
    #expect(throws: SnapshotError.unknownSectionIDs(["\"B\""])) {
      try snapshot.updateSections([section("B")])
    }
  }

  @Test("appending at the end of a large list takes the incremental path and stays valid")
  func incrementalAppend() throws {
    var snapshot = try TestSnapshot(items(Array(0..<1000)), in: "A")
    try snapshot.appendSections([section("B"), section("C")])
    for start in stride(from: 1000, to: 1100, by: 10) {
      try snapshot.appendItems(items(Array(start..<(start + 10))), toSection: "B")
    }
    #expect(snapshot.numberOfItems(inSectionAt: 1) == 100)
    #expect(snapshot.path(of: 1099) == ItemPath(section: 1, item: 99))
    #expect(snapshot.numberOfItems(inSectionAt: 2) == 0)
    snapshot._verifyInvariants()
  }
}

@Suite("Snapshot: editing by position")
struct SnapshotPathEditingTests {
  /// Every positional edit with arguments around the snapshot's bounds.
  func everyPathEdit(for model: PathModel) -> [PathEdit] {
    let sections = -1...(model.sections.count)
    var paths: [ItemPath] = []
    for section in sections {
      let count =
        section >= 0 && section < model.sections.count ? model.sections[section].items.count : 0
      for item in -1...(count + 1) { paths.append(ItemPath(section: section, item: item)) }
    }
    var edits: [PathEdit] = []
    for index in sections {
      edits.append(
        .insertSection(SectionInfo(id: "new", title: "new"), items([90, 91]), at: index))
      edits.append(.deleteSection(index))
      edits.append(.sortSection(index))
      for other in sections { edits.append(.moveSection(from: index, to: other)) }
    }
    for path in paths {
      edits.append(.insertItems(items([80, 81]), at: path))
      edits.append(.deleteItems([path]))
      for other in paths { edits.append(.moveItem(from: path, to: other)) }
    }
    return edits
  }

  @Test(
    "every positional edit of every small list agrees with plain arrays", arguments: [false, true])
  func exhaustive(sharedStorage: Bool) throws {
    var count = 0
    for naive in everySmallModel(maxItems: 3, maxSections: 3) {
      let model = PathModel(sections: naive.sections)
      let snapshot = sharedStorage ? model.snapshot.withSharedStorage() : model.snapshot
      for edit in everyPathEdit(for: model) {
        var copy = snapshot
        let expected = edit.applied(to: model)
        do throws(SnapshotError) {
          switch edit {
          case .insertSection(let section, let items, let index):
            try copy.insertSection(section, items: items, at: index)
          case .deleteSection(let index): try copy.deleteSection(at: index)
          case .moveSection(let from, let to): try copy.moveSection(from: from, to: to)
          case .sortSection(let index):
            try copy.sortItems(inSectionAt: index, by: PathEdit.descending)
          case .insertItems(let items, let path): try copy.insertItems(items, at: path)
          case .deleteItems(let paths): try copy.deleteItems(at: paths)
          case .moveItem(let from, let to): try copy.moveItem(from: from, to: to)
          }
          guard case .success(let next) = expected else {
            Issue.record("\(edit) on \(snapshot) succeeded; expected \(expected)")
            continue
          }
          #expect(copy == next.snapshot, "\(edit) on \(snapshot)")
          copy._verifyInvariants()
        } catch {
          guard case .failure(let expectedError) = expected else {
            Issue.record("\(edit) on \(snapshot) failed: \(error)")
            continue
          }
          #expect(error == expectedError, "\(edit) on \(snapshot)")
          #expect(copy == snapshot, "a failed edit changes nothing")
        }
        count += 1
      }
    }
    #expect(count > 15_000)
  }
}
