import Tabula
import TabulaTestSupport
import TabulaTesting
import Testing

/// `DiffableSectionSnapshot` against Apple's documented meaning, and
/// against a naive model of it over random edits.
@Suite("DiffableSectionSnapshot: Apple's section snapshots")
struct DiffableSectionSnapshotTests {

  @Test("items, roots, levels, parents and indices; items start collapsed")
  func queries() {
    var outline = mailOutline()
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
    var outline = mailOutline()
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
    var outline = mailOutline()
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

extension DiffableSectionSnapshot {
  /// The children of `item`, in order.
  func children(of item: ItemIdentifierType) -> [ItemIdentifierType] {
    snapshot(of: item).rootItems
  }
}
