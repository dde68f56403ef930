import Tabula
import TabulaTesting
import Testing

// The samples of "Data sources: where items come from" (DataSources.md).

@MainActor
@Test func profileFromTwoSources() async throws {
  let api = FeedAPI()
  let user = User(id: 1, name: "Ada", byline: "")
  let tableView = SimulatedTableView()
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.registerPlaceholders(in: tableView)
  tableView.register(SimulatedCell.self, forReuseIdentifier: "post")
  presenters.register(PostPresenter())
  let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(
    host: tableView, presenters: presenters)
  await api.setReachable(false, endpoint: "posts")

  let postsSection = SectionInfo(id: "posts", title: "Posts")
  let posts = LoadingSource(placeholderSection: postsSection) {
    try await Snapshot(api.posts(of: user).map(AnyItem.init), in: postsSection)
  }

  let friendsSection = SectionInfo(id: "friends", title: "Friends")
  let friends = LoadingSource(placeholderSection: friendsSection) {
    try await Snapshot(api.friends(of: user).map(AnyItem.init), in: friendsSection)
  }

  let profile = ComposedSource([posts, friends])
  controller.connect(to: profile)  // the list follows the composed source
  posts.load()
  friends.load()

  #expect(profile.snapshot.items.map { $0.base is LoadingPlaceholder } == [true, true])
  await posts.waitForLoad()
  await friends.waitForLoad()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Error: offline", "No results"])

  await api.setReachable(true, endpoint: "posts")
  posts.load()
  await posts.waitForLoad()
  await controller.apply(controller.latestSnapshot)
  #expect(tableView.visibleCells.map(\.text) == ["Hello from Ada", "No results"])
  #expect(tableView.violations.isEmpty)
}

@MainActor
@Test func editingLikeAnArray() async throws {
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "draft")
  let drafts = [Draft(id: 7, title: "Seven", date: 1), Draft(id: 8, title: "Eight", date: 2)]
  let older = (1...2).map { Draft(id: $0, title: "Draft \($0)", date: $0) }
  let newer = (3...6).map { Draft(id: $0, title: "Draft \($0)", date: $0) }
  let controller = ListController<SectionInfo, Draft, SimulatedCell>(
    host: tableView,
    snapshot: try Snapshot(sections: [
      SnapshotSection("Older", items: older), SnapshotSection("Newer", items: newer),
    ])
  ) { host, path, draft in
    let cell = host.dequeueCell(withReuseIdentifier: "draft", for: path)
    cell.text = draft.title
    return cell
  }
  let selected = [ItemPath(section: 2, item: 0)]

  try controller.insertSection(SectionInfo(id: "new", title: "New"), items: drafts, at: 0)
  try controller.moveSection(from: 2, to: 0)
  try controller.sortSection(at: 1) { $0.date > $1.date }
  try controller.moveItem(from: ItemPath(section: 0, item: 3), to: ItemPath(section: 1, item: 0))
  try controller.deleteItems(at: selected)

  await controller.apply(controller.latestSnapshot)
  #expect(controller.snapshot.sections.map(\.id) == ["Newer", "new", "Older"])
  #expect(controller.snapshot.items(inSectionAt: 1).map(\.id) == [6, 8, 7])
  #expect(controller.snapshot.items(inSectionAt: 2).map(\.id) == [2])
  #expect(tableView.violations.isEmpty)
  #expect(throws: SnapshotError.sectionMovedOntoItself(1)) {
    try controller.moveSection(from: 1, to: 1)
  }
}
