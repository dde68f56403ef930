import Tabula
import Testing

// The sample of "How a snapshot is stored, and how it mixes model types"
// (SnapshotRepresentation.md).

@Test func mixedModelTypes() {
  let feed = Snapshot<SectionInfo, AnyItem> {
    SnapshotSection("Feed") {
      User(id: 1, name: "Ada", byline: "Analyst")
      Post(id: 1, text: "Hello", likes: 0)
      Ad(id: "spring-sale", headline: "Spring sale")
    }
  }
  let user = feed[ItemPath(section: 0, item: 0)].base(as: User.self)  // Ada
  let post = feed[ItemPath(section: 0, item: 1)].base(as: User.self)  // nil: a Post

  #expect(user?.name == "Ada")
  #expect(post == nil)
  #expect(feed.numberOfItems == 3, "a User and a Post with the same raw id are distinct")
}
