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
      let shared = try #require(snapshot._shared)
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
        snapshot._shared!.ids.overlay.set(1, for: id, hash: IDHashing.hash(id))
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
        snapshot._shared!.replace(at: 3000, with: item, hash: IDHashing.hash(item.id))
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

#if canImport(Glibc)
  import Glibc

  /// glibc's `malloc_usable_size`, which its Swift module leaves out.
  let mallocUsableSize = unsafeBitCast(
    dlsym(nil, "malloc_usable_size"),
    to: (@convention(c) (UnsafeMutableRawPointer?) -> Int).self)

  /// Whether `malloc` is glibc's, whose chunks the byte counts assume: a
  /// sanitizer's allocator (ThreadSanitizer's) gives back exactly the bytes
  /// asked for, where glibc's smallest chunk holds 24.
  let mallocIsGlibc: Bool = {
    let probe = malloc(1)
    defer { free(probe) }
    return mallocUsableSize(probe) == 24
  }()

  @Suite("Shared storage: the size of a node")
  struct NodeSizeTests {
    @Test(
      "a node object fits the malloc chunk storageBytes counts, as glibc says",
      .enabled(if: mallocIsGlibc, "glibc's malloc, not a sanitizer's"))
    func nodeChunk() {
      let items = (0..<3).map { TestItem(id: $0) }
      let leaf = _ItemChunk(label: 1, items: items, hashes: items.map { IDHashing.hash($0.id) })
      let inner = _ItemChunk(children: [leaf])
      for node in [leaf, inner] {
        let usable = mallocUsableSize(Unmanaged.passUnretained(node).toOpaque())
        // glibc's chunk: the usable bytes plus its 8-byte header.
        #expect(usable + 8 == _ItemChunk<TestItem>.objectBytes, "usable \(usable)")
      }
    }

    @Test(
      "an id trie node and a patched entry fit the malloc chunks storageBytes counts, as glibc says",
      .enabled(if: mallocIsGlibc, "glibc's malloc, not a sanitizer's"))
    func trieNodeChunk() {
      // The smallest of several: malloc may hand out a chunk a little
      // larger than asked for when it splits a free one.
      let nodes = (0..<16).map { _ in _IDTrie<Int>.Node() }
      let usable = nodes.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }.min()!
      #expect(usable + 8 == _IDTrie<Int>.Node.objectBytes, "usable \(usable)")
      let boxes = (0..<16).map { _IDTrie<Int>.PatchedEntry(.init(hash: $0, id: $0, label: 1)) }
      let boxUsable = boxes.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }.min()!
      #expect(boxUsable + 8 == _IDTrie<Int>.Node.patchEntryBytes, "usable \(boxUsable)")
    }
  }
#endif
