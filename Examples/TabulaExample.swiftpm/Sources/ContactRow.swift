import Tabula
import TabulaUIKit
import UIKit

/// A contact's row: name and city in a subtitle content configuration. The
/// user may drag it (within its letter: the controller's `movePolicy`) and
/// delete it (a swipe, or a selection in editing mode); both are written
/// back to SQLite by the `FetchedList` and are undoable.
struct ContactRow<Cell: ContentConfigurableCell>: ContentConfigurationPresenter {
  func contentConfiguration(for contact: Contact, context: PresentationContext)
    -> any UIContentConfiguration
  {
    var content = UIListContentConfiguration.subtitleCell()
    content.image = UIImage(systemName: "person.crop.circle.fill")
    content.imageProperties.tintColor = Self.tint(for: contact.id)
    content.text = contact.name
    content.secondaryText = contact.city
    content.secondaryTextProperties.color = .secondaryLabel
    return content
  }

  func canMove(_ contact: Contact) -> Bool { true }

  func canDelete(_ contact: Contact) -> Bool { true }

  /// A colour per contact, steady across launches.
  static func tint(for id: Int64) -> UIColor {
    UIColor(hue: CGFloat(id % 12) / 12, saturation: 0.5, brightness: 0.85, alpha: 1)
  }
}
