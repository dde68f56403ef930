import Tabula
import TabulaTestSupport
import Testing

/// `LoadingSource` and the sources without loads follow `LoadingState`'s
/// transitions: each load's start and end, and content set without one.
@MainActor
@Suite("LoadingSource: its state follows the loads")
struct LoadingSourceTests {
  let section = SectionInfo(id: "posts")

  func posts(_ ids: [Int]) throws -> Feed {
    try Feed(ids.map { AnyItem(Post(id: $0, text: "post \($0)")) }, in: section)
  }

  @Test("an empty load is no content, a placeholder; a refresh of it keeps the empty content")
  func emptyLoad() async throws {
    let loader = ScriptedLoader([.success([]), .success([4])], section: section)
    let source = LoadingSource(placeholderSection: section) { try await loader.load() }
    source.load()
    #expect(source.state == .loading)
    await loader.gates.open(0)
    await source.waitForLoad()
    #expect(source.state == .noContent)
    #expect(source.snapshot.items.first?.base is NoResultsPlaceholder)
    source.refresh()
    #expect(source.state == .refreshing, "content loaded, empty or not, stays while refreshing")
    #expect(source.snapshot.numberOfItems == 0)
    await loader.gates.open(1)
    await source.waitForLoad()
    #expect(source.state == .loaded)
  }

  @Test("content set without a load follows the same rule: none is no content, some is loaded")
  func setContent() throws {
    let source = LoadingSource<SectionInfo, AnyItem>(placeholderSection: section) {
      throw LoadFailure(description: "never called")
    }
    source.setContent(try posts([]))
    #expect(source.state == .noContent)
    #expect(source.snapshot.items.first?.base is NoResultsPlaceholder)
    source.setContent(try posts([1, 2]))
    #expect(source.state == .loaded)
    #expect(source.snapshot.numberOfItems == 2)
  }

  @Test("static and outline sources: what they hold, as loaded")
  func withoutLoads() throws {
    let empty = StaticSource<SectionInfo, AnyItem>()
    #expect(empty.state == .noContent)
    let held = StaticSource(try posts([1]))
    #expect(held.state == .loaded)
    held.setSnapshot(try posts([]))
    #expect(held.state == .noContent)
    let outline = OutlineSource(
      Outline<TestItem>(), in: SectionInfo(id: "tree"), makePlaceholder: nil)
    #expect(outline.state == .noContent)
    outline.replaceTree(try TestTree.make { TestItem(id: 1) })
    #expect(outline.state == .loaded)
  }
}
