import TabulaTestSupport
import Testing

@testable import Tabula

/// The invariant checks of shared storage check what makes every lookup
/// right rather than looking every item up (`_PersistentItems.verify()`), so
/// each broken property gets its own trap, named here.
@Suite("Shared storage: the invariant checks stop on a broken index or tree")
struct SharedStorageCheckTests {
  func standardError(_ result: ExitTest.Result?) -> String {
    String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
  }

  @Test("every item is found where it is, and the checks pass, in versions edited at random")
  func lookupsAgreeWithChecks() throws {
    var random = SeededRandom(seed: 27)
    var (snapshot, model) = try sharedSnapshot(count: 5000, sections: 3)
    var nextID = 100_000
    for step in 0..<400 {
      _ = try randomSharedEdit(&snapshot, &model, &random, nextID: &nextID)
      guard step % 100 == 99 else { continue }
      snapshot._verifyInvariants()
      // What the checks stand for: the index finds every item at its place.
      let shared = try #require(snapshot._store.shared)
      for (flat, item) in snapshot.items.enumerated() {
        #expect(shared.index(of: item.id, hash: IDHashing.hash(item.id)) == flat)
      }
    }
  }

  @Test("an id index entry naming another leaf stops the checks, naming the item")
  func indexNamesAnotherLeaf() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var (snapshot, _) = try! sharedSnapshot(count: 5000, sections: 2)
        let id = snapshot.items[100].id
        // No leaf has label 1 (a built tree spaces them 2^62 / leaves apart),
        // and the overlay's entry decides.
        snapshot._store.shared!.ids.overlay.set(1, for: id, hash: IDHashing.hash(id))
        snapshot._verifyInvariants()
      }
    }
    #expect(standardError(result).contains("the id index finds item"), "\(standardError(result))")
  }

  @Test("an id in two places stops the checks")
  func repeatedID() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var (snapshot, _) = try! sharedSnapshot(count: 5000, sections: 2)
        let item = snapshot.items[100]
        snapshot._store.shared!.replace(at: 3000, with: item, hash: IDHashing.hash(item.id))
        snapshot._verifyInvariants()
      }
    }
    #expect(standardError(result).contains("repeats an id"), "\(standardError(result))")
  }

  @Test("a leaf one item over its capacity stops the checks")
  func overfullLeaf() async {
    let result = await atHighPriority {
      await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        let items = (0..<(_ItemTree<TestItem>.leafCapacity + 1)).map { TestItem(id: $0) }
        var shared = _PersistentItems(items: items, hashes: items.map { IDHashing.hash($0.id) })
        shared.tree.root = _ItemChunk(
          label: 1, items: items, hashes: items.map { IDHashing.hash($0.id) })
        shared.verify()
      }
    }
    #expect(standardError(result).contains("leaf capacity"), "\(standardError(result))")
  }
}
