import Tabula
import TabulaTesting
import Testing

// The samples of "Presenters: cells without a bloated controller"
// (Presenters.md), run against a simulated table view. The article shows
// them on UIKit (Presenters+UIKit.swift); TabulaTesting's guide
// (TestingAScreen.md) shows parts of these tests.

struct UserPresenter: Presenter {
  func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user" }

  func configure(_ cell: SimulatedCell, with user: User, context: PresentationContext) {
    cell.text = user.name
    cell.detailText = context.style == .byline ? user.byline : nil
  }

  func height(for user: User, width: Double, style: PresentationStyle) -> Double? {
    style == .byline ? 72 : 56
  }
}

extension Post {
  /// A new like count, provided to the rows that show the post.
  static let likeCount = ResourceKey<Int>("likes")
}

struct PostPresenter: Presenter {
  func reuseIdentifier(for post: Post, style: PresentationStyle) -> String { "post" }

  func configure(_ cell: SimulatedCell, with post: Post, context: PresentationContext) {
    cell.text = post.text
    cell.detailText = "\(post.likes) likes"
  }

  func wants(_ resource: ResourceUpdate, for post: Post) -> Bool {
    resource.is(Post.likeCount) && resource.subject == AnyHashable(post.id)
  }

  func update(
    _ cell: SimulatedCell, with post: Post, for resource: ResourceUpdate,
    context: PresentationContext
  ) {
    if let likes = resource.value(for: Post.likeCount) { cell.detailText = "\(likes) likes" }
  }
}

/// Presents photos; registered for `Photo` explicitly.
struct PhotoPresenter: Presenter {
  func reuseIdentifier(for photo: Photo, style: PresentationStyle) -> String { "photo" }

  func configure(_ cell: SimulatedCell, with photo: Photo, context: PresentationContext) {
    cell.text = photo.caption
  }
}

extension Ad: SelfPresenting {
  func reuseIdentifier(style: PresentationStyle) -> String { "ad" }

  func configure(_ cell: SimulatedCell, context: PresentationContext) {
    cell.text = headline
    cell.detailText = "Sponsored"
  }
}

final class SquirrelCell: SimulatedCell, ViewDataConfigurable {
  struct ViewData { let title: String }
  func apply(_ data: ViewData) { text = data.title }
}

@MainActor
@Test func presentersScreen() async throws {
  let api = FeedAPI()
  let navigator = Navigator()
  let users = [User(id: 1, name: "Ada", byline: "Analyst"), User(id: 2, name: "Grace", byline: "")]
  let posts = [Post(id: 1, text: "Hello", likes: 42)]
  let ads = [Ad(id: "spring-sale", headline: "Spring sale")]
  let post = posts[0]

  let tableView = SimulatedTableView()
  for identifier in ["user", "post", "photo", "ad"] {
    tableView.register(SimulatedCell.self, forReuseIdentifier: identifier)
  }

  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(UserPresenter())
  presenters.register(PostPresenter())
  presenters.register(PhotoPresenter(), for: Photo.self)
  presenters.handle(.select, for: User.self) { user, _ in navigator.show(user) }
  presenters.handle("like", for: Post.self) { post, _ in Task { await api.like(post) } }

  let controller = ListController<SectionInfo, AnyItem, SimulatedCell>(
    host: tableView, presenters: presenters)
  await controller.apply(
    Snapshot {
      SnapshotSection("Feed") {
        users
        posts
        ads
      }
    })

  // A new like count arrived: only the visible rows that show the post are touched.
  controller.reconfigureVisibleRows(with: 43, for: Post.likeCount, subject: post.id)
  #expect(tableView.visibleCell(at: ItemPath(section: 0, item: 2))?.detailText == "43 likes")

  // The same users, with bylines: no presenter changes.
  presenters.setStyle(.byline, for: User.self)

  #expect(tableView.visibleCells.map(\.text) == ["Ada", "Grace", "Hello", "Spring sale"])
  #expect(tableView.visibleCell(at: ItemPath(section: 0, item: 3))?.detailText == "Sponsored")
  tableView.selectItem(at: ItemPath(section: 0, item: 0))
  #expect(navigator.shown == ["Ada"])
  await controller.apply(controller.latestSnapshot)  // once the restyled rows are shown
  #expect(tableView.visibleCell(at: ItemPath(section: 0, item: 0))?.detailText == "Analyst")
  #expect(controller.height(forItemAt: ItemPath(section: 0, item: 0), width: 320) == 72)
  #expect(tableView.violations.isEmpty)
}

@MainActor
@Test func viewDataPresenter() async throws {
  let tableView = SimulatedTableView()
  tableView.register(SquirrelCell.self, forReuseIdentifier: "squirrel")
  let presenters = PresenterRegistry<SimulatedCell>()

  presenters.register(
    ViewDataPresenter(SquirrelCell.self, reuseIdentifier: "squirrel") { (squirrel: Squirrel, _) in
      SquirrelCell.ViewData(title: "\(squirrel.name) (\(squirrel.nuts) nuts)")
    })

  let controller = ListController<SectionInfo, Squirrel, SimulatedCell>(
    host: tableView, presenters: presenters)
  await controller.apply(try Snapshot([Squirrel(id: 1, name: "Nutkin", nuts: 12)], in: "Park"))
  #expect(tableView.visibleCells.map(\.text) == ["Nutkin (12 nuts)"])
}

/// A team: the section model of the section-view sample.
struct Team: Diffable, Hashable {
  let id: String
  var name: String
  var members: Int
}

struct TeamHeader: SectionPresenter {
  func reuseIdentifier(for team: Team, kind: SectionViewKind) -> String? {
    kind == .header ? "team" : nil  // a header, no footer
  }

  func configure(_ view: SimulatedCell, with team: Team, kind: SectionViewKind) {
    view.text = team.name
    view.detailText = "\(team.members) members"
  }

  func height(for team: Team, kind: SectionViewKind, width: Double) -> Double? { 44 }
}

@MainActor
@Test func sectionPresenters() async throws {
  let tableView = SimulatedTableView()
  tableView.register(SimulatedCell.self, forReuseIdentifier: "user")
  tableView.register(SimulatedCell.self, forSectionViewReuseIdentifier: "team")
  let presenters = PresenterRegistry<SimulatedCell>()
  presenters.register(UserPresenter())

  presenters.register(TeamHeader(), forSection: Team.self)

  let controller = ListController<Team, User, SimulatedCell>(
    host: tableView, presenters: presenters)
  var teams = try Snapshot<Team, User>(sections: [
    SnapshotSection(
      Team(id: "core", name: "Core", members: 1),
      items: [User(id: 1, name: "Ada", byline: "Analyst")])
  ])
  await controller.apply(teams)
  let header = try #require(tableView.sectionView(ofKind: .header, inSectionAt: 0))
  #expect(header.text == "Core" && header.detailText == "1 members")
  #expect(tableView.sectionView(ofKind: .footer, inSectionAt: 0) == nil)

  try teams.updateSections([Team(id: "core", name: "Core", members: 2)])
  await controller.apply(teams)
  #expect(tableView.sectionView(ofKind: .header, inSectionAt: 0) === header, "in place")
  #expect(header.detailText == "2 members")
}
