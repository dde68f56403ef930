import TabulaTestSupport
import Testing

@testable import Tabula

@Suite("AnyItem: one snapshot, several model types")
struct AnyItemTests {
  @Test("a builder mixes model types without a wrapper enum")
  func mixedFeed() {
    let feed = Snapshot<SectionInfo, AnyItem> {
      SnapshotSection("Feed") {
        User(id: 1, name: "Ada")
        Post(id: 1, text: "Hello")
        Ad(id: "a1", headline: "")
        [Post(id: 2, text: "Two"), Post(id: 3, text: "Three")]
      }
    }
    #expect(feed.numberOfItems == 5)
    let first = feed[ItemPath(section: 0, item: 0)]
    #expect(first.base(as: User.self)?.name == "Ada")
    #expect(first.base(as: Post.self) == nil)
    #expect(feed.path(of: AnyItem(Post(id: 1, text: "")).id) == ItemPath(section: 0, item: 1))
    #expect(feed.path(of: AnyItem(Ad(id: "a1", headline: "")).id) == ItemPath(section: 0, item: 2))
    #expect(feed.path(of: AnyItem(Ad(id: "zz", headline: "")).id) == nil)
  }

  @Test("identity is type plus id; content compares the wrapped values")
  func identity() {
    let user = AnyItem(User(id: 1, name: "Ada"))
    let renamed = AnyItem(User(id: 1, name: "Ada L."))
    let post = AnyItem(Post(id: 1, text: "Ada"))
    #expect(user.id == renamed.id)
    #expect(user.id != post.id)
    #expect(!user.isContentEqual(to: renamed))
    #expect(user.isContentEqual(to: AnyItem(User(id: 1, name: "Ada"))))
    #expect(!user.isContentEqual(to: post))
    #expect(user.id.value(for: User.self) == 1)
    #expect(user.id.value(for: Post.self) == nil)
    #expect(user.modelType is User.Type)
  }

  @Test("an AnyItem is not wrapped twice")
  func noDoubleWrapping() {
    let item = AnyItem(User(id: 1, name: "Ada"))
    let again = AnyItem(item)
    #expect(again.id == item.id)
    #expect(again.base(as: User.self) != nil)
  }

  @Test("duplicates across types are told apart; within a type reported by type and id")
  func duplicates() {
    #expect(throws: Never.self) {
      _ = try Snapshot<SectionInfo, AnyItem>(
        [AnyItem(User(id: 1, name: "A")), AnyItem(Post(id: 1, text: "B"))], in: "A")
    }
    let error = #expect(throws: SnapshotError.self) {
      _ = try Snapshot<SectionInfo, AnyItem>(
        [AnyItem(User(id: 1, name: "A")), AnyItem(User(id: 1, name: "B"))], in: "A")
    }
    #expect(error?.description == "duplicate item IDs: User(1) at [0, 0] and [0, 1]")
  }
}
