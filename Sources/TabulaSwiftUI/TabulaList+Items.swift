#if canImport(SwiftUI) && canImport(UIKit)
  import SwiftUI
  import Tabula

  extension TabulaList where SectionModel == SectionInfo {
    /// A list of `items` in one section; a new array animates the
    /// difference, and an unchanged one (the same storage: an unchanged
    /// `@State`) costs nothing, not even a diff (`SnapshotMemo`). Items
    /// whose ids repeat are reported to `TabulaLog`, naming the ids and
    /// their positions, and left out: the first of each shows.
    public init(_ items: [Item]) {
      content = .made { coordinator in
        let memo =
          coordinator.kept as? MemoBox<Item>
          ?? MemoBox(SnapshotMemo(section: SectionInfo(id: "items")))
        coordinator.kept = memo
        do {
          return try memo.memo.snapshot(of: items)
        } catch {
          TabulaLog.report("TabulaList: \(error): the repeats are left out")
          var seen = Set<Item.ID>()
          let unique = items.filter { seen.insert($0.id).inserted }
          return (try? memo.memo.snapshot(of: unique)) ?? Snapshot()
        }
      }
    }
  }

  /// A ``SnapshotMemo`` a coordinator keeps between updates.
  @MainActor
  final class MemoBox<Item: Diffable> {
    var memo: SnapshotMemo<Item>
    init(_ memo: SnapshotMemo<Item>) { self.memo = memo }
  }
#endif
