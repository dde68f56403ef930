import Tabula
import TabulaTestSupport
import Testing

/// The host contract by capability: code that serves one capability takes
/// just its protocol, and a host written against the whole contract (as
/// before it was split) still conforms, its cell type inferred.
@MainActor
@Suite("Host capabilities: one protocol each, the whole contract unchanged")
struct ListHostCapabilitiesTests {
  /// Sections of fixed counts and titles, and nothing else.
  final class Sections: ListContentSource {
    let counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    var numberOfSections: Int { counts.count }
    func numberOfItems(inSectionAt section: Int) -> Int { counts[section] }
    func headerTitle(forSectionAt section: Int) -> String? { "S\(section)" }
    func footerTitle(forSectionAt section: Int) -> String? { nil }
  }

  /// Hears prefetches and nothing else.
  final class Prefetches: ListCellSource {
    var heard: [String] = []
    func cell(for host: any ListHost<Int>, at path: ItemPath) -> Int { 0 }
    func height(forItemAt path: ItemPath, width: Double) -> Double? { nil }
    func prefetchItems(at paths: [ItemPath]) { heard.append("prefetch \(paths)") }
    func cancelPrefetchingItems(at paths: [ItemPath]) { heard.append("cancel \(paths)") }
  }

  /// A host written against the whole contract, registrations and
  /// announcements left to their defaults.
  final class PlainHost: ListHost {
    weak var hostDataSource: (any ListHostDataSource<String>)?
    var batches = 0
    func reloadData() {}
    func performBatch(
      _ batch: Changeset, animated: Bool, updateData: () -> Void,
      completion: @escaping @MainActor () -> Void
    ) {
      updateData()
      batches += 1
      completion()
    }
    var visibleItemPaths: [ItemPath] { [] }
    func visibleCell(at path: ItemPath) -> String? { nil }
    func dequeueCell(withReuseIdentifier reuseIdentifier: String, for path: ItemPath) -> String {
      reuseIdentifier
    }
    func fallbackCell(for path: ItemPath, message: String) -> String { message }
  }

  @Test("a content source alone answers where the list ends and what its sections say")
  func contentAlone() {
    #expect(Sections([2, 0, 3]).endOfList == ItemPath(section: 2, item: 3))
    #expect(Sections([]).endOfList == ItemPath(section: 0, item: 0))
    let structure = ListHostStructure(counts: [1, 2], texts: Sections([1, 2]))
    #expect(structure.headers == ["S0", "S1"])
    #expect(structure.footers == [nil, nil])
  }

  @Test("a cell source alone hears the prefetching window: cancels first, then prefetches")
  func cellsAlone() {
    let source = Prefetches()
    let a = ItemPath(section: 0, item: 1)
    let b = ItemPath(section: 0, item: 2)
    ListHostPrefetching.Change(cancelled: [a], started: [b]).report(to: source)
    #expect(source.heard == ["cancel \([a])", "prefetch \([b])"])
  }

  @Test("a host of the whole contract conforms, defaults for registrations and announcements")
  func wholeContract() async throws {
    let host = PlainHost()
    let controller = ListController(
      host: host, snapshot: try TestSnapshot(items([1, 2]), in: section("A"))
    ) { host, path, item in
      host.dequeueCell(withReuseIdentifier: "row \(item.id)", for: path)
    }
    #expect(host.hasCellRegistration(forReuseIdentifier: "row 1") == nil)
    #expect(host.prototypeCell(withReuseIdentifier: "row 1") == nil)
    #expect(!host.isAnnouncing)
    #expect(host.hostDataSource?.cell(for: host, at: ItemPath(section: 0, item: 1)) == "row 2")
    await controller.apply(try TestSnapshot(items([2, 1]), in: section("A")))
    #expect(controller.snapshot.items(inSectionAt: 0).map(\.id) == [2, 1])
    #expect(host.batches == 1)
  }
}
