import Tabula
import TabulaUIKit
import UIKit

/// The feed: a grid of highlights above a list of posts, photos and ads, in
/// one collection view with Tabula's compositional layout. The list loads a
/// page at a time from a simulated server as the reader scrolls (a
/// `PagedSource`), pull to refresh loads the newest page again, and images
/// arrive after their rows show, updating those rows only. The network
/// switch makes loads fail: a failed page becomes a row that retries when
/// tapped. The text button switches posts between two styles.
final class FeedViewController: UIViewController {
  private let server = FeedServer()
  private let images = ImageStore()
  private let collectionView = UICollectionView(
    frame: .zero, collectionViewLayout: .tabula(default: .list(.plain)))
  private let presenters = PresenterRegistry<UICollectionViewCell>()
  private lazy var controller = ListController<AnyItem, AnyItem, UICollectionViewCell>(
    host: collectionView, presenters: presenters)
  /// The grid's tiles: content the screen holds.
  private let highlights = StaticSource<AnyItem, AnyItem>()
  /// The posts, photos and ads, a page at a time.
  private let feed: PagedSource<AnyItem, AnyItem, Int>
  /// Keeps the refresh control up at least half a second, so that a fast
  /// refresh does not flicker.
  private lazy var refresh = PullToRefresh { [weak self] in try await self?.reload() }
  private var isOffline = false
  private lazy var networkItem = UIBarButtonItem(
    image: UIImage(systemName: "wifi"), style: .plain, target: self,
    action: #selector(toggleNetwork))
  private lazy var styleItem = UIBarButtonItem(
    image: UIImage(systemName: "text.alignleft"), style: .plain, target: self,
    action: #selector(toggleStyle))

  init() {
    // The loader runs off the main actor: it holds the server, not the screen.
    let server = server
    // Pages by offset, newest first; a short page is the last.
    feed = PagedSource(section: AnyItem(SectionInfo(id: "latest", title: "Latest"))) { offset in
      let start = offset ?? 0
      let items = try await server.entries(from: start, count: FeedServer.pageSize)
      return .init(
        items: items, next: items.count < FeedServer.pageSize ? nil : start + items.count)
    }
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.frame = view.bounds
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(collectionView)
    presenters.register(PostRow<UICollectionViewCell>())
    presenters.register(AdRow<UICollectionViewCell>())
    presenters.register(PhotoRow(images: images))
    presenters.register(HighlightTile(images: images))
    presenters.register(HighlightsHeader(), forSection: HighlightsSection.self)
    presenters.registerPlaceholders(noResults: "The feed is empty.")
    controller.didSelect = { [weak self] item, path in self?.didSelect(item, at: path) }
    showHighlights(rotatedBy: 0)
    // One snapshot of two children: the grid's section, then the feed's.
    controller.connect(to: ComposedSource([highlights, feed]))
    collectionView.attachRefreshControl(to: refresh)
    // An image that arrives updates the visible rows that show it, in place.
    images.didLoad = { [weak self] key, image in
      self?.controller.reconfigureVisibleRows(
        with: image, for: ImageStore.resourceKey, subject: key)
    }
    navigationItem.rightBarButtonItems = [networkItem, styleItem]
    feed.load()
  }

  // MARK: Refreshing

  /// Pull to refresh: the newest page replaces the pages shown (the list
  /// animates the difference), and the highlights move round by one.
  private func reload() async throws {
    showHighlights(rotatedBy: refresh.refreshCount)
    feed.refresh()
    await feed.waitUntilIdle()
    if case .error(let message) = feed.state {
      showNotice("Couldn’t refresh: \(message)")
      throw FeedError.refreshFailed(message)
    }
  }

  private func showHighlights(rotatedBy offset: Int) {
    let places = [
      ("Bay", "sun.max"), ("Ridge", "mountain.2"), ("Harbour", "sailboat"),
      ("Forest", "leaf"), ("Night", "moon.stars"), ("Rain", "cloud.rain"),
    ]
    let tiles = places.indices.map { index in
      Highlight(
        id: index, title: places[index].0, hue: Double(index) / Double(places.count),
        symbol: places[index].1)
    }
    let shift = offset % tiles.count
    let rotated = Array(tiles[shift...] + tiles[..<shift])
    do {
      try highlights.setItems(
        rotated.map(AnyItem.init),
        in: AnyItem(HighlightsSection(id: "highlights", title: "Highlights")))
    } catch {
      TabulaLog.report("the highlights cannot be shown: \(error)")
    }
  }

  // MARK: Actions

  private func didSelect(_ item: AnyItem, at path: ItemPath) {
    // A failed page (or first load) says "Tap to try again": the list
    // retries it (the feed is a RetryingSource).
    collectionView.deselectItem(at: path.indexPath, animated: true)
  }

  @objc private func toggleNetwork() {
    isOffline.toggle()
    let offline = isOffline
    networkItem.image = UIImage(systemName: offline ? "wifi.slash" : "wifi")
    Task { await server.setOffline(offline) }
    showNotice(
      offline
        ? "Offline: loads fail until you switch the network back on."
        : "Online: tap a failed row, or pull to refresh.")
  }

  /// A new style for posts: the registry tells the controller, which
  /// reconfigures the visible rows (and they size themselves again).
  @objc private func toggleStyle() {
    let style: PresentationStyle =
      presenters.style(for: Post.self) == .compact ? .default : .compact
    presenters.setStyle(style, for: Post.self)
  }
}
