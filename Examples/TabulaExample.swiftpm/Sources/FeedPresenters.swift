import Tabula
import TabulaUIKit
import UIKit

// One presenter per model type of the feed. Text rows are content
// configurations; photos and highlight tiles are custom cells whose images
// arrive later: each asks the image store when its row is about to show (or
// is prefetched), and updates in place when the controller provides the
// image, without a reload.

/// A post: its text and its author and likes, or one line in the compact
/// style.
struct PostRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
  // Stated: Swift does not always infer it from the method below when the
  // presenter is registered in another file.
  typealias Model = Post

  func contentConfiguration(for post: Post, context: PresentationContext)
    -> any UIContentConfiguration
  {
    var content = UIListContentConfiguration.subtitleCell()
    content.image = UIImage(systemName: "text.bubble")
    content.text = post.text
    content.secondaryTextProperties.color = .secondaryLabel
    if context.style == .compact {
      content.textProperties.numberOfLines = 1
    } else {
      content.secondaryText = "\(post.author) · ♥ \(post.likes)"
    }
    return content
  }
}

/// A sponsored entry, marked as such.
struct AdRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
  typealias Model = Ad

  func contentConfiguration(for ad: Ad, context: PresentationContext)
    -> any UIContentConfiguration
  {
    var content = UIListContentConfiguration.subtitleCell()
    content.image = UIImage(systemName: "megaphone.fill")
    content.imageProperties.tintColor = .systemOrange
    content.text = ad.headline
    content.textProperties.font = .preferredFont(forTextStyle: .headline)
    content.secondaryText = "Sponsored by \(ad.sponsor)"
    content.secondaryTextProperties.color = .systemOrange
    return content
  }
}

/// A photo post, in a self-sizing ``FeedPhotoCell``.
struct PhotoRow: Presenter {
  let images: ImageStore

  var cellClass: UICollectionViewCell.Type? { FeedPhotoCell.self }

  func reuseIdentifier(for photo: Photo, style: PresentationStyle) -> String { "photo" }

  func configure(_ cell: UICollectionViewCell, with photo: Photo, context: PresentationContext) {
    guard let cell = cell as? FeedPhotoCell else { return }
    cell.authorLabel.text = photo.author
    cell.captionLabel.text = photo.caption
    cell.show(images.image(for: photo.imageKey))
  }

  // Only rows about to show (or prefetched) load their images.
  func willDisplay(_ cell: UICollectionViewCell, with photo: Photo, context: PresentationContext) {
    images.load(photo.imageKey, hue: photo.hue, symbol: "photo")
  }

  func prefetch(_ photo: Photo) {
    images.load(photo.imageKey, hue: photo.hue, symbol: "photo")
  }

  func wants(_ resource: ResourceUpdate, for photo: Photo) -> Bool {
    resource.is(ImageStore.resourceKey) && resource.subject == AnyHashable(photo.imageKey)
  }

  func update(
    _ cell: UICollectionViewCell, with photo: Photo, for resource: ResourceUpdate,
    context: PresentationContext
  ) {
    (cell as? FeedPhotoCell)?.show(resource.value(for: ImageStore.resourceKey))
  }
}

/// A tile of the highlights grid, in a ``HighlightCell``.
struct HighlightTile: Presenter {
  let images: ImageStore

  var cellClass: UICollectionViewCell.Type? { HighlightCell.self }

  func reuseIdentifier(for highlight: Highlight, style: PresentationStyle) -> String {
    "highlight"
  }

  func configure(
    _ cell: UICollectionViewCell, with highlight: Highlight, context: PresentationContext
  ) {
    guard let cell = cell as? HighlightCell else { return }
    cell.titleLabel.text = highlight.title
    cell.imageView.image = images.image(for: highlight.imageKey)
    cell.accessibilityLabel = highlight.title
  }

  func willDisplay(
    _ cell: UICollectionViewCell, with highlight: Highlight, context: PresentationContext
  ) {
    images.load(highlight.imageKey, hue: highlight.hue, symbol: highlight.symbol)
  }

  func wants(_ resource: ResourceUpdate, for highlight: Highlight) -> Bool {
    resource.is(ImageStore.resourceKey) && resource.subject == AnyHashable(highlight.imageKey)
  }

  func update(
    _ cell: UICollectionViewCell, with highlight: Highlight, for resource: ResourceUpdate,
    context: PresentationContext
  ) {
    (cell as? HighlightCell)?.imageView.image = resource.value(for: ImageStore.resourceKey)
  }
}

/// The highlights section: a header, and a grid layout. The feed's other
/// section (a `SectionInfo`) has no presenter, so it gets the collection
/// view's default layout, a plain list, and its title as its header.
struct HighlightsHeader: ContentSectionPresenter {
  typealias View = UICollectionReusableView

  func contentConfiguration(for section: HighlightsSection, kind: SectionViewKind)
    -> (any UIContentConfiguration)?
  {
    guard kind == .header else { return nil }
    var content = UIListContentConfiguration.plainHeader()
    content.text = section.title
    return content
  }

  func layout(for section: HighlightsSection) -> SectionLayout? {
    .grid(
      columns: 3, itemHeight: .absolute(110), spacing: 6,
      insets: SectionLayout.Insets(top: 4, leading: 16, bottom: 20, trailing: 16))
  }
}
