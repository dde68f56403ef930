// The samples of TabulaUIKit's guide (TabulaUIKit.md). UIKit exists only
// on Apple platforms, so this file is compiled there only and type-checked
// for iOS 16 by .ci/apple on Linux; the same presenters and controller run
// against simulated views in Tabula/Presenters.swift.

#if canImport(UIKit)
  import Tabula
  import TabulaUIKit
  import UIKit
  import os

  // MARK: A table screen

  extension User {
    var initial: String { String(name.prefix(1)) }
  }

  final class FriendsViewController: UITableViewController {
    private lazy var list = ListController(tableView, for: User.self) { cell, user in
      var content = cell.defaultContentConfiguration()
      content.text = user.name
      cell.contentConfiguration = content
    }

    func show(_ users: [User]) {
      list.apply(users, groupedBy: \.initial, sectionOrder: .ascending)
    }
  }

  struct UserRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
    typealias Model = User

    func contentConfiguration(for user: User, context: PresentationContext)
      -> any UIContentConfiguration
    {
      var content = UIListContentConfiguration.subtitleCell()
      content.text = user.name
      content.secondaryText = context.style == .byline ? user.byline : nil
      return content
    }

    func canDelete(_ user: User) -> Bool { true }
  }

  final class UsersViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .insetGrouped)
    private let presenters = PresenterRegistry<UITableViewCell>()
    private lazy var controller = ListController<SectionInfo, User, UITableViewCell>(
      host: tableView, presenters: presenters)

    override func viewDidLoad() {
      super.viewDidLoad()
      tableView.frame = view.bounds
      tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(tableView)
      presenters.register(UserRow<UITableViewCell>())
      controller.didSelect = { [weak self] user, _ in self?.open(user) }
    }

    func show(_ users: [User]) throws(SnapshotError) {
      controller.apply(try Snapshot(users, in: SectionInfo(id: "friends", title: "Friends")))
    }

    private func open(_ user: User) {
      navigationController?.pushViewController(UIViewController(), animated: true)
    }
  }

  // MARK: A collection-view screen

  /// A section of photos, shown as a grid.
  struct Gallery: Diffable, Hashable {
    let id: String
    var title: String
  }

  struct PostRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
    func contentConfiguration(for post: Post, context: PresentationContext)
      -> any UIContentConfiguration
    {
      var content = UIListContentConfiguration.cell()
      content.text = post.text
      content.secondaryText = "\(post.likes) likes"
      return content
    }
  }

  final class PhotoCell: UICollectionViewCell {
    let imageView = UIImageView()

    override init(frame: CGRect) {
      super.init(frame: frame)
      imageView.frame = contentView.bounds
      imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      imageView.contentMode = .scaleAspectFill
      imageView.clipsToBounds = true
      contentView.addSubview(imageView)
    }

    required init?(coder: NSCoder) { nil }
  }

  struct PhotoTile: Presenter {
    var cellClass: UICollectionViewCell.Type? { PhotoCell.self }

    func reuseIdentifier(for photo: Photo, style: PresentationStyle) -> String { "photo" }

    func configure(_ cell: UICollectionViewCell, with photo: Photo, context: PresentationContext) {
      (cell as? PhotoCell)?.imageView.accessibilityLabel = photo.caption
    }
  }

  struct GalleryLayout: ContentSectionPresenter {
    typealias View = UICollectionReusableView

    func contentConfiguration(for gallery: Gallery, kind: SectionViewKind)
      -> (any UIContentConfiguration)?
    {
      guard kind == .header else { return nil }
      var content = UIListContentConfiguration.plainHeader()
      content.text = gallery.title
      return content
    }

    func layout(for gallery: Gallery) -> SectionLayout? {
      .grid(columns: 3, itemHeight: .absolute(120), spacing: 2)
    }
  }

  final class FeedViewController: UIViewController {
    private let collectionView = UICollectionView(
      frame: .zero, collectionViewLayout: .tabula(default: .list(.plain)))
    private let presenters = PresenterRegistry<UICollectionViewCell>()
    private lazy var controller = ListController<AnyItem, AnyItem, UICollectionViewCell>(
      host: collectionView, presenters: presenters)

    override func viewDidLoad() {
      super.viewDidLoad()
      collectionView.frame = view.bounds
      collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      view.addSubview(collectionView)
      presenters.register(PostRow<UICollectionViewCell>())
      presenters.register(PhotoTile())
      presenters.register(GalleryLayout(), forSection: Gallery.self)
    }

    func show(posts: [Post], photos: [Photo]) throws(SnapshotError) {
      controller.apply(
        try Snapshot(sections: [
          SnapshotSection(AnyItem(SectionInfo(id: "posts")), items: posts.map(AnyItem.init)),
          SnapshotSection(
            AnyItem(Gallery(id: "photos", title: "Photos")), items: photos.map(AnyItem.init)),
        ]))
    }
  }

  // MARK: Registration

  final class ContactCell: UITableViewCell {}

  struct ContactRow: Presenter {
    var cellClass: UITableViewCell.Type? { ContactCell.self }

    func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "contact" }

    func configure(_ cell: UITableViewCell, with user: User, context: PresentationContext) {
      cell.textLabel?.text = user.name
    }
  }

  /// Cells from a storyboard prototype: the app registers them.
  struct StoryboardRow: Presenter {
    var cellClass: UICollectionViewCell.Type? { nil }

    func reuseIdentifier(for user: User, style: PresentationStyle) -> String { "UserCell" }

    func configure(_ cell: UICollectionViewCell, with user: User, context: PresentationContext) {
      cell.accessibilityLabel = user.name
    }
  }

  // MARK: Delegate forwarding, user edits, refresh, reports

  final class InboxViewController: UIViewController, UITableViewDelegate,
    UITableViewDataSourcePrefetching
  {
    private let tableView = UITableView()
    private let presenters = PresenterRegistry<UITableViewCell>()
    private let source = StaticSource<SectionInfo, User>()
    private lazy var controller = ListController<SectionInfo, User, UITableViewCell>(
      host: tableView, presenters: presenters)
    private lazy var refresh = PullToRefresh(
      clock: ContinuousClock(), minimumDisplayTime: .milliseconds(500)
    ) { [weak self] in try await self?.reload() }

    override func viewDidLoad() {
      super.viewDidLoad()
      view.addSubview(tableView)
      presenters.register(UserRow<UITableViewCell>())
      tableView.delegate = self  // taps, display, scrolling, context menus...
      tableView.prefetchDataSource = self  // prefetching, after Tabula's presenters
      controller.connect(to: source)
      controller.selectionMode = .multiple
      tableView.allowsMultipleSelectionDuringEditing = true
      if let undoManager { controller.bindUndoManager(undoManager) }
      tableView.attachRefreshControl(to: refresh)
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
      super.setEditing(editing, animated: animated)
      tableView.setEditing(editing, animated: animated)
      controller.isEditing = editing
    }

    func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath]) {
      for path in indexPaths { _ = controller.snapshot.item(at: ItemPath(path)) }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
      navigationItem.title = scrollView.contentOffset.y > 0 ? "Inbox" : nil
    }

    private func reload() async throws {}
  }

  @MainActor
  func routeReports() {
    let logger = Logger(subsystem: "com.example.app", category: "lists")
    TabulaLog.handler = { message in logger.error("\(message, privacy: .public)") }
  }
#endif
