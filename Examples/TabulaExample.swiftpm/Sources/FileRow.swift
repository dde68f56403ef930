import Tabula
import TabulaUIKit
import UIKit

// Rows of an outline reach their presenters as their items (a file, or a
// placeholder), with the row's depth and disclosure in
// `context.outline`. These presenters indent the list cell by the depth
// and draw a chevron for folders.

/// A file or folder: its icon and name, and a file's size.
struct FileRow: ContentConfigurationPresenter {
  typealias Cell = UICollectionViewCell

  func contentConfiguration(for file: FileItem, context: PresentationContext)
    -> any UIContentConfiguration
  {
    var content = UIListContentConfiguration.valueCell()
    content.image = UIImage(systemName: Self.symbol(for: file))
    content.text = file.name
    content.secondaryText = file.isFolder ? nil : file.formattedSize
    return content
  }

  func configure(_ cell: UICollectionViewCell, with file: FileItem, context: PresentationContext) {
    cell.contentConfiguration = contentConfiguration(for: file, context: context)
    OutlineDisclosure.show(context.outline, in: cell)
  }

  static func symbol(for file: FileItem) -> String {
    if file.isFolder { return "folder.fill" }
    switch file.name.split(separator: ".").last {
    case "swift": return "swift"
    case "png": return "photo"
    case "json": return "curlybraces"
    default: return "doc.text"
    }
  }
}

/// A placeholder row of the outline (a folder's children loading, or
/// failed to), indented under its folder like a child.
struct OutlinePlaceholderRow<Model>: ContentConfigurationPresenter {
  typealias Cell = UICollectionViewCell

  let content: @MainActor (Model) -> UIListContentConfiguration

  func contentConfiguration(for model: Model, context: PresentationContext)
    -> any UIContentConfiguration
  {
    content(model)
  }

  func configure(_ cell: UICollectionViewCell, with model: Model, context: PresentationContext) {
    cell.contentConfiguration = content(model)
    OutlineDisclosure.show(context.outline, in: cell)
  }
}

/// An outline row's indentation and disclosure chevron on a list cell.
@MainActor
enum OutlineDisclosure {
  /// Indents `cell` by the row's depth, with a chevron (right: collapsed,
  /// down: expanded) when it has children; leaves keep the chevron's room,
  /// so that names line up.
  static func show(_ position: OutlinePosition?, in cell: UICollectionViewCell) {
    guard let cell = cell as? UICollectionViewListCell else { return }
    cell.indentationLevel = position?.depth ?? 0
    let expanded = position?.isExpanded == true
    let chevron = UIImageView(
      image: UIImage(systemName: expanded ? "chevron.down" : "chevron.right"))
    chevron.tintColor = .tertiaryLabel
    chevron.alpha = position?.hasChildren == true ? 1 : 0
    cell.accessories = [
      .customView(
        configuration: UICellAccessory.CustomViewConfiguration(
          customView: chevron, placement: .leading(displayed: .always),
          reservedLayoutWidth: .custom(16)))
    ]
    cell.accessibilityValue =
      position?.hasChildren == true ? (expanded ? "expanded" : "collapsed") : nil
  }
}
