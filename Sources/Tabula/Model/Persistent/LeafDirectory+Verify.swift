// The check of a version's directory against its trees, which every
// `_verifyInvariants` runs (see LeafDirectory.swift).

extension _LeafDirectory {
  /// Checks the directory against `items`, the version it describes: each
  /// leaf where the tree has it, the sections' starts, the base ordinals'
  /// leaves, the runs, and each position's leaf and item.
  @usableFromInline
  func verify(against items: _PersistentItems<Item>) {
    precondition(describes(items), "a version's read directory describes it")
    var next = 0
    items.tree.forEachLeaf { node, start in
      precondition(leaves[next] == UInt(bitPattern: ObjectIdentifier(node)), "directory leaf")
      precondition(Int(entries[next].start) == start, "directory leaf start")
      precondition(labels[next] == node.label, "directory leaf label")
      precondition(
        node.count == 0
          || Int(entries[next].section) == items.starts.section(containing: start).section,
        "directory leaf section")
      for offset in 0..<node.count {
        precondition(
          item(at: start + offset).id == node.item(at: offset).id,
          "the item at position \(start + offset)")
      }
      next += 1
    }
    precondition(
      next == labels.count && entries.count == next + 1 && leaves.count == next
        && hashes.count == next, "one entry per leaf")
    precondition(Int(entries[next].start) == items.count, "the last entry ends the items")
    precondition(count == items.count && runs.count == (count >> shift) + 1, "one run per bucket")
    precondition(sectionStarts == items.starts.array, "directory section starts")
    for (ordinal, label) in baseLabels.enumerated() {
      let candidate = ordinals[ordinal]
      let found = Int(ordinalLeaves[ordinal])
      guard found >= 0 else {
        precondition(leaf(labeled: label) == nil, "directory base ordinal \(ordinal) has no leaf")
        precondition(candidate.items == nil, "directory base ordinal \(ordinal) without a leaf")
        continue
      }
      let entry = entries[found]
      let count = Int(entries[found + 1].start) - Int(entry.start)
      precondition(labels[found] == label, "directory base ordinal \(ordinal) label")
      guard candidate.items != nil else { continue }
      precondition(candidate.start == entry.start, "directory base ordinal \(ordinal) start")
      precondition(candidate.items == entry.items, "directory base ordinal \(ordinal) items")
      precondition(
        candidate.section == Int(entry.section), "directory base ordinal \(ordinal) section")
      precondition(candidate.count == count, "directory base ordinal \(ordinal) count")
    }
    for position in 0..<items.count {
      let found = leaf(containing: position)
      precondition(
        Int(entries[found].start) <= position && position < Int(entries[found + 1].start),
        "the leaf of position \(position)")
    }
  }
}
