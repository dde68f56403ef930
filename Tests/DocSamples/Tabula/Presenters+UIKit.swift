// The samples of "Presenters: cells without a bloated controller"
// (Presenters.md), on UIKit. UIKit exists only on Apple platforms, so this
// file is compiled there only and type-checked for iOS 16 by .ci/apple on
// Linux. Presenters.swift runs the same presenters against simulated views;
// it declares the same type names, so the types here live in a namespace of
// their own.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit

  extension Photo: SelfPresenting {
    func reuseIdentifier(style: PresentationStyle) -> String { "photo" }

    func configure(_ cell: UITableViewCell, context: PresentationContext) {
      var content = cell.defaultContentConfiguration()
      content.image = UIImage(systemName: "photo")
      content.text = caption
      cell.contentConfiguration = content
    }
  }

  enum PresentersOnUIKit {
    struct UserPresenter: Presenter {
      func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user" }

      func configure(_ cell: UITableViewCell, with user: User, context: PresentationContext) {
        var content = cell.defaultContentConfiguration()
        content.text = user.name
        content.secondaryText = context.style == .byline ? user.byline : nil
        cell.contentConfiguration = content
      }

      func height(for user: User, width: Double, style: PresentationStyle) -> Double? {
        style == .byline ? 72 : 56
      }
    }
  }

  extension Post {
    /// A new like count, provided to the rows that show the post.
    static let newLikeCount = ResourceKey<Int>("likes")
  }

  extension PresentersOnUIKit {
    struct PostPresenter: Presenter {
      func reuseIdentifier(for post: Post, style: PresentationStyle) -> String { "post" }

      func configure(_ cell: UITableViewCell, with post: Post, context: PresentationContext) {
        var content = cell.defaultContentConfiguration()
        content.text = post.text
        content.secondaryText = "\(post.likes) likes"
        cell.contentConfiguration = content
      }

      func wants(_ resource: ResourceUpdate, for post: Post) -> Bool {
        resource.is(Post.newLikeCount) && resource.subject == AnyHashable(post.id)
      }

      func update(
        _ cell: UITableViewCell, with post: Post, for resource: ResourceUpdate,
        context: PresentationContext
      ) {
        guard let likes = resource.value(for: Post.newLikeCount),
          var content = cell.contentConfiguration as? UIListContentConfiguration
        else { return }
        content.secondaryText = "\(likes) likes"
        cell.contentConfiguration = content
      }
    }

    /// Presents ads; registered for `Ad` explicitly.
    struct AdPresenter: Presenter {
      func reuseIdentifier(for ad: Ad, style: PresentationStyle) -> String { "ad" }

      func configure(_ cell: UITableViewCell, with ad: Ad, context: PresentationContext) {
        var content = cell.defaultContentConfiguration()
        content.text = ad.headline
        content.secondaryText = "Sponsored"
        cell.contentConfiguration = content
      }
    }

    /// The feed screen of the article: `tableView` shows users, posts,
    /// photos and ads; the caller keeps the controller.
    @MainActor
    static func showFeed(
      in tableView: UITableView, navigator: Navigator, api: FeedAPI, users: [User],
      posts: [Post], photos: [Photo], ads: [Ad]
    ) -> ListController<SectionInfo, AnyItem, UITableViewCell> {
      let post = posts[0]

      let presenters = PresenterRegistry<UITableViewCell>()
      presenters.register(UserPresenter())
      presenters.register(PostPresenter())
      presenters.register(AdPresenter(), for: Ad.self)
      presenters.handle(.select, for: User.self) { user, _ in navigator.show(user) }
      presenters.handle("like", for: Post.self) { post, _ in Task { await api.like(post) } }

      let controller = ListController<SectionInfo, AnyItem, UITableViewCell>(
        host: tableView, presenters: presenters)
      controller.apply(
        Snapshot {
          SnapshotSection("Feed") {
            users
            posts
            photos
            ads
          }
        })

      // A new like count arrived: only the visible rows that show the post are touched.
      controller.reconfigureVisibleRows(with: 43, for: Post.newLikeCount, subject: post.id)

      // The same users, with bylines: no presenter changes.
      presenters.setStyle(.byline, for: User.self)

      return controller
    }

    // MARK: Typed view data

    final class SquirrelCell: UITableViewCell, ViewDataConfigurable {
      struct ViewData { let title: String }

      func apply(_ data: ViewData) {
        var content = defaultContentConfiguration()
        content.text = data.title
        contentConfiguration = content
      }
    }

    @MainActor
    static func registerSquirrels(
      in tableView: UITableView, presenters: PresenterRegistry<UITableViewCell>
    ) {
      tableView.register(SquirrelCell.self, forCellReuseIdentifier: "squirrel")
      presenters.register(
        ViewDataPresenter(SquirrelCell.self, reuseIdentifier: "squirrel") {
          (squirrel: Squirrel, _) in
          SquirrelCell.ViewData(title: "\(squirrel.name) (\(squirrel.nuts) nuts)")
        })
    }

    // MARK: Section headers and footers

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

      func configure(_ view: UITableViewHeaderFooterView, with team: Team, kind: SectionViewKind) {
        var content = view.defaultContentConfiguration()
        content.text = team.name
        content.secondaryText = "\(team.members) members"
        view.contentConfiguration = content
      }

      func height(for team: Team, kind: SectionViewKind, width: Double) -> Double? { 56 }
    }

    @MainActor
    static func showTeams(_ teams: Snapshot<Team, User>, in tableView: UITableView)
      -> ListController<Team, User, UITableViewCell>
    {
      let presenters = PresenterRegistry<UITableViewCell>()
      presenters.register(UserPresenter())

      presenters.register(TeamHeader(), forSection: Team.self)

      return ListController(host: tableView, snapshot: teams, presenters: presenters)
    }
  }
#endif
