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

@MainActor
final class SearchSource: SnapshotSource {
  private(set) var snapshot = Snapshot<SectionInfo, AnyItem>()
  private(set) var state = LoadingState.initial
  private var results: Snapshot<SectionInfo, AnyItem>?
  private let section = SectionInfo(id: "results", title: "Results")
  private let observers = ObserverList()

  func observe(_ observer: @escaping @MainActor () -> Void) -> ObservationToken {
    observers.add(observer)
  }

  func searchStarted() { change { $0.beginLoad(keepingContent: results != nil) } }

  func searchEnded(with found: Snapshot<SectionInfo, AnyItem>) {
    results = found
    change { $0.finishLoad(itemCount: found.numberOfItems) }
  }

  func searchFailed(_ error: any Error) { change { $0.failLoad(String(describing: error)) } }

  private func change(_ transition: (inout LoadingState) -> Void) {
    transition(&state)
    snapshot = .showing(
      results, in: state, placeholderSection: section, makePlaceholder: { AnyItem($0) })
    observers.notify()
  }
}

@MainActor
@Test func yourOwnSource() throws {
  let search = SearchSource()
  var changes = 0
  let observation = search.observe { changes += 1 }
  search.searchStarted()
  #expect(search.state == .loading)
  #expect(search.snapshot.items.first?.base is LoadingPlaceholder)
  search.searchEnded(with: try Snapshot([], in: SectionInfo(id: "results", title: "Results")))
  #expect(search.state == .noContent)
  #expect(search.snapshot.items.first?.base is NoResultsPlaceholder)
  search.searchStarted()
  #expect(search.state == .refreshing, "the results, empty or not, stay while searching again")
  search.searchFailed(SearchFailure())
  #expect(search.state == .error("offline"))
  #expect((search.snapshot.items.first?.base as? ErrorPlaceholder)?.message == "offline")
  #expect(changes == 4)
  observation.cancel()
}

struct SearchFailure: Error, CustomStringConvertible {
  var description: String { "offline" }
}
