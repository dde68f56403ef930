import Tabula
import TabulaUIKit
import UIKit

// Rows of an outline reach their presenters as their items (a file, or a
// placeholder), with the row's depth and disclosure in `context.outline`:
// a content presenter's list cell is indented by the depth, with a chevron
// on folders.

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
