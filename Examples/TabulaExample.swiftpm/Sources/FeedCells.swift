import UIKit

/// A photo post: author, image and caption, laid out with Auto Layout so
/// that the cell sizes itself (the list section's height is an estimate).
/// A spinner shows until the image arrives.
final class FeedPhotoCell: UICollectionViewListCell {
  let authorLabel = UILabel()
  let photoView = UIImageView()
  let captionLabel = UILabel()
  private let spinner = UIActivityIndicatorView(style: .medium)

  override init(frame: CGRect) {
    super.init(frame: frame)
    authorLabel.font = .preferredFont(forTextStyle: .headline)
    authorLabel.adjustsFontForContentSizeCategory = true
    captionLabel.font = .preferredFont(forTextStyle: .body)
    captionLabel.adjustsFontForContentSizeCategory = true
    captionLabel.numberOfLines = 0
    photoView.contentMode = .scaleAspectFill
    photoView.clipsToBounds = true
    photoView.layer.cornerRadius = 10
    photoView.backgroundColor = .secondarySystemFill
    let stack = UIStackView(arrangedSubviews: [authorLabel, photoView, captionLabel])
    stack.axis = .vertical
    stack.spacing = 8
    stack.translatesAutoresizingMaskIntoConstraints = false
    spinner.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(stack)
    contentView.addSubview(spinner)
    let margins = contentView.layoutMarginsGuide
    // The image is 3:2 up to 360 points tall (an iPad's width would make it
    // huge); the stack's height is what the cell measures.
    let aspect = photoView.heightAnchor.constraint(
      equalTo: photoView.widthAnchor, multiplier: 2.0 / 3.0)
    aspect.priority = .defaultHigh
    NSLayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: margins.topAnchor),
      stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
      aspect,
      photoView.heightAnchor.constraint(lessThanOrEqualToConstant: 360),
      spinner.centerXAnchor.constraint(equalTo: photoView.centerXAnchor),
      spinner.centerYAnchor.constraint(equalTo: photoView.centerYAnchor),
    ])
  }

  required init?(coder: NSCoder) { nil }

  /// Shows `image`, or the spinner while it is `nil`.
  func show(_ image: UIImage?) {
    photoView.image = image
    if image == nil { spinner.startAnimating() } else { spinner.stopAnimating() }
  }
}

/// A tile of the highlights grid: an image filling the cell, its title over
/// it. The grid gives it a fixed size.
final class HighlightCell: UICollectionViewCell {
  let imageView = UIImageView()
  let titleLabel = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.layer.cornerRadius = 12
    contentView.clipsToBounds = true
    contentView.backgroundColor = .secondarySystemFill
    imageView.frame = contentView.bounds
    imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    imageView.contentMode = .scaleAspectFill
    titleLabel.font = .preferredFont(forTextStyle: .caption1)
    titleLabel.textColor = .white
    titleLabel.shadowColor = .black.withAlphaComponent(0.4)
    titleLabel.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(imageView)
    contentView.addSubview(titleLabel)
    NSLayoutConstraint.activate([
      titleLabel.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
      titleLabel.trailingAnchor.constraint(lessThanOrEqualTo: contentView.trailingAnchor),
      titleLabel.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -6),
    ])
  }

  required init?(coder: NSCoder) { nil }
}
