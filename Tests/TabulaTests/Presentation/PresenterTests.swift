import TabulaTestSupport
import TabulaTesting
import Testing

@testable import Tabula

/// A protocol some models conform to, registered as a whole.
protocol Announcement: Diffable {
  var headline: String { get }
}

struct Banner: Announcement, Hashable {
  let id: Int
  var headline: String
}

struct Notice: Announcement, Hashable {
  let id: Int
  var headline: String
}

/// A class hierarchy: a presenter registered for the superclass.
class Animal: Diffable, @unchecked Sendable {
  let id: Int
  let name: String
  init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
  func isContentEqual(to other: Animal) -> Bool { name == other.name }
}

final class Dog: Animal, @unchecked Sendable {}

struct AnnouncementPresenter: Presenter {
  func reuseIdentifier(for model: any Announcement, style: PresentationStyle) -> String { "post" }
  func configure(_ cell: SimulatedCell, with model: any Announcement, context: PresentationContext)
  {
    cell.text = "Announcement (\(context.style)): \(model.headline)"
  }
}

struct LoudAnnouncementPresenter: Presenter {
  func reuseIdentifier(for model: any Announcement, style: PresentationStyle) -> String { "post" }
  func configure(_ cell: SimulatedCell, with model: any Announcement, context: PresentationContext)
  {
    cell.text = "ANNOUNCEMENT: \(model.headline)"
  }
}

struct AnimalPresenter: Presenter {
  func reuseIdentifier(for model: Animal, style: PresentationStyle) -> String { "post" }
  func configure(_ cell: SimulatedCell, with model: Animal, context: PresentationContext) {
    cell.text = "\(type(of: model)) \(model.name)"
  }
}

struct CompactUserPresenter: Presenter {
  func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "post" }
  func configure(_ cell: SimulatedCell, with user: User, context: PresentationContext) {
    cell.text = "compact \(user.name)"
  }
}

struct AnythingPresenter: Presenter {
  func reuseIdentifier(for model: Any, style: PresentationStyle) -> String { "post" }
  func configure(_ cell: SimulatedCell, with model: Any, context: PresentationContext) {
    cell.text = "something: \(type(of: model))"
  }
}

final class SquirrelCell: SimulatedCell, ViewDataConfigurable {
  struct ViewData {
    let title: String
  }
  func apply(_ data: ViewData) { text = data.title }
}

struct Squirrel: Diffable, Hashable {
  let id: Int
  let name: String
  let nuts: Int
}

@MainActor
@Suite("Presenters: model types to cells")
struct PresenterTests {
  @Test("a feed of users, posts and ads, each with its presenter")
  func mixedFeed() async {
    let (table, registry, _) = feedTable()
    let feed = Feed {
      SnapshotSection("Feed") {
        User(id: 1, name: "Ada")
        Post(id: 1, text: "Hello")
        Ad(id: "a1", headline: "Spring sale")
        Post(id: 2, text: "Photo!", hasPhoto: true)
      }
    }
    let controller = ListController(host: table, snapshot: feed, presenters: registry)
    #expect(table.visibleCells.map(\.text) == ["Ada", "Hello", "Ad: Spring sale", "Photo!"])
    #expect(table.visibleCells.map(\.reuseIdentifier) == ["user", "post", "ad", "photo-post"])
    #expect(table.visibleCells[0] is UserCell)
    #expect(table.violations.isEmpty)
    withExtendedLifetime(controller) {}
  }

  @Test("switching a style changes the presentation without touching the presenter")
  func styleSwitch() async throws {
    let (table, registry, _) = feedTable()
    let feed = Feed {
      SnapshotSection("Feed") {
        User(id: 1, name: "Ada", byline: "Analyst")
        Post(id: 1, text: "Hello")
      }
    }
    let controller = ListController(host: table, snapshot: feed, presenters: registry)
    let userCell = try #require(table.visibleCell(at: ItemPath(section: 0, item: 0)) as? UserCell)
    #expect(userCell.byline == nil)
    registry.setStyle(.byline, for: User.self)
    #expect(registry.style(for: User.self) == .byline)
    let restyled = try #require(table.visibleCell(at: ItemPath(section: 0, item: 0)) as? UserCell)
    #expect(restyled.byline == "Analyst")
    #expect(table.visibleCells[1].text == "Hello", "posts keep their style")
    #expect(table.reloadCount == 1, "the visible rows were reloaded, not the table")
    #expect(table.violations.isEmpty)
    withExtendedLifetime(controller) {}
  }

  @Test("a style change during a two-stage transaction reloads exactly the visible rows")
  func styleChangeBetweenStages() throws {
    let (table, registry, _) = feedTable()
    table.animationTiming = .manual
    let start = Feed {
      SnapshotSection("A") {
        User(id: 1, name: "Ada", byline: "Analyst")
        User(id: 2, name: "Bob", byline: "Builder")
        Post(id: 1, text: "Hello")
      }
      SnapshotSection("B") { User(id: 3, name: "Cy", byline: "Cyclist") }
    }
    let controller = ListController(host: table, snapshot: start, presenters: registry)
    // Ada moves to B and changes: her update and her move take two batches.
    // The post goes.
    let target = Feed {
      SnapshotSection("A") { User(id: 2, name: "Bob", byline: "Builder") }
      SnapshotSection("B") {
        User(id: 3, name: "Cy", byline: "Cyclist")
        User(id: 1, name: "Ada L.", byline: "Analyst")
      }
    }
    controller.apply(target)
    #expect(table.batchCount == 1, "the first stage is on screen; the second waits")
    registry.setStyle(.byline, for: User.self)
    table.finishAnimations()
    #expect(table.batchCount == 2, "the second stage")
    table.finishAnimations()
    #expect(table.batchCount == 3, "then the reload")
    table.finishAnimations()
    #expect(!controller.isUpdating)
    #expect(
      table.batchLog.last?.reloadRows.sorted() == [
        ItemPath(section: 0, item: 0), ItemPath(section: 1, item: 0),
        ItemPath(section: 1, item: 1),
      ], "the three users that were visible and stay; not the post, which went")
    let cells = table.visibleCells.compactMap { $0 as? UserCell }
    #expect(cells.map(\.text) == ["Bob", "Cy", "Ada L."])
    #expect(cells.map(\.byline) == ["Builder", "Cyclist", "Analyst"])
    #expect(table.violations.isEmpty)
  }

  @Test("a style change while a snapshot waits reloads the rows on screen, by id")
  func styleChangeWhileWaiting() throws {
    let (table, registry, _) = feedTable()
    table.animationTiming = .manual
    let people = (1...3).map { User(id: $0, name: "User \($0)", byline: "b\($0)") }
    let controller = ListController(
      host: table, snapshot: try Feed(people.map(AnyItem.init), in: "Feed"), presenters: registry)
    controller.apply(try Feed(people.map(AnyItem.init).reversed(), in: "Feed"))
    // Waiting: two newcomers on top, user 2 gone. The rows on screen are
    // users 3, 2 and 1; users 3 and 1 stay, at other positions.
    let newcomers = [0, 4].map { User(id: $0, name: "User \($0)", byline: "b\($0)") }
    let waiting = newcomers + [people[2], people[0]]
    controller.apply(try Feed(waiting.map(AnyItem.init), in: "Feed"))
    registry.setStyle(.byline, for: User.self)
    while controller.isUpdating { table.finishAnimations() }
    let cells = table.visibleCells.compactMap { $0 as? UserCell }
    #expect(cells.map(\.text) == ["User 0", "User 4", "User 3", "User 1"])
    #expect(cells.map(\.byline) == ["b0", "b4", "b3", "b1"])
    #expect(table.violations.isEmpty)
  }

  @Test("every step of the lookup order")
  func fallbackChain() throws {
    let registry = PresenterRegistry<SimulatedCell>()
    let log = PresenterLog()
    func presenterText(_ model: Any) throws -> String {
      let resolved = try registry.resolve(model)
      let cell = SimulatedCell(reuseIdentifier: "x")
      resolved.entry.configure(
        cell, with: model, context: registry.context(for: model, at: ItemPath(section: 0, item: 0)))
      return cell.text
    }
    let ada = User(id: 1, name: "Ada")

    // 5 (and nothing): a clear error naming the type and the registered types.
    #expect(
      throws: PresenterError.noPresenter(modelType: "User", registered: [])
    ) { _ = try registry.resolve(ada) }

    registry.register(AnnouncementPresenter(), for: (any Announcement).self)
    registry.register(AnimalPresenter(), for: Animal.self)
    let error = #expect(throws: PresenterError.self) { _ = try registry.resolve(ada) }
    #expect(
      error?.description
        == "no presenter for model type User: it is not registered, not SelfPresenting, and no "
        + "default presenter is set (registered types: Announcement, Animal)")

    // 5: the default presenter.
    registry.defaultPresenter = AnyPresenter(AnythingPresenter())
    #expect(try presenterText(ada) == "something: User")

    // 4: a protocol the model conforms to, a superclass.
    #expect(try presenterText(Banner(id: 1, headline: "Hi")) == "Announcement (default): Hi")
    #expect(try presenterText(Dog(id: 1, name: "Rex")) == "Dog Rex")
    // 4, preferring the model's style.
    registry.register(LoudAnnouncementPresenter(), for: (any Announcement).self, style: .compact)
    registry.setStyle(.compact, for: Notice.self)
    #expect(try presenterText(Notice(id: 2, headline: "Hey")) == "ANNOUNCEMENT: Hey")
    #expect(try presenterText(Banner(id: 1, headline: "Hi")) == "Announcement (default): Hi")

    // 3: the model presents itself, before protocol and default presenters.
    #expect(try presenterText(Ad(id: "a", headline: "Sale")) == "Ad: Sale")

    // 2: the exact type, which also overrides self-presentation.
    registry.register(UserPresenter(log: log))
    #expect(try presenterText(ada) == "Ada")
    registry.register(AnythingPresenterForAds())
    #expect(try presenterText(Ad(id: "a", headline: "Sale")) == "registered ad presenter")

    // 1: the exact type in the model's style.
    registry.register(CompactUserPresenter(), for: User.self, style: .compact)
    #expect(try presenterText(ada) == "Ada", "the default style still picks the plain presenter")
    registry.setStyle(.compact, for: User.self)
    #expect(try presenterText(ada) == "compact Ada")
  }

  @Test("typed view data: the cell declares its data, the data is built from the model")
  func viewData() throws {
    let table = SimulatedTableView()
    table.register(SquirrelCell.self, forReuseIdentifier: "squirrel")
    let registry = PresenterRegistry<SimulatedCell>()
    registry.register(
      ViewDataPresenter(SquirrelCell.self, reuseIdentifier: "squirrel") {
        (squirrel: Squirrel, style: PresentationStyle) in
        SquirrelCell.ViewData(title: "\(squirrel.name) (\(squirrel.nuts) nuts)")
      })
    let squirrels = try Snapshot(
      [Squirrel(id: 1, name: "Nutkin", nuts: 3), Squirrel(id: 2, name: "Twinkleberry", nuts: 9)],
      in: SectionInfo(id: "park"))
    let controller = ListController(host: table, snapshot: squirrels, presenters: registry)
    #expect(table.visibleCells.map(\.text) == ["Nutkin (3 nuts)", "Twinkleberry (9 nuts)"])
    #expect(table.visibleCells.allSatisfy { $0 is SquirrelCell })
    withExtendedLifetime(controller) {}
  }

  @Test("selections and custom actions reach the handler typed by model")
  func selection() throws {
    let (table, registry, _) = feedTable()
    registry.register(AnnouncementPresenter(), for: (any Announcement).self)
    var heard: [String] = []
    registry.handle(.select, for: User.self) { user, context in
      heard.append("user \(user.name) at \(context.path)")
    }
    registry.handle(.select, for: Ad.self) { ad, _ in heard.append("ad \(ad.headline)") }
    registry.handle(.select, for: (any Announcement).self) { item, _ in
      heard.append("announcement \(item.headline)")
    }
    registry.handle("like", for: Post.self) { post, _ in heard.append("liked \(post.text)") }
    registry.defaultHandler = { action, model, _ in
      heard.append("default \(action) \(type(of: model))")
    }
    let feed = Feed {
      SnapshotSection("Feed") {
        User(id: 1, name: "Ada")
        Ad(id: "a1", headline: "Sale")
        Banner(id: 3, headline: "Hi")
        Post(id: 4, text: "Hello")
      }
    }
    let controller = ListController(host: table, snapshot: feed, presenters: registry)
    var plainSelections: [Int] = []
    controller.didSelect = { _, path in plainSelections.append(path.item) }
    for row in 0..<4 { table.selectItem(at: ItemPath(section: 0, item: row)) }
    registry.send("like", Post(id: 4, text: "Hello"), at: ItemPath(section: 0, item: 3))
    #expect(
      heard == [
        "user Ada at [0, 0]", "ad Sale", "announcement Hi", "default select Post", "liked Hello",
      ])
    #expect(plainSelections == [0, 1, 2, 3])
  }

  @Test("heights are cached per item and recomputed when content, width or style change")
  func heights() async throws {
    let (table, registry, log) = feedTable()
    let feed = Feed {
      SnapshotSection("Feed") {
        User(id: 1, name: "Ada")
        Ad(id: "a", headline: "Sale")
      }
    }
    let controller = ListController(host: table, snapshot: feed, presenters: registry)
    let first = ItemPath(section: 0, item: 0)
    #expect(controller.height(forItemAt: first, width: 300) == 6)
    #expect(controller.height(forItemAt: first, width: 300) == 6)
    #expect(log.heights == ["user 1 300 default"], "the second answer came from the cache")
    #expect(controller.height(forItemAt: ItemPath(section: 0, item: 1), width: 300) == 120)
    #expect(controller.height(forItemAt: first, width: 400) == 7)
    await controller.apply(
      Feed {
        SnapshotSection("Feed") {
          User(id: 1, name: "Ada Lovelace")
          Ad(id: "a", headline: "Sale")
        }
      })
    #expect(controller.height(forItemAt: first, width: 400) == 16)
    registry.setStyle(.byline, for: User.self)
    #expect(controller.height(forItemAt: first, width: 400) == 60)
    #expect(
      log.heights == [
        "user 1 300 default", "user 1 400 default", "user 1 400 default", "user 1 400 byline",
      ])
  }

  @Test("a resource updates exactly the visible cells that want it: no diff, no reload")
  func resourceUpdates() throws {
    let (table, registry, log) = feedTable(viewportHeight: 4)
    var items: [AnyItem] = []
    for id in 0..<10 {
      items.append(AnyItem(User(id: id, name: "User \(id)")))
      items.append(AnyItem(Post(id: id, text: "Post \(id)")))
    }
    let controller = ListController(
      host: table, snapshot: try Feed(items, in: "Feed"), presenters: registry)
    log.configured = []
    let batches = table.batchCount
    let reloads = table.reloadCount

    // User 1 is visible (rows 0-3: user 0, post 0, user 1, post 1).
    #expect(
      controller.reconfigureVisibleRows(with: "avatar-1.png", for: User.avatar, subject: 1) == 1)
    #expect(log.updated == ["user 1"])
    #expect(table.visibleCell(at: ItemPath(section: 0, item: 2))?.detailText == "avatar-1.png")
    // User 7 is not visible; post 1 does not want avatars; another key nobody wants.
    #expect(
      controller.reconfigureVisibleRows(with: "avatar-7.png", for: User.avatar, subject: 7) == 0)
    #expect(controller.reconfigureVisibleRows(with: "x", for: bannerKey, subject: 1) == 0)
    #expect(log.updated == ["user 1"])
    #expect(log.configured.isEmpty, "nothing was configured again")
    #expect(table.batchCount == batches && table.reloadCount == reloads)
  }

  @Test("a row whose cell kind changes is reloaded; one whose content changes is reconfigured")
  func updateKindFromPresenters() async throws {
    let (table, registry, _) = feedTable()
    let controller = ListController(
      host: table,
      snapshot: Feed {
        SnapshotSection("Feed") {
          Post(id: 1, text: "a")
          Post(id: 2, text: "b")
        }
      }, presenters: registry)
    let cells = table.visibleCells
    await controller.apply(
      Feed {
        SnapshotSection("Feed") {
          Post(id: 1, text: "a2")
          Post(id: 2, text: "b", hasPhoto: true)
        }
      })
    #expect(table.visibleCells[0] === cells[0], "same kind: reconfigured in place")
    #expect(table.visibleCells[1] !== cells[1], "post became a photo post: a new cell")
    #expect(table.visibleCells[1].reuseIdentifier == "photo-post")
    #expect(table.violations.isEmpty)
  }

  @Test("placeholders come and go per section as animated changes")
  func placeholders() async throws {
    let (table, registry, _) = feedTable()
    let controller = ListController(host: table, snapshot: Feed(), presenters: registry)
    // The whole list is loading.
    await controller.apply(Feed(placeholder: LoadingPlaceholder(), in: "Feed"))
    #expect(table.visibleCells.map(\.text) == ["Loading…"])
    // Two sections: people loaded, posts still loading.
    var sections = Feed {
      SnapshotSection("People") { User(id: 1, name: "Ada") }
      SnapshotSection("Posts") { Post(id: 1, text: "Hello") }
    }
    try sections.showPlaceholder(LoadingPlaceholder(.section("Posts")), inSection: "Posts")
    let reloads = table.reloadCount
    await controller.apply(sections)
    #expect(table.visibleCells.map(\.text) == ["Ada", "Loading…"])
    // Posts failed.
    try sections.showPlaceholder(
      ErrorPlaceholder(.section("Posts"), message: "offline"), inSection: "Posts")
    await controller.apply(sections)
    #expect(table.visibleCells.map(\.text) == ["Ada", "Error: offline"])
    // Posts arrived.
    try sections.replaceItems(inSection: "Posts", with: [AnyItem(Post(id: 1, text: "Hello"))])
    await controller.apply(sections)
    #expect(table.visibleCells.map(\.text) == ["Ada", "Hello"])
    // Back to no results for people.
    try sections.showPlaceholder(NoResultsPlaceholder(.section("People")), inSection: "People")
    await controller.apply(sections)
    #expect(table.visibleCells.map(\.text) == ["No results", "Hello"])
    #expect(table.reloadCount == reloads, "every transition animated")
    #expect(table.violations.isEmpty)
  }
}

struct AnythingPresenterForAds: Presenter {
  func reuseIdentifier(for model: Ad, style: PresentationStyle) -> String { "ad" }
  func configure(_ cell: SimulatedCell, with model: Ad, context: PresentationContext) {
    cell.text = "registered ad presenter"
  }
}
