import Tabula
import TabulaTestSupport
import TabulaTesting

// A feed of mixed model types, their cells and presenters, for the presenter tests
// (`User` and `Feed`, which other test targets use too, are in TabulaTestSupport).

struct Post: Diffable, Hashable {
  let id: Int
  var text: String
  var hasPhoto = false
}

/// A model that presents itself.
struct Ad: Diffable, Hashable, SelfPresenting {
  let id: String
  var headline: String

  func reuseIdentifier(style: PresentationStyle) -> String { "ad" }
  func configure(_ cell: SimulatedCell, context: PresentationContext) {
    cell.text = "Ad: \(headline)"
    cell.representedID = AnyItem(self).id
  }
  func height(width: Double, style: PresentationStyle) -> Double? { 120 }
}

/// Counts what presenters are asked to do.
@MainActor
final class PresenterLog {
  var configured: [String] = []
  var updated: [String] = []
  var heights: [String] = []
}

extension PresentationStyle {
  static let byline: PresentationStyle = "byline"
  static let compact: PresentationStyle = "compact"
}

final class UserCell: SimulatedCell {
  var byline: String?
  override func prepareForReuse() {
    super.prepareForReuse()
    byline = nil
  }
}

struct UserPresenter: Presenter {
  let log: PresenterLog

  func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "user" }

  func configure(_ cell: SimulatedCell, with user: User, context: PresentationContext) {
    log.configured.append("user \(user.id)")
    cell.text = user.name
    cell.representedID = AnyItem(user).id
    (cell as? UserCell)?.byline = context.style == .byline ? user.byline : nil
  }

  func wants(_ resource: ResourceUpdate, for user: User) -> Bool {
    resource.is(User.avatar) && resource.subject == AnyHashable(user.id)
  }

  func update(
    _ cell: SimulatedCell, with user: User, for resource: ResourceUpdate,
    context: PresentationContext
  ) {
    log.updated.append("user \(user.id)")
    cell.detailText = resource.value(for: User.avatar)
  }

  func height(for user: User, width: Double, style: PresentationStyle) -> Double? {
    log.heights.append("user \(user.id) \(Int(width)) \(style)")
    return style == .byline ? 60 : Double(user.name.count) + width / 100
  }
}

struct PostPresenter: Presenter {
  let log: PresenterLog

  func reuseIdentifier(for post: Post, style: PresentationStyle) -> String {
    post.hasPhoto ? "photo-post" : "post"
  }

  func configure(_ cell: SimulatedCell, with post: Post, context: PresentationContext) {
    log.configured.append("post \(post.id)")
    cell.text = post.text
    cell.representedID = AnyItem(post).id
  }
}

/// Makes a simulated table whose presenters show users, posts and ads.
@MainActor
func feedTable(viewportHeight: Int = 20) -> (
  SimulatedTableView, PresenterRegistry<SimulatedCell>, PresenterLog
) {
  let table = SimulatedTableView(viewportHeight: viewportHeight)
  table.animationTiming = .immediate
  for identifier in ["post", "photo-post", "ad"] {
    table.register(SimulatedCell.self, forReuseIdentifier: identifier)
  }
  table.register(UserCell.self, forReuseIdentifier: "user")
  let registry = PresenterRegistry<SimulatedCell>()
  let log = PresenterLog()
  registry.register(UserPresenter(log: log))
  registry.register(PostPresenter(log: log))
  registry.registerPlaceholders(in: table)
  return (table, registry, log)
}

extension User {
  /// The avatar image's name, provided to the rows that show the user.
  static let avatar = ResourceKey<String>("avatar")
}

/// A key no presenter of the feed wants.
let bannerKey = ResourceKey<String>("banner")
