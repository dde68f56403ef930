import Tabula

// The checks of one batch, in the order UIKit reports them, with UIKit's
// messages: an executable copy of the UIKitBatchRules article. A valid batch yields
// where every section and row comes from (a BatchResult).

extension BatchRules {
  /// One run of the rules over one batch.
  struct Validation {
    let operations: BatchOperations
    let before: [Int]
    let after: [Int]
    let kind: ListViewKind
    var noun: String { kind.rowNoun }
    var nouns: String { kind.rowNoun + "s" }
    var article: String { kind == .table ? "a" : "an" }

    init(_ operations: BatchOperations, before: [Int], after: [Int], kind: ListViewKind) {
      self.operations = operations
      self.before = before
      self.after = after
      self.kind = kind
    }

    func fail(_ message: String, strict: Bool = false) -> ListViewError {
      ListViewError(message, strict: strict)
    }

    /// Checks the rules in the order UIKit reports them.
    func run() throws(ListViewError) -> BatchResult {
      let beforeSections = before.count
      let afterSections = after.count

      // Explicit conflicts between deletes and reloads, then the reload split.
      let explicitRowDeletes = Set(operations.deleteRows)
      for path in operations.reloadRows where explicitRowDeletes.contains(path) {
        throw fail("attempt to delete and reload the same index path (\(path.uikitDescription))")
      }
      for section in operations.reloadSections where operations.deleteSections.contains(section) {
        throw fail("attempt to delete and reload the same section (\(section))", strict: true)
      }
      let sectionDeletes = operations.deleteSections + operations.reloadSections
      let reloadedSectionTargets = operations.reloadSections.map {
        BatchRules.reloadDestination(ofSection: $0, in: operations)
      }
      let sectionInserts = operations.insertSections + reloadedSectionTargets
      let rowDeletes = operations.deleteRows + operations.reloadRows
      let rowInserts =
        operations.insertRows
        + operations.reloadRows.map { BatchRules.reloadDestination(ofRow: $0, in: operations) }

      // Section deletes, moves and inserts.
      var deletedSections = Set<Int>()
      for section in sectionDeletes {
        guard section >= 0 && section < beforeSections else {
          throw fail(
            "attempt to delete section \(section), but there are only \(beforeSections) sections "
              + "before the update")
        }
        guard deletedSections.insert(section).inserted else {
          throw fail("attempt to delete section \(section) more than once", strict: true)
        }
      }
      var sectionMoveTarget: [Int: Int] = [:]
      var sectionMoveSource: [Int: Int] = [:]
      for move in operations.moveSections {
        guard move.from >= 0 && move.from < beforeSections else {
          throw fail(
            "attempt to move section \(move.from), but there are only \(beforeSections) sections "
              + "before the update")
        }
        guard move.to >= 0 && move.to < afterSections else {
          throw fail(
            "attempt to to move section \(move.from) to section \(move.to), but there are only "
              + "\(afterSections) sections after the update")
        }
        if let other = sectionMoveTarget[move.from] {
          throw fail(
            "attempt to move section \(move.from) to both section \(other) and section \(move.to)")
        }
        if let other = sectionMoveSource[move.to] {
          throw fail(
            "attempt to move both section \(other) and section \(move.from) to section \(move.to)")
        }
        if deletedSections.contains(move.from) {
          throw fail("attempt to perform a delete and a move from the same section (\(move.from))")
        }
        if move.from == move.to {
          throw fail("attempt to move section \(move.from) to the same position", strict: true)
        }
        sectionMoveTarget[move.from] = move.to
        sectionMoveSource[move.to] = move.from
      }
      var insertedSections = Set<Int>()
      for section in sectionInserts {
        guard section >= 0 && section < afterSections else {
          throw fail(
            "attempt to insert section \(section) but there are only \(afterSections) sections "
              + "after the update")
        }
        guard insertedSections.insert(section).inserted else {
          throw fail("attempt to insert section \(section) more than once", strict: true)
        }
        if sectionMoveSource[section] != nil {
          throw fail("attempt to perform an insert and a move to the same section (\(section))")
        }
      }
      guard afterSections == beforeSections + sectionInserts.count - sectionDeletes.count else {
        throw fail(
          "Invalid update: invalid number of sections.  The number of sections contained in the "
            + "\(kind.viewName) after the update (\(afterSections)) must be equal to the number of "
            + "sections contained in the \(kind.viewName) before the update (\(beforeSections)), "
            + "plus or minus the number of sections inserted or deleted (\(sectionInserts.count) "
            + "inserted, \(sectionDeletes.count) deleted).")
      }

      // Which section before each section after continues.
      var sectionSources = [Int?](repeating: nil, count: afterSections)
      var sectionTaken = [Bool](repeating: false, count: afterSections)
      for section in insertedSections { sectionTaken[section] = true }
      for (target, source) in sectionMoveSource {
        sectionSources[target] = source
        sectionTaken[target] = true
      }
      var staying = (0..<beforeSections).filter {
        !deletedSections.contains($0) && sectionMoveTarget[$0] == nil
      }.makeIterator()
      for target in 0..<afterSections where !sectionTaken[target] {
        sectionSources[target] = staying.next()
      }
      var sectionTargets = [Int?](repeating: nil, count: beforeSections)
      for (target, source) in sectionSources.enumerated() {
        if let source { sectionTargets[source] = target }
      }

      // Row deletes. Per-row flags and targets, shaped like the counts before and
      // after, keep the checks linear for lists of any size.
      var deletedRows = before.map { [Bool](repeating: false, count: $0) }
      var deletedPerSection = [Int](repeating: 0, count: beforeSections)
      for path in rowDeletes {
        guard path.section >= 0 && path.section < beforeSections else {
          throw fail(
            "attempt to delete \(noun) \(path.item) from section \(path.section), but there are "
              + "only \(beforeSections) sections before the update")
        }
        guard path.item >= 0 && path.item < before[path.section] else {
          throw fail(
            "attempt to delete \(noun) \(path.item) from section \(path.section) which only "
              + "contains \(before[path.section]) \(nouns) before the update")
        }
        guard !deletedRows[path.section][path.item] else {
          throw fail(
            "attempt to delete \(noun) \(path.item) from section \(path.section) more than once",
            strict: true)
        }
        deletedRows[path.section][path.item] = true
        deletedPerSection[path.section] += 1
        if deletedSections.contains(path.section) {
          throw fail(
            "attempt to delete \(noun) \(path.item) from section \(path.section), which is itself "
              + "deleted", strict: true)
        }
      }

      // Row moves.
      var rowMoveTarget = before.map { [ItemPath?](repeating: nil, count: $0) }
      var rowMoveSource = after.map { [ItemPath?](repeating: nil, count: $0) }
      var movedOut = [Int](repeating: 0, count: beforeSections)
      var movedIn = [Int](repeating: 0, count: afterSections)
      for move in operations.moveRows {
        let from = move.from
        let to = move.to
        guard from.section >= 0 && from.section < beforeSections else {
          throw fail(
            "attempt to move index path (\(from.uikitDescription)) from a section that does not "
              + "exist - there are only \(beforeSections) sections before the update")
        }
        guard from.item >= 0 && from.item < before[from.section] else {
          throw fail(
            "attempt to move index path (\(from.uikitDescription)) that does not exist - there are "
              + "only \(before[from.section]) \(nouns) in section \(from.section) before the update"
          )
        }
        guard to.section >= 0 && to.section < afterSections else {
          throw fail(
            "attempt to move index path (\(from.uikitDescription)) to index path "
              + "(\(to.uikitDescription)) in section that does not exist - there are only "
              + "\(afterSections) sections after the update")
        }
        guard to.item >= 0 && to.item < after[to.section] else {
          throw fail(
            "attempt to move index path (\(from.uikitDescription)) to index path "
              + "(\(to.uikitDescription)) that does not exist - there are only "
              + "\(after[to.section]) \(nouns) in section \(to.section) after the update")
        }
        if let other = rowMoveTarget[from.section][from.item] {
          throw fail(
            "attempt to move \(noun) at index path \(from.uikitDescription) to both "
              + "\(other.uikitDescription) and \(to.uikitDescription)")
        }
        if let other = rowMoveSource[to.section][to.item] {
          throw fail(
            "attempt to move both \(noun) at index path \(other.uikitDescription) and "
              + "\(from.uikitDescription) to \(to.uikitDescription)")
        }
        if deletedRows[from.section][from.item] {
          throw fail(
            "attempt to perform a delete and a move from the same index path "
              + "(\(from.uikitDescription))")
        }
        if deletedSections.contains(from.section) {
          throw fail(
            "cannot move \(article) \(noun) from a deleted section (\(from.section))",
            strict: kind == .table)
        }
        if sectionSources[to.section] == nil {
          throw fail(
            "cannot move \(article) \(noun) into a newly inserted section (\(to.section))",
            strict: kind == .table)
        }
        if from == to {
          throw fail(
            "attempt to move index path (\(from.uikitDescription)) to the same index path",
            strict: true)
        }
        rowMoveTarget[from.section][from.item] = to
        rowMoveSource[to.section][to.item] = from
        if sectionSources[to.section] != from.section {
          movedOut[from.section] += 1
          movedIn[to.section] += 1
        }
      }

      // Row inserts.
      var insertedRows = after.map { [Bool](repeating: false, count: $0) }
      var insertedPerSection = [Int](repeating: 0, count: afterSections)
      for path in rowInserts {
        guard path.section >= 0 && path.section < afterSections else {
          throw fail(
            "attempt to insert \(noun) \(path.item) into section \(path.section), but there are "
              + "only \(afterSections) sections after the update")
        }
        guard path.item >= 0 && path.item < after[path.section] else {
          throw fail(
            "attempt to insert \(noun) \(path.item) into section \(path.section), but there are "
              + "only \(after[path.section]) \(nouns) in section \(path.section) after the update")
        }
        guard !insertedRows[path.section][path.item] else {
          throw fail(
            "attempt to insert \(noun) \(path.item) into section \(path.section) more than once",
            strict: true)
        }
        insertedRows[path.section][path.item] = true
        insertedPerSection[path.section] += 1
        if rowMoveSource[path.section][path.item] != nil {
          throw fail(
            "attempt to perform an insert and a move to the same index path "
              + "(\(path.uikitDescription))")
        }
        if sectionSources[path.section] == nil {
          throw fail(
            "attempt to insert \(noun) \(path.item) into section \(path.section), which is itself "
              + "inserted", strict: true)
        }
      }

      // Reconfigures: only rows that stay (strict: UIKit leaves the rest undefined).
      for path in operations.reconfigureRows {
        guard path.section >= 0 && path.section < beforeSections,
          path.item >= 0 && path.item < before[path.section]
        else {
          throw fail(
            "attempt to reconfigure index path (\(path.uikitDescription)), which does not exist "
              + "before the update", strict: true)
        }
        if deletedSections.contains(path.section) || deletedRows[path.section][path.item] {
          throw fail(
            "attempt to reconfigure and delete the same index path (\(path.uikitDescription))",
            strict: true)
        }
        if rowMoveTarget[path.section][path.item] != nil {
          throw fail(
            "attempt to reconfigure and move the same index path (\(path.uikitDescription))",
            strict: true)
        }
      }

      // Counts of every section that existed before.
      for (reloaded, target) in zip(operations.reloadSections, reloadedSectionTargets)
      where before[reloaded] != after[target] {
        throw fail(
          "attempt to reload section \(reloaded), whose number of \(nouns) changes from "
            + "\(before[reloaded]) to \(after[target])", strict: true)
      }
      for target in 0..<afterSections {
        guard let source = sectionSources[target] else { continue }
        let expected =
          before[source] - deletedPerSection[source] + insertedPerSection[target]
          - movedOut[source] + movedIn[target]
        guard after[target] == expected else {
          throw fail(
            "Invalid update: invalid number of \(nouns) in section \(target).  The number of "
              + "\(nouns) contained in an existing section after the update (\(after[target])) "
              + "must be equal to the number of \(nouns) contained in that section before the "
              + "update (\(before[source])), plus or minus the number of \(nouns) inserted or "
              + "deleted from that section (\(insertedPerSection[target]) inserted, "
              + "\(deletedPerSection[source]) deleted) and plus or minus the number of \(nouns) "
              + "moved into or out of that section (\(movedIn[target]) moved in, "
              + "\(movedOut[source]) moved out).")
        }
      }

      // Where every row comes from, and goes to.
      var rowSources: [[ItemPath?]] = []
      var rowTargets = rowMoveTarget
      for target in 0..<afterSections {
        guard let source = sectionSources[target] else {
          rowSources.append([ItemPath?](repeating: nil, count: after[target]))
          continue
        }
        var rows = rowMoveSource[target]
        var slot = 0
        for row in 0..<before[source] {
          if deletedRows[source][row] || rowMoveTarget[source][row] != nil { continue }
          while insertedRows[target][slot] || rows[slot] != nil { slot += 1 }
          rows[slot] = ItemPath(section: source, item: row)
          rowTargets[source][row] = ItemPath(section: target, item: slot)
          slot += 1
        }
        rowSources.append(rows)
      }
      return BatchResult(
        sectionSources: sectionSources, rowSources: rowSources, rowTargets: rowTargets,
        reconfigured: operations.reconfigureRows.map { rowTargets[$0.section][$0.item]! })
    }
  }
}
