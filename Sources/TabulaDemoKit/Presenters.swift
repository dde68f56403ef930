import Tabula
import TabulaTerminal

extension Contact: Diffable {}

/// A text post of the feed.
struct Post: Diffable, Hashable {
  let id: Int64
  var author: String
  var text: String
  var likes: Int
}

/// A photo of the feed, whose image arrives later.
struct Photo: Diffable, Hashable {
  let id: Int64
  var author: String
  var caption: String
  var image: String

  /// An image that arrived, by its name: the rows of photos that show it
  /// take it.
  static let image = ResourceKey<String>("image")
}

/// A sponsored row of the feed.
struct Ad: Diffable, Hashable {
  let id: Int64
  var headline: String
}

extension PresentationStyle {
  /// Posts with their like counts.
  static let full: PresentationStyle = "full"
  /// Posts as one line of text.
  static let compact: PresentationStyle = "compact"
}

/// Images the feed has "downloaded": the names of those that arrived.
@MainActor
final class ImageStore {
  private(set) var arrived: Set<String> = []
  private var pending: Set<String> = []
  /// Rows updated in place when images arrived.
  private(set) var rowsUpdated = 0

  func hasArrived(_ name: String) -> Bool { arrived.contains(name) }
  var isLoading: Bool { !pending.isEmpty }

  /// Starts "downloading" `name` unless it arrived or is on its way; after
  /// `delay` it arrives and `deliver` hands it to the visible rows.
  func request(
    _ name: String, delay: Duration, deliver: @escaping @MainActor (String) -> Int
  ) {
    guard !arrived.contains(name), !pending.contains(name) else { return }
    pending.insert(name)
    Task {
      try? await Task.sleep(for: delay)
      self.pending.remove(name)
      self.arrived.insert(name)
      self.rowsUpdated += deliver(name)
    }
  }
}

struct ContactPresenter: Presenter {
  func reuseIdentifier(for contact: Contact, style: PresentationStyle) -> String { "contact" }

  func canMove(_ contact: Contact) -> Bool { true }

  func canDelete(_ contact: Contact) -> Bool { true }

  func configure(_ cell: TerminalCell, with contact: Contact, context: PresentationContext) {
    cell.text = contact.name
    cell.detail = contact.city
    cell.representedID = contact.id
  }
}

struct PostPresenter: Presenter {
  func reuseIdentifier(for post: Post, style: PresentationStyle) -> String { "post" }

  func configure(_ cell: TerminalCell, with post: Post, context: PresentationContext) {
    cell.text = "\(post.author): \(post.text)"
    cell.detail = context.style == .compact ? "" : "♥ \(post.likes)"
    // The full style wraps the whole post; the compact one keeps a line.
    cell.wraps = context.style != .compact
    cell.representedID = AnyItem(post).id
  }

  /// Most posts take two lines at a terminal's width.
  func estimatedHeight(for post: Post, width: Double, style: PresentationStyle) -> Double? {
    style == .compact ? 1 : 2
  }
}

struct PhotoPresenter: Presenter {
  let images: ImageStore

  func reuseIdentifier(for photo: Photo, style: PresentationStyle) -> String { "photo" }

  func configure(_ cell: TerminalCell, with photo: Photo, context: PresentationContext) {
    cell.text = "[photo] \(photo.author): \(photo.caption)"
    cell.detail = images.hasArrived(photo.image) ? "▣ \(photo.image)" : "loading image…"
    // A photo takes a few lines: its caption, then room for the picture.
    cell.wraps = true
    cell.minimumLines = 3
    cell.representedID = AnyItem(photo).id
  }

  func estimatedHeight(for photo: Photo, width: Double, style: PresentationStyle) -> Double? {
    3
  }

  /// Only the row of the photo whose image arrived.
  func wants(_ resource: ResourceUpdate, for photo: Photo) -> Bool {
    resource.is(Photo.image) && resource.subject == AnyHashable(photo.image)
  }

  func update(
    _ cell: TerminalCell, with photo: Photo, for resource: ResourceUpdate,
    context: PresentationContext
  ) {
    cell.detail = "▣ \(photo.image)"
  }
}

struct AdPresenter: Presenter {
  func reuseIdentifier(for ad: Ad, style: PresentationStyle) -> String { "ad" }

  func configure(_ cell: TerminalCell, with ad: Ad, context: PresentationContext) {
    cell.text = "Sponsored: \(ad.headline)"
    cell.style = TextStyle(bold: true, foreground: .magenta)
    cell.detail = "ad"
    cell.representedID = AnyItem(ad).id
  }
}

/// Tabula's placeholders as terminal rows.
struct PlaceholderPresenter<Placeholder: Diffable>: Presenter {
  let text: (Placeholder) -> String
  let style: TextStyle

  func reuseIdentifier(for model: Placeholder, style: PresentationStyle) -> String {
    "placeholder"
  }

  func configure(_ cell: TerminalCell, with model: Placeholder, context: PresentationContext) {
    cell.text = text(model)
    cell.style = style
  }
}

extension PresenterRegistry where Cell == TerminalCell {
  /// Registers the loading, no-results and error rows.
  func registerPlaceholders(noResults: String, retryHint: String) {
    register(
      PlaceholderPresenter<LoadingPlaceholder>(
        text: { $0.message ?? "Loading…" }, style: TextStyle(dim: true)))
    register(
      PlaceholderPresenter<NoResultsPlaceholder>(
        text: { $0.message ?? noResults }, style: TextStyle(dim: true)))
    register(
      PlaceholderPresenter<ErrorPlaceholder>(
        text: { "Error: \($0.message) — \(retryHint)" }, style: TextStyle(foreground: .red)))
    register(
      PlaceholderPresenter<LoadingMorePlaceholder>(
        text: { _ in "Loading more…" }, style: TextStyle(dim: true)))
    register(
      PlaceholderPresenter<PageErrorPlaceholder>(
        text: { "Could not load more: \($0.message) — Enter retries" },
        style: TextStyle(foreground: .red)))
    register(
      PlaceholderPresenter<EndOfListPlaceholder>(
        text: { _ in "— the end of the feed —" }, style: TextStyle(dim: true)))
  }
}
